import Foundation
import Testing
@testable import TextKit
import SeededRandom

/// The word cache in the machine's fonts (the set-up's `fonts-noto-core`, which CI installs):
/// every script of the Universal Declaration of Human Rights in the font fallback picks, and
/// random paragraphs mixing their words, shaped word by word give exactly the glyphs of shaping
/// each run whole, on a first pass and from a warm cache.
@Suite("Word cache in installed fonts")
struct InstalledFontShapeCacheTests {
    static let notoCore = FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf")
    static let texts = ["amharic", "arabic", "armenian", "bengali", "chinese", "english", "georgian", "greek", "hebrew",
                        "hindi", "japanese", "korean", "russian", "tamil", "thai"]
    static let fonts = FontCollection(defaultFontPath: Fixtures.fontPath)
    static var resolver: FontResolver { FontResolver(collection: fonts, fallback: try! fonts.font(file: Fixtures.fontPath)) }

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.path("Fixtures/texts/udhr/\(name).txt"), encoding: .utf8)
    }

    @Test(.enabled(if: notoCore, "fonts-noto-core is not installed"), arguments: texts)
    func wordByWordShapingEqualsWholeRuns(_ name: String) throws {
        let text = try Self.text(name)
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache,
                                                               resolver: Self.resolver)
            #expect(difference == nil, "\(name), pass \(pass): \(difference ?? "")")
        }
    }

    /// Random paragraphs of words drawn from every text, so words meet words of other scripts,
    /// at run ends and after other runs (some paragraphs with no space between words, so a run's
    /// first or last word touches another run's letters): cached glyphs equal whole runs, twice over.
    @Test(.enabled(if: notoCore, "fonts-noto-core is not installed"), arguments: 1...3)
    func randomWordsOfEveryScriptEqualWholeRuns(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let paragraphs = try (0..<120).map { _ in try Self.randomParagraph(&rng) }
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(paragraphs.joined(separator: "\n"),
                                                               attributes: Fixtures.attributes(), cache: cache,
                                                               resolver: Self.resolver)
            #expect(difference == nil, "seed \(seed), pass \(pass): \(difference ?? "")")
        }
    }

    /// Paragraphs of random words cut into runs by style changes at random places, inside words
    /// too, so a run's first and last words are pieces whose neighbours are letters of another
    /// run: cached glyphs equal whole runs, twice over. In a joining script the piece after a cut
    /// joins the letter before it (HarfBuzz reads it as context), which a piece shaped alone
    /// would not: such pieces must be shaped in place.
    @Test(.enabled(if: notoCore, "fonts-noto-core is not installed"), arguments: 1...3)
    func wordsCutByStyleChangesEqualWholeRuns(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var marked = Fixtures.attributes()
        marked.features = [FontFeature(tag: "kern")]
        let paragraphs = try (0..<120).map { _ -> ([Unicode.Scalar], [(TextAttributes, Range<Int>)]) in
            let scalars = Array(try Self.randomParagraph(&rng).unicodeScalars)
            let cuts = Set((0..<Int.random(in: 1...4, using: &rng)).map { _ in
                Int.random(in: 0...scalars.count, using: &rng)
            }).union([0, scalars.count]).sorted()
            let runs = zip(cuts, cuts.dropFirst()).enumerated().filter { $0.element.0 < $0.element.1 }.map {
                ($0.offset % 2 == 0 ? Fixtures.attributes() : marked, $0.element.0..<$0.element.1)
            }
            return (scalars, runs.isEmpty ? [(Fixtures.attributes(), 0..<0)] : runs)
        }
        let cache = ShapeCache()
        for pass in 1...2 {
            for (number, (scalars, runs)) in paragraphs.enumerated() {
                let difference = ShapeCacheTests.shapingDifference(scalars, runs: runs, cache: cache,
                                                                   resolver: Self.resolver)
                #expect(difference == nil, "seed \(seed), pass \(pass), paragraph \(number): \(difference ?? "")")
            }
        }
    }

    /// Arabic words cut inside by a style change: the piece after the cut joins the letter
    /// before it, on a first pass and from a warm cache (HarfBuzz reads Arabic's context).
    @Test func arabicWordsCutByAStyleChangeStillJoin() {
        var marked = Fixtures.attributes()
        marked.features = [FontFeature(tag: "kern")]
        let cache = ShapeCache()
        for pass in 1...2 {
            for word in ["السلام عليكم", "بيت كبير", "مرحبا بكم"] {
                let scalars = Array(word.unicodeScalars)
                for cut in 1..<scalars.count {
                    let runs = [(Fixtures.attributes(), 0..<cut), (marked, cut..<scalars.count)]
                    let difference = ShapeCacheTests.shapingDifference(scalars, runs: runs, cache: cache,
                                                                       resolver: Self.resolver)
                    #expect(difference == nil, "pass \(pass), \(word) cut at \(cut): \(difference ?? "")")
                }
            }
        }
    }

    /// A paragraph of 1 to 14 words, mostly of one text, some from any other; its words joined
    /// by one space, two, or (one in six) nothing.
    static func randomParagraph(_ rng: inout SplitMix64) throws -> String {
        let words = try Self.words.get()
        let script = Int.random(in: 0..<words.count, using: &rng)
        return (0..<Int.random(in: 1...14, using: &rng)).map { _ in
            let from = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 0..<words.count, using: &rng) : script
            return words[from].randomElement(using: &rng)!
        }.joined(separator: ["  ", "", " ", " ", " ", " "][Int.random(in: 0..<6, using: &rng)])
    }

    /// Every text's words, read once (the random tests draw thousands of paragraphs from them).
    static let words = Result { try texts.map { try text($0).split(whereSeparator: \.isWhitespace).map(String.init) } }

    /// Vedic signs, which Noto Sans Devanagari moves when a space comes before them, after
    /// letters, after spaces and starting paragraphs: the same glyphs word by word as whole.
    @Test(.enabled(if: notoCore, "fonts-noto-core is not installed"))
    func vedicSignsAfterSpacesEqualWholeRuns() {
        let text = ["अग्निमीळे ꣠पुरोहितं यज्ञस्य ꣡देवम्", "꣢ऋत्विजम् होतारं ꣣ रत्नधातमम्", "अग्निः ᳐ पूर्वेभिर् ऋषिभिर्",
                    "ईड्यो꣤ नूतनैर् ꣥ उत स देवाँ एह ᳑वक्षति", "होतारं होतारं यज्ञस्य"].joined(separator: "\n")
        let cache = ShapeCache()
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache,
                                                               resolver: Self.resolver)
            #expect(difference == nil, "pass \(pass): \(difference ?? "")")
        }
        #expect(cache.counts.hits > 0, "\(cache.counts)")
    }
}

