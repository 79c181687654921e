import Foundation
import Testing
import TextKit
import TextKitFormats

/// Inline attachments: U+FFFC with ``TextAttributes/attachment`` laid out as one glyph as wide as
/// the object, in a line that grows to fit it.
@Suite("Inline attachments")
struct AttachmentTests {
    static let object = TextAttachment(width: 30, height: 10, identifier: "icon")

    /// A storage and manager for `text` with `attachment` on every U+FFFC, laid out in one
    /// container `width` wide (padding 0), with `exclusions`.
    func layOut(_ text: String, attachment: TextAttachment = Self.object, width: Double = 300,
                exclusions: [BezierPath] = [], attributes: TextAttributes = Fixtures.attributes())
        -> (TextStorage, LayoutManager, LayoutSnapshot) {
        let (storage, manager) = Fixtures.layout(text, attributes: attributes)
        for (index, scalar) in text.unicodeScalars.enumerated() where scalar == TextAttachment.character {
            storage.setValue(attachment, for: \.attachment, range: index..<index + 1)
        }
        let container = TextContainer(size: Size(width: width, height: 2000))
        container.lineFragmentPadding = 0
        container.exclusionPaths = exclusions
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), textContainers: manager.textContainers) == [])
        return (storage, manager, snapshot)
    }

    func placements(_ snapshot: LayoutSnapshot) -> [AttachmentPlacement] {
        snapshot.allLines.flatMap { $0.fragments.flatMap(\.attachments) }
    }

    @Test func anAttachmentIsOneGlyphAsWideAsTheObject() throws {
        let (_, manager, snapshot) = layOut("ab\u{FFFC}cd")
        let glyphs = snapshot.allGlyphs
        #expect(glyphs.map(\.characterIndex) == [0, 1, 2, 3, 4])
        #expect(glyphs.map(\.isAttachment) == [false, false, true, false, false])
        let object = glyphs[2]
        #expect(object.glyphID == PositionedGlyph.attachmentGlyphID)
        #expect(object.advance == 30)
        #expect(abs(object.position.x - (glyphs[1].position.x + glyphs[1].advance)) < 1e-9)
        #expect(abs(glyphs[3].position.x - (object.position.x + 30)) < 1e-9)
        let line = try #require(snapshot.allLines.first)
        #expect(object.position.y == line.baseline)
        let placement = try #require(placements(snapshot).first)
        #expect(placement.characterIndex == 2 && placement.attachment == Self.object)
        #expect(placement.rect == Rect(x: object.position.x, y: line.baseline - 10, width: 30, height: 10))
        #expect(manager.warnings.isEmpty, "no font lookup, no missing glyph: \(manager.warnings)")
    }

    @Test func theAttributeOnlyMakesObjectReplacementCharactersAttachments() throws {
        let (storage, manager) = Fixtures.layout("a\u{FFFC}b")
        storage.setValue(Self.object, for: \.attachment, range: 0..<3)
        let container = TextContainer(size: Size(width: 300, height: 300))
        manager.addTextContainer(container)
        #expect(manager.snapshot().allGlyphs.map(\.isAttachment) == [false, true, false])
        // U+FFFC without the attribute is an ordinary character.
        let (_, plain) = Fixtures.layout("a\u{FFFC}b")
        plain.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
        #expect(!plain.snapshot().allGlyphs.contains { $0.isAttachment })
    }

    @Test func aTallAttachmentGrowsItsLineAndMovesTheNextDown() throws {
        let text = "Hello \u{FFFC} world\nNext"
        let (_, _, small) = layOut(text, attachment: TextAttachment(width: 20, height: 5))
        let tall = TextAttachment(width: 20, height: 60, descent: 10, identifier: "figure")
        let (_, _, big) = layOut(text, attachment: tall)
        let before = small.allLines, after = big.allLines
        #expect(before.count == 2 && after.count == 2)
        // The line's ascent is the object's part above the baseline, its descent the part below.
        #expect(abs(after[0].baseline - after[0].rect.minY - 50) < 1e-9)
        #expect(after[0].rect.maxY - after[0].baseline >= 10 - 1e-9)
        #expect(after[0].baseline > before[0].baseline + 30)
        #expect(after[0].rect.height > before[0].rect.height + 40)
        #expect(abs(after[1].rect.minY - after[0].rect.maxY) < 1e-9)
        #expect(abs(after[1].rect.height - before[1].rect.height) < 1e-9)
        let placement = try #require(placements(big).first)
        #expect(placement.rect.minY >= after[0].rect.minY - 1e-9 && placement.rect.maxY <= after[0].rect.maxY + 1e-9)
        #expect(abs(placement.rect.maxY - (after[0].baseline + 10)) < 1e-9)
    }

    @Test func baselineOffsetAndNegativeDescentRaiseTheObject() throws {
        let floating = TextAttachment(width: 10, height: 4, descent: -30)
        let (storage, manager, snapshot) = layOut("x\u{FFFC}y", attachment: floating)
        let line = try #require(snapshot.allLines.first)
        let placement = try #require(placements(snapshot).first)
        #expect(abs(placement.rect.maxY - (line.baseline - 30)) < 1e-9)
        #expect(abs(line.baseline - line.rect.minY - 34) < 1e-9)
        storage.setValue(5.0, for: \.baselineOffset, range: 1..<2)
        let raised = manager.snapshot()
        let moved = try #require(placements(raised).first)
        #expect(abs(moved.rect.maxY - (raised.allLines[0].baseline - 35)) < 1e-9)
    }

    /// A line fitted at the height of its first character grows when the object joins it; the
    /// taller band meets the exclusion, so the line is fitted again and the object moves below.
    @Test func aTallAttachmentNeverOverlapsAnExclusion() throws {
        let exclusion = Rect(x: 160, y: 40, width: 140, height: 40)
        let words = String(repeating: "word ", count: 12)
        for text in ["Hi \u{FFFC} " + words, words + "\u{FFFC} " + words, "\u{FFFC} " + words] {
            let (_, _, snapshot) = layOut(text, attachment: TextAttachment(width: 200, height: 70, descent: 5),
                                          exclusions: [BezierPath(rect: exclusion)])
            let placement = try #require(placements(snapshot).first)
            #expect(!placement.rect.intersects(exclusion), "\(placement.rect)")
            let line = try #require(snapshot.allLines.first { $0.characterRange.contains(placement.characterIndex) })
            #expect(placement.rect.minY >= line.rect.minY - 1e-9 && placement.rect.maxY <= line.rect.maxY + 1e-9)
            #expect(placement.rect.minY >= exclusion.maxY - 1e-9, "200 pt never fit beside the 160 pt left of it")
        }
        // Beside it when it fits there: a narrower object sits in the free span left of it.
        let (_, _, beside) = layOut("Hi \u{FFFC} " + words, attachment: TextAttachment(width: 100, height: 70),
                                    exclusions: [BezierPath(rect: exclusion)])
        let placement = try #require(placements(beside).first)
        #expect(!placement.rect.intersects(exclusion) && placement.rect.maxX <= 160 + 1e-9)
    }

    @Test func caretsHitTestingAndSelectionTreatItAsOneCharacter() throws {
        let (_, manager, snapshot) = layOut("ab\u{FFFC}cd")
        let container = manager.textContainers[0]
        let object = snapshot.allGlyphs[2]
        let before = try #require(manager.caretRects(forCharacterIndex: 2).first)
        let after = try #require(manager.caretRects(forCharacterIndex: 3).first)
        #expect(abs(before.rect.minX - object.position.x) < 1e-9)
        #expect(abs(after.rect.minX - (object.position.x + 30)) < 1e-9)
        let y = before.rect.midY
        #expect(manager.characterIndex(for: Point(x: object.position.x + 5, y: y), in: container) == 2)
        #expect(manager.characterIndex(for: Point(x: object.position.x + 25, y: y), in: container) == 3)
        let selection = manager.selectionRects(forCharacterRange: 2..<3)
        #expect(selection.count == 1)
        #expect(abs((selection.first?.rect.width ?? 0) - 30) < 1e-9)
        #expect(manager.glyphRange(forCharacterRange: 2..<3) == 2..<3)
    }

    @Test func changingTheAttachmentReshapesAndRelaysOut() throws {
        let (storage, manager, first) = layOut("ab\u{FFFC}cd\nNext paragraph")
        manager.resetStatistics()
        storage.setValue(TextAttachment(width: 60, height: 40), for: \.attachment, range: 2..<3)
        let second = manager.snapshot()
        #expect(manager.statistics.paragraphsShaped == 1, "only the paragraph holding it")
        let x0 = first.allGlyphs[3].position.x, x1 = second.allGlyphs[3].position.x
        #expect(abs(x1 - x0 - 30) < 1e-9)
        #expect(second.allLines[0].rect.height > first.allLines[0].rect.height + 25)
        #expect(second.allLines[1].rect.minY > first.allLines[1].rect.minY + 25)
        // The same as laying the final text out afresh.
        let (_, _, fresh) = layOut("ab\u{FFFC}cd\nNext paragraph", attachment: TextAttachment(width: 60, height: 40))
        #expect(firstDifference(second.allLines, fresh.allLines) == nil)
        // Removing it gives back an ordinary character.
        storage.setValue(nil, for: \.attachment, range: 2..<3)
        #expect(!manager.snapshot().allGlyphs.contains { $0.isAttachment })
    }

    @Test func rightToLeftParagraphPlacesTheObjectBetweenItsNeighbours() throws {
        let text = "שלום \u{FFFC} עולם"
        let (_, _, snapshot) = layOut(text)
        let glyphs = snapshot.allGlyphs
        let object = try #require(glyphs.first { $0.isAttachment })
        #expect(object.characterIndex == 5 && object.isRightToLeft)
        let earlier = glyphs.filter { $0.characterIndex < 5 && $0.advance > 0 }
        let later = glyphs.filter { $0.characterIndex > 5 && $0.advance > 0 }
        // Right to left: earlier text is on the right of the object, later text on its left.
        #expect(earlier.allSatisfy { $0.position.x >= object.position.x + 30 - 1e-9 })
        #expect(later.allSatisfy { $0.position.x + $0.advance <= object.position.x + 1e-9 })
        let fragment = try #require(snapshot.allLines.first?.fragments.first)
        #expect(abs(fragment.usedRect.maxX - 300) < 1e-9, "right-aligned, as a right-to-left paragraph is")
        #expect(placements(snapshot).first?.rect.minX == object.position.x)
    }

    @Test func styledInputWithAttachmentsLaysOutAndWritesThem() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/styled/attachments.json"))))
        let text = try StyledTextReader().read(bytes, file: "attachments.json", defaults: Fixtures.attributes())
        #expect(text.runs.compactMap(\.attributes.attachment).map(\.identifier) == ["icon.png", "figure-1.png", nil])
        let storage = TextStorage(attributedText: text)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let paged = manager.layOutPages(PageSetup(), count: .automatic(maximum: 2))
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.string.unicodeScalars), leftToRightOnly: true) == [])
        #expect(placements(snapshot).map(\.characterIndex) == [7, 38, 67])
        var bytesOut: [UInt8] = []
        try LayoutJSONWriter().write(snapshot, pages: paged.pages, placements: paged.placements) { bytesOut += $0 }
        let json = String(decoding: bytesOut, as: UTF8.self)
        #expect(json.contains(#""attachments":[{"character":7,"id":"icon.png","rect":["#))
        #expect(json.contains(#""id":"figure-1.png""#) && json.contains(#""id":null"#))
    }

    @Test func readerRefusesBadAttachments() throws {
        func problem(_ attachment: String) -> String? {
            let json = #"{"version": 1, "text": "\ufffc", "runs": [{"range": [0, 1], "attributes": {"attachment": "#
                + attachment + "}}]}"
            do {
                _ = try StyledTextReader().read(Array(json.utf8), file: "doc.json", defaults: TextAttributes())
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem(#"{"width": 1, "height": 2, "descent": 0.5, "id": "x"}"#) == nil)
        #expect(problem("null") == nil)
        #expect(problem(#"{"height": 2}"#) == "doc.json: $.runs[0].attributes.attachment: missing key 'width'")
        #expect(problem(#"{"width": 1, "height": true}"#)
            == "doc.json: $.runs[0].attributes.attachment.height: expected a number, found true")
        #expect(problem(#"{"width": 1, "height": 2, "descent": 1e6}"#)
            == "doc.json: $.runs[0].attributes.attachment.descent: expected a number in -100000…100000, found 1000000")
        #expect(problem(#"{"width": 1, "height": 2, "id": 3}"#)
            == "doc.json: $.runs[0].attributes.attachment.id: expected a string, found 3")
        #expect(problem(#"{"width": 1, "height": 2, "src": "a.png"}"#)
            == "doc.json: $.runs[0].attributes.attachment: unknown key 'src' (expected one of: descent, height, id, width)")
        #expect(problem("12") == "doc.json: $.runs[0].attributes.attachment: expected an object, found 12")
    }
}
