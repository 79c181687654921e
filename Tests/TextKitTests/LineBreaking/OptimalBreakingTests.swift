import Testing
import TextKit
import TextKitSVG

@Suite("Optimal line breaking")
struct OptimalBreakingTests {
    func layout(_ strategy: LineBreakStrategy, shape: String?, alignment: TextAlignment = .justified)
        throws -> (LayoutManager, LayoutSnapshot, String) {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 2)
        var attributes = Fixtures.attributes(alignment: alignment)
        attributes.paragraphStyle.lineBreakStrategy = strategy
        var setup = PageSetup()
        setup.pageSize = Size(width: 400, height: 792)
        if let shape {
            setup.exclusionPaths = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(shape)")).shapes.map(\.path)
        }
        let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, attributes: attributes)
        return (manager, snapshot, text)
    }

    @Test(arguments: [nil, "circle.svg", "star.svg"] as [String?])
    func optimalScoresBetterThanGreedy(_ shape: String?) throws {
        let (greedy, _, _) = try layout(.greedy, shape: shape)
        let (optimal, snapshot, text) = try layout(.optimal, shape: shape)
        #expect(optimal.statistics.squaredAdjustmentRatios < greedy.statistics.squaredAdjustmentRatios)
        #expect(optimal.statistics.veryLooseLines <= greedy.statistics.veryLooseLines)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        #expect(snapshot.overflowRange == nil)
    }

    @Test func justifiedLinesEndAtTheSpanEdgeAndLastLinesDoNot() throws {
        let (_, snapshot, text) = try layout(.optimal, shape: "circle.svg")
        let scalars = Array(text.unicodeScalars)
        var checked = 0
        for line in snapshot.allLines {
            let endsParagraph = line.characterRange.upperBound > 0 && scalars[line.characterRange.upperBound - 1] == "\n"
            for fragment in line.fragments {
                let visible = fragment.glyphs.filter { !scalars[$0.characterIndex].properties.isWhitespace }
                // Only fragments with a space between words can be justified.
                guard let last = visible.last, let first = visible.first,
                      fragment.glyphs.contains(where: { scalars[$0.characterIndex] == " "
                          && $0.characterIndex > first.characterIndex && $0.characterIndex < last.characterIndex })
                else { continue }
                let edge = last.position.x + last.advance
                if endsParagraph && fragment == line.fragments.last {
                    #expect(edge < fragment.rect.maxX - 1)
                } else {
                    #expect(abs(edge - fragment.rect.maxX) < 1e-6)
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func raggedOptimalLinesNeverOverflow() throws {
        let (_, snapshot, text) = try layout(.optimal, shape: "star.svg", alignment: .left)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }
}
