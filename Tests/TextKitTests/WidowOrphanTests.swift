import Testing
import TextKit

/// Widow and orphan control across containers (``ParagraphStyle/preventsWidowsAndOrphans``).
@Suite("Widows and orphans")
struct WidowOrphanTests {
    /// Four lines at 200 points wide (checked below).
    static let long = "The quick brown fox jumps over the lazy dog and keeps on running through the field until the sun goes down"
    /// Three lines at 200 points wide.
    static let medium = "The quick brown fox jumps over the lazy dog and keeps on running"

    /// Lays `text` out in `count` containers of 200 × `lines` line heights.
    func layout(_ text: String, lines: Int, count: Int = 2, control: Bool,
                strategy: LineBreakStrategy = .greedy, fits: Bool = true) throws -> LayoutSnapshot {
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle.preventsWidowsAndOrphans = control
        attributes.paragraphStyle.lineBreakStrategy = strategy
        let (_, probe) = Fixtures.layout("x", attributes: attributes)
        probe.addTextContainer(TextContainer(size: Size(width: 200, height: 1000)))
        let height = try #require(probe.snapshot().allLines.first).rect.height
        let (_, manager) = Fixtures.layout(text, attributes: attributes)
        for _ in 0..<count {
            manager.addTextContainer(TextContainer(size: Size(width: 200, height: Double(lines) * height + 0.5)))
        }
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        #expect((snapshot.overflowRange == nil) == fits)
        return snapshot
    }

    /// The number of lines of each container.
    func counts(_ snapshot: LayoutSnapshot) -> [Int] { snapshot.containers.map(\.lines.count) }

    func counts(_ text: String, lines: Int, count: Int = 2, control: Bool, strategy: LineBreakStrategy = .greedy) throws -> [Int] {
        counts(try layout(text, lines: lines, count: count, control: control, strategy: strategy))
    }

    @Test func paragraphsHaveTheExpectedLineCounts() throws {
        #expect(try counts(Self.long, lines: 10, count: 1, control: false) == [4])
        #expect(try counts(Self.medium, lines: 10, count: 1, control: false) == [3])
    }

    @Test func orphanMovesToTheNextContainer() throws {
        let text = "Alpha\nBeta\nGamma\n" + Self.long
        // Without control the long paragraph's first line is alone at the bottom of the first container.
        #expect(try counts(text, lines: 4, control: false) == [4, 3])
        #expect(try counts(text, lines: 4, control: true) == [3, 4])
    }

    @Test func widowTakesThePreviousLineAlong() throws {
        #expect(try counts(Self.long, lines: 3, control: false) == [3, 1])
        #expect(try counts(Self.long, lines: 3, control: true) == [2, 2])
    }

    @Test func widowAndOrphanTogetherMoveTheWholeParagraph() throws {
        // Two lines of room: moving the second line to avoid a widow would orphan the first.
        let text = "Alpha\n" + Self.medium
        #expect(try counts(text, lines: 3, control: false) == [3, 1])
        #expect(try counts(text, lines: 3, control: true) == [1, 3])
    }

    @Test func nothingMovesPastTheLastContainer() throws {
        // The orphan stays (and the rest overflows) when there is no next container.
        let text = "Alpha\nBeta\nGamma\n" + Self.long
        let off = try layout(text, lines: 4, count: 1, control: false, fits: false)
        let on = try layout(text, lines: 4, count: 1, control: true, fits: false)
        #expect(counts(on) == [4])
        #expect(on == off)
    }

    @Test func optimalBreakingFallsBackToAvoidThem() throws {
        #expect(try counts(Self.long, lines: 3, control: true, strategy: .optimal) == [2, 2])
        #expect(try counts("Alpha\nBeta\nGamma\n" + Self.long, lines: 4, control: true, strategy: .optimal) == [3, 4])
    }

    @Test func editsGiveTheLayoutOfAFreshRun() throws {
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle.preventsWidowsAndOrphans = true
        let text = "Alpha\nBeta\nGamma\n" + Self.long + "\n" + Self.medium + "\n" + Self.long
        let (storage, manager) = Fixtures.layout(text, attributes: attributes)
        for _ in 0..<4 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 60))) }
        _ = manager.snapshot()
        for (at, insert) in [(0, "Al "), (12, "x"), (0, "Once more a longer first line "), (40, "quick ")] {
            storage.replaceCharacters(in: at..<at, with: insert)
            let edited = manager.snapshot()
            let (_, fresh) = Fixtures.layout(storage.string, attributes: attributes)
            for _ in 0..<4 { fresh.addTextContainer(TextContainer(size: Size(width: 200, height: 60))) }
            #expect(firstDifference(edited.allLines, fresh.snapshot().allLines) == nil)
        }
    }

    /// A line's placement depends on the next one or two lines, but geometry invalidation keeps
    /// the lines above a change: removing an exclusion in the next container that made the last
    /// line wrap leaves a widow until layout runs afresh. Needs the layout manager to invalidate
    /// two lines earlier (see `LayoutManager+Invalidation.swift`, `invalidateLines`).
    @Test func exclusionChangesBelowALineReconsiderIt() throws {
        var attributes = Fixtures.attributes()
        attributes.paragraphStyle.preventsWidowsAndOrphans = true
        let text = "Alpha\n" + Self.long
        let (_, probe) = Fixtures.layout("x", attributes: attributes)
        probe.addTextContainer(TextContainer(size: Size(width: 200, height: 1000)))
        let height = try #require(probe.snapshot().allLines.first).rect.height
        func containers() -> [TextContainer] {
            (0..<2).map { _ in TextContainer(size: Size(width: 200, height: 4 * height + 0.5)) }
        }
        let (_, manager) = Fixtures.layout(text, attributes: attributes)
        let chain = containers()
        for container in chain { manager.addTextContainer(container) }
        chain[1].exclusionPaths = [BezierPath(rect: Rect(x: 60, y: 0, width: 140, height: 3 * height))]
        _ = manager.snapshot()
        chain[1].exclusionPaths = []
        let edited = manager.snapshot()
        let (_, fresh) = Fixtures.layout(text, attributes: attributes)
        for container in containers() { fresh.addTextContainer(container) }
        let expected = fresh.snapshot()
        #expect(counts(expected) == [3, 2])
        #expect(counts(edited) == counts(expected))
        #expect(firstDifference(edited.allLines, expected.allLines) == nil)
    }
}
