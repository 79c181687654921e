import Foundation
import Testing
import TextKit
import TextKitFormats

@Suite("Tab stops")
struct TabStopTests {
    /// Lays `text` out in one container of the given width with the given stops.
    func layout(_ text: String, stops: [TextTab], interval: Double = 28, width: Double = 400,
                padding: Double = 0, alignment: TextAlignment = .natural) -> LayoutSnapshot {
        var attributes = Fixtures.attributes(alignment: alignment)
        attributes.paragraphStyle.tabStops = stops
        attributes.paragraphStyle.defaultTabInterval = interval
        let (_, manager) = Fixtures.layout(text, attributes: attributes)
        let container = TextContainer(size: Size(width: width, height: 1000))
        container.lineFragmentPadding = padding
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        return snapshot
    }

    func glyph(_ snapshot: LayoutSnapshot, character: Int) throws -> PositionedGlyph {
        try #require(snapshot.allGlyphs.first { $0.characterIndex == character })
    }

    @Test func leftStopPutsTheTextAtTheStop() throws {
        let snapshot = layout("A\tB", stops: [TextTab(.left, location: 100)], padding: 5)
        // Stops count from the text area's leading edge after the padding.
        #expect(abs(try glyph(snapshot, character: 2).position.x - 105) < 1e-9)
        #expect(abs(try glyph(snapshot, character: 1).advance - (100 - glyph(snapshot, character: 0).advance)) < 1e-9)
    }

    @Test func rightCenterAndDecimalStops() throws {
        let text = "A\t12\tmid\t3.25"
        let snapshot = layout(text, stops: [TextTab(.right, location: 100), TextTab(.center, location: 200),
                                            TextTab(.decimal, location: 300)])
        let glyphs = snapshot.allGlyphs
        let end12 = try glyph(snapshot, character: 3)
        #expect(abs(end12.position.x + end12.advance - 100) < 1e-9)
        let mid = glyphs.filter { (5..<8).contains($0.characterIndex) }
        let center = (mid.first!.position.x + mid.last!.position.x + mid.last!.advance) / 2
        #expect(abs(center - 200) < 1e-9)
        #expect(abs(try glyph(snapshot, character: 10).position.x - 300) < 1e-9)  // the "."
    }

    @Test func defaultIntervalAfterTheLastStop() throws {
        let snapshot = layout("A\tB\tC", stops: [TextTab(.left, location: 50)], interval: 28)
        #expect(abs(try glyph(snapshot, character: 2).position.x - 50) < 1e-9)
        #expect(abs(try glyph(snapshot, character: 4).position.x - 84) < 1e-9)
        let zero = layout("A\tB", stops: [], interval: 0)
        let a = try glyph(zero, character: 0)
        #expect(abs(try glyph(zero, character: 2).position.x - (a.position.x + a.advance)) < 1e-9)
    }

    @Test func tabsCountInLineBreaking() throws {
        // Without the tab's width "B C" would fit after "A"; with the stop at 180 of 200 it does not.
        let text = "A\tBBBB CCCC"
        let snapshot = layout(text, stops: [TextTab(.left, location: 180)], width: 200)
        #expect(snapshot.allLines.count == 2)
        for line in snapshot.allLines {
            for fragment in line.fragments {
                #expect(fragment.usedRect.maxX <= fragment.rect.maxX + 1e-9)
            }
        }
        // A fragment with tabs is not justified: the stop holds ("CCCC" goes to the next line).
        let justified = layout(text, stops: [TextTab(.left, location: 180)], width: 240, alignment: .justified)
        #expect(justified.allLines.count == 2)
        #expect(abs(try glyph(justified, character: 2).position.x - 180) < 1e-9)
    }

    @Test func styledInputReadsTabStops() throws {
        let json = #"{"version": 1, "text": "a\tb", "paragraphs": [{"range": [0, 3], "style": {"defaultTabInterval": 36, "#
            + #""tabStops": [{"location": 72}, {"location": 144, "alignment": "decimal"}]}}]}"#
        let text = try StyledTextReader().read(Array(json.utf8), file: "tabs.json", defaults: TextAttributes())
        let style = try #require(text.runs.first).attributes.paragraphStyle
        #expect(style.tabStops == [TextTab(.left, location: 72), TextTab(.decimal, location: 144)])
        #expect(style.defaultTabInterval == 36)
        let more = #"{"version": 1, "text": "a", "paragraphs": [{"range": [0, 1], "style": {"#
            + #""maximumWordSpacingStretch": 1, "maximumLetterSpacing": 0.5, "allowsUnlimitedWordSpacing": false, "#
            + #""preventsWidowsAndOrphans": true}}]}"#
        let justified = try #require(try StyledTextReader().read(Array(more.utf8), file: "more.json",
                                                                 defaults: TextAttributes()).runs.first).attributes.paragraphStyle
        #expect(justified.maximumWordSpacingStretch == 1 && justified.maximumLetterSpacing == 0.5)
        #expect(!justified.allowsUnlimitedWordSpacing && justified.preventsWidowsAndOrphans)
        let bad = #"{"version": 1, "text": "a", "paragraphs": [{"range": [0, 1], "style": {"tabStops": [{"alignment": "left"}]}}]}"#
        #expect(throws: StyledTextError.self) {
            try StyledTextReader().read(Array(bad.utf8), file: "bad.json", defaults: TextAttributes())
        }
    }
}