/// Runs of Chinese and Japanese in Noto Sans CJK, whose shape plan names the space (so its runs
/// are not cut into words), are kept whole and come back from the cache.
@Suite("Whole CJK runs in the word cache")
struct WholeRunCacheTests {
    static let notoCJK = FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

    @Test(.enabled(if: notoCJK, "fonts-noto-cjk is not installed"))
    func repeatedPhrasesComeFromTheCache() throws {
        // Phrases between punctuation, each a run (the punctuation and digits are DejaVu Sans's).
        let text = ["附录 A. 附录", "目录", "A.3. 文書のフォーマット", "目录", "附录 A. 附录", "文書のフォーマット。目录"]
            .joined(separator: "\n")
        let cache = ShapeCache()
        let resolver = InstalledFontShapeCacheTests.resolver
        #expect(ShapeCacheTests.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache,
                                                  resolver: resolver) == nil)
        let first = cache.counts
        #expect(first.hits >= 5, "\(first)")
        #expect(ShapeCacheTests.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache,
                                                  resolver: resolver) == nil)
        // The second pass finds all 13 CJK runs (and the 3 Latin words) and shapes nothing.
        #expect(cache.counts.misses == first.misses, "\(first) then \(cache.counts)")
        #expect(cache.counts.hits - first.hits >= 16, "\(first) then \(cache.counts)")
    }

    @Test func onlyScriptsShapedWithoutContextAreKeptWhole() {
        let wholeRunScripts = ["Hani", "Hira", "Kana", "Hang", "Bopo"].map { ScriptTag($0) }
        #expect(wholeRunScripts.allSatisfy { ShapeCache.keepsRunsWhole($0) && ShapeCache.shapesWithoutContext($0) })
        // Devanagari or Latin runs are whole sentences.
        #expect(!["Deva", "Latn", "Arab"].contains { ShapeCache.keepsRunsWhole(ScriptTag($0)) })
        // Joining scripts (HarfBuzz's Arabic shaper, and joining in its Universal Shaping Engine).
        let joining = ["Arab", "Syrc", "Mong", "Nkoo", "Phag", "Mand", "Mani", "Phlp", "Adlm", "Rohg", "Sogd", "Chrs",
                       "Ougr", "Zyyy", "Zinh"]
        #expect(!joining.contains { ShapeCache.shapesWithoutContext(ScriptTag($0)) })
    }
}

