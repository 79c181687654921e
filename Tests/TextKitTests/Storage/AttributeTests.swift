import Testing
import TextKit

@Suite("Attributes")
struct AttributeTests {
    func laidOut(_ text: String, _ change: (TextStorage) -> Void = { _ in }) -> (TextStorage, LayoutManager, LayoutSnapshot) {
        let (storage, manager) = Fixtures.layout(text)
        change(storage)
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 400)))
        return (storage, manager, manager.snapshot())
    }

    @Test(arguments: ["underline", "strikethrough", "link", "background"])
    func paintOnlyAttributesNeverRelayOut(_ which: String) {
        let (storage, manager, before) = laidOut("Paint-only attributes never move a glyph.\nSecond paragraph.")
        manager.resetStatistics()
        switch which {
        case "underline": storage.setValue(LineDecoration(style: .double), for: \.underline, range: 0..<10)
        case "strikethrough": storage.setValue(LineDecoration(), for: \.strikethrough, range: 5..<50)
        case "link": storage.setValue("https://example.org", for: \.link, range: 0..<5)
        default: storage.setValue(Color(red: 1, green: 1, blue: 0), for: \.backgroundColor, range: 0..<60)
        }
        #expect(manager.snapshot() == before)
        #expect(manager.statistics == LayoutStatistics())
    }

    @Test func trackingAddsSpaceAfterEveryCluster() throws {
        let (_, _, plain) = laidOut("office")
        let (_, _, tracked) = laidOut("office") { $0.setValue(2.0, for: \.tracking, range: 0..<6) }
        let a = plain.allGlyphs, b = tracked.allGlyphs
        #expect(a.count == b.count)
        // Four clusters (o, ffi, c, e): every glyph moves right by 2 pt per cluster before it.
        for (index, (x, y)) in zip(a, b).enumerated() {
            #expect(abs(y.position.x - x.position.x - 2 * Double(index)) < 0.01)
        }
    }

    @Test func baselineOffsetAndSuperscriptRaiseGlyphsAndGrowTheLine() throws {
        let (_, _, plain) = laidOut("E = mc2")
        let (_, _, raised) = laidOut("E = mc2") { storage in
            storage.setValue(1, for: \.superscript, range: 6..<7)
            storage.setValue(3.0, for: \.baselineOffset, range: 0..<1)
        }
        let p = plain.allGlyphs, r = raised.allGlyphs
        let plainLine = try #require(plain.allLines.first), raisedLine = try #require(raised.allLines.first)
        #expect(raisedLine.rect.height > plainLine.rect.height)
        // E is 3 pt above the baseline; the superscript 2 is smaller and raised by 0.35 em.
        #expect(abs((raisedLine.baseline - r[0].position.y) - 3) < 1e-9)
        #expect(abs((raisedLine.baseline - r.last!.position.y) - 0.35 * 12) < 1e-9)
        #expect(r.last!.advance < p.last!.advance)
    }

    @Test func featuresTurnLigaturesOff() {
        let (_, _, on) = laidOut("office")
        let (_, _, off) = laidOut("office") { $0.setValue([FontFeature(tag: "liga", value: 0)], for: \.features, range: 0..<6) }
        #expect(on.allGlyphs.count == 4)
        #expect(off.allGlyphs.count == 6)
    }

    @Test func attributedSubstringsRoundTrip() {
        let storage = TextStorage(string: "Hello brave new world", attributes: Fixtures.attributes())
        storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: 6..<11)
        let piece = storage.attributedSubstring(from: 4..<15)
        #expect(piece.string == "o brave new")
        #expect(piece.runs.map(\.range) == [0..<2, 2..<7, 7..<11])
        let copy = TextStorage(attributedText: storage.attributedSubstring(from: 0..<storage.length))
        #expect(copy.attributes(at: 7).effectiveRange == 6..<11)
        storage.replaceCharacters(in: 0..<5, with: piece)
        #expect(storage.string == "o brave new brave new world")
        #expect(storage.attributes(at: 3).attributes.foregroundColor == Color(red: 1, green: 0, blue: 0))
    }

    @Test func willProcessEditingCanAddAttributesToTheBatch() {
        final class Highlighter: TextStorageObserver {
            var seen: [TextEdit] = []
            func textStorage(_ storage: TextStorage, willProcess edit: TextEdit) {
                if edit.mask.contains(.characters) {
                    storage.setValue(Color(red: 0, green: 0, blue: 1), for: \.foregroundColor, range: edit.range)
                }
            }
            func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) { seen.append(edit) }
        }
        let storage = TextStorage(string: "abc")
        let highlighter = Highlighter()
        storage.addObserver(highlighter)
        storage.replaceCharacters(in: 3..<3, with: "def")
        #expect(highlighter.seen.count == 1)
        #expect(highlighter.seen[0].mask == [.characters, .attributes])
        #expect(storage.attributes(at: 4).attributes.foregroundColor == Color(red: 0, green: 0, blue: 1))
    }
}
