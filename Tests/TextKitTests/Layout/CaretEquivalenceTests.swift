import Testing
import TextKit
import SeededRandom

/// After any sequence of edits (breaks typed and deleted at the end, whole text deleted),
/// attribute and container changes, the answers at the edges of the text (the extra line
/// fragment, carets, line fragments of characters, what overflowed) equal those of a fresh
/// layout of the same text, and ``LayoutManager/firstUnlaidCharacterIndex`` never claims more
/// than is laid out and valid.
@Suite("Carets and the extra line fragment equal a fresh layout")
struct CaretEquivalenceTests {
    let base = IncrementalEquivalenceTests()
    let partial = NoncontiguousEquivalenceTests()
    static let pieces = ["\n", "\n\n", "\u{2028}", " ", "word", "typesetting", "office", "é", "\r\n"]

    /// The answers compared, as text (the container of the extra line fragment by index).
    static func answers(_ m: LayoutManager, at indices: [Int]) -> [String] {
        let length = m.textStorage!.length
        var out = ["extra \(String(describing: m.extraLineFragmentRect)) \(String(describing: m.extraLineFragmentUsedRect))",
                   "extra container \(m.extraLineFragmentTextContainer.flatMap { c in m.textContainers.firstIndex { $0 === c } } ?? -1)",
                   "end caret \(m.caretRects(forCharacterIndex: length))"]
        for index in indices {
            out.append("\(index): \(m.caretRects(forCharacterIndex: index)) \(String(describing: m.lineFragmentRect(forCharacterAt: index)))")
        }
        out.append("overflow \(String(describing: m.overflowRange))")
        return out
    }

    /// A stretch of a fixture text, whole lines.
    static func fixtureText(_ rng: inout SplitMix64) throws -> String {
        let name = ["debian-reference.txt", "paragraphs.txt", "prose.txt", "tabs.txt"].randomElement(using: &rng)!
        let lines = try Fixtures.text(name).split(separator: "\n", omittingEmptySubsequences: false)
        let start = Int.random(in: 0..<lines.count, using: &rng)
        return lines[start..<min(lines.count, start + Int.random(in: 1...12, using: &rng))].joined(separator: "\n")
    }

    @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
    func edgeAnswersAfterRandomEditsMatchAFreshLayout(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let (storage, manager) = base.randomLayout(&rng, text: try Self.fixtureText(&rng), containers: 2)
        manager.textContainers[1].size.height = 400
        var extras = 0, overflows = 0
        for step in 0..<150 {
            let length = storage.length
            switch Int.random(in: 0..<12, using: &rng) {
            case 0, 1:
                // At the end most often: breaks typed and deleted there are what matters.
                let at = Bool.random(using: &rng) ? length : Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: Self.pieces.randomElement(using: &rng)!)
            case 2:
                let cut = Int.random(in: 1...3, using: &rng)
                storage.replaceCharacters(in: max(0, length - cut)..<length, with: "")
            case 3:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.replaceCharacters(in: start..<min(length, start + Int.random(in: 1...30, using: &rng)), with: "")
            case 4:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: try Self.fixtureText(&rng))
            case 5 where Int.random(in: 0..<4, using: &rng) == 0:
                storage.replaceCharacters(in: 0..<length, with: Bool.random(using: &rng) ? "" : "\n")
            case 6:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                let range = start..<min(length, start + Int.random(in: 1...20, using: &rng))
                if Bool.random(using: &rng) {
                    storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: Double.random(in: 6...20, using: &rng)),
                                     for: \.font, range: range)
                } else {
                    var style = ParagraphStyle()
                    style.alignment = TextAlignment.allCases.randomElement(using: &rng)!
                    style.paragraphSpacing = Double(Int.random(in: 0...6, using: &rng))
                    style.paragraphSpacingBefore = Double(Int.random(in: 0...4, using: &rng))
                    storage.setValue(style, for: \.paragraphStyle, range: range)
                }
            case 7, 8:
                base.toggleRandomExclusion(&rng, in: manager)
            case 9:
                base.resizeRandomContainer(&rng, in: manager)
            case 10:
                let last = manager.textContainers[manager.textContainers.count - 1]
                last.maximumNumberOfLines = [0, 0, 3, 8].randomElement(using: &rng)!
            default:
                _ = manager.caretRects(forCharacterIndex: Int.random(in: 0...length, using: &rng))
            }
            let now = storage.length
            // What is reported laid out is what a fresh layout has there.
            let valid = manager.firstUnlaidCharacterIndex
            #expect(valid <= now, "seed \(seed) step \(step)")
            // (An empty text's line holds no character: nothing says whether it is valid.)
            let kept = partial.keptLines(manager) { _, line in line.upperBound <= valid && !line.isEmpty }
            guard Int.random(in: 0..<2, using: &rng) == 0 || step == 149 else { continue }
            let indices = [now - 1, now - 2, Int.random(in: 0...now, using: &rng)].filter { $0 >= 0 }
            let got = Self.answers(manager, at: indices)
            let fresh = IncrementalEquivalenceTests.freshManager(storage, manager.textContainers)
            let expected = Self.answers(fresh, at: indices)
            #expect(got == expected, "seed \(seed) step \(step)")
            let freshLines = partial.fullLines(fresh.snapshot(), through: valid).filter { !$0.characterRange.isEmpty }
            #expect(firstDifference(kept, freshLines) == nil,
                    "seed \(seed) step \(step): lines before firstUnlaidCharacterIndex \(valid)")
            if got != expected { return }
            if manager.extraLineFragmentRect != nil { extras += 1 }
            if manager.overflowRange != nil { overflows += 1 }
        }
        #expect(extras > 2, "seed \(seed): the extra line fragment was rarely there")
        #expect(overflows > 0, "seed \(seed): nothing overflowed")
    }
}
