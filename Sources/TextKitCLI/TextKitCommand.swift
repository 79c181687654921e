import ArgumentParser
import Foundation

/// The `textkit` process: sets up the allocator for a one-shot command (``HeapGrowth``) before
/// any thread starts (an asynchronous `main` would already run on a thread with a heap of its
/// own), then runs the command on the cooperative threads while the main thread serves the main
/// queue.
@main
enum TextKitMain {
    static func main() {
        if HeapGrowth.suits(CommandLine.arguments) { HeapGrowth.growInLargeSteps() }
        Task {
            await TextKitCommand.main()
            exit(0)
        }
        dispatchMain()
    }
}

/// The `textkit` command.
struct TextKitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textkit",
        abstract: "Text layout with exclusion paths: glyph positions as JSON, or drawn as SVG, PNG or PDF.",
        version: "0.1.0",
        subcommands: [LayoutCommand.self, RenderCommand.self, FontsCommand.self, ServeCommand.self])
}
