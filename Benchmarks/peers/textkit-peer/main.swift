// textkit's side of Benchmarks/peers/run-peers.py: lays out a text file in one column of
// `--width` points (unlimited height, no padding) with DejaVu Sans (or the font file `--font`
// names, for layout and floor alike), and times HarfBuzz alone
// shaping the same paragraphs in the same process. Prints one JSON line.
//
//   textkit-peer [--text FILE] [--font FILE] [--width 400] [--repeats 3] [--pages NAME]
//
// With `--pages NAME` (plain, 20curvedExclusions, wavyPolygon100segments, wavyPolygon10000segments),
// the layout timed is the benchmark's US Letter pages scenario `Pages_NAME_1MB` instead of the
// column; Benchmarks/profile.sh uses it to profile the exclusion scenarios.
//
// Each repeat times a raw-shaping pass then a layout with a new storage and layout manager
// (the font collection stays loaded, as the peers keep their font); medians are printed, and
// the first layout of the process (`first_layout_s`: after the 20-paragraph warm-up, as the
// peers do) apart from the median of the later ones (`steady_layout_s`). `glyphs` counts what
// the raw floor shaped with DejaVu Sans alone; `glyphs_laid_out` what the layout shaped with
// fallback fonts; `characters` is in UTF-16 units. In the column layout, each repeat also times
// HarfBuzz alone on the runs of the first layout in the fonts it chose (`raw_harfbuzz_runs_s`,
// `runs`, `run_glyphs`; RunShaper), the floor where DejaVu Sans alone is none.
//
// `--layout-only` leaves the HarfBuzz passes out (for `perf stat`, `perf record`, callgrind) and
// keeps the processor busy for 100 ms before the first layout instead, as the raw-shaping pass
// does in the full run: on the benchmark machines a process that starts from idle runs its first
// ~80 ms at a lower clock, and a first layout timed then took 0.074–0.090 s against 0.049–0.054
// after the busy wait (technical-en).
import BenchSupport
import Foundation
import TextKit

var textPath = Corpus.path("en-1mb.txt")
var fontPath = Corpus.fixtureFontPath
var width = 400.0
var repeats = 3
/// nil: the 400 pt column; else the pages scenario with these exclusions.
var pages: Scenarios.PageExclusions?
/// Whether the HarfBuzz passes are left out.
var layoutOnly = false
let usage = "usage: textkit-peer [--text FILE] [--font FILE] [--width POINTS] [--repeats N] [--pages NAME] [--layout-only]"

/// Stops with `message` and the usage line on standard error, exit status 2 (a bad command line).
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("textkit-peer: \(message)\n\(usage)\n".utf8))
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    if flag == "--help" || flag == "-h" {
        print(usage)
        exit(0)
    }
    if flag == "--layout-only" {
        layoutOnly = true
        continue
    }
    guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
    switch flag {
    case "--text": textPath = value
    case "--font": fontPath = value
    case "--width":
        guard let points = Double(value), points > 0, points.isFinite else { fail("--width takes a positive number of points, not '\(value)'") }
        width = points
    case "--repeats":
        guard let count = Int(value), count > 0 else { fail("--repeats takes a positive count, not '\(value)'") }
        repeats = count
    case "--pages":
        guard let scenario = Scenarios.PageExclusions(rawValue: value) else {
            fail("--pages takes one of \(Scenarios.PageExclusions.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
        }
        pages = scenario
    default: fail("unknown option \(flag)")
    }
}
for (option, path) in [("--text", textPath), ("--font", fontPath)] where !FileManager.default.isReadableFile(atPath: path) {
    fail("\(option): cannot read \(path)" + (option == "--text" ? " (the corpora come from scripts/make-corpus.py and Benchmarks/corpora.py)" : ""))
}

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

let text = Corpus.load(path: textPath)
let paragraphs = Corpus.paragraphs(text)
let utf16 = RawShaper.utf16(paragraphs)
let shaper = RawShaper(fontPath: fontPath)
let (collection, font) = Scenarios.fontCollection(fontPath: fontPath)
// fontconfig's configuration loaded before any timing (the collection starts loading it on
// another thread when made; this waits for it), as Pango and SkParagraph load it when their
// font map and font manager are made: a first fallback in a timed layout no longer depends on
// whether that thread was done.
collection.loadConfiguration()

