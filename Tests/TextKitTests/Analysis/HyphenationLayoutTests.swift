import Testing
import TextKit

@Suite("Hyphenation in layout")
struct HyphenationLayoutTests {
    static let text = "Typographers hyphenate extraordinarily long words automatically when justification demands it."

    func layout(factor: Double, language: String?) -> LayoutSnapshot {
        var attributes = Fixtures.attributes()
        attributes.language = language
        attributes.paragraphStyle.hyphenationFactor = factor
        let (_, manager) = Fixtures.layout(Self.text, attributes: attributes)
        manager.addTextContainer(TextContainer(size: Size(width: 110, height: 1000)))
        return manager.snapshot()
    }

    @Test func wordsBreakAtHyphenationPointsWithAHyphen() throws {
        guard HyphenationDictionaries().hyphenator(for: "en-US") != nil else {
            Issue.record("hyphen-en-us is not installed")
            return
        }
        let hyphen = try #require(Fixtures.font.glyphID(for: "-"))
        let plain = layout(factor: 0, language: "en-US")
        let hyphenated = layout(factor: 1, language: "en-US")
        let noLanguage = layout(factor: 1, language: nil)
        func endsWithHyphen(_ snapshot: LayoutSnapshot) -> Int {
            snapshot.allLines.filter { $0.fragments.last?.glyphs.last?.glyphID == hyphen }.count
        }
        #expect(endsWithHyphen(plain) == 0)
        #expect(endsWithHyphen(noLanguage) == 0)
        #expect(endsWithHyphen(hyphenated) > 0)
        #expect(hyphenated.allLines.count <= plain.allLines.count)
        let scalars = Array(Self.text.unicodeScalars)
        #expect(hyphenated.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        // A hyphenated line ends inside a word: the next line starts with a letter.
        for (line, next) in zip(hyphenated.allLines, hyphenated.allLines.dropFirst())
            where line.fragments.last?.glyphs.last?.glyphID == hyphen {
            #expect(scalars[next.characterRange.lowerBound].properties.isAlphabetic)
            #expect(scalars[line.characterRange.upperBound - 1].properties.isAlphabetic)
        }
    }
}
