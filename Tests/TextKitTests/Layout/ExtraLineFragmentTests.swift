import Testing
import TextKit

/// The extra line fragment (Text Kit's `extraLineFragmentRect`): the empty line after a final
/// hard line break, or of an empty text, where the caret at the text's end goes.
@Suite("Extra line fragment and the caret at the end")
struct ExtraLineFragmentTests {
    /// The fixture font's line height at 12 pt.
    static let lineHeight = 13.96875

    func manager(_ text: String, attributes: TextAttributes = Fixtures.attributes(),
                 containers: [Size] = [Size(width: 300, height: 1000)]) -> (TextStorage, LayoutManager) {
        let (storage, manager) = Fixtures.layout(text, attributes: attributes)
        for size in containers {
            let container = TextContainer(size: size)
            container.lineFragmentPadding = 5
            manager.addTextContainer(container)
        }
        return (storage, manager)
    }

    @Test(arguments: [("Line one\n", 1), ("Line one\n\n", 2), ("", 0), ("ab\u{2028}", 1), ("a\r\n", 1),
                      ("a\u{2029}", 1), ("a\r", 1)])
    func theCaretAfterAFinalBreakIsOnANewLine(text: String, linesAbove: Int) throws {
        let (storage, m) = manager(text)
        let length = storage.length
        let rect = try #require(m.extraLineFragmentRect)
        let used = try #require(m.extraLineFragmentUsedRect)
        #expect(m.extraLineFragmentTextContainer === m.textContainers[0])
        #expect(rect == ContainerRect(containerIndex: 0, rect: Rect(x: 0, y: Double(linesAbove) * Self.lineHeight,
                                                                     width: 300, height: Self.lineHeight)))
        // Twice the padding wide, the insertion point in its middle.
        #expect(used.rect == Rect(x: 0, y: rect.rect.minY, width: 10, height: Self.lineHeight))
        #expect(m.caretRects(forCharacterIndex: length) == [CaretRect(containerIndex: 0, rect: Rect(
            x: 5, y: rect.rect.minY, width: 0, height: Self.lineHeight), isPrimary: true)])
        // It holds no character.
        #expect(m.lineFragmentRect(forCharacterAt: length) == nil)
        // A click on it puts the caret at the end.
        #expect(m.characterIndex(for: Point(x: 100, y: rect.rect.minY + 3), in: m.textContainers[0]) == length)
        #expect(m.characterIndex(for: Point(x: 100, y: 900), in: m.textContainers[0]) == length)
    }

    @Test func withoutAFinalBreakThereIsNone() throws {
        let (_, m) = manager("Line one")
        #expect(m.extraLineFragmentRect == nil)
        #expect(m.extraLineFragmentUsedRect == nil)
        #expect(m.extraLineFragmentTextContainer == nil)
        let caret = try #require(m.caretRects(forCharacterIndex: 8).first)
        #expect(caret.rect.minY == 0 && caret.rect.minX > 50)
    }

    /// The break itself belongs to the line it ends.
    @Test func aLineBreakIsInTheLineItEnds() throws {
        let (_, m) = manager("Line one\n\nb")
        #expect(m.lineFragmentRect(forCharacterAt: 8)?.rect.minY == 0)
        #expect(m.lineFragmentRect(forCharacterAt: 9)?.rect.minY == Self.lineHeight)
        #expect(m.caretRects(forCharacterIndex: 9).map(\.rect.minY) == [Self.lineHeight])
        #expect(m.caretRects(forCharacterIndex: 8).map(\.rect.minY) == [0])
    }

    @Test func itMovesDownPastAnExclusionAndOnToTheNextContainer() throws {
        let (_, m) = manager("Line one\n")
        m.textContainers[0].exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 14, width: 300, height: 30))]
        let below = try #require(m.extraLineFragmentRect)
        #expect(below.rect.minY >= 44 && below.rect.minY < 45)
        #expect(m.caretRects(forCharacterIndex: 9).first?.rect.minY == below.rect.minY)

        // Room for one line only: the extra line goes to the next container, or nowhere.
        let (_, short) = manager("Line one\n", containers: [Size(width: 300, height: 20), Size(width: 200, height: 100)])
        #expect(short.extraLineFragmentRect == ContainerRect(containerIndex: 1, rect: Rect(
            x: 0, y: 0, width: 200, height: Self.lineHeight)))
        #expect(short.extraLineFragmentTextContainer === short.textContainers[1])
        #expect(short.caretRects(forCharacterIndex: 9).map(\.containerIndex) == [1])
        short.removeTextContainer(at: 1)
        #expect(short.extraLineFragmentRect == nil)
        #expect(short.caretRects(forCharacterIndex: 9) == [])
        #expect(short.caretRects(forCharacterIndex: 8).count == 1)

        // The line limit counts it like any line.
        let (_, limited) = manager("Line one\n")
        limited.textContainers[0].maximumNumberOfLines = 1
        #expect(limited.extraLineFragmentRect == nil)
        limited.textContainers[0].maximumNumberOfLines = 2
        #expect(limited.extraLineFragmentRect?.rect.minY == Self.lineHeight)
    }

    /// Spacing, alignment and font come from the text's last character, as for a paragraph typed
    /// there; after a line separator it is the same paragraph's next line.
    @Test func itTakesTheLastCharactersStyle() throws {
        var attributes = Fixtures.attributes(alignment: .center)
        attributes.paragraphStyle.paragraphSpacing = 10
        attributes.paragraphStyle.paragraphSpacingBefore = 4
        let (storage, m) = manager("Line one\n", attributes: attributes)
        // The first line starts 4 pt down too.
        let rect = try #require(m.extraLineFragmentRect).rect
        #expect(rect.minY == 4 + Self.lineHeight + 10 + 4)
        #expect(m.caretRects(forCharacterIndex: 9).first?.rect.minX == 150)
        let (_, separated) = manager("Line one\u{2028}", attributes: attributes)
        #expect(separated.extraLineFragmentRect?.rect.minY == 4 + Self.lineHeight)

        storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 24), for: \.font, range: 8..<9)
        let large = try #require(m.extraLineFragmentRect).rect
        #expect(abs(large.height - 2 * Self.lineHeight) < 1e-9)
        // Typing there lands in the extra line fragment.
        storage.replaceCharacters(in: 9..<9, with: "x")
        #expect(m.lineFragmentRect(forCharacterAt: 9)?.rect == large)
        #expect(m.extraLineFragmentRect == nil)
    }

    /// What did not fit has no caret and no fragment, the end of the text included.
    @Test(arguments: ["", "\n"])
    func overflowedIndicesHaveNoCaret(ending: String) throws {
        let (storage, m) = manager(String(repeating: "word ", count: 200) + ending,
                                   containers: [Size(width: 100, height: 50)])
        let overflow = try #require(m.overflowRange)
        #expect(overflow.upperBound == storage.length)
        for index in 0...storage.length {
            let carets = m.caretRects(forCharacterIndex: index)
            if overflow.contains(index) || index == storage.length {
                #expect(carets == [], "\(index)")
                #expect(m.lineFragmentRect(forCharacterAt: index) == nil, "\(index)")
                #expect(m.lineFragmentUsedRect(forCharacterAt: index) == nil, "\(index)")
                #expect(m.textContainer(forCharacterAt: index) == nil, "\(index)")
            } else {
                #expect(carets.count == 1, "\(index)")
                #expect(m.lineFragmentRect(forCharacterAt: index) != nil, "\(index)")
            }
        }
        #expect(m.extraLineFragmentRect == nil)
        #expect(m.caretRects(forCharacterIndex: storage.length + 1) == [])
    }
}
