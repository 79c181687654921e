import Foundation
import Testing
@testable import TextKit

/// The word cache keeps its words in two generations (``ShapeCache``): a full young generation
/// becomes the older one, and a word found only in the older one is copied into the young one.
/// Shaping stays exact through any number of turns, and the words a text keeps using are shaped
/// once however many words pass through the cache.
@Suite struct WordCacheGenerationsTests {
    /// Real English (the Debian Reference fixture: 12,400 words, 3,182 distinct).
    static func referenceWords() throws -> [Substring] {
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8)
        return text.split(whereSeparator: \.isWhitespace)
    }

    @Test func aWordUsedInEveryGenerationIsShapedOnce() throws {
        // Paragraphs of a word they all share and nine words met nowhere else, through
        // generations of 256 words: the young one turns a dozen times; the shared word, found in
        // the older generation after each turn and copied into the young one, is never shaped
        // again: as many words are shaped as with a cache that never fills. (Emptied whole, the
        // cache shaped it again after each time it was full.)
        var seen = Set<Substring>()
        let unique = try Self.referenceWords().filter { $0 != "the" && seen.insert($0).inserted }
        let cache = ShapeCache(wordsPerGeneration: 256, glyphsPerGeneration: 16_384)
        var text = ""
        for start in stride(from: 0, to: unique.count - 9, by: 9) {
            text += "the " + unique[start..<(start + 9)].joined(separator: " ") + "\n"
        }
        let roomy = ShapeCache(wordsPerGeneration: 8_192, glyphsPerGeneration: 262_144)
        for cache in [cache, roomy] {
            #expect(ShapeCacheTests.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache) == nil)
        }
        let counts = cache.counts
        #expect(counts.turns >= 10, "\(counts)")
        #expect(roomy.counts.turns == 0, "\(roomy.counts)")
        #expect(counts.misses == roomy.counts.misses, "\(counts), never full: \(roomy.counts)")
        #expect(counts.promoted >= counts.turns, "\(counts)")
    }

    @Test(arguments: ShapeCacheTests.texts + ["debian-reference.txt"])
    func shapingStaysExactThroughManyTurns(_ name: String) throws {
        // Generations of 16 words and 256 glyphs: most runs look words up across a turn, find
        // some only in the older generation, and meet a young one that is full while they copy.
        let text = try name.hasPrefix("debian") ? String(contentsOfFile: Fixtures.path("Fixtures/texts/" + name),
                                                        encoding: .utf8) : ScriptFixtures.text(name)
        let cache = ShapeCache(wordsPerGeneration: 16, glyphsPerGeneration: 256)
        for pass in 1...2 {
            let difference = ShapeCacheTests.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache)
            #expect(difference == nil, "\(name), pass \(pass): \(difference ?? "")")
        }
        let counts = cache.counts
        #expect(counts.turns > 0 || counts.misses <= 16, "\(name): \(counts)")
        // A second pass over text that turned the young generation finds words in the older one.
        #expect(counts.turns == 0 || counts.promoted > 0, "\(name): \(counts)")
    }

    @Test func aWordTwiceInOneLookUpIsCopiedOnce() {
        // Generations of 16 words: "alpha" and "beta", then twenty words that turn the young
        // generation once (alpha now only in the older one, six words in the young one); then a
        // paragraph whose second look-up batch has alpha twice, both looked for in the young
        // generation before either is found: alpha is copied once, not once for each.
        let cache = ShapeCache(wordsPerGeneration: 16, glyphsPerGeneration: 1_024)
        let attributes = ScriptFixtures.attributes()
        #expect(ShapeCacheTests.shapingDifference("alpha beta", attributes: attributes, cache: cache) == nil)
        let twenty = (0..<20).map { "w\($0)" }.joined(separator: " ")
        #expect(ShapeCacheTests.shapingDifference(twenty, attributes: attributes, cache: cache) == nil)
        let (before, kept) = (cache.counts, cache.keptWords.all)
        #expect(before.turns == 1, "\(before)")
        #expect(ShapeCacheTests.shapingDifference("w14 alpha alpha", attributes: attributes, cache: cache) == nil)
        let after = cache.counts
        #expect(after.misses == before.misses && after.turns == 1, "\(before) then \(after)")
        #expect(after.promoted - before.promoted == 1, "\(before) then \(after)")
        #expect(cache.keptWords.all == kept + 1, "\(kept) then \(cache.keptWords)")
    }

    @Test func aVocabularyWithinOneGenerationIsShapedOnceInAll() throws {
        // The whole fixture, its 3,182 distinct words within one generation: a second and a
        // third pass shape nothing.
        let text = try String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8)
        let cache = ShapeCache(wordsPerGeneration: 4_096, glyphsPerGeneration: 65_536)
        #expect(ShapeCacheTests.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache) == nil)
        let first = cache.counts
        for _ in 0..<2 {
            #expect(ShapeCacheTests.shapingDifference(text, attributes: ScriptFixtures.attributes(), cache: cache) == nil)
        }
        #expect(cache.counts.misses == first.misses, "\(first) then \(cache.counts)")
        #expect(cache.counts.turns == 0, "\(cache.counts)")
    }
}