// Warm-up on the first 20 paragraphs (loads code and font tables).
do {
    let sample = paragraphs.prefix(20).joined(separator: "\n")
    shaper.shapeAll(Array(utf16.prefix(20)))
    Scenarios.column(sample, width: width, collection: collection, font: font).1.ensureLayout()
}

var shapeTimes: [Double] = [], layoutTimes: [Double] = [], runTimes: [Double] = []
/// Page faults (minor: pages the process touched for the first time) during the first layout.
var layoutFaults: [Int] = []
/// Processor time (every thread's, user and system) during the first layout.
var layoutCPU: [Double] = []
var lines = 0, glyphs = 0, glyphsLaidOut = 0, runGlyphs = 0
/// HarfBuzz alone on the runs of the first layout, in the fonts it chose (built untimed from it).
var runShaper: RunShaper?
for _ in 0..<repeats {
    if !layoutOnly { shapeTimes.append(seconds { glyphs = shaper.shapeAll(utf16).glyphs }) }
    if let exclusions = pages {
        let (storage, manager) = Scenarios.unplaced(text, collection: collection, font: font)
        layoutTimes.append(seconds { Scenarios.layOutPages(manager, exclusions: exclusions) })
        lines = manager.statistics.linesLaidOut
        withExtendedLifetime(storage) {}
        continue
    }
    if layoutOnly, layoutTimes.isEmpty { busyWait(milliseconds: 100) }
    let (storage, manager) = Scenarios.column(text, width: width, collection: collection, font: font)
    let before = resourceUsage()
    layoutTimes.append(seconds { manager.ensureLayout() })
    if layoutFaults.isEmpty {
        let after = resourceUsage()
        layoutFaults.append(after.faults - before.faults)
        layoutCPU.append(after.seconds - before.seconds)
    }
    lines = manager.statistics.linesLaidOut
    glyphsLaidOut = manager.statistics.glyphsShaped
    if layoutOnly { continue }
    if runShaper == nil { runShaper = RunShaper(text: text, snapshot: manager.snapshot()) }
    withExtendedLifetime(storage) {}
    if let runShaper { runTimes.append(seconds { runGlyphs = runShaper.shapeAll().glyphs }) }
}

var result: [String: Any] = [
    "engine": "textkit",
    "paragraphs": paragraphs.count,
    "lines": lines,
    "glyphs": glyphs,
    "layout_s": median(layoutTimes),
    "first_layout_s": layoutTimes[0],
    "steady_layout_s": median(layoutTimes.count > 1 ? Array(layoutTimes.dropFirst()) : layoutTimes),
    "glyphs_laid_out": glyphsLaidOut,
    "characters": utf16.reduce(0) { $0 + $1.count },
    "first_layout_page_faults": layoutFaults.first ?? 0,
    "first_layout_cpu_s": layoutCPU.first ?? 0,
]
if !shapeTimes.isEmpty {
    result["raw_harfbuzz_s"] = median(shapeTimes)
    result["layout_over_raw"] = median(layoutTimes) / median(shapeTimes)
}
if let runShaper {
    result["raw_harfbuzz_runs_s"] = median(runTimes)
    result["runs"] = runShaper.runCount
    result["run_glyphs"] = runGlyphs
}
let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))

/// The process's minor page faults and processor seconds (user and system) so far, every
/// thread's, from one `getrusage`.
func resourceUsage() -> (faults: Int, seconds: Double) {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
    return (usage.ru_minflt, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

/// Keeps this thread busy for `milliseconds` (see `--layout-only` above).
func busyWait(milliseconds: Int) {
    let end = ContinuousClock.now + .milliseconds(milliseconds)
    var spins = 0
    while ContinuousClock.now < end { spins &+= 1 }
    withExtendedLifetime(spins) {}
}
