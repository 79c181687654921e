import Testing
import TextKit
import SeededRandom

/// Noncontiguous layout in one container: text far past the laid-out part is laid out at an
/// estimated position without what lies between; its lines are those of a full layout moved by
/// one vertical offset, and exact layout afterwards is exactly a full layout.
@Suite("Noncontiguous layout with estimated positions")
struct NoncontiguousEstimationTests {
    let base = IncrementalEquivalenceTests()

    func document(paragraphs: Int) throws -> String {
        let prose = try Fixtures.text("prose.txt").split(separator: "\n").joined(separator: " ")
        return (0..<paragraphs).map { "\($0). " + prose.prefix(200 + ($0 * 37) % 300) }.joined(separator: "\n")
    }

    func editor(_ text: String, width: Double = 300) -> (TextStorage, LayoutManager, TextContainer) {
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: width, height: 10_000_000))
        manager.addTextContainer(container)
        manager.allowsNonContiguousLayout = true
        manager.tuning.estimationDistance = 2_000
        return (storage, manager, container)
    }

    /// The lines of the estimated island, in text coordinates, with font indices zeroed.
    func islandLines(_ manager: LayoutManager) -> [LineLayout] {
        guard let island = manager.island else { return [] }
        return island.flatMap { p in
            let state = manager.paragraphs[p]
            return state.lines.indices.map { shifted(state.laidOutLine($0), characters: 0, y: 0) }
        }
    }

    func shifted(_ line: LineLayout, characters offset: Int, y: Double) -> LineLayout {
        var line = line
        line.characterRange = line.characterRange.lowerBound + offset..<line.characterRange.upperBound + offset
        line.rect.origin.y += y
        line.baseline += y
        for f in line.fragments.indices {
            let range = line.fragments[f].characterRange
            line.fragments[f].characterRange = range.lowerBound + offset..<range.upperBound + offset
            line.fragments[f].rect.origin.y += y
            line.fragments[f].usedRect.origin.y += y
            for g in line.fragments[f].glyphs.indices {
                line.fragments[f].glyphs[g].characterIndex += offset
                line.fragments[f].glyphs[g].position.y += y
                line.fragments[f].glyphs[g].fontIndex = 0
            }
        }
        return line
    }

    /// The island's lines are the full layout's lines for the same characters, all moved by the
    /// same vertical offset (a plain container: breaking does not depend on y).
    func expectIslandMatches(_ manager: LayoutManager, _ full: LayoutSnapshot, _ note: String) {
        let island = islandLines(manager)
        guard let first = island.first else { return }
        let exact = full.allLines.filter { $0.characterRange.lowerBound >= first.characterRange.lowerBound }
            .prefix(island.count)
        guard let exactFirst = exact.first else {
            Issue.record("\(note): island lines missing from the full layout")
            return
        }
        let dy = exactFirst.rect.minY - first.rect.minY
        let moved = island.map { shifted($0, characters: 0, y: dy) }
        let expected = exact.map { shifted($0, characters: 0, y: 0) }
        #expect(moved.count == expected.count, "\(note)")
        for (a, b) in zip(moved, expected) where a != b {
            // Moving by dy may round differently in the last bit: compare within 1e-6.
            #expect(a.characterRange == b.characterRange && abs(a.rect.minY - b.rect.minY) < 1e-6
                    && a.fragments.map(\.characterRange) == b.fragments.map(\.characterRange)
                    && zip(a.fragments, b.fragments).allSatisfy { fa, fb in
                        fa.glyphs.map(\.glyphID) == fb.glyphs.map(\.glyphID)
                            && zip(fa.glyphs, fb.glyphs).allSatisfy { abs($0.position.x - $1.position.x) < 1e-9 }
                    }, "\(note): line \(a.characterRange)")
            break
        }
    }

    @Test func farTextIsLaidOutWithoutWhatPrecedesIt() throws {
        let text = try document(paragraphs: 400)
        let (storage, manager, container) = editor(text)
        let full = base.freshLayout(storage, [container])
        let length = storage.length
        manager.ensureLayout(forCharacterRange: 0..<10)
        let exactLines = manager.statistics.linesLaidOut
        // Jump to the end: only the last paragraphs are laid out, at an estimated position.
        manager.resetStatistics()
        let target = length - 50
        manager.ensureLayout(forCharacterRange: target..<target + 10)
        #expect(manager.hasNonContiguousLayout)
        #expect(manager.firstUnlaidCharacterIndex < 2_000)
        #expect(manager.statistics.linesLaidOut < 20, "laid out \(manager.statistics.linesLaidOut) lines")
        expectIslandMatches(manager, full, "end")
        // Queries there answer from the island: a caret and hit testing agree with each other,
        // and the caret's x is exact.
        let caret = try #require(manager.caretRects(forCharacterIndex: target).first)
        let exactCaret = try #require(fullManagerCaret(storage, container, target))
        #expect(abs(caret.rect.minX - exactCaret.rect.minX) < 1e-9)
        #expect(manager.characterIndex(for: Point(x: caret.rect.minX + 0.01, y: caret.rect.midY), in: container) == target)
        #expect(manager.hasNonContiguousLayout)
        // Scrolling: a rectangle far down lays out around its estimated character.
        let y = caret.rect.minY / 2
        manager.ensureLayout(forBoundingRect: Rect(x: 0, y: y, width: 300, height: 400), in: container)
        #expect(manager.hasNonContiguousLayout)
        let covered = manager.island.map { manager.paragraphs[$0.lowerBound].startCursor!.y } ?? .infinity
        #expect(covered <= y)
        expectIslandMatches(manager, full, "middle")
        #expect(manager.statistics.linesLaidOut < 40 + exactLines)
        // Below the end of the text: the last paragraph, laid out at its estimate.
        let lastStart = storage.string.unicodeScalars.count - (text.split(separator: "\n").last.map { $0.unicodeScalars.count } ?? 0)
        let hit = manager.characterIndex(for: Point(x: 10, y: 9_000_000), in: container)
        #expect(hit >= lastStart, "hit \(hit), last paragraph at \(lastStart)")
        let end = try #require(manager.caretRects(forCharacterIndex: length).first)
        #expect(end.rect.minY > caret.rect.minY - 1_000)
        expectIslandMatches(manager, full, "end of text")
        // Exact layout replaces every estimate.
        manager.ensureLayout()
        #expect(!manager.hasNonContiguousLayout)
        #expect(manager.snapshot() == full)
    }

    func fullManagerCaret(_ storage: TextStorage, _ container: TextContainer, _ index: Int) -> CaretRect? {
        let copy = TextStorage(string: storage.string, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        copy.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: container.size))
        return manager.caretRects(forCharacterIndex: index).first
    }

    @Test func offWithSeveralContainersOrALineLimit() throws {
        let text = try document(paragraphs: 200)
        let (storage, manager, container) = editor(text)
        container.maximumNumberOfLines = 100_000
        manager.ensureLayout(forCharacterRange: storage.length - 10..<storage.length)
        #expect(!manager.hasNonContiguousLayout)
        container.maximumNumberOfLines = 0
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
        manager.ensureLayout(forCharacterRange: storage.length - 10..<storage.length)
        #expect(!manager.hasNonContiguousLayout)
    }

    /// Random edits, exclusions and size changes with noncontiguous queries in between: the
    /// exact prefix always equals a fresh layout's, an island in a plain container equals it
    /// moved by one offset, and a full layout at the end equals a fresh one.
    @Test(arguments: [31, 32, 33] as [UInt64])
    func randomEditsKeepEstimatesHonest(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let (storage, manager, container) = editor(try document(paragraphs: 60), width: 260)
        container.size = Size(width: 260, height: 100_000)
        var islands = 0
        for step in 0..<80 {
            let length = storage.length
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: IncrementalEquivalenceTests.words.randomElement(using: &rng)! + " ")
            case 1:
                let start = Int.random(in: 0..<length, using: &rng)
                storage.replaceCharacters(in: start..<min(length, start + Int.random(in: 1...30, using: &rng)), with: "")
            case 2:
                if container.exclusionPaths.isEmpty || Bool.random(using: &rng) {
                    container.exclusionPaths.append(BezierPath(ovalIn: Rect(
                        x: Double.random(in: 0...200, using: &rng), y: Double.random(in: 0...3_000, using: &rng),
                        width: 60, height: 80)))
                } else {
                    container.exclusionPaths.removeFirst()
                }
            default:
                container.size = Size(width: Double(Int.random(in: 200...300, using: &rng)), height: 100_000)
            }
            let now = storage.length
            if Bool.random(using: &rng) {
                let at = Int.random(in: 0..<now, using: &rng)
                _ = manager.caretRects(forCharacterIndex: at)
            } else {
                let y = Double.random(in: 0...6_000, using: &rng)
                manager.ensureLayout(forBoundingRect: Rect(x: 0, y: y, width: 100, height: 300), in: container)
            }
            if manager.hasNonContiguousLayout { islands += 1 }
            let fresh = base.freshLayout(storage, [container])
            let end = manager.firstUnlaidCharacterIndex
            let prefix = NoncontiguousEquivalenceTests().laidOutLines(manager)
            let expected = NoncontiguousEquivalenceTests().fullLines(fresh, through: end)
            #expect(prefix == expected, "seed \(seed) step \(step): exact prefix")
            if container.exclusionPaths.isEmpty { expectIslandMatches(manager, fresh, "seed \(seed) step \(step)") }
            if step % 10 == 9 {
                #expect(manager.snapshot() == fresh, "seed \(seed) step \(step): full layout")
            }
        }
        #expect(islands > 10, "seed \(seed): only \(islands) estimated layouts")
    }
}
