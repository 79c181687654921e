import Testing
import TextKit

/// Layout queries and editing batches: inside a batch a query stops the program (its edits are
/// not laid out yet); reading the storage is fine; right after the batch, and in every
/// observer's `didProcess`, queries answer for the new text.
@Suite("Queries and editing batches")
struct EditingBatchQueryTests {
    @Test func isEditingFollowsNestedBatchesAndTheStorageStaysReadable() {
        let (storage, manager) = Fixtures.layout("Line one\nLine two")
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 1000)))
        #expect(!storage.isEditing)
        storage.beginEditing()
        storage.beginEditing()
        storage.replaceCharacters(in: 0..<4, with: "Row")
        storage.endEditing()
        #expect(storage.isEditing)
        // Reading the storage inside the batch is allowed.
        #expect(storage.string.hasPrefix("Row one"))
        #expect(storage.attributes(at: 0).attributes == Fixtures.attributes())
        storage.replaceCharacters(in: storage.length..<storage.length, with: "\n")
        storage.endEditing()
        #expect(!storage.isEditing)
        // Right after the batch: answers for the new text.
        let length = storage.length
        #expect(manager.firstUnlaidCharacterIndex <= length)
        #expect(manager.caretRects(forCharacterIndex: length).first?.rect.minY == 2 * ExtraLineFragmentTests.lineHeight)
        #expect(manager.lineFragmentRect(forCharacterAt: length - 2)?.rect.minY == ExtraLineFragmentTests.lineHeight)
    }

    /// Layout managers are told of an edit before other observers, so an observer added first
    /// still queries the new layout in `didProcess`.
    @Test func observersQueryTheNewLayoutInDidProcess() {
        final class CaretWatcher: TextStorageObserver {
            weak var manager: LayoutManager?
            var carets: [[CaretRect]] = []
            func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
                carets.append(manager!.caretRects(forCharacterIndex: storage.length))
            }
        }
        let storage = TextStorage(string: "Line one", attributes: Fixtures.attributes())
        let watcher = CaretWatcher()
        storage.addObserver(watcher)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        watcher.manager = manager
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 1000)))
        storage.replaceCharacters(in: 8..<8, with: "\n")
        storage.replaceCharacters(in: 9..<9, with: "\n")
        #expect(watcher.carets.map { $0.map(\.rect.minY) } == [[ExtraLineFragmentTests.lineHeight],
                                                                [2 * ExtraLineFragmentTests.lineHeight]])
    }

    /// A query inside a batch is a programmer error: the program stops with a message.
    @Test func aQueryInsideABatchStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let (storage, manager) = Fixtures.layout("Some text")
            manager.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
            _ = manager.snapshot()
            storage.beginEditing()
            storage.replaceCharacters(in: 0..<0, with: "More ")
            _ = manager.caretRects(forCharacterIndex: 0)
        }
    }
}