/// Which styles the word cache shapes word by word: the shape plan's check of the space glyph
/// (`wordShaping`), on fonts whose lookups are known. Natural text rarely makes a lookup that
/// names the space fire inside one run, so whole-run equivalence alone would not notice a check
/// that said yes to everything.
@Suite("Which plans leave the space alone")
struct SpaceAloneVerdictTests {
    static func verdict(_ path: String, _ script: String, rightToLeft: Bool = false) throws -> WordShaping {
        let font = try InstalledFontShapeCacheTests.fonts.font(file: path)
        return ShapingInput(font: font, rightToLeft: rightToLeft, script: ScriptTag(script), language: nil,
                            features: []).wordShaping()
    }

    @Test func dejaVuSans() throws {
        #expect(try Self.verdict(Fixtures.fontPath, "Latn") == .byWord(contextGlyphs: []))
        #expect(try Self.verdict(Fixtures.fontPath, "Cyrl") == .byWord(contextGlyphs: []))
        // Its Arabic `liga` joins a space to a haraka after it, inside their cluster.
        #expect(try Self.verdict(Fixtures.fontPath, "Arab", rightToLeft: true) == .byWord(contextGlyphs: []))
        // Its Hebrew has no lookup naming the space either.
        #expect(try Self.verdict(Fixtures.fontPath, "Hebr", rightToLeft: true) == .byWord(contextGlyphs: []))
    }

    @Test(.enabled(if: InstalledFontShapeCacheTests.notoCore && WholeRunCacheTests.notoCJK,
                   "fonts-noto-core or fonts-noto-cjk is not installed"))
    func notoFonts() throws {
        // Devanagari's `dist` moves Vedic signs after a space (its only lookup naming the space,
        // in the backtrack): words by word, except those with one of its glyphs. CJK's `calt`
        // changes a space between Hangul syllables (in the Han, kana and Latin plans; the Hangul
        // plan has no such lookup).
        let devanagari = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
        let vedic = try #require(InstalledFontShapeCacheTests.fonts.font(file: devanagari).shaper.nominalGlyph(0xA8E0))
        let ka = try #require(InstalledFontShapeCacheTests.fonts.font(file: devanagari).shaper.nominalGlyph(0x0915))
        guard case .byWord(let glyphs) = try Self.verdict(devanagari, "Deva") else {
            Issue.record("Devanagari is not shaped by word")
            return
        }
        #expect(glyphs.contains(vedic) && !glyphs.contains(ka) && glyphs == glyphs.sorted(), "\(glyphs)")
        #expect(try Self.verdict("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "Hani") == .wholeRuns)
        #expect(try Self.verdict("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "Hang") == .byWord(contextGlyphs: []))
        #expect(try Self.verdict("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "Thai") == .byWord(contextGlyphs: []))
    }
}
