import Testing
import TextKit
import SeededRandom

/// Partial layout (`ensureLayout(forCharacterRange:)`, `ensureLayout(forBoundingRect:in:)`) after
/// any sequence of edits and container changes lays out exactly the lines a fresh full layout
/// has for that part of the text, and reports how far it got.
@Suite("Partial layout equals full layout")
struct NoncontiguousEquivalenceTests {
    let base = IncrementalEquivalenceTests()

    /// The lines laid out so far, in text coordinates: those of the paragraphs before
    /// ``LayoutManager/firstUnlaidCharacterIndex`` (font indices zeroed: they are per snapshot).
    func laidOutLines(_ manager: LayoutManager) -> [LineLayout] {
        let end = manager.firstUnlaidCharacterIndex
        return keptLines(manager) { paragraph, _ in paragraph.upperBound <= end }
    }

    /// The lines `manager` keeps, read from its state without laying out, in text coordinates
    /// (font indices zeroed), those for which `keep` holds, given the paragraph's characters and
    /// the line's (in text coordinates).
    func keptLines(_ manager: LayoutManager, where keep: (Range<Int>, Range<Int>) -> Bool) -> [LineLayout] {
        var lines: [LineLayout] = []
        for state in manager.paragraphs {
            let offset = state.range.lowerBound
            for (index, placed) in state.lines.enumerated() {
                let range = placed.line.characterRange
                guard keep(state.range, range.lowerBound + offset..<range.upperBound + offset) else { continue }
                var line = state.laidOutLine(index)
                for f in line.fragments.indices {
                    for g in line.fragments[f].glyphs.indices { line.fragments[f].glyphs[g].fontIndex = 0 }
                }
                lines.append(line)
            }
        }
        return lines
    }

    /// The same lines of a full layout.
    func fullLines(_ snapshot: LayoutSnapshot, through end: Int) -> [LineLayout] {
        snapshot.allLines.filter { $0.characterRange.upperBound <= end }.map { line in
            var line = line
            for f in line.fragments.indices {
                for g in line.fragments[f].glyphs.indices { line.fragments[f].glyphs[g].fontIndex = 0 }
            }
            return line
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func partialLayoutMatchesAFreshFullLayout(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let text = (0..<40).map { _ in IncrementalEquivalenceTests.words.randomElement(using: &rng)! }.joined(separator: " ")
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        for _ in 0..<3 { manager.addTextContainer(base.randomContainer(&rng)) }
        var partialSteps = 0
        for step in 0..<250 {
            let length = storage.length
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: IncrementalEquivalenceTests.words.randomElement(using: &rng)! + " ")
            case 2:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.replaceCharacters(in: start..<min(length, start + Int.random(in: 1...10, using: &rng)), with: "")
            case 3:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: Double.random(in: 8...18, using: &rng)),
                                 for: \.font, range: start..<min(length, start + Int.random(in: 1...15, using: &rng)))
            case 4:
                base.toggleRandomExclusion(&rng, in: manager)
            default:
                base.resizeRandomContainer(&rng, in: manager)
            }
            // A partial query: a character range, or a rectangle of one container.
            let now = storage.length
            if Bool.random(using: &rng), now > 0 {
                let at = Int.random(in: 0..<now, using: &rng)
                manager.ensureLayout(forCharacterRange: at..<min(now, at + 5))
                #expect(manager.firstUnlaidCharacterIndex >= min(now, at + 1), "seed \(seed) step \(step)")
            } else {
                let index = Int.random(in: 0..<manager.textContainers.count, using: &rng)
                let container = manager.textContainers[index]
                let y = Double.random(in: 0...container.size.height, using: &rng)
                manager.ensureLayout(forBoundingRect: Rect(x: 0, y: y, width: container.size.width, height: 10), in: container)
            }
            let end = manager.firstUnlaidCharacterIndex
            if end < storage.length { partialSteps += 1 }
            let fresh = base.freshLayout(storage, manager.textContainers)
            let difference = firstDifference(laidOutLines(manager), fullLines(fresh, through: end))
            #expect(difference == nil, "seed \(seed) step \(step): \(difference ?? "")")
            if difference != nil { return }
        }
        // The queries must really have left text unlaid, or this would test full layout only.
        #expect(partialSteps > 25, "seed \(seed): only \(partialSteps) partial layouts")
    }
}
