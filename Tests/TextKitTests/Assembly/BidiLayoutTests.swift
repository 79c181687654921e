import Testing
import TextKitGeometry
import TextKit

/// Bidirectional layout: visual order per fragment, RTL fragment order, natural alignment,
/// mirrored brackets, trailing white space in RTL.
@Suite("Bidi layout")
struct BidiLayoutTests {
    /// Glyph characters of a fragment in visual order, consecutive repeats (clusters) merged.
    static func visualCharacters(_ fragment: LineFragment) -> [Int] {
        var out: [Int] = []
        for glyph in fragment.glyphs where out.last != glyph.characterIndex { out.append(glyph.characterIndex) }
        return out
    }

    /// The visual order ICU gives for `range` of `text` (one scalar per UTF-16 unit here).
    static func icuOrder(_ text: String, _ range: Range<Int>, direction: WritingDirection) -> [Int] {
        let utf16 = Array(text.utf16)
        let paragraph = utf16.withUnsafeBufferPointer { BidiParagraph($0, direction: direction) }
        return paragraph.visualRuns(range).flatMap { $0.rightToLeft ? Array($0.range.reversed()) : Array($0.range) }
    }

    @Test(arguments: [
        ("abc 123 שלום 456 def", WritingDirection.natural),
        ("שלום abc 123 עולם", .natural),
        ("מחיר: 25.50-30 ש\"ח (כולל)", .rightToLeft),
        ("abc (שלום [עולם]) 1-2", .leftToRight),
        ("abc", .rightToLeft),
    ])
    func glyphsFollowTheBidiVisualOrder(text: String, direction: WritingDirection) {
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: 600, attributes: ScriptFixtures.attributes(direction: direction))
        let line = snapshot.allLines[0]
        #expect(snapshot.allLines.count == 1)
        let expected = Self.icuOrder(text, 0..<text.utf16.count, direction: direction)
        #expect(Self.visualCharacters(line.fragments[0]) == expected)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [])
    }

    @Test func rightToLeftParagraphIsRightAlignedWithItsFirstCharacterRightmost() throws {
        let text = "שלום עולם"
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: 300)
        let fragment = try #require(snapshot.allLines.first?.fragments.first)
        let first = try #require(fragment.glyphs.first { $0.characterIndex == 0 })
        #expect(fragment.glyphs.allSatisfy { $0.position.x <= first.position.x })
        #expect(abs(fragment.usedRect.maxX - 300) < 1e-6, "natural alignment is right in RTL")
        #expect(abs(first.position.x + first.advance - 300) < 1e-6)
    }

    @Test func leftToRightParagraphWithHebrewWordsStaysLeftAligned() throws {
        let (_, _, snapshot) = ScriptFixtures.layout("abc שלום", width: 300)
        let fragment = try #require(snapshot.allLines.first?.fragments.first)
        #expect(fragment.usedRect.minX == 0)
    }

    @Test func rightToLeftLinesFillSpansFromTheRight() throws {
        let text = String(repeating: "שלום עולם ", count: 12)
        let storage = TextStorage(string: text, attributes: ScriptFixtures.attributes())
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: 400, height: 200))
        container.exclusionPaths = [BezierPath(rect: Rect(x: 150, y: 0, width: 100, height: 200))]
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [])
        // The same checks with fragments put back in logical order.
        var logical = snapshot
        for c in logical.containers.indices {
            for l in logical.containers[c].lines.indices {
                logical.containers[c].lines[l].fragments.sort { $0.characterRange.lowerBound < $1.characterRange.lowerBound }
            }
        }
        #expect(logical.invariantViolations(text: Array(text.unicodeScalars)) == [])
        let split = snapshot.allLines.filter { $0.fragments.count == 2 }
        #expect(!split.isEmpty)
        for line in split {
            // Fragments are listed left to right; the text starts in the right one.
            #expect(line.fragments[1].characterRange.lowerBound == line.characterRange.lowerBound)
            #expect(line.fragments[0].characterRange.lowerBound >= line.fragments[1].characterRange.upperBound)
        }
    }

    @Test func bracketsAreMirroredInRightToLeftRuns() throws {
        let text = "שלום (עולם)"
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: 300)
        let glyphs = snapshot.allGlyphs
        let open = try #require(glyphs.first { $0.characterIndex == 5 })
        let close = try #require(glyphs.first { $0.characterIndex == 10 })
        let shaper = ScriptFixtures.primary.shaper
        #expect(open.glyphID == shaper.nominalGlyph(0x29), "“(” in RTL shows the “)” glyph")
        #expect(close.glyphID == shaper.nominalGlyph(0x28))
        // Visually the opening bracket is right of the word it encloses.
        let word = glyphs.filter { (6..<10).contains($0.characterIndex) }
        #expect(word.allSatisfy { $0.position.x < open.position.x })
    }

    @Test func trailingSpacesOfRightToLeftLinesHangAtTheLeft() throws {
        let text = "שלום עולם שלום עולם"
        let width = 100.0
        let (_, _, snapshot) = ScriptFixtures.layout(text, width: width)
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.allLines.count >= 2)
        for line in snapshot.allLines {
            let fragment = line.fragments[0]
            let visible = fragment.glyphs.filter { !scalars[$0.characterIndex].properties.isWhitespace }
            let right = visible.map { $0.position.x + $0.advance }.max() ?? width
            #expect(abs(right - width) < 1e-6, "line \(line.characterRange) is flush right")
        }
        #expect(snapshot.invariantViolations(text: scalars) == [])
    }
}
