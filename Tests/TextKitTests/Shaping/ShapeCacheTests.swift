import Foundation
import SeededRandom
import Testing
@testable import TextKit

/// The word shape cache must give exactly the glyphs of shaping each run whole: every fixture text,
/// in every script, compared glyph for glyph (ids, clusters, advances, offsets, unsafe-to-break).
@Suite struct ShapeCacheTests {
    static let texts = ["arabic.txt", "chinese.txt", "combining.txt", "devanagari.txt", "emoji.txt", "hebrew.txt",
                        "japanese.txt", "korean.txt", "mixed.txt", "thai.txt"]

    /// Shapes `text` paragraph by paragraph with and without `cache`; returns the first difference.
    static func shapingDifference(_ text: String, attributes: TextAttributes, cache: ShapeCache,
                                  resolver: FontResolver = FontResolver(collection: ScriptFixtures.fonts,
                                                                        fallback: ScriptFixtures.primary)) -> String? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            if let difference = shapingDifference(scalars, runs: [(attributes, 0..<scalars.count)], cache: cache,
                                                  resolver: resolver) {
                return "paragraph \(number) \(difference)"
            }
        }
        return nil
    }

    /// Shapes one paragraph in attribute runs `runs` (scalar ranges) with and without `cache`;
    /// returns the first difference.
    static func shapingDifference(_ scalars: [Unicode.Scalar], runs: [(TextAttributes, Range<Int>)],
                                  cache: ShapeCache, resolver: FontResolver) -> String? {
        let direction = runs[0].0.paragraphStyle.baseWritingDirection
        let whole = Paragraph(content: scalars[...], attributes: runs, direction: direction, fonts: resolver)
        let cached = Paragraph(content: scalars[...], attributes: runs, direction: direction, fonts: resolver,
                               context: MeasuringContext(shapeCache: cache))
        guard whole.runs.count == cached.runs.count else { return "run counts differ" }
        for (a, b) in zip(whole.runs, cached.runs) {
            let fields: [(String, Bool)] = [
                ("range", a.range == b.range), ("glyphs", a.glyphs == b.glyphs), ("clusters", a.clusters == b.clusters),
                ("advances", a.advances == b.advances), ("offsetsX", a.offsetsX == b.offsetsX),
                ("offsetsY", a.offsetsY == b.offsetsY), ("unsafeToBreak", a.unsafeToBreak == b.unsafeToBreak),
                // An offset column is kept only when some offset is not zero, the unsafe-to-break
                // column only when some glyph is (both producers).
                ("all-zero offsets kept", [a.offsetsX, a.offsetsY, b.offsetsX, b.offsetsY].allSatisfy {
                    $0.isEmpty || $0.contains { $0 != 0 }
                }),
                ("all-false unsafe-to-break kept", [a.unsafeToBreak, b.unsafeToBreak].allSatisfy { $0.isEmpty || $0.contains(true) }),
            ]
            if let field = fields.first(where: { !$0.1 }) {
                return "run \(a.range) (\(a.font.familyName), \(a.style.input.script ?? "-")): \(field.0) differ"
            }
        }
        return nil
    }

    @Test(arguments: texts)
    func wordByWordShapingEqualsWholeRuns(_ name: String) throws {
        let text = try ScriptFixtures.text(name)
        let cache = ShapeCache()
        // Twice: the second pass takes every word it can from the cache.
        for pass in 1...2 {
            let difference = Self.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache)
            #expect(difference == nil, "\(name), pass \(pass): \(difference ?? "")")
        }
    }

    /// Words whose glyphs have no offsets and ids and advances of 16 bits are kept compact (6
    /// bytes a glyph), the others whole; words of both kinds, read back from the cache, give
    /// exactly the glyphs of shaping each run whole.
    @Test func wordsKeepCompactGlyphsWhereTheyFit() throws {
        let prose = try String(contentsOfFile: Fixtures.path("Fixtures/texts/prose.txt"), encoding: .utf8)
        let cache = ShapeCache()
        for pass in 1...2 {
            #expect(Self.shapingDifference(prose, attributes: Fixtures.attributes(), cache: cache) == nil, "pass \(pass)")
        }
        // Plain prose in DejaVu Sans: every word compact.
        let proseWords = cache.keptWords
        #expect(proseWords.all > 100 && proseWords.compact == proseWords.all, "\(proseWords)")
        // Marks placed with offsets (combining, Devanagari, Arabic): some words keep full
        // records, and both kinds come back exact.
        for name in ["combining.txt", "devanagari.txt", "arabic.txt"] {
            let text = try ScriptFixtures.text(name)
            for pass in 1...2 {
                let difference = Self.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache)
                #expect(difference == nil, "\(name), pass \(pass): \(difference ?? "")")
            }
        }
        let kept = cache.keptWords
        #expect(kept.all > proseWords.all && kept.compact > proseWords.compact && kept.compact < kept.all, "\(kept)")
    }

    /// A compact record keeps exactly the records it admits, at the edges of each field too,
    /// and admits no other: random records, and each field at and past its bounds.
    @Test(arguments: [1, 2] as [UInt64])
    func compactRecordsRoundTripExactly(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let glyphs: [UInt32] = [0, 1, 65_535, 65_536, .max], advances: [Int32] = [0, -32_768, 32_767, 32_768, -32_769, .min]
        let clusters: [Int32] = [0, 47, 255, 256, -1], offsets: [Int32] = [0, 0, 0, 1, -1]
        var records: [GlyphRecord] = []
        for glyph in glyphs { for advance in advances { for cluster in clusters { for offset in offsets {
            records.append(GlyphRecord(glyph: glyph, cluster: cluster, advance: advance, offsetX: offset,
                                       offsetY: offset == 1 ? 0 : offset, unsafeToBreak: Bool.random(using: &rng)))
        } } } }
        for _ in 0..<2000 {
            records.append(GlyphRecord(glyph: UInt32.random(in: 0...70_000, using: &rng),
                                       cluster: Int32.random(in: -2...300, using: &rng),
                                       advance: Int32.random(in: -40_000...40_000, using: &rng),
                                       offsetX: Int.random(in: 0..<8, using: &rng) == 0 ? 3 : 0,
                                       offsetY: Int.random(in: 0..<8, using: &rng) == 0 ? -2 : 0,
                                       unsafeToBreak: Bool.random(using: &rng)))
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: CachedGlyphs.compactStride, alignment: 8)
        defer { buffer.deallocate() }
        var admitted = 0
        for record in records {
            let fits = record.glyph <= 65_535 && (-32_768...32_767).contains(record.advance)
                && (0...255).contains(record.cluster) && record.offsetX == 0 && record.offsetY == 0
            #expect((CachedGlyphs.compactMisfit(record) == 0) == fits, "\(record)")
            guard fits else { continue }
            admitted += 1
            [record].withUnsafeBufferPointer { CachedGlyphs.storeCompact($0, at: buffer) }
            let back = CachedGlyphs(base: UnsafeRawPointer(buffer), count: 1, isCompact: true).compactRecord(0, clusterOffset: 1_000)
            #expect(back.glyph == record.glyph && back.cluster == record.cluster + 1_000 && back.advance == record.advance
                    && back.offsetX == 0 && back.offsetY == 0 && back.unsafeToBreak == record.unsafeToBreak, "\(record)")
        }
        #expect(admitted > 300)
    }

    /// The paragraph's unsafe cuts (its table, filled in one pass per run, or with every run one
    /// glyph a unit, the runs' flags) answer as each run's own search does at every offset
    /// strictly inside the run (and false at run boundaries). Each line is a paragraph, and so
    /// are its first words: both kinds are met (ligatures make tables, most words have none).
    @Test(arguments: texts + ["../../texts/ligatures.txt", "../../texts/prose.txt"])
    func unsafeCutsMatchEachRunsSearch(_ name: String) throws {
        let text = try ScriptFixtures.text(name)
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        var kinds: Set<Bool> = [] // (whether a paragraph had no table)
        let lines = text.split(separator: "\n")
        for (number, line) in (lines + lines.flatMap { $0.split(separator: " ").prefix(8) }).enumerated() {
            let scalars = Array(line.unicodeScalars)
            let attributes = ScriptFixtures.attributes()
            let paragraph = Paragraph(content: scalars[...], attributes: [(attributes, 0..<scalars.count)],
                                      direction: attributes.paragraphStyle.baseWritingDirection, fonts: resolver)
            #expect(paragraph.unsafeCuts.isEmpty || paragraph.unsafeCuts.count == paragraph.utf16.count + 1)
            kinds.insert(paragraph.unsafeCuts.isEmpty)
            for offset in 0...paragraph.utf16.count {
                let run = paragraph.runs.first { $0.range.lowerBound < offset && offset < $0.range.upperBound }
                let expected = run?.isUnsafeToCut(at: offset) ?? false
                #expect(paragraph.isUnsafeCut(at: offset) == expected, "\(name) paragraph \(number) offset \(offset)")
            }
        }
        if name.hasSuffix("ligatures.txt") { #expect(kinds.contains(false), "no paragraph with a table") }
        if name.hasSuffix("prose.txt") { #expect(kinds == [false, true], "\(kinds)") }
    }

    /// A run finds the first glyph at or after an offset by steps from where one glyph a unit
    /// would put it: the glyph a scan finds, at every offset in and around every run (ligatures,
    /// decompositions, marks and clusters of every script fixture).
    @Test(arguments: texts + ["../../texts/ligatures.txt", "../../texts/prose.txt"])
    func firstGlyphIsTheScansAnswer(_ name: String) throws {
        let text = try ScriptFixtures.text(name)
        for line in text.split(separator: "\n") {
            let paragraph = ScriptFixtures.paragraph(String(line))
            for run in paragraph.runs {
                for offset in run.range.lowerBound - 2...run.range.upperBound + 2 {
                    let expected = run.clusters.firstIndex { Int($0) >= offset } ?? run.clusters.count
                    #expect(run.firstGlyph(atOrAfter: offset) == expected, "\(name) \(run.range) offset \(offset)")
                }
            }
        }
    }

    @Test func proseIsShapedMostlyFromTheCache() throws {
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/prose.txt"), encoding: .utf8)
        let cache = ShapeCache()
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        let first = cache.counts
        // Repeated words hit already in the first pass; the second pass shapes nothing.
        #expect(first.hits > 0 && first.misses > 0)
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        let second = cache.counts
        #expect(second.misses == first.misses, "\(first) then \(second)")
        #expect(second.hits - first.hits == first.hits + first.misses, "\(first) then \(second)")
    }

    @Test func aWordIsOneEntryWhateverSpacesFollowIt() {
        // "alpha" and "beta" with no, one, two and three spaces after them, at the paragraph's
        // end too: two words shaped (one of them, once, with spaces to learn the space glyph);
        // every other segment is the cached word and the style's space glyphs.
        let cache = ShapeCache()
        let text = "alpha beta  alpha   beta alpha\nbeta"
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.misses == 2, "\(cache.counts)")
        #expect(cache.counts.hits == 4, "\(cache.counts)")
    }

    @Test func theMissingWordsOfARunShareOneBuffer() {
        // "one" and "two" cached first; then the three words between and after them are shaped
        // together (their text copied one after another), and each lands in its place.
        let cache = ShapeCache()
        #expect(Self.shapingDifference("one two", attributes: Fixtures.attributes(), cache: cache) == nil)
        let before = cache.counts
        let text = "one alpha two beta one gamma\ndelta one epsilon"
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.misses - before.misses == 5, "\(cache.counts)")
        #expect(cache.counts.buffers - before.buffers == 2, "\(cache.counts)")
        #expect(cache.counts.hits - before.hits == 4, "\(cache.counts)")
        // A word missing twice in a run is shaped once: the run stops at the second, and finds it
        // in the cache after the first is kept.
        let again = cache.counts
        #expect(Self.shapingDifference("zeta one zeta eta", attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.misses - again.misses == 2 && cache.counts.buffers - again.buffers == 2, "\(cache.counts)")
    }

    /// Runs that mix cached and missing words at random (missing ones alone, in rows, twice in a
    /// run, more than a buffer takes, after one, two or three spaces, at the run's end with or
    /// without spaces after them, with marks and ligatures, in runs longer than one hold of the
    /// lock looks up) come out as whole runs do: every missing word's glyphs land in their own
    /// place among the cached ones.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func cachedAndMissingWordsInterleavedEqualWholeRuns(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let vocabulary = (0..<120).map { index -> String in
            let stems = ["office", "flag", "Té\u{301}", "na\u{308}ive", "wave", "AVATAR", "x", "fifty", "ko", "Tj"]
            return stems[index % stems.count] + String(index, radix: 36)
        }
        let cache = ShapeCache()
        // About a third of the words cached first.
        let warm = vocabulary.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }.joined(separator: " ")
        #expect(Self.shapingDifference(warm, attributes: Fixtures.attributes(), cache: cache) == nil)
        let paragraphs = (0..<60).map { _ -> String in
            let count = Int.random(in: 1...(3 * ShapeCache.wordsPerLock), using: &rng)
            var text = ""
            for _ in 0..<count {
                text += vocabulary.randomElement(using: &rng)!
                text += String(repeating: " ", count: Int.random(in: 1...3, using: &rng))
            }
            if Bool.random(using: &rng) { while text.last == " " { text.removeLast() } }
            return text
        }
        for pass in 1...2 {
            let difference = Self.shapingDifference(paragraphs.joined(separator: "\n"), attributes: Fixtures.attributes(),
                                                    cache: cache)
            #expect(difference == nil, "seed \(seed), pass \(pass): \(difference ?? "")")
        }
    }

    @Test func missingWordsNextToEachOtherShareOneBuffer() {
        // Cold: "one two three" is one buffer of three words; "four" alone between the known
        // "two" and "one" is another; the second paragraph's "five six" a third.
        let cache = ShapeCache()
        let text = "one two three two four one\nfive six one"
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.misses == 6, "\(cache.counts)")
        #expect(cache.counts.buffers == 3, "\(cache.counts)")
        #expect(cache.counts.hits == 3, "\(cache.counts)")
        // Every word shaped together was kept: a second pass shapes nothing.
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.misses == 6 && cache.counts.hits == 12, "\(cache.counts)")
    }

    /// Segments as the cache cuts them (four units tested at once for a space, keys hashed four
    /// at a time) equal those of a plain scan, one unit at a time, on random text of spaces,
    /// letters, marks and surrogate pairs at every alignment; a key's hash depends on its text
    /// and style only (the same word elsewhere in another text hashes the same).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func segmentsEqualThoseOfAPlainScan(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces: [[UInt16]] = [[0x20], [0x20, 0x20], [0x61], [0x62, 0x63], [0x301], [0x200D], [0xD83D, 0xDE00],
                                  [0x5D0], [0x20, 0x301], [0x2028], [0x6F22]]
        func plain(_ text: [UInt16], from start: Int, limit: Int) -> (end: Int, wordEnd: Int) {
            var index = start, wordEnd = start
            repeat {
                while index < limit, text[index] != 0x20 { index += 1 }
                wordEnd = index
                while index < limit, text[index] == 0x20 { index += 1 }
            } while index < limit && text.withUnsafeBufferPointer { ShapeCache.continuesCluster($0, at: index) }
            return (index, wordEnd == start ? index : wordEnd)
        }
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...40, using: &rng)).flatMap { _ in pieces.randomElement(using: &rng)! }
            let style = Int32.random(in: 0...3, using: &rng)
            let limit = Int.random(in: 1...text.count, using: &rng)
            text.withUnsafeBufferPointer { units in
                var start = Int.random(in: 0..<limit, using: &rng)
                while start < limit {
                    let found = ShapeCache.segmentEnd(units, from: start, limit: limit, style: style)
                    let expected = plain(text, from: start, limit: limit)
                    #expect(found.end == expected.end && found.wordEnd == expected.wordEnd, "\(text) from \(start)")
                    let key = Array(text[start..<found.wordEnd])
                    let alone = key.withUnsafeBufferPointer { ShapeCache.hash($0, 0..<key.count, style: style) }
                    #expect(found.hash == alone, "\(key)")
                    start = max(found.end, start + 1)
                }
            }
        }
    }

    @Test func featuresAndLanguageAreSeparateEntries() {
        // "office" with and without ligatures: the second must not reuse the first's glyphs.
        var plain = Fixtures.attributes()
        var noLigatures = plain
        noLigatures.features = [FontFeature(tag: "liga", value: 0)]
        plain.language = "en"
        let cache = ShapeCache()
        let text = "office offers coffee office"
        #expect(Self.shapingDifference(text, attributes: plain, cache: cache) == nil)
        #expect(Self.shapingDifference(text, attributes: noLigatures, cache: cache) == nil)
        #expect(Self.shapingDifference(text, attributes: plain, cache: cache) == nil)
    }

    @Test func aCacheOfMoreWordsThanAGenerationStaysExact() {
        let cache = ShapeCache()
        // More distinct words than a generation keeps: the young one turns.
        let words = (0..<(ShapeCache.maximumWords + 500)).map { "w\(String($0, radix: 36))" }
        let text = words.joined(separator: " ")
        #expect(Self.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(Self.shapingDifference("w0 w1 w2 w3", attributes: Fixtures.attributes(), cache: cache) == nil)
        #expect(cache.counts.turns == 1, "\(cache.counts)")
    }

    @Test func layoutFromAWarmCacheEqualsTheFirstLayout() throws {
        // The same manager lays out again after an edit that is undone: every word now comes
        // from the cache, and the lines are those of the first layout.
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/paragraphs.txt"), encoding: .utf8)
        let (storage, manager, first) = ScriptFixtures.layout(text)
        storage.replaceCharacters(in: 0..<0, with: "x")
        storage.replaceCharacters(in: 0..<1, with: "")
        let again = manager.snapshot()
        #expect(firstDifference(first.allLines, again.allLines) == nil)
        #expect(manager.shapeCache.counts.hits > 0)
    }

    @Test func aSecondLayoutManagerFindsTheWordsOfTheFirst() throws {
        // Two documents laid out with one font collection (its own, so no other test shapes into
        // its cache): the second layout shapes no word anew, and its lines are those of the first.
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/paragraphs.txt"), encoding: .utf8)
        let fonts = try FontCollection(configurationFile: Fixtures.path("Fixtures/fontconfig/fonts.conf"),
                                       defaultFontPath: Fixtures.fontPath)
        let primary = try fonts.font(file: Fixtures.fontPath)
        func layout() -> (LayoutManager, LayoutSnapshot) {
            let storage = TextStorage(string: text, attributes: ScriptFixtures.attributes())
            let manager = LayoutManager(fontCollection: fonts, defaultFont: primary)
            storage.addLayoutManager(manager)
            let container = TextContainer(size: Size(width: 300, height: 100_000))
            container.lineFragmentPadding = 0
            manager.addTextContainer(container)
            return (manager, manager.snapshot())
        }
        let (firstManager, first) = layout()
        let afterFirst = firstManager.shapeCache.counts
        #expect(afterFirst.misses > 0)
        let (secondManager, second) = layout()
        #expect(secondManager.shapeCache === firstManager.shapeCache)
        #expect(secondManager.shapeCache.counts.misses == afterFirst.misses)
        #expect(secondManager.shapeCache.counts.hits > afterFirst.hits)
        #expect(firstDifference(first.allLines, second.allLines) == nil)
    }
}

extension ShapeCacheTests {
    /// A shaping thread compares its recent styles field by field (`ShapingInput.matches`, written
    /// out for speed): a field added to `ShapingInput` must be added there too, or two inputs
    /// differing only in it would share glyphs.
    @Test func recentStylesCompareEveryField() throws {
        let input = ShapingInput(font: Fixtures.font, rightToLeft: false, script: "Latn", language: nil, features: [])
        let fields = Mirror(reflecting: input).children.compactMap(\.label)
        #expect(fields == ["font", "rightToLeft", "script", "language", "features"])
    }
}
