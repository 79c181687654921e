import Benchmark
import BenchSupport
import TextKit

// textkit's benchmarks (issue 7). Inputs come from `scripts/make-corpus.py` (Benchmarks/.corpus/).
// Ratios to read from one run: "Layout/1 MB column 400 pt" over "Shaping/raw HarfBuzz 1 MB"
// (target ≤ 0.6) and "Pages/1 MB, 20 curved exclusions per page" over "Pages/1 MB plain"
// (target ≤ 1.25). Setup (storage creation, earlier layouts) stays outside the measured region.

/// State built once by a benchmark's setup hook (the closures are not Sendable; one thread).
final class Fixture {
    var storage: TextStorage?
    var manager: LayoutManager?
    var snapshot: LayoutSnapshot?
    var paged: PagedLayout?
    var editAt = 0
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 10
    )
    let english1 = Corpus.load("en-1mb.txt")
    let (collection, font) = Scenarios.fontCollection()

    // (a) The floor: HarfBuzz alone on every paragraph.
    let utf16 = RawShaper.utf16(Corpus.paragraphs(english1))
    let shaper = RawShaper(fontPath: Corpus.fixtureFontPath)
    Benchmark("Shaping/raw HarfBuzz 1 MB") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(shaper.shapeAll(utf16)) }
    }

    // (b) Full layout into one 400 pt column of unlimited height (new storage and manager each
    // time, created outside the measurement; the font collection stays warm).
    Benchmark("Layout/1 MB column 400 pt") { benchmark in
        let (storage, manager) = Scenarios.column(english1, collection: collection, font: font)
        benchmark.startMeasurement()
        manager.ensureLayout()
        benchmark.stopMeasurement()
        blackHole(storage)
    }

    // (c) US Letter pages (72 pt margins), plain and with 20 curved exclusions per page.
    for exclusions in [false, true] {
        let name = exclusions ? "Pages/1 MB, 20 curved exclusions per page" : "Pages/1 MB plain"
        Benchmark(name) { benchmark in
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
        pagesFixture.paged = Scenarios.layOutPages(manager, exclusions: false)
        pagesFixture.snapshot = manager.snapshot()
        (pagesFixture.storage, pagesFixture.manager) = (storage, manager)
    }
    Benchmark("JSON/write 1 MB pages", closure: { benchmark in
        let snapshot = pagesFixture.snapshot!, paged = pagesFixture.paged!
        for _ in benchmark.scaledIterations {
            var bytes = 0
            try LayoutJSONWriter().write(snapshot, pages: paged.pages, placements: paged.placements) { bytes += $0.count }
            blackHole(bytes)
        }
    }, setup: pagesSetup)
    Benchmark("Snapshot/1 MB pages", closure: { benchmark in
        for _ in benchmark.scaledIterations { blackHole(pagesFixture.manager!.snapshot()) }
    }, setup: pagesSetup)

    // (e) One character typed inside a word near the middle of a laid-out 10 MB document, then
    // deleted again (alternately), each followed by ensureLayout().
    let editFixture = Fixture()
    Benchmark("Edit/1 character in 10 MB column",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2,
                                   maxDuration: .seconds(5), maxIterations: 200),
              closure: { benchmark in
                  let storage = editFixture.storage!, manager = editFixture.manager!, at = editFixture.editAt
                  for _ in benchmark.scaledIterations {
                      if storage.scalars[at] == "x" {
                          storage.replaceCharacters(in: at..<at + 1, with: "")
                      } else {
                          storage.replaceCharacters(in: at..<at, with: "x")
                      }
                      manager.ensureLayout()
                  }
              },
              setup: {
                  let (storage, manager) = Scenarios.column(Corpus.load("en-10mb.txt"), collection: collection,
                                                            font: font)
                  manager.ensureLayout()
                  var at = storage.length / 2
                  while storage.scalars[at] != " " { at += 1 }
                  (editFixture.storage, editFixture.manager, editFixture.editAt) = (storage, manager, at + 2)
              },
              teardown: { (editFixture.storage, editFixture.manager) = (nil, nil) })

    // (f) Multilingual: English, Greek, Cyrillic, Hebrew and Arabic paragraphs (bidi).
    let multi = Corpus.load("multi-1mb.txt")
    Benchmark("Layout/multilingual 1 MB column 400 pt") { benchmark in
        let (storage, manager) = Scenarios.column(multi, collection: collection, font: font)
        benchmark.startMeasurement()
        manager.ensureLayout()
        benchmark.stopMeasurement()
        blackHole(storage)
    }
}
