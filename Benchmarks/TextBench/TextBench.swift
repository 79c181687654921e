import Benchmark
import BenchSupport
import TextKit
import TextKitFormats

// textkit's benchmarks (issue 7). Inputs come from `scripts/make-corpus.py` (Benchmarks/.corpus/).
// Ratios to read from one run: "Layout_column400_1MB" over "Shaping_rawHarfBuzz_1MB"
// (target ≤ 0.6) and "Pages_20curvedExclusions_1MB" over "Pages_plain_1MB"
// (target ≤ 1.25), and "Pages_wavyPolygon10000segments_1MB" over "Pages_wavyPolygon100segments_1MB"
// (the same outline, 100× the segments: should be close to 1). Names are shell-safe: static threshold files are looked up by name.
// Setup (storage creation, earlier layouts) stays outside the measured region.

/// State built once by a benchmark's setup hook (the closures are not Sendable; one thread).
final class Fixture {
    var storage: TextStorage?
    var manager: LayoutManager?
    var snapshot: LayoutSnapshot?
    var paged: PagedLayout?
    var editAt = 0
    var rect = Rect(x: 0, y: 0, width: 0, height: 0)
}

/// The usual metrics, with the malloc count checked against the committed static thresholds
/// (`Thresholds/`, p90) within `mallocTolerance` allocations. Times are reported, never checked:
/// this machine's speed drifts too much for fixed time thresholds.
func configuration(mallocTolerance: Int, maxIterations: Int = 10,
                   metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident])
    -> Benchmark.Configuration {
    .init(metrics: metrics, warmupIterations: 1, maxDuration: .seconds(10), maxIterations: maxIterations,
          thresholds: [.mallocCountTotal: .init(absolute: [.p90: mallocTolerance])])
}

