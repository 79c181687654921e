import Testing
import TextKit
import SeededRandom

/// The delegate learns what to redraw: after any edit, exclusion or style change, every line
/// drawn differently from before (new, moved, changed or gone) lies inside the reported
/// rectangles, and what stays put far from an edit is not reported; paint-only changes report
/// their characters and no layout.
@Suite("Display invalidation covers every line drawn differently")
struct DisplayInvalidationTests {
    let base = IncrementalEquivalenceTests()

    final class Recorder: LayoutManagerDelegate {
        var rects: [ContainerRect] = []
        var characters: [Range<Int>] = []
        var completed: [(container: TextContainer?, atEnd: Bool)] = []

        func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayIn rects: [ContainerRect]) {
            self.rects += rects
        }
        func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayForCharacterRange range: Range<Int>) {
            characters.append(range)
        }
        func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutFor container: TextContainer?, atEnd: Bool) {
            completed.append((container, atEnd))
        }

        func covers(_ container: Int, _ rect: Rect) -> Bool {
            rects.contains { $0.containerIndex == container && $0.rect.minY <= rect.minY + 1e-6 && $0.rect.maxY >= rect.maxY - 1e-6 }
        }
    }

    /// A line as drawn: container, band, glyphs and their positions (not its character offsets,
    /// which move with edits before it without changing the drawing).
    struct Drawn: Hashable {
        var container: Int
        var rect: Rect
        var glyphs: [String]
    }

    static func drawn(_ snapshot: LayoutSnapshot) -> [Drawn] {
        snapshot.containers.flatMap { container in
            container.lines.map { line in
                Drawn(container: container.index, rect: line.rect, glyphs: line.fragments.flatMap { fragment in
                    fragment.glyphs.map { "\($0.glyphID) \($0.position) \($0.advance) \(snapshot.fonts[$0.fontIndex].pointSize)" }
                })
            }
        }
    }

    @Test(arguments: [101, 102, 103, 104] as [UInt64])
    func everyLineDrawnDifferentlyIsReported(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let (storage, manager) = base.randomLayout(&rng, text: try ParagraphSplitJoinTests.document(&rng), containers: 2)
        manager.textContainers[1].size.height = 3_000
        let recorder = Recorder()
        manager.delegate = recorder
        var before = Self.drawn(manager.snapshot())
        for step in 0..<40 {
            recorder.rects = []
            let length = storage.length
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: "\n")
            case 1:
                guard let at = ParagraphSplitJoinTests.separators(storage).randomElement(using: &rng) else { continue }
                storage.replaceCharacters(in: at..<at + 1, with: "")
            case 2:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: "typed words ")
            case 3:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.replaceCharacters(in: start..<min(length, start + Int.random(in: 1...300, using: &rng)), with: "")
            case 4:
                base.toggleRandomExclusion(&rng, in: manager)
            default:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.setValue(ParagraphSplitJoinTests.randomStyle(&rng), for: \.paragraphStyle,
                                 range: start..<min(length, start + 200))
            }
            let after = Self.drawn(manager.snapshot())
            let kept = Set(before).intersection(after)
            let missing = (before + after).filter { !kept.contains($0) && !recorder.covers($0.container, $0.rect) }
            #expect(missing.isEmpty, "seed \(seed) step \(step): \(missing.count) lines drawn differently, not reported")
            before = after
        }
        #expect(recorder.completed.last?.atEnd == true)
    }

    /// Typing in one paragraph of a plain column reports that paragraph's lines, not the text
    /// above it; a colour change reports its characters and lays nothing out.
    @Test func typingReportsItsParagraphAndPaintReportsCharacters() throws {
        let text = String(try Fixtures.text("debian-reference.txt").prefix(20_000))
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: 300, height: 1_000_000))
        manager.addTextContainer(container)
        let recorder = Recorder()
        manager.delegate = recorder
        manager.ensureLayout()
        #expect(recorder.completed.last.map { $0.container === container && $0.atEnd } == true)
        recorder.rects = []
        let at = 10_000
        let line = try #require(manager.lineFragmentRect(forCharacterAt: at)).rect
        recorder.rects = []
        storage.replaceCharacters(in: at..<at, with: "x")
        manager.ensureLayout()
        let reported = try #require(recorder.rects.first).rect
        #expect(recorder.rects.count == 1)
        #expect(reported.minY > 1_000 && reported.minY <= line.minY && reported.maxY >= line.maxY)
        #expect(reported.height < 1_000, "one paragraph, not the document: \(reported)")
        recorder.rects = []
        manager.resetStatistics()
        storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: 100..<200)
        manager.ensureLayout()
        #expect(recorder.characters.last == 100..<200)
        #expect(recorder.rects.isEmpty && manager.statistics.linesLaidOut == 0)
        manager.invalidateDisplay(forCharacterRange: 5..<9)
        #expect(recorder.characters.last == 5..<9)
    }
}
