import SeededRandom
import Testing
import TextKitGeometry
@testable import TextKit

/// Storage reused instead of allocated again (per word shaped, per line broken) must never let
/// one use show through the next.
@Suite("Reused storage")
struct ReusedStorageTests {
    /// One array takes every word a thread shapes: each word of real text in every script,
    /// shaped into the array the previous word left (longer, shorter, empty), gives the records
    /// of that word shaped into a new array.
    @Test func wordsShapedIntoOneArrayEqualWordsShapedAlone() throws {
        let shaper = ScriptFixtures.primary.shaper
        var reused: [GlyphRecord] = []
        var words = 0
        for name in ShapeCacheTests.texts + ["../../texts/prose.txt"] {
            for word in try ScriptFixtures.text(name).split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let units = Array(word.utf16)
                // Also the empty word, between the others, and a word shaped with its context cut.
                for range in [0..<units.count, 0..<0, 0..<units.count / 2] {
                    let fresh = units.withUnsafeBufferPointer { text in
                        shaper.shapeRecords(text, range: range, rightToLeft: false, script: nil, language: nil,
                                            features: [])
                    }
                    units.withUnsafeBufferPointer { text in
                        shaper.shapeRecords(text, range: range, rightToLeft: false, script: nil, language: nil,
                                            features: [], into: &reused)
                    }
                    #expect(reused.map(\.glyph) == fresh.map(\.glyph) && reused.map(\.cluster) == fresh.map(\.cluster)
                            && reused.map(\.advance) == fresh.map(\.advance), "\(name): \(word) \(range)")
                    words += 1
                }
            }
        }
        #expect(words > 300)
    }

    /// A ``ShortList`` (its first element inline) behaves as an array through random appends
    /// and writes: same count, elements and order.
    @Test func shortListBehavesAsAnArray() {
        var random = SplitMix64(seed: 0x5107)
        for _ in 0..<500 {
            var list = ShortList<Int>(), array: [Int] = []
            for _ in 0..<Int(random.next() % 6) {
                let value = Int(random.next() % 1000)
                if !array.isEmpty, random.next() % 3 == 0 {
                    let index = Int(random.next() % UInt64(array.count))
                    list[index] = value
                    array[index] = value
                } else {
                    list.append(value)
                    array.append(value)
                }
                #expect(Array(list) == array && list.count == array.count && list.first == array.first)
            }
        }
        let literal: ShortList = [3, 1, 2]
        #expect(Array(literal) == [3, 1, 2] && Array(ShortList(7)) == [7])
    }

    /// A container without exclusions hands out one shared array while the span asked for stays
    /// the same, bit for bit: a different span (an indent, -0 for 0) gets its own answer.
    @Test func wholeLineSpansFollowTheSpanAskedFor() {
        let container = TextContainer(size: Size(width: 300, height: 1000))
        var random = SplitMix64(seed: 0x59A5)
        let spans = [Span(minX: 0, maxX: 300), Span(minX: -0.0, maxX: 300), Span(minX: 20, maxX: 300),
                     Span(minX: 0, maxX: 280), Span(minX: 0, maxX: 4)]
        for _ in 0..<200 {
            let proposed = spans[Int(random.next() % UInt64(spans.count))]
            let minimum = Double(random.next() % 3) * 10
            let answer = container.freeSpans(in: proposed, minY: 100, height: 14, minimumWidth: minimum)
            let expected = container.computeFreeSpans(in: proposed, minY: 100, height: 14, minimumWidth: minimum)
            #expect(answer.map { [$0.minX.bitPattern, $0.maxX.bitPattern] }
                    == expected.map { [$0.minX.bitPattern, $0.maxX.bitPattern] }, "\(proposed) \(minimum)")
        }
    }

    /// Arrays filled through the zero-bytes path (a filler whose bytes are all zero) or element
    /// by element equal `init(repeating:count:)`, for every column type, fillers with and without
    /// zero bytes (-0.0 has a sign bit), counts from empty to past a page; a writing body sees them
    /// filled.
    @Test func filledArraysEqualRepeatedValues() {
        var random = SplitMix64(seed: 0xF111)
        for _ in 0..<300 {
            let count = Int(random.next() % 5000) * Int(random.next() % 2)
            for filler: UInt32 in [0, 7, .max] {
                #expect([UInt32](filledWith: filler, count: count) == Array(repeating: filler, count: count))
            }
            for filler: Double in [0, -0.0, 1.5] {
                let filled = [Double](filledWith: filler, count: count)
                #expect(filled.map(\.bitPattern) == Array(repeating: filler.bitPattern, count: count))
            }
            #expect([Bool](filledWith: false, count: count) == Array(repeating: false, count: count))
            #expect([Int32](filledWith: -1, count: count) == Array(repeating: -1, count: count))
            let kept = count / 2
            let written = [UInt16](count: count, filler: 0) { buffer in
                #expect(buffer.allSatisfy { $0 == 0 })
                for index in 0..<kept { buffer[index] = UInt16(truncatingIfNeeded: index) }
                return kept
            }
            #expect(written == (0..<kept).map { UInt16(truncatingIfNeeded: $0) })
        }
    }

    /// A thread's recent cache styles (``GlyphAssembly/recentStyles``) answer
    /// only for the cache and the input they were found in: one scratch shapes the same words in
    /// two styles (kerning on and off) through two caches that number their styles in opposite
    /// orders, and every paragraph equals the one a fresh scratch shapes.
    @Test func aThreadsLastStyleAnswersOnlyForItsCacheAndInput() {
        var plain = ScriptFixtures.attributes(), unkerned = plain
        unkerned.features = [FontFeature(tag: "kern", value: 0)]
        let first = ShapeCache(), second = ShapeCache()
        let text = Array("AVATAR office WAVE To Ty".unicodeScalars)
        func shaped(_ attributes: TextAttributes, _ cache: ShapeCache, _ scratch: ShapingScratch) -> [[Int32]] {
            let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
            let paragraph = Paragraph(content: text[...], attributes: [(attributes, 0..<text.count)], direction: .leftToRight,
                                      fonts: resolver, context: MeasuringContext(shapeCache: cache), scratch: scratch)
            return paragraph.runs.flatMap { [$0.glyphs.map { Int32(bitPattern: $0) }, Array($0.advances)] }
        }
        // Style 0 of the first cache is plain, of the second unkerned.
        _ = shaped(plain, first, ShapingScratch())
        _ = shaped(unkerned, second, ShapingScratch())
        #expect(shaped(plain, first, ShapingScratch()) != shaped(unkerned, first, ShapingScratch()))
        let scratch = ShapingScratch()
        for (attributes, cache) in [(plain, first), (plain, second), (unkerned, second), (unkerned, first),
                                    (plain, first), (unkerned, second), (plain, second)] {
            #expect(shaped(attributes, cache, scratch) == shaped(attributes, cache, ShapingScratch()))
        }
        // More styles than a thread keeps (``ShapeCache/threadStyleCount``), in turn through
        // both caches: the memos that fall out and those found again answer as a fresh scratch.
        let tags = ["kern", "liga", "clig", "calt", "ccmp", "locl", "rlig", "mark", "mkmk", "dlig"]
        let styles = tags.flatMap { tag in [0, 1].map { (value: UInt32) in
            var attributes = plain
            attributes.features = [FontFeature(tag: tag, value: value)]
            return attributes
        } }
        #expect(2 * styles.count > ShapeCache.threadStyleCount)  // (each in both caches)
        for round in 0..<3 {
            for (index, attributes) in styles.enumerated() {
                let cache = (index + round) % 2 == 0 ? first : second
                #expect(shaped(attributes, cache, scratch) == shaped(attributes, cache, ShapingScratch()))
            }
        }
    }

    /// A thread's last primary font (``FontMemo``) answers only for the collection and
    /// the face it was found for: descriptors asked in turn through one memo, in two
    /// collections, get the fonts each collection gives without it.
    @Test func aThreadsLastPrimaryFontAnswersOnlyForItsCollectionAndFace() throws {
        let collections = [ScriptFixtures.fonts, try FontCollection(
            configurationFile: Fixtures.path("Fixtures/fontconfig/fonts.conf"), defaultFontPath: Fixtures.fontPath)]
        let sans = FontDescriptor(family: "DejaVu Sans", size: 12)
        var bigger = sans, bold = sans, hebrew = sans
        bigger.size = 30
        bold.weight = 700
        hebrew.family = "Noto Sans Hebrew"
        let memo = FontMemo()
        var answers = 0
        for (descriptor, collection) in [(sans, 0), (bigger, 0), (sans, 1), (hebrew, 1), (hebrew, 0), (bold, 0),
                                         (sans, 0), (sans, 1)] {
            var resolver = FontResolver(collection: collections[collection], fallback: ScriptFixtures.primary)
            resolver.memo = memo
            let expected = try collections[collection].font(for: descriptor)
            #expect(resolver.primaryFont(for: descriptor) === expected, "\(descriptor) in \(collection)")
            answers += 1
        }
        // The two collections load their own faces: a memo that ignored the collection would fail above.
        #expect(try collections[0].font(for: sans) !== collections[1].font(for: sans) && answers == 8)
    }

    /// The paragraphs that lie inside one storage run share one attribute array in a shaping
    /// batch: in a document whose attribute runs (three sizes) cover several paragraphs, one, or
    /// part of one, every paragraph the layout shaped equals the paragraph shaped alone from its
    /// own job (its runs, their sizes and glyphs).
    @Test func paragraphsOfOneStorageRunShareTheRunsAttributes() throws {
        var random = SplitMix64(seed: 0x5A7E)
        let words = try ScriptFixtures.text("../../texts/prose.txt").split(whereSeparator: { $0 == " " || $0 == "\n" })
        var text = ""
        for _ in 0..<300 {
            let count = 1 + Int(random.next() % 10)
            text += (0..<count).map { _ in String(words[Int(random.next() % UInt64(words.count))]) }.joined(separator: " ")
            text += "\n"
        }
        let storage = TextStorage(string: text, attributes: ScriptFixtures.attributes())
        for _ in 0..<40 {
            let start = Int(random.next() % UInt64(storage.length))
            let end = min(storage.length, start + 1 + Int(random.next() % 400))
            storage.setAttributes(ScriptFixtures.attributes(size: [10, 14, 20][Int(random.next() % 3)]), range: start..<end)
        }
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 1_000_000)))
        manager.ensureLayout()
        #expect(manager.paragraphs.count == 300 && manager.shapingBatchesStarted > 0)
        func runs(_ paragraph: Paragraph) -> [[Int]] {
            paragraph.runs.map { [$0.range.lowerBound, $0.range.upperBound, Int($0.pointSize)] + $0.glyphs.map(Int.init) }
        }
        for state in manager.paragraphs {
            let paragraph = try #require(state.cache)
            let (alone, _) = LayoutManager.shape(manager.shapingJob(state.range, storage: storage), fonts: ScriptFixtures.fonts,
                                                 fallback: ScriptFixtures.primary, context: MeasuringContext())
            #expect(runs(paragraph) == runs(alone), "paragraph \(state.range)")
        }
    }

    /// The shaping workers keep their working memory from batch to batch, but not the fonts:
    /// once a layout's document, layout manager and font collection are let go, the collection
    /// and its word cache are gone, though the workers shaped most of its paragraphs.
    @Test func shapingWorkersKeepNoFontCollectionAlive() throws {
        weak var released: FontCollection?
        weak var releasedCache: ShapeCache?
        var batches = 0
        do {
            let collection = FontCollection(defaultFontPath: Fixtures.fontPath)
            let font = try collection.font(file: Fixtures.fontPath)
            let words = try ScriptFixtures.text("../../texts/prose.txt").split(separator: " ")
            let text = (0..<400).map { words[$0 % words.count] + " " + words[($0 * 7) % words.count] }.joined(separator: "\n")
            let storage = TextStorage(string: text, attributes: ScriptFixtures.attributes())
            let manager = LayoutManager(fontCollection: collection, defaultFont: font)
            storage.addLayoutManager(manager)
            manager.addTextContainer(TextContainer(size: Size(width: 300, height: 1_000_000)))
            manager.ensureLayout()
            batches = manager.shapingBatchesStarted
            (released, releasedCache) = (collection, collection.shapeCache)
        }
        #expect(batches > 0)
        #expect(released == nil && releasedCache == nil)
    }
}
