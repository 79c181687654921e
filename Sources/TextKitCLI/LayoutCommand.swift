import ArgumentParser
import Foundation
import TextKit
import TextKitSVG

/// `textkit layout`: lays out a text file and writes glyph positions as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a text file on pages and print glyph positions as JSON.",
        discussion: "Exit status: 0 success (with --pages N, overflow is reported in the JSON and as a warning), "
            + "64 bad options, 65 malformed input (UTF-8, SVG) or, with --pages auto, text that fits on no page, "
            + "66 missing or unreadable input, 69 font unavailable (or, with --require-glyphs, a glyph drawn as "
            + ".notdef), 73 output not writable, "
            + "74 standard output not writable.")

    @OptionGroup var options: LayoutOptions

    @Option(name: .shortAndLong, help: "Write the JSON to this file (atomically) instead of standard output.")
    var output: String?

    @Flag(help: "Indent the JSON.") var pretty = false

    @Flag(help: "Print phase timings and counts (.notdef glyphs per script too) as JSON on standard error.")
    var stats = false

    func run() throws {
        StandardStream.ignoreBrokenPipes()
        try CLIError.reportingFailures(execute)
    }

    private func execute() throws {
        let clock = ContinuousClock()
        var timings: [(String, Duration)] = []
        var start = clock.now
        func lap(_ name: String) {
            let now = clock.now
            timings.append((name, now - start))
            start = now
        }

        let input = try InputText.readBytes(options.input, limit: options.maxInputBytes)
        if let output { try OutputFile.checkNotInput(output, input: input.identity) }
        lap("read")
        let job = try PageLayoutJob(options: options, input: input.bytes)
        let result = try job.run()
        lap("layout")

        for warning in result.warnings { CLIError.report("warning", warning.message) }
        try result.checkGlyphs(required: options.requireGlyphs)
        let format = LayoutOutputFormats.json
        let laidOut = LayoutOutput(snapshot: result.snapshot, pages: result.pages, placements: result.placements,
                                   storage: job.storage, warnings: result.warnings, path: output ?? "<stdout>",
                                   pretty: pretty)
        if let output {
            try format.write(laidOut, files: [(output, .all)], input: input.identity)
        } else {
            try format.check(laidOut, pages: .all)
            try format.write(laidOut, pages: .all, progress: nil) { bytes in try StandardStream.writeOutput(bytes) }
        }
        lap("write")
        if stats { printStats(timings, result) }
        ProcessEnd.keepUntilExit(job, result, laidOut)
    }

    private func printStats(_ timings: [(String, Duration)], _ result: PageLayoutJob.Result) {
        var json = "{"
        for (name, duration) in timings {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            json += "\"\(name)Seconds\":\(String(format: "%.6f", seconds)),"
        }
        let s = result.statistics
        let glyphs = result.snapshot.containers.reduce(0) { sum, container in
            sum + container.lines.reduce(0) { $0 + $1.fragments.reduce(0) { $0 + $1.glyphs.count } }
        }
        json += "\"characters\":\(result.snapshot.textLength),\"paragraphsShaped\":\(s.paragraphsShaped),"
        json += "\"paragraphsLaidOut\":\(s.paragraphsLaidOut),\"lines\":\(s.linesLaidOut),"
        json += "\"glyphs\":\(glyphs),\"pages\":\(result.pages.count),\"warnings\":\(result.warnings.count),"
        json += "\"squaredAdjustmentRatios\":\(String(format: "%.4f", s.squaredAdjustmentRatios)),"
        json += "\"veryLooseLines\":\(s.veryLooseLines),"
        json += "\"raggedness\":\(String(format: "%.1f", s.raggedness)),\"shortLines\":\(s.shortLines),"
        let notdef = result.missingGlyphs.filter { $0.notdefGlyphCount > 0 }
        json += "\"notdefGlyphs\":{" + notdef.map { "\"\($0.script.code)\":\($0.notdefGlyphCount)" }.joined(separator: ",") + "}}\n"
        StandardStream.writeError(json)
    }
}
