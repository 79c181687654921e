import Testing
import TextKit

/// A run of combining marks longer than HarfBuzz can shape in linear time is shaped in pieces:
/// every mark keeps its glyph and cluster, and a huge cluster lays out.
@Suite("Long mark runs")
struct MarkRunShapingTests {
    @Test func cutsFallBeforeEveryPieceOfMarks() {
        let limit = HarfBuzzFont.maximumMarkRun
        let text = Array(("a" + String(repeating: "\u{301}", count: 3 * limit + 5) + "b" + String(repeating: "\u{300}", count: limit)).utf16)
        let cuts = text.withUnsafeBufferPointer { HarfBuzzFont.markRunCuts($0, 0..<text.count) }
        #expect(cuts == [1 + limit, 1 + 2 * limit, 1 + 3 * limit])
        // Marks beyond the BMP count one each.
        let astral = Array(("a" + String(repeating: "\u{1D167}", count: limit + 1)).utf16)
        #expect(astral.withUnsafeBufferPointer { HarfBuzzFont.markRunCuts($0, 0..<astral.count) } == [1 + 2 * limit])
    }

    /// Glyphs and clusters as one buffer gives them (a length it still shapes quickly), for a
    /// mark that composes with its base and one that does not.
    @Test(arguments: [false, true], ["\u{301}", "\u{20DD}"])
    func piecesGiveTheGlyphsOfOneBuffer(rightToLeft: Bool, mark: String) {
        let text = "a" + String(repeating: mark, count: 5 * HarfBuzzFont.maximumMarkRun + 3) + "b"
        let units = Array(text.utf16)
        let (pieces, whole) = units.withUnsafeBufferPointer { buffer in
            (Fixtures.font.shaper.shape(buffer, range: 0..<units.count, rightToLeft: rightToLeft, script: nil,
                                        language: nil, features: []),
             Fixtures.font.shaper.shapePiece(buffer, range: 0..<units.count, rightToLeft: rightToLeft, script: nil,
                                             language: nil, features: []))
        }
        if rightToLeft {
            // HarfBuzz reverses a base and its marks as one unit, a piece of marks as marks: the
            // glyphs come in visual order (clusters never increase), the base and the letter after
            // the marks among them.
            #expect(pieces.clusters == pieces.clusters.sorted(by: >))
            #expect(pieces.clusters.first == Int32(units.count - 1) && pieces.clusters.last == 0)
        } else {
            #expect(pieces.glyphs == whole.glyphs)
            #expect(pieces.clusters == whole.clusters)
            #expect(pieces.advances == whole.advances)
        }
    }

    @Test func aHugeClusterLaysOut() {
        let text = "a" + String(repeating: "\u{301}", count: 20_000) + " b"
        let (storage, manager) = Fixtures.layout(text)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 300)))
        let snapshot = manager.snapshot()
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: Array(storage.string.unicodeScalars)).isEmpty)
    }
}
