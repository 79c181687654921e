import SeededRandom
import TestFixtures
import Testing
import TextKit

/// A ``BreakIteratorPool`` hands out iterators kept from earlier calls, pointed at new text:
/// what they find must be what an iterator opened for the call finds, whatever kind and locale
/// ran on the pooled iterators before.
@Suite("Break iterator pool")
struct BreakIteratorPoolTests {
    /// Paragraphs of every fixture text, in random order, each broken by line (in one of
    /// several locales), by word or by grapheme, all through one pool: each answer equals a
    /// fresh iterator's.
    @Test func pooledIteratorsBreakAsFreshOnes() throws {
        var paragraphs: [[UInt16]] = []
        for name in ["debian-reference.txt", "prose.txt", "udhr/thai.txt", "udhr/japanese.txt", "udhr/arabic.txt",
                     "udhr/hindi.txt", "udhr/emoji.txt", "udhr/korean.txt"] {
            paragraphs += try Fixtures.text(name).split(separator: "\n").prefix(200).map { Array($0.utf16) }
        }
        let pool = BreakIteratorPool()
        var generator = SplitMix64(seed: 0xB4EA_C0DE)
        for _ in 0..<3_000 {
            let text = paragraphs[Int(generator.next() % UInt64(paragraphs.count))]
            let locale = ["", "th", "ja", "en_US"][Int(generator.next() % 4)]
            text.withUnsafeBufferPointer { text in
                switch generator.next() % 3 {
                case 0:
                    #expect(ICU.lineBreaks(text, locale: locale, pool: pool) == ICU.lineBreaks(text, locale: locale),
                            "line breaks (\(locale)) of \(String(decoding: text, as: UTF16.self))")
                case 1:
                    let pooled = ICU.wordBoundaries(text, locale: locale, pool: pool)
                    let fresh = ICU.wordBoundaries(text, locale: locale)
                    #expect(pooled.map(\.offset) == fresh.map(\.offset) && pooled.map(\.endsWord) == fresh.map(\.endsWord),
                            "words (\(locale)) of \(String(decoding: text, as: UTF16.self))")
                default:
                    #expect(ICU.iteratorGraphemeBoundaries(text, pool: pool) == ICU.iteratorGraphemeBoundaries(text),
                            "graphemes of \(String(decoding: text, as: UTF16.self))")
                }
            }
        }
    }
}
