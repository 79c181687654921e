import Foundation
import SeededRandom
import Testing
import TestFixtures
import TextKit

/// A paragraph style's line break mode (Text Kit's `NSLineBreakMode` on a paragraph): character
/// wrapping, clipping and the truncating modes, on random paragraphs of real text at random
/// widths, with every layout invariant checked.
@Suite("Paragraph line break modes")
struct ParagraphLineBreakModeTests {
    static let prose = (try? String(contentsOfFile: Fixtures.path("Fixtures/texts/debian-reference.txt"), encoding: .utf8))
        .map { $0.split(separator: "\n").map(String.init) } ?? []
    static let ellipsis = Fixtures.font.glyphID(for: "\u{2026}")!

    /// A few real paragraphs laid out with `mode` in one column `width` wide (no padding).
    func layout(_ paragraphs: [String], mode: ParagraphLineBreakMode, width: Double,
                strategy: LineBreakStrategy = .greedy) -> (text: [Unicode.Scalar], snapshot: LayoutSnapshot, available: Double) {
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle.lineBreakMode = mode
        attributes.paragraphStyle.lineBreakStrategy = strategy
        let text = paragraphs.joined(separator: "\n") + "\n"
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: width, height: .infinity))
        container.lineFragmentPadding = 0
        manager.addTextContainer(container)
        return (Array(text.unicodeScalars), manager.snapshot(), width)
    }

    func randomParagraphs(_ rng: inout SplitMix64) -> [String] {
        (0..<Int.random(in: 1...5, using: &rng)).map { _ in Self.prose[Int.random(in: 0..<Self.prose.count, using: &rng)] }
    }

    /// Character wrapping fills each line up to the first cluster that does not fit, so it never
    /// needs more lines than word wrapping, and every character is laid out once.
    @Test(arguments: 0..<30)
    func characterWrappingFillsLinesToTheFirstClusterThatDoesNotFit(seed: Int) {
        var rng = SplitMix64(seed: UInt64(0xC4A2 + seed))
        let paragraphs = randomParagraphs(&rng)
        let width = Double.random(in: 30...400, using: &rng)
        let chars = layout(paragraphs, mode: .charWrapping, width: width)
        let words = layout(paragraphs, mode: .wordWrapping, width: width)
        #expect(chars.snapshot.invariantViolations(text: chars.text).isEmpty)
        #expect(chars.snapshot.overflowRange == nil)
        let lines = chars.snapshot.containers[0].lines
        #expect(lines.count <= words.snapshot.containers[0].lines.count)
        var overfull: [String] = []
        for (line, next) in zip(lines, lines.dropFirst()) where chars.text[line.characterRange.upperBound - 1] != "\n" {
            let used = line.fragments.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
            let nextGlyphs = next.fragments.flatMap(\.glyphs)
            guard let first = nextGlyphs.first(where: { $0.characterIndex == next.characterRange.lowerBound }) else { continue }
            if used + first.advance <= chars.available - 0.5 { overfull.append("\(line.characterRange): \(used) + \(first.advance)") }
        }
        #expect(overfull.isEmpty, "lines that had room for the next cluster: \(overfull.prefix(3))")
    }

    /// The single-line modes: every paragraph is one line that fits its width; a paragraph too
    /// wide hides the right part (tail: its end, head: its start, middle: between), with an
    /// ellipsis at the hidden part's start except when clipping.
    @Test(arguments: [ParagraphLineBreakMode.clipping, .truncatingTail, .truncatingHead, .truncatingMiddle])
    func singleLineModesShowOneLineAParagraph(mode: ParagraphLineBreakMode) {
        var rng = SplitMix64(seed: 0x51_6E + UInt64(mode.hashValue & 0xFF))
        for _ in 0..<20 {
            let paragraphs = randomParagraphs(&rng)
            let width = Double.random(in: 40...500, using: &rng)
            for strategy in [LineBreakStrategy.greedy, .optimal] {
                let (text, snapshot, available) = layout(paragraphs, mode: mode, width: width, strategy: strategy)
                let lines = snapshot.containers[0].lines
                #expect(lines.count == paragraphs.count)
                #expect(snapshot.invariantViolations(text: text).isEmpty)
                for line in lines {
                    let glyphs = line.fragments.flatMap(\.glyphs)
                    let width = glyphs.reduce(0) { $0 + $1.advance }
                    #expect(width <= available + 1e-6)
                    // The ellipses the line adds (the text has some of its own).
                    let marks = glyphs.filter { $0.glyphID == Self.ellipsis && text[$0.characterIndex] != "\u{2026}" }
                    guard let hidden = line.truncatedRange else {
                        #expect(marks.isEmpty)
                        continue
                    }
                    // The paragraph's characters, its newline aside.
                    let paragraph = line.characterRange.lowerBound..<(line.characterRange.upperBound
                        - (text[line.characterRange.upperBound - 1] == "\n" ? 1 : 0))
                    #expect(!hidden.isEmpty && paragraph.contains(hidden.lowerBound))
                    switch mode {
                    case .clipping, .truncatingTail: #expect(hidden.upperBound == paragraph.upperBound)
                    case .truncatingHead: #expect(hidden.lowerBound == paragraph.lowerBound)
                    default: #expect(hidden.lowerBound > paragraph.lowerBound || hidden.upperBound < paragraph.upperBound)
                    }
                    #expect(marks.count == (mode == .clipping ? 0 : 1))
                    #expect(marks.allSatisfy { $0.characterIndex == hidden.lowerBound })
                    #expect(glyphs.allSatisfy { marks.contains($0) || !hidden.contains($0.characterIndex) })
                }
            }
        }
    }

    /// A paragraph that fits is not cut, whatever the mode.
    @Test(arguments: ParagraphLineBreakMode.allCases)
    func aParagraphThatFitsIsLaidOutAsItIs(mode: ParagraphLineBreakMode) {
        let fitted = layout(["Short line."], mode: mode, width: 300)
        let plain = layout(["Short line."], mode: .wordWrapping, width: 300)
        #expect(fitted.snapshot == plain.snapshot)
    }
}
