import Testing
import TextKit
import SeededRandom

/// A batch (`beginEditing()` … `endEditing()`) never costs more than its edits one by one, and
/// lays out what a fresh layout of the final text lays out.
@Suite("Batched edits")
struct BatchedEditTests {
    /// One edit, replayable on any storage.
    enum Edit {
        case replace(Range<Int>, String)
        case color(Range<Int>)
        case font(Range<Int>, size: Double)
        case style(Range<Int>, ParagraphStyle)

        func apply(to storage: TextStorage) {
            switch self {
            case let .replace(range, text): storage.replaceCharacters(in: range, with: text)
            case let .color(range): storage.setValue(Color(red: 0.8, green: 0, blue: 0), for: \.foregroundColor, range: range)
            case let .font(range, size):
                storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: size), for: \.font, range: range)
            case let .style(range, style): storage.setValue(style, for: \.paragraphStyle, range: range)
            }
        }
    }

    /// The first paragraphs of the Debian reference fixture: real prose, 40 paragraphs.
    static func text() throws -> String {
        let lines = try Fixtures.text("debian-reference.txt").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix(40).joined(separator: "\n")
    }

    /// A storage laid out in one tall column, with its statistics reset.
    func laidOut(_ text: String) -> (TextStorage, LayoutManager) {
        let (storage, manager) = Fixtures.layout(text)
        manager.addTextContainer(TextContainer(size: Size(width: 360, height: 100_000)))
        manager.ensureLayout()
        manager.resetStatistics()
        return (storage, manager)
    }

    /// The layout of the same text and attributes done from scratch.
    func fresh(_ storage: TextStorage) -> LayoutSnapshot {
        let (copy, manager) = laidOut("")
        copy.replaceCharacters(in: 0..<0, with: storage.attributedSubstring(from: 0..<storage.length))
        return manager.snapshot()
    }

    /// Applies `edits` to two laid-out twins, batched on one and one by one on the other, and
    /// returns both managers after layout.
    func compare(_ text: String, _ edits: [Edit]) -> (batched: LayoutManager, unbatched: LayoutManager, storage: TextStorage) {
        let (storage, batched) = laidOut(text)
        let (twin, unbatched) = laidOut(text)
        storage.beginEditing()
        for edit in edits { edit.apply(to: storage) }
        storage.endEditing()
        for edit in edits { edit.apply(to: twin) }
        batched.ensureLayout()
        unbatched.ensureLayout()
        return (batched, unbatched, storage)
    }

    /// The shape measured before batches kept their stretches apart: a colour change in one
    /// paragraph, a font change and character edits in others were merged into one range with
    /// every kind of change, which reshaped the paragraphs from the first edit to the last (10
    /// here), where the same edits one by one reshape the 4 they touch.
    @Test func aBatchReshapesOnlyTheParagraphsItsEditsReshape() throws {
        let text = try Self.text()
        let starts = [0] + Array(text.unicodeScalars).enumerated().filter { $0.element == "\n" }.map { $0.offset + 1 }
        let edits: [Edit] = [
            .color(starts[2] + 5..<starts[2] + 30),
            .replace(starts[4] + 10..<starts[4] + 10, "inserted "),
            .font(starts[7] + 3..<starts[7] + 9, size: 14),
            .replace(starts[9] + 20..<starts[9] + 24, ""),
            .replace(starts[12] + 2..<starts[12] + 2, "more "),
        ]
        let (batched, unbatched, storage) = compare(text, edits)
        #expect(unbatched.statistics.paragraphsShaped == 4)
        #expect(batched.statistics.paragraphsShaped == 4)
        #expect(batched.snapshot() == fresh(storage))
    }

    @Test func aBatchOfColourChangesRedoesNothing() throws {
        let text = try Self.text()
        let (storage, manager) = laidOut(text)
        let before = manager.snapshot()
        manager.resetStatistics()
        storage.beginEditing()
        for start in stride(from: 100, to: 6_000, by: 700) { Edit.color(start..<start + 40).apply(to: storage) }
        storage.endEditing()
        #expect(manager.snapshot() == before)
        #expect(manager.statistics == LayoutStatistics())
    }

    @Test func aBatchOfParagraphStylesOnlyReBreaks() throws {
        let text = try Self.text()
        var style = ParagraphStyle()
        style.alignment = .justified
        let (batched, unbatched, storage) = compare(text, [.style(300..<310, style), .style(5_000..<5_001, style)])
        #expect(batched.statistics.paragraphsShaped == 0)
        #expect(batched.statistics.paragraphsLaidOut <= unbatched.statistics.paragraphsLaidOut)
        #expect(batched.snapshot() == fresh(storage))
    }

    /// Random batches of random edits over real text: after `endEditing()` the layout equals a
    /// fresh layout of the final text, and the batch shaped no more paragraphs than the same
    /// edits one by one on a twin.
    @Test(arguments: Array(UInt64(1)...6))
    func randomBatchesCostNoMoreThanTheirEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let text = try Self.text()
        let (storage, batched) = laidOut(text)
        let (twin, unbatched) = laidOut(text)
        for round in 0..<8 {
            let edits = randomBatch(length: storage.length, &rng)
            batched.resetStatistics()
            unbatched.resetStatistics()
            storage.beginEditing()
            for edit in edits { edit.apply(to: storage) }
            storage.endEditing()
            for edit in edits { edit.apply(to: twin) }
            let snapshot = batched.snapshot()
            _ = unbatched.snapshot()
            let context = "seed \(seed) round \(round)"
            #expect(storage.string == twin.string, "\(context)")
            #expect(firstDifference(snapshot.allLines, fresh(storage).allLines) == nil, "\(context)")
            #expect(snapshot == fresh(storage), "\(context)")
            #expect(batched.statistics.paragraphsShaped <= unbatched.statistics.paragraphsShaped, "\(context)")
        }
    }

    /// The same after a layout that stopped early (`ensureLayout(forCharacterRange:)`), so the
    /// batch's stretches fall before, across and past the text split into paragraphs so far.
    @Test(arguments: Array(UInt64(11)...14))
    func randomBatchesOverPartlyLaidOutText(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let text = try Self.text()
        for round in 0..<6 {
            let (storage, manager) = Fixtures.layout(text)
            manager.addTextContainer(TextContainer(size: Size(width: 360, height: 100_000)))
            let through = Int.random(in: 0..<storage.length, using: &rng)
            manager.ensureLayout(forCharacterRange: through..<through + 1)
            storage.beginEditing()
            for edit in randomBatch(length: storage.length, &rng) { edit.apply(to: storage) }
            storage.endEditing()
            let context = "seed \(seed) round \(round)"
            #expect(firstDifference(manager.snapshot().allLines, fresh(storage).allLines) == nil, "\(context)")
        }
    }

    /// 1…12 random edits, valid one after the other on a text of `length` characters; half of
    /// them land near the one before (typing, a replace-all of nearby words).
    func randomBatch(length: Int, _ rng: inout SplitMix64) -> [Edit] {
        var edits: [Edit] = []
        var length = length
        var last = Int.random(in: 0...length, using: &rng)
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            let start = Bool.random(using: &rng) ? Int.random(in: 0...length, using: &rng)
                : min(length, max(0, last + Int.random(in: -40...40, using: &rng)))
            let range = start..<min(length, start + Int.random(in: 0...30, using: &rng))
            let edit = randomEdit(range, &rng)
            if case let .replace(range, inserted) = edit { length += inserted.unicodeScalars.count - range.count }
            edits.append(edit)
            last = start
        }
        return edits
    }

    func randomEdit(_ range: Range<Int>, _ rng: inout SplitMix64) -> Edit {
        let words = ["a", "word", "typesetting", " ", "\n", "\n\n", "\r", "\r\n", "é", "fi", "the office"]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:
            let inserted = (0..<Int.random(in: 0...3, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined()
            return .replace(range, inserted)
        case 2: return .replace(range, "")
        case 3: return .color(range)
        case 4: return .font(range, size: Double(Int.random(in: 9...16, using: &rng)))
        default:
            var style = ParagraphStyle()
            style.alignment = TextAlignment.allCases.randomElement(using: &rng)!
            style.paragraphSpacingBefore = Double(Int.random(in: 0...4, using: &rng))
            return .style(range, style)
        }
    }
}
