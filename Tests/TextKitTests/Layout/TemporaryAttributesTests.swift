import Testing
import TextKit
import SeededRandom

/// Temporary attributes never touch layout, tell the delegate what to redraw, and follow the
/// text through any edits and batches exactly as a per-character model does.
@Suite("Temporary attributes follow the text and never lay out")
struct TemporaryAttributesTests {
    static let red = TemporaryAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0))
    static let marked = TemporaryAttributes(backgroundColor: Color(red: 1, green: 1, blue: 0))
    static let misspelled = TemporaryAttributes(underline: LineDecoration(style: .single, color: Color(red: 1, green: 0, blue: 0)))

    final class Recorder: LayoutManagerDelegate {
        var characters: [Range<Int>] = []
        func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayForCharacterRange range: Range<Int>) {
            characters.append(range)
        }
    }

    @Test func settingThemLaysNothingOut() throws {
        let storage = TextStorage(string: try Fixtures.text("prose.txt"), attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 10_000)))
        let recorder = Recorder()
        manager.delegate = recorder
        let before = manager.snapshot()
        manager.resetStatistics()
        manager.addTemporaryAttributes(Self.misspelled, forCharacterRange: 10..<20)
        manager.addTemporaryAttributes(Self.marked, forCharacterRange: 15..<30)
        #expect(manager.firstUnlaidCharacterIndex == storage.length)
        #expect(manager.snapshot() == before && manager.statistics == LayoutStatistics())
        #expect(recorder.characters == [10..<20, 15..<30])
        #expect(manager.temporaryAttributes(atCharacterIndex: 17) == (Self.misspelled.merging(Self.marked), 15..<20))
        #expect(manager.temporaryAttributes(atCharacterIndex: 12).range == 10..<15)
        #expect(manager.temporaryAttributes(atCharacterIndex: 40) == (TemporaryAttributes(), 30..<storage.length))
        manager.removeTemporaryAttributes(forCharacterRange: 0..<storage.length)
        var any = false
        manager.enumerateTemporaryAttributes(in: 0..<storage.length) { _, _ in any = true }
        #expect(!any)
    }

    @Test(arguments: [111, 112, 113, 114] as [UInt64])
    func theyFollowTheTextLikeAPerCharacterModel(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let storage = TextStorage(string: try Fixtures.text("prose.txt"), attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 10_000)))
        var model = [TemporaryAttributes](repeating: TemporaryAttributes(), count: storage.length)
        let kinds = [Self.red, Self.marked, Self.misspelled]
        func randomRange() -> Range<Int> {
            let start = Int.random(in: 0...storage.length, using: &rng)
            return start..<min(storage.length, start + Int.random(in: 0...40, using: &rng))
        }
        func replace(_ range: Range<Int>, with text: String) {
            storage.replaceCharacters(in: range, with: text)
            model.replaceSubrange(range, with: repeatElement(TemporaryAttributes(), count: text.unicodeScalars.count))
        }
        for step in 0..<200 {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0:
                let range = randomRange(), value = kinds.randomElement(using: &rng)!
                manager.setTemporaryAttributes(value, forCharacterRange: range)
                for i in range { model[i] = value }
            case 1:
                let range = randomRange(), value = kinds.randomElement(using: &rng)!
                manager.addTemporaryAttributes(value, forCharacterRange: range)
                for i in range { model[i] = model[i].merging(value) }
            case 2:
                let range = randomRange()
                manager.removeTemporaryAttributes(forCharacterRange: range)
                for i in range { model[i] = TemporaryAttributes() }
            case 3:
                replace(randomRange(), with: ["", "x", "word ", "\n"].randomElement(using: &rng)!)
            case 4:
                let at = Int.random(in: 0...storage.length, using: &rng)
                replace(at..<at, with: "inserted ")
            default:
                // A batch of several edits, applied to the model one by one as they are made.
                storage.beginEditing()
                for _ in 0..<Int.random(in: 2...4, using: &rng) {
                    replace(randomRange(), with: ["", "ab", "\n"].randomElement(using: &rng)!)
                }
                storage.endEditing()
            }
            // The runs, as per-character attributes.
            var seen = [TemporaryAttributes](repeating: TemporaryAttributes(), count: storage.length)
            manager.enumerateTemporaryAttributes(in: 0..<storage.length) { value, range in
                for i in range { seen[i] = value }
            }
            #expect(seen == model, "seed \(seed) step \(step)")
            if seen != model { return }
            if storage.length > 0 {
                let index = Int.random(in: 0..<storage.length, using: &rng)
                let (value, range) = manager.temporaryAttributes(atCharacterIndex: index)
                #expect(value == model[index] && range.contains(index) && range.allSatisfy { model[$0] == value })
            }
        }
    }
}
