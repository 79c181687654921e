import Testing
import TextKit

@Suite("Layout basics")
struct LayoutBasicsTests {
    @Test func emptyTextGivesValidLayoutWithOneEmptyLine() throws {
        let (_, _, _, snapshot) = Fixtures.paged("")
        #expect(snapshot.textLength == 0)
        #expect(snapshot.allGlyphs.isEmpty)
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: []).isEmpty)
    }

    @Test func ligaturesMapBackToTheirFirstCharacter() throws {
        let text = try Fixtures.text("ligatures.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text)
        let glyphs = snapshot.allGlyphs
        // "office" shapes as o + ffi + c + e in DejaVu Sans: 4 glyphs for 6 characters.
        let characters = glyphs.map(\.characterIndex)
        #expect(characters.prefix(4) == [0, 1, 4, 5])
        #expect(glyphs.count < text.unicodeScalars.count)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true).isEmpty)
    }

    @Test func everyCharacterOnceAndLinesInsideTheColumn() throws {
        let text = try Fixtures.text("prose.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text)
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        #expect(snapshot.allLines.count > 10)
        let width = PageSetup().columnWidth
        for line in snapshot.allLines {
            for fragment in line.fragments {
                #expect(fragment.usedRect.width <= width + 1e-9)
            }
        }
    }

    @Test func overlongWordBreaksBetweenGraphemes() throws {
        let text = try Fixtures.text("long-word.txt")
        var setup = PageSetup()
        setup.pageSize = Size(width: 300, height: 792)
        let (_, _, _, snapshot) = Fixtures.paged(text, setup: setup)
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        // The URL is wider than the 156 pt column, so some line must end inside it.
        let urlStart = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex,
                                                    to: text.range(of: "https")!.lowerBound.samePosition(in: text.unicodeScalars)!)
        let inside = snapshot.allLines.contains { $0.characterRange.upperBound > urlStart + 5
            && $0.characterRange.upperBound < urlStart + 90 }
        #expect(inside)
    }

    @Test func fixedPageCountReportsOverflow() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 8)
        let (_, manager, _, snapshot) = Fixtures.paged(text, count: .fixed(1))
        let overflow = try #require(snapshot.overflowRange)
        #expect(overflow.upperBound == text.unicodeScalars.count)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        #expect(manager.warnings.contains { $0.kind == .overflow })
    }

    @Test func automaticPagesFitEverything() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 8)
        let (_, _, paged, snapshot) = Fixtures.paged(text)
        #expect(paged.pages.count > 1)
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func textFlowsOnBothSidesOfACircle() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 2)
        var setup = PageSetup()
        setup.exclusionPaths = [BezierPath(ovalIn: Rect(x: 256, y: 200, width: 100, height: 100))]
        let (_, _, _, snapshot) = Fixtures.paged(text, setup: setup)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let split = snapshot.allLines.filter { $0.fragments.count == 2 }
        #expect(split.count >= 5)
    }

    @Test func fullPageExclusionOverflowsWithoutHanging() throws {
        let text = try Fixtures.text("prose.txt")
        var setup = PageSetup()
        setup.exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 0, width: 612, height: 792))]
        let (_, _, paged, snapshot) = Fixtures.paged(text, setup: setup)
        #expect(snapshot.overflowRange == 0..<text.unicodeScalars.count)
        #expect(paged.pages.count == 1)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [])
    }

    @Test(arguments: [TextAlignment.left, .right, .center, .justified])
    func alignmentPlacesFragmentsInTheirSpan(_ alignment: TextAlignment) throws {
        let text = try Fixtures.text("prose.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text, attributes: Fixtures.attributes(alignment: alignment))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let lines = snapshot.allLines
        let first = try #require(lines.first?.fragments.first)
        let column = first.rect
        switch alignment {
        case .left: #expect(abs(first.usedRect.minX - column.minX) < 1e-9)
        case .right: #expect(abs(first.usedRect.maxX - column.maxX) < 1e-9)
        case .center: #expect(abs((first.usedRect.midX) - column.midX) < 1e-9)
        case .justified:
            #expect(abs(first.usedRect.maxX - column.maxX) < 1e-9)
            let last = try #require(first.glyphs.last)
            // The last visible glyph of a justified line ends at the span's edge.
            #expect(abs(last.position.x + last.advance - column.maxX) < 1e-6 || text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: last.characterIndex)] == " ")
        default: break
        }
    }
}

extension Rect {
    var midX: Double { minX + width / 2 }
}
