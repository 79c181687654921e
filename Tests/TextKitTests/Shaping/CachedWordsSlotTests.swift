import Testing
@testable import TextKit

/// The word cache's table tells words apart whose hashes agree in the slot they start from and
/// in the tag their slots keep (a slot holds only the hash's top bits): each word is found with
/// its own glyphs, by its whole hash and its text, however its hash was cut to fit a slot.
@Suite("Word cache slots")
struct CachedWordsSlotTests {
    /// The glyphs of a word kept here: one record a unit, its id the unit.
    static func glyphs(_ text: [UInt16]) -> [GlyphRecord] {
        text.indices.map { GlyphRecord(glyph: UInt32(text[$0]), cluster: Int32($0), advance: 600) }
    }

    static func ids(_ found: CachedGlyphs) -> [UInt32] {
        (0..<found.count).map { found.isCompact ? found.compactRecord($0, clusterOffset: 0).glyph : found.records[$0].glyph }
    }

    @Test func wordsWhoseSlotAndTagAgreeAreToldApart() {
        var words = CachedWords(maximumWords: ShapeCache.maximumWords, maximumGlyphs: ShapeCache.maximumGlyphs)
        // Hashes equal in their low bits (the first slot) and top bits (the tag), differing only
        // between; one pair equal in every bit (told apart by text alone); one word of the same
        // hash in another style.
        let base: UInt64 = 0xABC0_0000_0000_1234
        let keys: [(text: [UInt16], hash: UInt64, style: Int32)] = [
            (Array("alpha".utf16), base, 1),
            (Array("beta".utf16), base | 0x0000_0010_0000_0000, 1),
            (Array("gamma".utf16), base | 0x0000_0200_0000_0000, 1),
            (Array("delta".utf16), base | 0x0000_0200_0000_0000, 1),
            (Array("alpha".utf16), base, 2),
            (Array("epsilon".utf16), base ^ 0x0000_0000_8000_0000, 1),
        ]
        for key in keys {
            let inserted = key.text.withUnsafeBufferPointer { text in
                Self.glyphs(key.text).withUnsafeBufferPointer { glyphs in
                    words.insert(text, 0..<text.count, hash: key.hash, style: key.style, glyphs: glyphs)
                }
            }
            #expect(inserted)
        }
        for key in keys {
            let found = key.text.withUnsafeBufferPointer { text in
                words.find(text, 0..<text.count, hash: key.hash, style: key.style).map(Self.ids)
            }
            #expect(found == key.text.map(UInt32.init), "\(String(decoding: key.text, as: UTF16.self))")
        }
        // A word never kept, of a kept word's hash, is not found.
        let missing = Array("zeta".utf16)
        let found = missing.withUnsafeBufferPointer { words.find($0, 0..<$0.count, hash: base, style: 1) }
        #expect(found == nil)
    }
}
