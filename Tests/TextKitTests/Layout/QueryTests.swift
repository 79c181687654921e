import Testing
import TextKit

@Suite("Layout queries")
struct QueryTests {
    func manager(_ text: String, width: Double = 300, exclusion: BezierPath? = nil) -> LayoutManager {
        let (_, manager) = Fixtures.layout(text)
        let container = TextContainer(size: Size(width: width, height: 1000))
        container.lineFragmentPadding = 5
        if let exclusion { container.exclusionPaths = [exclusion] }
        manager.addTextContainer(container)
        return manager
    }

    @Test func ligatureGlyphsAndCharactersMapBothWays() throws {
        let m = manager("office")
        // o + ffi + c + e
        #expect(m.numberOfGlyphs == 4)
        #expect(m.characterRange(forGlyphRange: 1..<2) == 1..<4)
        #expect(m.glyphRange(forCharacterRange: 2..<3) == 1..<2)
        #expect(m.glyphRange(forCharacterRange: 0..<6) == 0..<4)
        let ffi = m.glyph(at: 1)
        let carets = m.caretRects(forCharacterIndex: 2)
        #expect(carets.count == 1)
        let x = try #require(carets.first).rect.minX
        #expect(abs(x - (ffi.position.x + ffi.advance / 3)) < 1e-9)
    }

    @Test func hitTestingReturnsEveryCaretPosition() throws {
        let text = try Fixtures.text("prose.txt")
        let m = manager(text, exclusion: BezierPath(ovalIn: Rect(x: 100, y: 40, width: 90, height: 90)))
        let container = m.textContainers[0]
        var checked = 0
        for index in 0..<text.unicodeScalars.count {
            let carets = m.caretRects(forCharacterIndex: index)
            guard let caret = carets.first else { continue }
            let scalar = text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: index)]
            if scalar == "\n" { continue }
            let hit = m.characterIndex(for: Point(x: caret.rect.minX + 0.01, y: caret.rect.midY), in: container)
            // A caret at a fragment's start can also be the previous fragment's end.
            #expect(hit == index || (hit == index + 1 && scalar == " "), "character \(index)")
            checked += 1
        }
        #expect(checked > 1000)
    }

    @Test func selectionOfASplitLineGivesOneRectPerFragment() throws {
        let text = try Fixtures.text("prose.txt")
        let m = manager(text, exclusion: BezierPath(rect: Rect(x: 120, y: 0, width: 60, height: 200)))
        var split: LineFragmentInfo?
        var previous: LineFragmentInfo?
        m.enumerateLineFragments { info in
            if let before = previous, before.rect.minY == info.rect.minY { split = info; return false }
            previous = info
            return true
        }
        let second = try #require(split), first = try #require(previous)
        let range = first.characterRange.lowerBound..<second.characterRange.upperBound
        let rects = m.selectionRects(forCharacterRange: range)
        #expect(rects.count == 2)
        #expect(rects.allSatisfy { $0.rect.maxX <= 120 + 1e-9 || $0.rect.minX >= 180 - 1e-9 })
    }

    @Test func mixedDirectionTextHasSplitCaretsAndReversedRuns() throws {
        // "abc " then Hebrew "שלום" then " def": the Hebrew is laid out right to left.
        let text = "abc \u{05E9}\u{05DC}\u{05D5}\u{05DD} def"
        let m = manager(text)
        let hebrew = 4..<8
        let xs = hebrew.map { m.caretRects(forCharacterIndex: $0)[0].rect.minX }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 })
        // At the boundary into the Hebrew run (index 8 is the space after it, LTR) there are two carets.
        #expect(m.caretRects(forCharacterIndex: 8).count == 2)
        let snapshot = m.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [])
        // Hit testing inside the Hebrew word lands on Hebrew characters.
        let mid = m.caretRects(forCharacterIndex: 6)[0].rect
        let hit = m.characterIndex(for: Point(x: mid.minX - 0.01, y: mid.midY), in: m.textContainers[0])
        #expect(hebrew.contains(hit))
    }

    @Test func boundingRectAndUsedRect() throws {
        let text = try Fixtures.text("prose.txt")
        let m = manager(text)
        let container = m.textContainers[0]
        #expect(m.glyphRange(forBoundingRect: Rect(x: 0, y: 0, width: 300, height: 1000), in: container) == 0..<m.numberOfGlyphs)
        #expect(m.glyphRange(forBoundingRect: Rect(x: 0, y: 990, width: 300, height: 5), in: container).isEmpty)
        let firstLine = m.glyphRange(forBoundingRect: Rect(x: 0, y: 1, width: 300, height: 1), in: container)
        #expect(m.characterRange(forGlyphRange: firstLine).lowerBound == 0)
        #expect(m.lineFragmentRect(forGlyphAt: firstLine.upperBound - 1).minY == 0)
        let used = m.usedRect(for: container)
        var fragments = 0
        m.enumerateLineFragments { info in
            fragments += 1
            #expect(used.minX <= info.usedRect.minX && used.maxX >= info.usedRect.maxX)
            return true
        }
        #expect(fragments > 5)
        #expect(m.textContainer(forGlyphAt: 0) === container)
    }
}

extension Rect {
    var midY: Double { minY + height / 2 }
}
