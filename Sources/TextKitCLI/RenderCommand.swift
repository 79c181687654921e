#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Foundation
import TextKit
import TextKitRender
import TextKitSVG

/// `textkit render`: lays out a text file as `layout` does and draws it as SVG, PNG or PDF.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a text file and draw it as SVG, PNG or PDF.",
        discussion: "The format comes from the output file's extension, or --format. PDF gets one page per "
            + "page; PNG and SVG get one file per page (out-1.png, out-2.png, …) or, with --single, one tall "
            + "image. Exit status: 0 success, 64 bad options, unknown format or a page too large for it, "
            + "65 malformed input, 66 missing or unreadable input, 69 font unavailable (or, with --require-glyphs, a "
            + "glyph drawn as .notdef), 70 rendering failed, 73 output not writable.")

    @OptionGroup var options: LayoutOptions

    @Option(name: .shortAndLong, help: "The output file (written atomically); its extension gives the format.")
    var output: String

    @Option(help: ArgumentHelp("\(LayoutOutputFormats.drawingNames()) (default: from the output file's extension).",
                               valueName: "format"))
    var format: String?

    @Option(help: "PNG resolution in pixels per inch (72 points to the inch).") var dpi: Double = 144

    @Flag(help: "PNG and SVG: all pages in one tall image instead of one file per page.") var single = false

    @Option(help: ArgumentHelp(
        "Debug overlays, comma-separated: exclusions, fragments, baselines, spans, or all.", valueName: "list"))
    var show: String?

    mutating func validate() throws {
        guard dpi.isFinite, dpi > 0, dpi <= 10_000 else {
            throw ValidationError("--dpi must be greater than zero and at most 10000, not \(dpi)")
        }
    }

    func run() throws {
        StandardStream.ignoreBrokenPipes()
        let progress = Progress()
        try CLIError.reportingFailures({ try execute(progress) }, cleanUp: progress.clear)
    }

    private func execute(_ progress: Progress) throws {
        let format = try outputFormat()
        var renderOptions = RenderOptions()
        renderOptions.dotsPerInch = dpi
        renderOptions.overlays = try overlays()

        let input = try InputText.readBytes(options.input, limit: options.maxInputBytes)
        try OutputFile.checkNotInput(output, input: input.identity)
        progress.show("laying out…")
        let job = try PageLayoutJob(options: options, input: input.bytes)
        let result = try job.run { pages in progress.show("laying out… \(pages) page\(pages == 1 ? "" : "s")") }
        progress.clear()
        for warning in result.warnings { CLIError.report("warning", warning.message) }
        try result.checkGlyphs(required: options.requireGlyphs)

        let laidOut = LayoutOutput(snapshot: result.snapshot, pages: result.pages, placements: result.placements,
                                   storage: job.storage, warnings: result.warnings, path: output,
                                   renderOptions: renderOptions, single: single)
        let files = Array(plan(format: format, pageCount: result.pages.count))
        try format.write(laidOut, files: files, input: input.identity) { pagesDone in
            progress.show("rendering " + Progress.bar(pagesDone, of: result.pages.count)
                + " page \(pagesDone)/\(result.pages.count)")
        }
        progress.clear()
        if files.count > 1 { removeStalePages(format, after: files.count) }
        ProcessEnd.keepUntilExit(job, result, laidOut)
    }

    /// Removes `NAME-(count+1).EXT`, `NAME-(count+2).EXT`, … left by an earlier render with more
    /// pages, up to the first that does not exist (regular files only; links and others stay).
    private func removeStalePages(_ format: any LayoutOutputFormat, after count: Int) {
        for (path, _) in plan(format: format, pageCount: Int.max, from: count) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            unlink(path)
        }
    }

    /// The format from --format or the output's extension.
    private func outputFormat() throws(CLIError) -> any LayoutOutputFormat {
        if let format {
            guard let known = LayoutOutputFormats.drawing(named: format) else {
                throw CLIError(status: .usage, message: "unknown format '\(format)'; use \(LayoutOutputFormats.drawingNames())")
            }
            return known
        }
        guard let known = LayoutOutputFormats.drawing(forFileName: output) else {
            let names = LayoutOutputFormats.drawings.map(\.name).joined(separator: "|")
            throw CLIError(status: .usage, message: "\(output): unknown output format; name the file "
                + "\(LayoutOutputFormats.drawingNames(prefix: ".")), or use --format \(names)")
        }
        return known
    }

    private func overlays() throws(CLIError) -> DebugOverlays {
        var result: DebugOverlays = []
        for name in (show ?? "").split(separator: ",") {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let overlay = DebugOverlays(name: trimmed) else {
                throw CLIError(status: .usage, message:
                    "--show: unknown overlay '\(trimmed)'; use exclusions, fragments, baselines, spans or all")
            }
            result.insert(overlay)
        }
        return result
    }

    /// The files to write and the pages each holds: one file for a format that holds every page
    /// (PDF), for a single page or with --single; otherwise `NAME-1.EXT`, `NAME-2.EXT`, … one per page.
    private func plan(format: any LayoutOutputFormat, pageCount: Int, from first: Int = 0)
        -> LazyMapSequence<Range<Int>, (path: String, pages: RenderedPages)> {
        if format.holdsEveryPage || single || pageCount <= 1 { return (0..<1).lazy.map { _ in (output, .all) } }
        let url = URL(fileURLWithPath: output)
        let directory = (output as NSString).deletingLastPathComponent
        let base = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        return (first..<pageCount).lazy.map { page in
            let name = "\(base)-\(page + 1)\(ext)"
            return (directory.isEmpty ? name : directory + "/" + name, .page(page))
        }
    }
}

/// A one-line progress display on standard error, shown only when standard error is a terminal.
private final class Progress {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var lastLength = 0

    /// Replaces the line with `message`.
    func show(_ message: String) {
        guard enabled else { return }
        let line = "textkit: " + message
        let padding = String(repeating: " ", count: max(0, lastLength - line.count))
        StandardStream.writeError("\r" + line + padding)
        lastLength = line.count
    }

    /// A bar of 20 cells, `done` of `total` filled: `[########            ]`.
    static func bar(_ done: Int, of total: Int) -> String {
        let filled = total > 0 ? min(20, done * 20 / total) : 20
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled) + "]"
    }

    /// Erases the line.
    func clear() {
        guard enabled, lastLength > 0 else { return }
        StandardStream.writeError("\r" + String(repeating: " ", count: lastLength) + "\r")
        lastLength = 0
    }
}