let benchmarks: @Sendable () -> Void = {
    // Benchmarks without a committed threshold (their malloc counts vary from run to run).
    Benchmark.defaultConfiguration = configuration(mallocTolerance: 0)
    let english1 = Corpus.load("en-1mb.txt")
    let (collection, font) = Scenarios.fontCollection()

    // (a) The floor: HarfBuzz alone on every paragraph.
    let utf16 = RawShaper.utf16(Corpus.paragraphs(english1))
    let shaper = RawShaper(fontPath: Corpus.fixtureFontPath)
    Benchmark("Shaping_rawHarfBuzz_1MB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(shaper.shapeAll(utf16)) }
    }

    // (b) Full layout into one 400 pt column of unlimited height (new storage and manager each
    // time, created outside the measurement; the font collection stays warm).
    Benchmark("Layout_column400_1MB", configuration: configuration(mallocTolerance: 5_000)) { benchmark in
        let (storage, manager) = Scenarios.column(english1, collection: collection, font: font)
        benchmark.startMeasurement()
        manager.ensureLayout()
        benchmark.stopMeasurement()
        blackHole(storage)
    }

    // (c) US Letter pages (72 pt margins): plain, with 20 curved exclusions per page, and with
    // one wavy polygon of 100 or 10,000 segments per page.
    for exclusions in Scenarios.PageExclusions.allCases {
        let name = "Pages_\(exclusions.rawValue)_1MB"
        Benchmark(name, configuration: configuration(mallocTolerance: exclusions == .plain ? 5_000 : 150_000)) { benchmark in
            let (storage, manager) = Scenarios.unplaced(english1, collection: collection, font: font)
            benchmark.startMeasurement()
            blackHole(Scenarios.layOutPages(manager, exclusions: exclusions))
            benchmark.stopMeasurement()
            blackHole(storage)
        }
    }

    // (d) JSON of a laid-out 1 MB document on plain pages, to a counting sink; and the
    // snapshot it is written from (snapshot() rebuilds the value on every call).
    let pagesFixture = Fixture()
    let pagesSetup: Benchmark.BenchmarkSetupHook = {
        guard pagesFixture.manager == nil else { return }
        let (storage, manager) = Scenarios.unplaced(english1, collection: collection, font: font)
        pagesFixture.paged = Scenarios.layOutPages(manager, exclusions: .plain)
        pagesFixture.snapshot = manager.snapshot()
        (pagesFixture.storage, pagesFixture.manager) = (storage, manager)
    }
    Benchmark("JSON_writePages_1MB", closure: { benchmark in
        let snapshot = pagesFixture.snapshot!, paged = pagesFixture.paged!
        for _ in benchmark.scaledIterations {
            var bytes = 0
            try LayoutJSONWriter().write(snapshot, pages: paged.pages, placements: paged.placements) { bytes += $0.count }
            blackHole(bytes)
        }
    }, setup: pagesSetup)
    Benchmark("Snapshot_pages_1MB", configuration: configuration(mallocTolerance: 500), closure: { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pagesFixture.manager!.snapshot()) }
    }, setup: pagesSetup)

    // (e) One character typed inside a word near the middle of a laid-out 10 MB document, then
    // deleted again (alternately), each followed by ensureLayout(). Its peak RSS is that of the
    // laid-out 10 MB document (the setup).
    typingBenchmark("Edit_1character_10MB", typing: "x", mallocTolerance: 20,
                    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], collection: collection, font: font) { storage in
        space(atOrAfter: storage.length / 2, in: storage) + 2
    }

    // (g) Noncontiguous first screen: a 10 MB and a 100 MB document (the 10 MB corpus ten times)
    // in one 400 pt column; only the first 800 pt are laid out (ensureLayout(forBoundingRect:)).
    // The storage is created in setup ("after the text is loaded"); the manager is new each time.
    let screenFixture = Fixture()
    for megabytes in [10, 100] {
        Benchmark("FirstScreen_noncontiguous_\(megabytes)MB",
                  configuration: configuration(mallocTolerance: 0, maxIterations: 20,
                                               metrics: [.wallClock, .mallocCountTotal]),
                  closure: { benchmark in
                      for _ in benchmark.scaledIterations {
                          let manager = firstScreen(of: screenFixture.storage!, collection: collection, font: font)
                          blackHole(manager.firstUnlaidCharacterIndex)
                          screenFixture.storage!.removeLayoutManager(manager)
                      }
                  },
                  setup: {
                      let ten = Corpus.load("en-10mb.txt")
                      let text = megabytes == 10 ? ten : String(repeating: ten + "\n", count: 10)
                      screenFixture.storage = TextStorage(string: text, attributes: Scenarios.attributes())
                  },
                  teardown: { screenFixture.storage = nil })

        // The same document, jumping to its middle with noncontiguous layout on: the screen
        // there is laid out at an estimated position, without the 5 or 50 MB before it.
        Benchmark("MiddleScreen_noncontiguous_\(megabytes)MB",
                  configuration: configuration(mallocTolerance: 0, maxIterations: 20,
                                               metrics: [.wallClock, .mallocCountTotal]),
                  closure: { benchmark in
                      for _ in benchmark.scaledIterations {
                          let storage = screenFixture.storage!
                          let manager = LayoutManager(fontCollection: collection, defaultFont: font)
                          manager.allowsNonContiguousLayout = true
                          let container = TextContainer(size: Size(width: 400, height: .infinity))
                          container.lineFragmentPadding = 0
                          manager.addTextContainer(container)
                          storage.addLayoutManager(manager)
                          let middle = storage.length / 2
                          manager.ensureLayout(forCharacterRange: middle..<middle + 2_000)
                          blackHole(manager.caretRects(forCharacterIndex: middle))
                          storage.removeLayoutManager(manager)
                      }
                  },
                  setup: {
                      let ten = Corpus.load("en-10mb.txt")
                      let text = megabytes == 10 ? ten : String(repeating: ten + "\n", count: 10)
                      screenFixture.storage = TextStorage(string: text, attributes: Scenarios.attributes())
                  },
                  teardown: { screenFixture.storage = nil })
    }

    // (h) One exclusion moved on page 50 of a laid-out 1 MB document on US Letter pages (about
    // 370 pages), then ensureLayout(): only the lines whose band meets the moved shape (and what
    // follows until the layout re-synchronizes) are laid out again. Moves right and back.
    let moveFixture = Fixture()
    Benchmark("Pages_exclusionMovedOnPage50_1MB",
              configuration: configuration(mallocTolerance: 0, maxIterations: 100,
                                           metrics: [.wallClock, .mallocCountTotal]),
              closure: { benchmark in
                  let manager = moveFixture.manager!
                  let page = manager.textContainers[49]
                  for _ in benchmark.scaledIterations {
                      moveFixture.editAt ^= 1
                      let dx = moveFixture.editAt == 1 ? 30.0 : -30.0
                      var moved = page.exclusions
                      moved[0] = Exclusion(path: moved[0].path.applying(AffineTransform(translationX: dx, y: 0)))
                      page.exclusions = moved
                      manager.ensureLayout()
                  }
              },
              setup: {
                  let (storage, manager) = Scenarios.unplaced(english1, collection: collection, font: font)
                  Scenarios.layOutPages(manager, exclusions: .curved20)
                  (moveFixture.storage, moveFixture.manager) = (storage, manager)
              },
              teardown: { (moveFixture.storage, moveFixture.manager) = (nil, nil) })

    // (h)–(j): the editor's operations (EditorBenchmarks.swift).
    editorBenchmarks(collection: collection, font: font)

    // (f) Multilingual: English, Greek, Cyrillic, Hebrew and Arabic paragraphs (bidi).
    let multi = Corpus.load("multi-1mb.txt")
    Benchmark("Layout_column400_multilingual_1MB", configuration: configuration(mallocTolerance: 5_000)) { benchmark in
        let (storage, manager) = Scenarios.column(multi, collection: collection, font: font)
        benchmark.startMeasurement()
        manager.ensureLayout()
        benchmark.stopMeasurement()
        blackHole(storage)
    }
}
