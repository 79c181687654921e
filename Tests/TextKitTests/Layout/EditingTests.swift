import Testing
import TextKit
import SeededRandom

/// Edit batching and what each kind of edit invalidates, counted by `LayoutManager.statistics`.
@Suite("Editing and invalidation")
struct EditingTests {
    final class Recorder: TextStorageObserver {
        var edits: [TextEdit] = []
        func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) { edits.append(edit) }
    }

    static let text = "First paragraph here.\nSecond paragraph, a little longer than the first.\nThird.\nFourth and last."

    /// A laid-out manager with its statistics reset.
    func prepared() -> (TextStorage, LayoutManager) {
        let (storage, manager) = Fixtures.layout(Self.text)
        _ = manager.layOutPages(PageSetup(), count: .fixed(1))
        manager.resetStatistics()
        return (storage, manager)
    }

    /// The layout of the same text and attributes done from scratch.
    func fresh(_ storage: TextStorage) -> LayoutSnapshot {
        let copy = TextStorage(string: "", attributes: Fixtures.attributes())
        copy.replaceCharacters(in: 0..<0, with: storage.string)
        storage.enumerateAttributes(in: 0..<storage.length) { attributes, range in
            copy.setAttributes(attributes, range: range)
        }
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        copy.addLayoutManager(manager)
        _ = manager.layOutPages(PageSetup(), count: .fixed(1))
        return manager.snapshot()
    }

    @Test func batchedEditsArriveOnceWithTheUnionRangeAndTotalDelta() {
        let storage = TextStorage(string: "abcdef")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.beginEditing()
        storage.replaceCharacters(in: 1..<2, with: "XYZ")   // aXYZcdef
        storage.replaceCharacters(in: 6..<8, with: "")      // aXYZcd
        var attributes = TextAttributes()
        attributes.foregroundColor = Color(red: 1, green: 0, blue: 0)
        storage.setAttributes(attributes, range: 0..<1)
        storage.endEditing()
        #expect(storage.string == "aXYZcd")
        #expect(recorder.edits.count == 1)
        let edit = recorder.edits[0]
        #expect(edit.mask == [.characters, .attributes])
        #expect(edit.changeInLength == 0)
        #expect(edit.range == 0..<6)
        #expect(edit.attributeChanges == .paint)
    }

    @Test func unbatchedEditsArriveOneByOne() {
        let storage = TextStorage(string: "hello")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.replaceCharacters(in: 5..<5, with: " world")
        storage.replaceCharacters(in: 0..<1, with: "J")
        #expect(recorder.edits.map(\.range) == [5..<11, 0..<1])
        #expect(recorder.edits.map(\.changeInLength) == [6, 0])
    }

    @Test func attributeRunsMergeAndSplit() {
        let storage = TextStorage(string: "0123456789")
        var red = TextAttributes()
        red.foregroundColor = Color(red: 1, green: 0, blue: 0)
        storage.setAttributes(red, range: 2..<5)
        #expect(storage.attributes(at: 3).effectiveRange == 2..<5)
        #expect(storage.attributes(at: 6).effectiveRange == 5..<10)
        storage.setAttributes(TextAttributes(), range: 2..<5)
        #expect(storage.attributes(at: 3).effectiveRange == 0..<10)
        storage.replaceCharacters(in: 4..<4, with: "abc", attributes: red)
        #expect(storage.attributes(at: 5).effectiveRange == 4..<7)
        #expect(storage.attributes(at: 8).effectiveRange == 7..<13)
    }

    @Test func paintOnlyEditRedoesNothing() {
        let (storage, manager) = prepared()
        let before = manager.snapshot()
        manager.resetStatistics()
        storage.setValue(Color(red: 0, green: 0, blue: 1), for: \.foregroundColor, range: 30..<40)
        let after = manager.snapshot()
        #expect(manager.statistics == LayoutStatistics())
        #expect(after == before)
    }

    @Test func paragraphStyleEditReBreaksWithoutReshaping() {
        let (storage, manager) = prepared()
        var style = ParagraphStyle()
        style.alignment = .center
        storage.setValue(style, for: \.paragraphStyle, range: 22..<30)
        let after = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 0)
        // Only the restyled paragraph: the next one still starts where it did, so the layout
        // re-synchronizes and reuses the lines after it.
        #expect(manager.statistics.paragraphsLaidOut == 1)
        #expect(after == fresh(storage))
    }

    @Test func characterEditReshapesOnlyItsParagraph() {
        let (storage, manager) = prepared()
        storage.replaceCharacters(in: 30..<30, with: "inserted words ")
        let after = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 1)
        #expect(manager.statistics.paragraphsLaidOut == 1)
        #expect(after == fresh(storage))
    }

    @Test func anEditThatAddsALineMovesTheParagraphsAfterIt() {
        let (storage, manager) = prepared()
        let moved = manager.paragraphsMoved
        storage.replaceCharacters(in: 30..<30, with: String(repeating: "more words ", count: 12))
        let after = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 1)
        // The paragraphs after it are moved down, not laid out again (a plain container).
        #expect(manager.statistics.paragraphsLaidOut == 1)
        #expect(manager.paragraphsMoved - moved == 2)
        #expect(after == fresh(storage))
    }

    @Test func anExclusionChangeReLaysOutOnlyTheLinesItMeets() throws {
        let text = try Fixtures.text("prose.txt")
        let (storage, manager) = Fixtures.layout(text)
        _ = manager.layOutPages(PageSetup(), count: .fixed(1))
        let total = manager.snapshot().allLines.count
        manager.resetStatistics()
        let container = manager.textContainers[0]
        let lines = manager.snapshot().allLines
        let bottom = try #require(lines.last).rect.minY
        container.exclusionPaths = [BezierPath(ovalIn: Rect(x: 100, y: bottom - 30, width: 80, height: 60))]
        let snapshot = manager.snapshot()
        #expect(manager.statistics.linesLaidOut > 0)
        #expect(manager.statistics.linesLaidOut < total / 2)
        #expect(manager.statistics.paragraphsShaped == 0)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        // Same as laying the text out from scratch around the same shape.
        let fresh = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        TextStorage(string: storage.string, attributes: Fixtures.attributes()).addLayoutManager(fresh)
        let freshContainer = TextContainer(size: container.size)
        freshContainer.lineFragmentPadding = container.lineFragmentPadding
        freshContainer.exclusionPaths = container.exclusionPaths
        fresh.addTextContainer(freshContainer)
        #expect(firstDifference(snapshot.allLines, fresh.snapshot().allLines) == nil)
    }

    @Test func fontEditReshapesOnlyTouchedParagraphs() {
        let (storage, manager) = prepared()
        storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 20), for: \.font, range: 60..<70)
        let after = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 1)
        #expect(after == fresh(storage))
    }

    @Test func joiningAndSplittingParagraphsMatchesAFreshLayout() {
        let (storage, manager) = prepared()
        storage.replaceCharacters(in: 21..<22, with: " ")      // join paragraphs 1 and 2
        #expect(manager.snapshot() == fresh(storage))
        storage.replaceCharacters(in: 10..<10, with: "\n\n")    // split paragraph 1 twice
        #expect(manager.snapshot() == fresh(storage))
        storage.replaceCharacters(in: 0..<storage.length, with: "")
        #expect(manager.snapshot() == fresh(storage))
    }

    @Test func exclusionChangeReBreaksWithoutReshaping() {
        let (storage, manager) = prepared()
        manager.textContainers[0].exclusionPaths = [BezierPath(ovalIn: Rect(x: 100, y: 0, width: 120, height: 120))]
        let snapshot = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 0)
        #expect(manager.statistics.paragraphsLaidOut == 4)
        #expect(snapshot.invariantViolations(text: Array(Self.text.unicodeScalars), leftToRightOnly: true) == [])
        #expect(storage.length == Self.text.unicodeScalars.count)
    }

    @Test func layoutManagerSeesEveryEditOfASharedStorage() {
        let storage = TextStorage(string: Self.text, attributes: Fixtures.attributes())
        let first = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        let second = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(first)
        storage.addLayoutManager(second)
        _ = first.layOutPages(PageSetup(), count: .fixed(1))
        var narrow = PageSetup()
        narrow.pageSize = Size(width: 300, height: 792)
        _ = second.layOutPages(narrow, count: .fixed(1))
        storage.replaceCharacters(in: 0..<5, with: "1st")
        #expect(storage.layoutManagers.count == 2)
        #expect(first.snapshot().allLines.first?.characterRange.lowerBound == 0)
        #expect(first.snapshot() == fresh(storage))
        #expect(second.snapshot().allLines.count > first.snapshot().allLines.count)
    }
}

