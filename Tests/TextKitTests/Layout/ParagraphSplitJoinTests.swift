import Testing
import TextKit
import SeededRandom

/// Typing Return (splitting a paragraph) and joining two paragraphs move the paragraphs below
/// instead of laying them out again where their bands answer alike; after any sequence of splits,
/// joins, style and exclusion changes, the layout equals a fresh one, bit for bit (fractional
/// spacings and sizes included: a paragraph is laid out in its own frame, so moving it gives the
/// same positions a fresh layout computes).
@Suite("Splitting and joining paragraphs equals a fresh layout")
struct ParagraphSplitJoinTests {
    let base = IncrementalEquivalenceTests()

    enum Geometry: String, CaseIterable {
        /// One tall column, no exclusions: every paragraph below an edit is moved.
        case plain
        /// One tall column with exclusions added and removed.
        case exclusions
        /// Three small containers with exclusions: paragraphs cross container ends.
        case chain
    }

    /// About 60 lines of a fixture text, whole lines.
    static func document(_ rng: inout SplitMix64) throws -> String {
        let name = ["debian-reference.txt", "paragraphs.txt", "prose.txt"].randomElement(using: &rng)!
        let lines = try Fixtures.text(name).split(separator: "\n", omittingEmptySubsequences: false)
        let start = Int.random(in: 0..<max(1, lines.count - 60), using: &rng)
        return lines[start..<min(lines.count, start + 60)].joined(separator: "\n")
    }

    func setUp(_ geometry: Geometry, _ rng: inout SplitMix64) throws -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: try Self.document(&rng), attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        switch geometry {
        case .plain, .exclusions:
            let container = TextContainer(size: Size(width: Double(Int.random(in: 150...400, using: &rng)), height: 1_000_000))
            container.lineFragmentPadding = Double(Int.random(in: 0...4, using: &rng))
            manager.addTextContainer(container)
            if geometry == .exclusions {
                for _ in 0..<3 {
                    var rect = Rect(x: Double.random(in: 0...120, using: &rng), y: Double.random(in: 0...1_500, using: &rng),
                                    width: Double.random(in: 20...90, using: &rng), height: Double.random(in: 10...120, using: &rng))
                    rect.origin.y += 0.3
                    container.exclusionPaths.append(Bool.random(using: &rng) ? BezierPath(ovalIn: rect) : BezierPath(rect: rect))
                }
            }
        case .chain:
            for _ in 0..<3 {
                let container = base.randomContainer(&rng)
                container.size.height = Double(Int.random(in: 200...700, using: &rng))
                manager.addTextContainer(container)
            }
            for _ in 0..<2 { base.toggleRandomExclusion(&rng, in: manager) }
        }
        return (storage, manager)
    }

    /// A paragraph style with fractional spacings, a line height multiple, maybe line height
    /// limits, widow control and optimal breaking.
    static func randomStyle(_ rng: inout SplitMix64) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.alignment = TextAlignment.allCases.randomElement(using: &rng)!
        style.lineSpacing = [0, 0.37, 1.1, 2].randomElement(using: &rng)!
        style.paragraphSpacing = [0, 0.7, 3.3, 6].randomElement(using: &rng)!
        style.paragraphSpacingBefore = [0, 0.1, 2.9].randomElement(using: &rng)!
        style.lineHeightMultiple = [1, 1.15, 1.3].randomElement(using: &rng)!
        style.preventsWidowsAndOrphans = Int.random(in: 0..<4, using: &rng) == 0
        style.lineBreakStrategy = Int.random(in: 0..<4, using: &rng) == 0 ? .optimal : .greedy
        style.minimumLineHeight = [0, 0, 18.3].randomElement(using: &rng)!
        style.maximumLineHeight = [0, 0, 0, 12.7].randomElement(using: &rng)!
        return style
    }

    /// Places of paragraph separators, for joins.
    static func separators(_ storage: TextStorage) -> [Int] {
        storage.string.unicodeScalars.enumerated().compactMap { $0.element == "\n" ? $0.offset : nil }
    }

    @Test(arguments: Geometry.allCases, [71, 72, 73, 74] as [UInt64])
    func splitsAndJoinsMatchAFreshLayout(geometry: Geometry, seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let (storage, manager) = try setUp(geometry, &rng)
        if Bool.random(using: &rng) {
            storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 11.3), for: \.font, range: 0..<storage.length)
        }
        manager.ensureLayout()
        for step in 0..<40 {
            let length = storage.length
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                // Return, mostly near the start (everything below moves).
                let at = Int.random(in: 0...(Bool.random(using: &rng) ? min(length, 300) : length), using: &rng)
                storage.replaceCharacters(in: at..<at, with: ["\n", "\n", "\n\n", "\u{2028}"].randomElement(using: &rng)!)
            case 4...6:
                guard let at = Self.separators(storage).randomElement(using: &rng) else { continue }
                storage.replaceCharacters(in: at..<at + 1, with: Bool.random(using: &rng) ? "" : " ")
            case 7:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.setValue(Self.randomStyle(&rng), for: \.paragraphStyle,
                                 range: start..<min(length, start + Int.random(in: 1...400, using: &rng)))
            case 8 where geometry != .plain:
                base.toggleRandomExclusion(&rng, in: manager)
            default:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: "word ")
            }
            let fresh = base.freshLayout(storage, manager.textContainers)
            let incremental = manager.snapshot()
            #expect(incremental == fresh, "\(geometry) seed \(seed) step \(step)")
            if incremental != fresh { return }
        }
    }

    /// In a plain column, Return near the start of a long document lays out the split paragraph
    /// only: every paragraph below is moved.
    @Test func returnNearTheStartMovesEverythingBelow() throws {
        let text = String(repeating: try Fixtures.text("debian-reference.txt") + "\n", count: 4)
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 10_000_000)))
        manager.ensureLayout()
        let paragraphs = manager.paragraphs.count
        var at = 200
        while storage.scalars[at] != " " { at += 1 }
        for edit in 0..<4 {
            manager.resetStatistics()
            let moved = manager.paragraphsMoved
            if edit % 2 == 0 {
                storage.replaceCharacters(in: at..<at, with: "\n")
            } else {
                storage.replaceCharacters(in: at..<at + 1, with: "")
            }
            manager.ensureLayout()
            #expect(manager.statistics.paragraphsLaidOut <= 2, "edit \(edit)")
            #expect(manager.paragraphsMoved - moved >= paragraphs - 3, "edit \(edit)")
        }
        #expect(manager.snapshot() == base.freshLayout(storage, manager.textContainers))
    }
}
