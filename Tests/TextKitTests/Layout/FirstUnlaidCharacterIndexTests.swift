import Testing
import TextKit

/// How far layout is valid (`firstUnlaidCharacterIndex`) follows edits and container changes
/// (`CaretEquivalenceTests` checks the lines before it against fresh layouts after random edits).
@Suite("First unlaid character")
struct FirstUnlaidCharacterIndexTests {
    /// After an edit, `firstUnlaidCharacterIndex` is at most the start of the edited paragraph
    /// (it once stayed at the old length: 8130 for a text of 7930 characters).
    @Test func firstUnlaidCharacterIndexAfterAnEdit() throws {
        let paragraph = try Fixtures.text("prose.txt")
        let (storage, manager) = Fixtures.layout(String(repeating: paragraph + "\n", count: 10))
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 1_000_000)))
        manager.ensureLayout()
        let paragraphLength = paragraph.unicodeScalars.count + 1
        #expect(manager.firstUnlaidCharacterIndex == storage.length)
        storage.replaceCharacters(in: 50..<250, with: "")
        #expect(manager.firstUnlaidCharacterIndex == 0)
        manager.ensureLayout()
        #expect(manager.firstUnlaidCharacterIndex == storage.length)
        // An edit in the fifth paragraph keeps the four before it.
        let fifth = 4 * paragraphLength - 200
        storage.replaceCharacters(in: fifth + 10..<fifth + 10, with: "inserted ")
        #expect(manager.firstUnlaidCharacterIndex == fifth)
        // Deleting the end of the text never leaves it past the end.
        manager.ensureLayout(forCharacterRange: 0..<1)
        storage.replaceCharacters(in: storage.length - 3000..<storage.length, with: "")
        #expect(manager.firstUnlaidCharacterIndex <= storage.length)
        manager.ensureLayout()
        // A colour changes no layout.
        storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: 100..<200)
        #expect(manager.firstUnlaidCharacterIndex == storage.length)
        // An exclusion moves the lines from the first one it meets.
        manager.textContainers[0].exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 100, width: 50, height: 20))]
        let first = manager.firstUnlaidCharacterIndex
        #expect(first > 0 && first < paragraphLength)
        #expect(manager.lineFragmentRect(forCharacterAt: first)?.rect.maxY ?? 0 > 100)
        #expect(manager.lineFragmentRect(forCharacterAt: max(0, first - 1))?.rect.maxY ?? .infinity <= 100 + 1e-9)
    }
}
