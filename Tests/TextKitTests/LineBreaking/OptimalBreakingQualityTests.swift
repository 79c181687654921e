import Testing
import TextKit

/// Optimal against greedy breaking on real technical prose (Fixtures/texts/debian-reference.txt:
/// long identifiers, paths and URLs) at several column widths, sizes and alignments. Total fit
/// must never be visibly worse than first fit: no one-word lines, less raggedness, evener spaces.
@Suite("Optimal breaking on real prose")
struct OptimalBreakingQualityTests {
    struct Setting: Sendable, CustomTestStringConvertible {
        var width: Double
        var size: Double
        var alignment: TextAlignment
        var testDescription: String { "\(alignment) \(Int(width)) pt, \(Int(size)) pt" }
    }

    static let settings: [Setting] = [TextAlignment.left, .justified].flatMap { alignment in
        [200.0, 300, 500].flatMap { width in [9.0, 11, 14].map { Setting(width: width, size: $0, alignment: alignment) } }
    } + [TextAlignment.center, .right, .natural].map { Setting(width: 300, size: 11, alignment: $0) }

    /// The first 100 paragraphs of the fixture.
    static func text() throws -> String {
        try Fixtures.text("debian-reference.txt").split(separator: "\n").prefix(100).joined(separator: "\n")
    }

    func layout(_ text: String, _ setting: Setting, _ strategy: LineBreakStrategy) -> (LayoutStatistics, LayoutSnapshot) {
        var attributes = Fixtures.attributes(size: setting.size, alignment: setting.alignment)
        attributes.paragraphStyle.lineBreakStrategy = strategy
        var setup = PageSetup()
        setup.pageSize = Size(width: setting.width + 144, height: 792)   // 72 pt margins
        let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, count: .automatic(maximum: 400), attributes: attributes)
        return (manager.statistics, snapshot)
    }

    /// Per paragraph, the non-final line fragments whose text fills less than 40 % of their span
    /// as shown (a justified line with spaces fills its span).
    static func shortLines(_ snapshot: LayoutSnapshot, _ text: String) -> [Int: Int] {
        let scalars = Array(text.unicodeScalars)
        var paragraphOf: [Int] = [], paragraph = 0
        for scalar in scalars { paragraphOf.append(paragraph); if scalar == "\n" { paragraph += 1 } }
        var counts: [Int: Int] = [:]
        for line in snapshot.containers.flatMap(\.lines) {
            let end = line.characterRange.upperBound
            guard end < scalars.count, scalars[end - 1] != "\n" else { continue }
            for fragment in line.fragments where fragment.usedRect.width < LayoutStatistics.shortLineFill * fragment.rect.width {
                counts[paragraphOf[line.characterRange.lowerBound], default: 0] += 1
            }
        }
        return counts
    }

    @Test(arguments: settings)
    func optimalIsNeverVisiblyWorseThanGreedy(_ setting: Setting) throws {
        let text = try Self.text()
        let (greedy, greedyLayout) = layout(text, setting, .greedy)
        let (optimal, optimalLayout) = layout(text, setting, .optimal)
        #expect(optimalLayout.overflowRange == nil)
        // No paragraph gets a line under 40 % full unless greedy's layout of it has one too.
        let greedyShort = Self.shortLines(greedyLayout, text)
        for (paragraph, count) in Self.shortLines(optimalLayout, text) {
            #expect(count <= greedyShort[paragraph, default: 0], "paragraph \(paragraph)")
        }
        #expect(optimal.shortLines <= greedy.shortLines)
        let raggedness = optimal.raggedness / greedy.raggedness
        let squares = optimal.squaredAdjustmentRatios / greedy.squaredAdjustmentRatios
        print("\(setting.testDescription): raggedness \(raggedness), squared ratios \(squares)")
        if setting.alignment == .justified {
            #expect(squares <= 0.5)
        } else {
            #expect(raggedness <= 0.97)
        }
    }
}
