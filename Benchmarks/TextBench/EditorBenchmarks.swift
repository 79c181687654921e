import Benchmark
import BenchSupport
import TextKit

// What a text editor does on a laid-out 10 MB document in one 400 pt column (issue 18): typing
// Return near the start (every paragraph below moves), glyph-index queries right after a typed
// character, and the estimated document height after the first screen. Ratios to read from one
// run: "Return_nearStart_10MB" and the two "GlyphRange…_afterEdit_10MB" over
// "Edit_1character_10MB" (the typed character alone), and "EstimatedHeight_firstScreen_10MB"
// over "FirstScreen_noncontiguous_10MB" (the first screen alone). "CaretDown_100lines_10MB" moves
// an insertion point down 100 lines (keeping its x) in the middle of the laid-out document.

/// Registers the editor benchmarks (called from `benchmarks`).
func editorBenchmarks(collection: FontCollection, font: Font) {
    // (h) Return typed after a word near the start (offset ~1,000) of the laid-out 10 MB
    // document, then deleted again (alternately), each followed by ensureLayout().
    typingBenchmark("Return_nearStart_10MB", typing: "\n", collection: collection, font: font) { storage in
        space(atOrAfter: 1_000, in: storage) + 1
    }

    // (i) One character typed (or deleted) near the middle, then a glyph-index query: the glyphs
    // of a 400 × 800 pt screen at the middle of the document, or of 200 characters there.
    let queryFixture = Fixture()
    for query in ["BoundingRect", "CharacterRange"] {
        Benchmark("GlyphRangeFor\(query)_afterEdit_10MB",
                  configuration: configuration(mallocTolerance: 0, maxIterations: 200,
                                               metrics: [.wallClock, .mallocCountTotal]),
                  closure: { benchmark in
                      let storage = queryFixture.storage!, manager = queryFixture.manager!, at = queryFixture.editAt
                      let container = manager.textContainers[0]
                      for _ in benchmark.scaledIterations {
                          typeOrDelete("x", at: at, in: storage)
                          if query == "BoundingRect" {
                              blackHole(manager.glyphRange(forBoundingRect: queryFixture.rect, in: container))
                          } else {
                              blackHole(manager.glyphRange(forCharacterRange: at..<at + 200))
                          }
                      }
                  },
                  setup: {
                      guard queryFixture.manager == nil else { return }
                      let (storage, manager) = laidOut10MB(collection: collection, font: font)
                      let at = space(atOrAfter: storage.length / 2, in: storage)
                      let line = manager.lineFragmentRect(forCharacterAt: at)!.rect
                      queryFixture.rect = Rect(x: 0, y: line.minY - 400, width: 400, height: 800)
                      blackHole(manager.glyphRange(forBoundingRect: queryFixture.rect, in: manager.textContainers[0]))
                      (queryFixture.storage, queryFixture.manager, queryFixture.editAt) = (storage, manager, at + 2)
                  })
    }

    // (k) An insertion point moved down 100 lines, keeping its x, from the middle of the laid-out
    // 10 MB document (then back to its place), one line at a time as an arrow key does.
    let caretFixture = Fixture()
    Benchmark("CaretDown_100lines_10MB",
              configuration: configuration(mallocTolerance: 0, maxIterations: 100, metrics: [.wallClock, .mallocCountTotal]),
              closure: { benchmark in
                  let manager = caretFixture.manager!
                  for _ in benchmark.scaledIterations {
                      var selection = TextSelection(insertionPoint: caretFixture.editAt)
                      for _ in 0..<100 {
                          selection = manager.destinationSelection(for: selection, direction: .down, destination: .character,
                                                                   extending: false)
                      }
                      blackHole(selection)
                  }
              },
              setup: {
                  let (storage, manager) = laidOut10MB(collection: collection, font: font)
                  (caretFixture.storage, caretFixture.manager, caretFixture.editAt) = (storage, manager, storage.length / 2)
              },
              teardown: { (caretFixture.storage, caretFixture.manager) = (nil, nil) })

    // (j) A new manager lays out the first screen of the 10 MB document noncontiguously and
    // reads the estimated document height (taking its sample windows).
    let heightFixture = Fixture()
    Benchmark("EstimatedHeight_firstScreen_10MB",
              configuration: configuration(mallocTolerance: 0, maxIterations: 20, metrics: [.wallClock, .mallocCountTotal]),
              closure: { benchmark in
                  for _ in benchmark.scaledIterations {
                      let manager = firstScreen(of: heightFixture.storage!, nonContiguous: true, collection: collection, font: font)
                      blackHole(manager.usageBoundsForTextContainer)
                      heightFixture.storage!.removeLayoutManager(manager)
                  }
              },
              setup: {
                  heightFixture.storage = TextStorage(string: Corpus.load("en-10mb.txt"), attributes: Scenarios.attributes())
              },
              teardown: { heightFixture.storage = nil })
}

/// The 10 MB corpus laid out in one 400 pt column.
func laidOut10MB(collection: FontCollection, font: Font) -> (TextStorage, LayoutManager) {
    let (storage, manager) = Scenarios.column(Corpus.load("en-10mb.txt"), collection: collection, font: font)
    manager.ensureLayout()
    return (storage, manager)
}

/// A new manager for `storage` that has laid out the first 800 pt of a 400 pt column (the
/// caller removes it from the storage).
func firstScreen(of storage: TextStorage, nonContiguous: Bool = false, collection: FontCollection, font: Font) -> LayoutManager {
    let manager = LayoutManager(fontCollection: collection, defaultFont: font)
    let container = TextContainer(size: Size(width: 400, height: .infinity))
    container.lineFragmentPadding = 0
    manager.addTextContainer(container)
    manager.allowsNonContiguousLayout = nonContiguous
    storage.addLayoutManager(manager)
    manager.ensureLayout(forBoundingRect: Rect(x: 0, y: 0, width: 400, height: 800), in: container)
    return manager
}

/// The first space at or after `offset`.
func space(atOrAfter offset: Int, in storage: TextStorage) -> Int {
    var at = offset
    while storage.scalars[at] != " " { at += 1 }
    return at
}

/// Types `character` at `at`, or deletes it when it is there (so that iterations alternate).
func typeOrDelete(_ character: Unicode.Scalar, at: Int, in storage: TextStorage) {
    if storage.scalars[at] == character {
        storage.replaceCharacters(in: at..<at + 1, with: "")
    } else {
        storage.replaceCharacters(in: at..<at, with: String(Character(character)))
    }
}

/// Registers a benchmark that types `character` into the laid-out 10 MB document at the place
/// `place` gives (or deletes it when it is there: iterations alternate), then calls ensureLayout().
func typingBenchmark(_ name: String, typing character: Unicode.Scalar, mallocTolerance: Int = 0,
                     metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal],
                     collection: FontCollection, font: Font, place: @escaping (TextStorage) -> Int) {
    let fixture = Fixture()
    Benchmark(name,
              configuration: configuration(mallocTolerance: mallocTolerance, maxIterations: 200, metrics: metrics),
              closure: { benchmark in
                  let storage = fixture.storage!, manager = fixture.manager!, at = fixture.editAt
                  for _ in benchmark.scaledIterations {
                      typeOrDelete(character, at: at, in: storage)
                      manager.ensureLayout()
                  }
              },
              setup: {
                  let (storage, manager) = laidOut10MB(collection: collection, font: font)
                  (fixture.storage, fixture.manager, fixture.editAt) = (storage, manager, place(storage))
              },
              teardown: { (fixture.storage, fixture.manager) = (nil, nil) })
}