@Suite("Attribute runs")
struct AttributeRunTests {
    /// Random replacements and attribute changes against a per-character model: every character
    /// has the model's attributes, and runs are maximal (neighbours always differ).
    @Test(arguments: [7, 8, 9])
    func runsMatchAPerCharacterModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let palette = (0..<4).map { index -> TextAttributes in
            var attributes = TextAttributes()
            attributes.tracking = Double(index)
            return attributes
        }
        let storage = TextStorage(string: "abcdefghij", attributes: palette[0])
        var model = [Int](repeating: 0, count: 10)
        for _ in 0..<2000 {
            let length = storage.length
            let start = Int.random(in: 0...length, using: &rng)
            let end = min(length, start + Int.random(in: 0...6, using: &rng))
            let color = Int.random(in: 0..<palette.count, using: &rng)
            if Bool.random(using: &rng) {
                let count = Int.random(in: 0...5, using: &rng)
                storage.replaceCharacters(in: start..<end, with: String(repeating: "x", count: count), attributes: palette[color])
                model.replaceSubrange(start..<end, with: Array(repeating: color, count: count))
            } else if start < end {
                storage.setAttributes(palette[color], range: start..<end)
                model.replaceSubrange(start..<end, with: Array(repeating: color, count: end - start))
            }
            guard storage.length > 0 else { continue }
            var previous: TextAttributes?
            var covered = 0
            storage.enumerateAttributes(in: 0..<storage.length) { attributes, range in
                #expect(range.lowerBound == covered)
                covered = range.upperBound
                #expect(attributes != previous)
                previous = attributes
                for index in range { #expect(attributes == palette[model[index]]) }
            }
            #expect(covered == storage.length)
        }
    }

    @Test func aDocumentWithThousandsOfRunsBuildsInOnePass() {
        let text = String(repeating: "ab", count: 20_000)
        let runs = (0..<40_000).map { index -> AttributedText.AttributeRun in
            var attributes = TextAttributes()
            attributes.tracking = Double(index % 2)
            return .init(range: index..<index + 1, attributes: attributes)
        }
        let storage = TextStorage(attributedText: AttributedText(text, runs: runs))
        #expect(storage.attributes(at: 39_999).effectiveRange == 39_999..<40_000)
        #expect(storage.attributedSubstring(from: 0..<storage.length).runs.count == 40_000)
    }
}
