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
            + "65 malformed input, 66 missing or unreadable input, 69 font unavailable, 70 rendering failed, 73 output not writable.")

    @OptionGroup var options: LayoutOptions

    @Option(name: .shortAndLong, help: "The output file (written atomically); its extension gives the format.")
    var output: String

    @Option(help: ArgumentHelp("svg, png or pdf (default: from the output file's extension).", valueName: "format"))
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
        do {
            try execute(progress)
        } catch let error as CLIError {
            progress.clear()
            CLIError.report("error", error.message)
            throw error.exitCode
        } catch let error as ExitCode {
            throw error
        } catch {
            // Not expected (every failure is a CLIError), but never Foundation's "error 256".
            CLIError.report("error", CLIError.reason(of: error))
            throw ExitCode(CLIError.Status.software.rawValue)
        }
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
        for warning in result.warnings { CLIError.report("warning", warning) }

        let renderer = LayoutRenderer(snapshot: result.snapshot, pages: result.pages, placements: result.placements,
                                      storage: job.storage, options: renderOptions)
        let outputs = Array(plan(format: format, pageCount: result.pages.count))
        for (_, pages) in outputs { try checkSize(renderer, pages, format) }

        // All-or-nothing: every file is written to its temporary file first (and closed, so
        // 10,000 pages need no 10,000 descriptors); they are renamed only when all are
        // complete, and all are removed on any failure.
        var files: [OutputFile] = []
        do {
            var pagesDone = 0
            for (path, pages) in outputs {
                let file = try OutputFile(path: path, input: input.identity)
                files.append(file)
                let before = pagesDone
                try renderer.render(format, pages: pages, progress: { done in
                    pagesDone = before + done
                    progress.show("rendering " + Progress.bar(pagesDone, of: result.pages.count)
                        + " page \(pagesDone)/\(result.pages.count)")
                }, to: file.write)
                try file.finish()
            }
            for file in files { try file.commit() }
            progress.clear()
        } catch let error as RenderError {
            for file in files { file.discard() }
            throw CLIError(status: .software, message: "\(output): \(error.message)")
        } catch {
            for file in files { file.discard() }
            throw error
        }
        if outputs.count > 1 { removeStalePages(after: outputs.count) }
    }

    /// Refuses a page or image larger than its format allows: a PNG over
    /// ``LayoutRenderer/maximumPixelSide`` a side or ``LayoutRenderer/maximumPixels`` in all, a PDF
    /// page over ``LayoutRenderer/maximumPDFPageSide`` or an SVG over ``LayoutRenderer/maximumSVGSide``.
    private func checkSize(_ renderer: LayoutRenderer, _ pages: RenderedPages, _ format: RenderFormat) throws(CLIError) {
        let hint = single ? " or drop --single" : ""
        switch format {
        case .png:
            let (width, height) = renderer.pixelSize(of: pages)
            guard max(width, height) <= LayoutRenderer.maximumPixelSide else {
                throw CLIError(status: .usage, message: "\(output): the image would be \(width) × \(height) pixels, "
                    + "more than \(LayoutRenderer.maximumPixelSide) a side; lower --dpi\(hint)")
            }
            guard width * height <= LayoutRenderer.maximumPixels else {
                throw CLIError(status: .usage, message: "\(output): the image would be \(width) × \(height) pixels, "
                    + "more than \(LayoutRenderer.maximumPixels) pixels in all; lower --dpi\(hint)")
            }
        case .pdf, .svg:
            let size = renderer.size(of: pages)
            let limit = format == .pdf ? LayoutRenderer.maximumPDFPageSide : LayoutRenderer.maximumSVGSide
            guard max(size.width, size.height) <= limit else {
                throw CLIError(status: .usage, message: "\(output): the \(format == .pdf ? "page" : "image") would be "
                    + "\(Self.points(size.width)) × \(Self.points(size.height)) pt, more than \(Self.points(limit)) pt a side "
                    + "(\(format == .pdf ? "the most PDF allows" : "the most cairo can draw")); lower --width or --height\(hint)")
            }
        }
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }

    /// Removes `NAME-(count+1).EXT`, `NAME-(count+2).EXT`, … left by an earlier render with more
    /// pages, up to the first that does not exist (regular files only; links and others stay).
    private func removeStalePages(after count: Int) {
        for (path, _) in plan(format: .png, pageCount: Int.max, from: count) {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            unlink(path)
        }
    }

    /// The format from --format or the output's extension.
    private func outputFormat() throws(CLIError) -> RenderFormat {
        if let format {
            guard let known = RenderFormat(rawValue: format.lowercased()) else {
                throw CLIError(status: .usage, message: "unknown format '\(format)'; use svg, png or pdf")
            }
            return known
        }
        guard let known = RenderFormat(fileName: output) else {
            throw CLIError(status: .usage, message:
                "\(output): unknown output format; name the file .svg, .png or .pdf, or use --format svg|png|pdf")
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

    /// The files to write and the pages each holds: one file for PDF, for a single page or with
    /// --single; otherwise `NAME-1.EXT`, `NAME-2.EXT`, … one per page.
    private func plan(format: RenderFormat, pageCount: Int, from first: Int = 0)
        -> LazyMapSequence<Range<Int>, (path: String, pages: RenderedPages)> {
        if format == .pdf || single || pageCount <= 1 { return (0..<1).lazy.map { _ in (output, .all) } }
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
