import SeededRandom
import Testing
import TextKit

/// Text Kit's `editedRange`, `changeInLength` and `editedMask` on the storage: during a batch
/// they say what the batch changed so far, while observers are told they say the same as the
/// edit they get, and afterwards there is none.
@Suite("Edited range on the storage")
struct EditedRangeTests {
    final class Recorder: TextStorageObserver {
        var seen: [(edit: TextEdit, range: Range<Int>?, change: Int, mask: TextEdit.Mask)] = []
        func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
            seen.append((edit, storage.editedRange, storage.changeInLength, storage.editedMask))
        }
    }

    @Test func aBatchSaysWhatItChangedSoFarAndObserversSeeTheSame() {
        let storage = TextStorage(string: "Hello, world.\nSecond paragraph.\n")
        let recorder = Recorder()
        storage.addObserver(recorder)
        #expect(storage.editedRange == nil && storage.changeInLength == 0 && storage.editedMask.isEmpty)
        storage.beginEditing()
        storage.replaceCharacters(in: 7..<12, with: "there")
        #expect(storage.editedRange == 7..<12 && storage.changeInLength == 0 && storage.editedMask == .characters)
        storage.replaceCharacters(in: 0..<0, with: ">> ")
        #expect(storage.editedRange == 0..<15 && storage.changeInLength == 3)
        storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: 20..<26)
        #expect(storage.editedMask == [.characters, .attributes])
        storage.endEditing()
        #expect(storage.editedRange == nil && storage.currentEdit == nil)
        #expect(recorder.seen.count == 1)
        let told = recorder.seen[0]
        #expect(told.range == told.edit.range && told.change == told.edit.changeInLength && told.mask == told.edit.mask)
        #expect(told.edit.changeInLength == 3)
    }

    /// Random edits, batched or not: whatever observers are told, the storage said it too.
    @Test func randomEditsAgreeWithWhatObserversAreTold() {
        var rng = SplitMix64(seed: 0xED17)
        let storage = TextStorage(string: String(repeating: "The quick brown fox. ", count: 20))
        let recorder = Recorder()
        storage.addObserver(recorder)
        for _ in 0..<200 {
            let batch = Bool.random(using: &rng)
            if batch { storage.beginEditing() }
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let a = Int.random(in: 0...storage.length, using: &rng), b = Int.random(in: a...min(storage.length, a + 8), using: &rng)
                if Bool.random(using: &rng) {
                    storage.replaceCharacters(in: a..<b, with: String(repeating: "x", count: Int.random(in: 0...5, using: &rng)))
                } else if b > a {
                    storage.setValue(Bool.random(using: &rng) ? nil : Color(red: 0, green: 0, blue: 1), for: \.foregroundColor, range: a..<b)
                }
            }
            if batch {
                let pending = storage.currentEdit
                storage.endEditing()
                if let pending { #expect(recorder.seen.last?.edit == pending) }
            }
            #expect(storage.currentEdit == nil)
        }
        #expect(recorder.seen.allSatisfy { $0.range == $0.edit.range && $0.change == $0.edit.changeInLength && $0.mask == $0.edit.mask })
    }
}
