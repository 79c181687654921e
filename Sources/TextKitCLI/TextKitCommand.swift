import ArgumentParser

/// The `textkit` command.
@main
struct TextKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textkit",
        abstract: "Text layout with exclusion paths: glyph positions as JSON, or drawn as SVG, PNG or PDF.",
        version: "0.1.0",
        subcommands: [LayoutCommand.self, RenderCommand.self, FontsCommand.self, ServeCommand.self])
}
