import Foundation
import Testing
import TextKit

@Suite("Line limits and truncation")
struct TruncationTests {
    static let text = "The first paragraph is long enough to need several lines in a narrow container.\nA second one follows."

    func layout(_ mode: LineBreakMode, lines: Int = 2, containers: Int = 1) -> (LayoutManager, LayoutSnapshot) {
        let (_, manager) = Fixtures.layout(Self.text)
        for index in 0..<containers {
            let container = TextContainer(size: Size(width: 150, height: 500))
            if index == containers - 1 {
                container.maximumNumberOfLines = lines
                container.lineBreakMode = mode
            } else {
                container.maximumNumberOfLines = 1
            }
            manager.addTextContainer(container)
        }
        return (manager, manager.snapshot())
    }

    var ellipsis: UInt32 { Fixtures.font.glyphID(for: "\u{2026}")! }

    @Test(arguments: [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle])
    func theLastAllowedLineShowsAnEllipsis(_ mode: LineBreakMode) throws {
        let (_, snapshot) = layout(mode)
        let lines = snapshot.allLines
        #expect(lines.count == 2)
        let last = try #require(lines.last)
        let hidden = try #require(last.truncatedRange)
        let glyphs = last.fragments.flatMap(\.glyphs)
        let mark = try #require(glyphs.first { $0.glyphID == ellipsis })
        #expect(mark.characterIndex == hidden.lowerBound)
        // The line runs to the end of its paragraph; the next paragraph overflows.
        let paragraphEnd = Self.text.unicodeScalars.firstIndex(of: "\n").map {
            Self.text.unicodeScalars.distance(from: Self.text.unicodeScalars.startIndex, to: $0) + 1 }!
        #expect(last.characterRange.upperBound == paragraphEnd)
        #expect(snapshot.overflowRange == paragraphEnd..<Self.text.unicodeScalars.count)
        #expect(snapshot.invariantViolations(text: Array(Self.text.unicodeScalars), leftToRightOnly: true) == [])
        switch mode {
        case .truncatingTail: #expect(hidden.upperBound == paragraphEnd - 1 && glyphs.last == mark)
        case .truncatingHead: #expect(hidden.lowerBound == last.characterRange.lowerBound && glyphs.first == mark)
        default: #expect(glyphs.first != mark && glyphs.last != mark)
        }
    }

    @Test func wordWrapOverflowsInstead() {
        let (_, snapshot) = layout(.wordWrap)
        #expect(snapshot.allLines.count == 2)
        #expect(snapshot.allLines.allSatisfy { $0.truncatedRange == nil })
        #expect(snapshot.overflowRange != nil)
    }

    @Test func aLineLimitInAnEarlierContainerPassesTextOn() {
        let (_, snapshot) = layout(.truncatingTail, lines: 3, containers: 2)
        #expect(snapshot.containers[0].lines.count == 1)
        #expect(snapshot.containers[1].lines.count == 3)
        #expect(snapshot.containers[1].lines.last?.truncatedRange != nil)
        #expect(snapshot.invariantViolations(text: Array(Self.text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func enoughLinesMeansNoTruncation() {
        let (_, snapshot) = layout(.truncatingTail, lines: 50)
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.allLines.allSatisfy { $0.truncatedRange == nil })
    }
}


extension TruncationTests {
    /// Changing a container's line limit or break mode lays it out again (invalidation used to
    /// compare only size, insets, padding, exclusions and shape, and kept the old lines).
    @Test func changingTheLineLimitOrModeRelaysOut() throws {
        let (_, manager) = Fixtures.layout(Self.text)
        let container = TextContainer(size: Size(width: 150, height: 500))
        manager.addTextContainer(container)
        let unlimited = manager.snapshot().allLines.count
        #expect(unlimited > 2)
        container.maximumNumberOfLines = 2
        #expect(manager.snapshot().allLines.count == 2)
        #expect(manager.snapshot().allLines.last?.truncatedRange == nil)
        container.lineBreakMode = .truncatingTail
        #expect(manager.snapshot().allLines.last?.truncatedRange != nil)
        container.maximumNumberOfLines = 0
        #expect(manager.snapshot().allLines.count == unlimited)
    }
}
