import Testing
import TextKit
import SeededRandom

/// A batch's ``TextEdit/changes``: their coordinates (each edit's range is in the text as it was
/// when it was made) and what they say changed, checked against a per-character model.
@Suite("Edit batches")
struct TextEditTests {
    final class Recorder: TextStorageObserver {
        var edits: [TextEdit] = []
        func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) { edits.append(edit) }
    }

    @Test func editsShiftTheStretchesRecordedBeforeThem() {
        let storage = TextStorage(string: "0123456789")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.beginEditing()
        storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: 6..<8)  // "67" red
        storage.replaceCharacters(in: 1..<3, with: "abcd")   // 0abcd3456789: "67" now at 8..<10
        storage.replaceCharacters(in: 11..<12, with: "")     // 0abcd345678
        storage.replaceCharacters(in: 5..<5, with: "x")      // 0abcdx345678: touches "abcd"
        storage.endEditing()
        #expect(storage.string == "0abcdx345678")
        let changes = recorder.edits.map(\.changes)
        #expect(changes == [[
            .init(mask: .characters, range: 1..<6, replacedLength: 2, attributeChanges: []),
            .init(mask: .attributes, range: 9..<11, replacedLength: 2, attributeChanges: .paint),
            .init(mask: .characters, range: 12..<12, replacedLength: 1, attributeChanges: []),
        ]])
        #expect(recorder.edits.first?.range == 1..<12)
        #expect(recorder.edits.first?.changeInLength == 2)
    }

    @Test func attributesSetOnReplacedCharactersJoinTheirStretch() {
        let storage = TextStorage(string: "abc def")
        let recorder = Recorder()
        storage.addObserver(recorder)
        storage.beginEditing()
        storage.replaceCharacters(in: 4..<7, with: "ghij")
        storage.setValue(12.5, for: \.tracking, range: 2..<6)
        storage.endEditing()
        #expect(recorder.edits.first?.changes == [
            .init(mask: .attributes, range: 2..<4, replacedLength: 2, attributeChanges: .shaping),
            .init(mask: [.characters, .attributes], range: 4..<8, replacedLength: 3, attributeChanges: .shaping),
        ])
    }

    /// A character's model: where it was in the text before the batch (nil: inserted by it) and
    /// its attributes.
    struct Character { var original: Int?; var attributes: TextAttributes }

    /// Random batches against the model: the stretches are sorted and disjoint, replacements
    /// never touch, exactly the characters the batch inserted lie in replacements, every other
    /// character sits at its original offset shifted by the replacements before it, and every
    /// character whose attributes changed lies in a change naming each class that changed.
    @Test(arguments: Array(UInt64(1)...6))
    func changesDescribeARandomBatch(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let palette: [TextAttributes] = (0..<6).map { index in
            var attributes = TextAttributes()
            switch index {
            case 1: attributes.foregroundColor = Color(red: 1, green: 0, blue: 0)
            case 2: attributes.tracking = 2
            case 3: attributes.paragraphStyle.alignment = .center
            case 4: attributes.tracking = 2; attributes.foregroundColor = Color(red: 0, green: 0, blue: 1)
            case 5: attributes.paragraphStyle.lineSpacing = 3; attributes.link = "x"
            default: break
            }
            return attributes
        }
        for round in 0..<200 {
            let storage = TextStorage(string: String(repeating: "abcdefghij", count: 4), attributes: palette[0])
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let start = Int.random(in: 0..<storage.length, using: &rng)
                storage.setAttributes(palette.randomElement(using: &rng)!,
                                      range: start..<min(storage.length, start + Int.random(in: 1...9, using: &rng)))
            }
            var model = (0..<storage.length).map { Character(original: $0, attributes: storage.attributes(at: $0).attributes) }
            let before = model
            let recorder = Recorder()
            storage.addObserver(recorder)
            storage.beginEditing()
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                let start = Int.random(in: 0...storage.length, using: &rng)
                let end = min(storage.length, start + Int.random(in: 0...6, using: &rng))
                let attributes = palette.randomElement(using: &rng)!
                if Bool.random(using: &rng) {
                    let count = Int.random(in: 0...4, using: &rng)
                    storage.replaceCharacters(in: start..<end, with: String(repeating: "x", count: count), attributes: attributes)
                    model.replaceSubrange(start..<end, with: Array(repeating: Character(original: nil, attributes: attributes), count: count))
                } else {
                    storage.setAttributes(attributes, range: start..<end)
                    for index in start..<end { model[index].attributes = attributes }
                }
            }
            storage.endEditing()
            guard let edit = recorder.edits.first else {
                #expect(model.map(\.original) == before.map(\.original), "seed \(seed) round \(round)")
                continue
            }
            #expect(recorder.edits.count == 1)
            #expect(edit.changeInLength == model.count - before.count, "seed \(seed) round \(round)")
            check(edit.changes, model: model, before: before, context: "seed \(seed) round \(round)")
        }
    }

    func check(_ changes: [TextEdit.Change], model: [Character], before: [Character], context: String) {
        for (a, b) in zip(changes, changes.dropFirst()) {
            #expect(a.range.upperBound <= b.range.lowerBound, "\(context): unsorted or overlapping")
            if a.mask.contains(.characters), b.mask.contains(.characters) {
                #expect(a.range.upperBound < b.range.lowerBound, "\(context): replacements touch")
            }
        }
        var shift = 0
        var next = 0
        for (index, character) in model.enumerated() {
            while next < changes.count, changes[next].range.upperBound <= index {
                shift += changes[next].changeInLength
                next += 1
            }
            let covering = changes[next...].prefix { $0.range.lowerBound <= index }.filter { $0.range.contains(index) }
            let replaced = covering.contains { $0.mask.contains(.characters) }
            #expect(replaced == (character.original == nil), "\(context): character \(index)")
            guard let original = character.original else { continue }
            #expect(original == index - shift, "\(context): character \(index) moved")
            let changed = character.attributes.changes(comparedTo: before[original].attributes)
            let named = covering.reduce(into: AttributeChange()) { $0.formUnion($1.attributeChanges) }
            #expect(named.isSuperset(of: changed), "\(context): character \(index) changed \(changed) but the edit says \(named)")
        }
    }
}
