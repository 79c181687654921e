import Testing
import TextKit

/// The itemizer decides per character whether a missing glyph matters (`Itemizer.needsGlyph`)
/// and whether a cluster is shown as emoji, skipping the Unicode property look-ups with range
/// tests; these tests hold the range tests to the properties over every code point.
@Suite("Glyph need fast path")
struct GlyphNeedFastPathTests {
    /// Every scalar for which the properties say no glyph is needed (controls, separators,
    /// default-ignorable characters, variation selectors) lies in the ranges the fast path sends
    /// to the look-ups.
    @Test func everyScalarNeedingNoGlyphIsInTheLookedUpRanges() {
        var outside: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let needsNone = properties.isDefaultIgnorableCodePoint || properties.isVariationSelector
                || [.control, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory)
            if needsNone, !Itemizer.mayNeedNoGlyph(value) { outside.append("U+\(String(value, radix: 16))") }
            if needsNone == Itemizer.needsGlyph(scalar) { outside.append("needsGlyph(U+\(String(value, radix: 16)))") }
        }
        #expect(outside.isEmpty, "\(outside.prefix(10))")
    }

    /// Every white space character of the BMP beyond ASCII lies in the ranges whose hanging at a
    /// line end is looked up (``Paragraph/mayBeWhitespace(_:)``); beyond the BMP there is none.
    @Test func everyWhiteSpaceCharacterIsInTheLookedUpRanges() {
        var outside: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
            if value > 0xFFFF || !Paragraph.mayBeWhitespace(UInt16(value)) { outside.append("U+\(String(value, radix: 16))") }
        }
        #expect(outside.isEmpty, "\(outside.prefix(10))")
    }

    /// Without a selector, a cluster shows as emoji exactly when its first character has the
    /// Emoji_Presentation property (the range test before it drops no such character).
    @Test func emojiPresentationAgreesWithThePropertyOverEveryScalar() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Itemizer.hasEmojiPresentation(first: scalar, selector: nil) != scalar.properties.isEmojiPresentation {
                disagreements.append("U+\(String(value, radix: 16))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// The bit table of the BMP's emoji presentation agrees with the property on every BMP
    /// character (none outside U+231A…U+2B55 has it; box drawing and arrows inside do not).
    @Test func bmpEmojiPresentationTableAgreesWithTheProperty() {
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Itemizer.hasEmojiPresentation(bmp: UInt16(value)) != scalar.properties.isEmojiPresentation {
                disagreements.append("U+\(String(value, radix: 16))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(!Itemizer.hasEmojiPresentation(bmp: 0x2500) && Itemizer.hasEmojiPresentation(bmp: 0x231A))
    }

    /// Over U+2300…U+2BFF (technical symbols, box drawing, shapes, dingbats, arrows), a character
    /// alone (one-unit cluster: the fast paths) takes the font it takes followed by U+FE0E (a
    /// two-unit cluster: the general path, which the text selector sends to the same choice as
    /// no selector), unless the character has emoji presentation.
    @Test func oneUnitClustersTakeTheGeneralPathsFont() {
        var disagreements: [String] = []
        for value in UInt32(0x2300)...0x2BFF {
            guard let scalar = Unicode.Scalar(value), !scalar.properties.isEmojiPresentation,
                  Itemizer.needsGlyph(scalar) else { continue }
            let alone = ScriptFixtures.paragraph("a\(Character(scalar))")
            let selected = ScriptFixtures.paragraph("a\(Character(scalar))\u{FE0E}")
            let fast = alone.runs.last!.font, general = selected.runs.last!.font
            if fast != general { disagreements.append("U+\(String(value, radix: 16)): \(fast.familyName) vs \(general.familyName)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}

