import Foundation
import Testing
import TextKit
import TestFixtures
import SeededRandom

/// A paragraph finds its UAX #14 break opportunities only when it needs them: a line that takes
/// the rest of its paragraph is found without them (``LineBreaker/fitsWhole(from:available:origin:)``).
/// The lines must be those of opportunities found at once (`CandidateSearchTests` compares the
/// search, which takes the shortcut, with the measuring loop, which always asks), the
/// opportunities found later must be those found at once, and the shortcut must never step over
/// a mandatory break.
@Suite("Break opportunities found when needed")
struct BreakOpportunitiesWhenNeededTests {
    static let prose = (try? String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8)) ?? ""

    /// Real prose, a sentence a paragraph (short and long ones; many batches, so workers shape
    /// most of them ahead of the pass): those laid out on one line never found their
    /// opportunities, the others did.
    @Test func paragraphsThatFitTheirLineNeverFindBreakOpportunities() throws {
        let paragraphs = Self.prose.split(separator: "\n").flatMap { $0.split(separator: ". ") }
        try #require(paragraphs.count >= 500)
        let storage = TextStorage(string: paragraphs.joined(separator: "\n"),
                                  attributes: ScriptFixtures.attributes(size: 12))
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: .infinity)))
        manager.ensureLayout()
        var oneLine = 0, several = 0
        for state in manager.paragraphs {
            let paragraph = try #require(state.cache)
            if state.lines.count == 1, !paragraph.hasMandatoryBreaks {
                #expect(!paragraph.hasFoundBreaks, "\(state.range)")
                oneLine += 1
            } else {
                #expect(paragraph.hasFoundBreaks, "\(state.range)")
                several += 1
            }
        }
        // The fixture has both kinds in numbers.
        #expect(oneLine > 100 && several > 100, "\(oneLine) one-line paragraphs, \(several) others")
    }

    /// Opportunities found when asked for equal those found with the analysis, in paragraphs of
    /// every script fixture, with language runs (each found by its own ICU pass) and
    /// hyphenation off; and a paragraph without a mandatory break character has no mandatory
    /// opportunity (what the shortcut relies on), on text with every separator mixed in.
    @Test(arguments: [1, 2, 3, 4])
    func opportunitiesFoundLaterEqualThoseFoundAtOnce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let scripts = ["arabic", "chinese", "combining", "devanagari", "emoji", "hebrew", "japanese", "korean",
                       "mixed", "thai"]
        let words = try scripts.flatMap { try ScriptFixtures.text("\($0).txt").split(whereSeparator: \.isWhitespace) }
            + Self.prose.prefix(5_000).split(separator: " ")
        let separators = ["\u{0B}", "\u{0C}", "\u{2028}", "\u{85}", "\u{2029}", "\r", "\n", "\u{202A}", "\u{84}",
                          "\u{86}", "\t", "\u{AD}", "-", "\u{00A0}"]
        let languages: [String?] = [nil, "en", "th", "ja", "zh", "ar", "he", "hi", "de"]
        for _ in 0..<40 {
            var text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in String(words.randomElement(using: &rng)!) }
                .joined(separator: " ")
            if Bool.random(using: &rng) {
                let index = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &rng))
                text.insert(contentsOf: separators.randomElement(using: &rng)!, at: index)
            }
            let scalars = Array(text.unicodeScalars)
            var runs: [(TextAttributes, Range<Int>)] = []
            var start = 0
            while start < scalars.count {
                let end = min(scalars.count, start + Int.random(in: 1...40, using: &rng))
                runs.append((ScriptFixtures.attributes(language: languages.randomElement(using: &rng)!), start..<end))
                start = end
            }
            if runs.isEmpty { runs = [(ScriptFixtures.attributes(), 0..<0)] }
            func paragraph(widestLine: Double) -> Paragraph {
                Paragraph(content: scalars[...], attributes: runs, direction: .natural,
                          fonts: FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary),
                          context: MeasuringContext(breakIterators: BreakIteratorPool()), widestLine: widestLine)
            }
            let atOnce = paragraph(widestLine: 0), later = paragraph(widestLine: .infinity)
            #expect(atOnce.hasFoundBreaks)
            #expect(later.hasFoundBreaks == later.hasMandatoryBreaks)
            #expect(later.breaks == atOnce.breaks, "\(text.debugDescription)")
            if !atOnce.hasMandatoryBreaks {
                #expect(!atOnce.breaks.contains { $0.isMandatory }, "\(text.debugDescription)")
            }
        }
    }

    /// A paragraph finds its opportunities while it is made (on the shaping worker) exactly when
    /// its advances add up to more than the widest line it may be set in; at or under it, not
    /// until asked (prose without mandatory breaks, hyphenation off).
    @Test func opportunitiesAreFoundAheadForParagraphsWiderThanTheWidestLine() throws {
        let lines = Self.prose.split(separator: "\n").prefix(40)
        try #require(lines.count == 40)
        for line in lines {
            let scalars = Array(line.unicodeScalars)
            func paragraph(widestLine: Double) -> Paragraph {
                Paragraph(content: scalars[...], attributes: [(ScriptFixtures.attributes(size: 12), 0..<scalars.count)],
                          direction: .natural,
                          fonts: FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary),
                          context: MeasuringContext(breakIterators: BreakIteratorPool()), widestLine: widestLine)
            }
            let measured = paragraph(widestLine: .infinity), width = measured.width(0..<measured.utf16.count)
            #expect(paragraph(widestLine: width.nextDown).hasFoundBreaks, "\(line.prefix(30))")
            #expect(!paragraph(widestLine: width).hasFoundBreaks, "\(line.prefix(30))")
        }
    }

    /// The widest line the workers compare paragraphs with is kept between batches: raised as
    /// containers are added, found again after one is removed or changed. Through any sequence of
    /// those it equals the widest line the containers offer.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func widestLineFollowsTheContainers(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        func widest() -> Double {
            manager.textContainers.map { $0.textRect.width - 2 * $0.lineFragmentPadding }.max() ?? 0
        }
        for _ in 0..<200 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !manager.textContainers.isEmpty:
                manager.removeTextContainer(at: Int.random(in: 0..<manager.textContainers.count, using: &rng))
            case 1 where !manager.textContainers.isEmpty:
                let container = manager.textContainers.randomElement(using: &rng)!
                if Bool.random(using: &rng) {
                    container.size = Size(width: Double(Int.random(in: 10...900, using: &rng)), height: 500)
                } else {
                    container.lineFragmentPadding = Double(Int.random(in: 0...20, using: &rng))
                }
            default:
                let container = TextContainer(size: Size(width: Double(Int.random(in: 10...900, using: &rng)), height: 500))
                container.lineFragmentPadding = Double(Int.random(in: 0...20, using: &rng))
                manager.insertTextContainer(container, at: Int.random(in: 0...manager.textContainers.count, using: &rng))
            }
            #expect(manager.widestLine == widest())
        }
    }
}
