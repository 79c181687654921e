/// What the itemizer asks of characters: emoji presentation, whether a character needs a
/// glyph, space separators, and decoding UTF-16.
extension Itemizer {
    /// Whether a cluster is shown as emoji (UTS #51): its first selector says so (U+FE0F emoji,
    /// U+FE0E text), or, with none, its first character has the Emoji_Presentation property.
    package static func hasEmojiPresentation(first: Unicode.Scalar?, selector: UInt32?) -> Bool {
        guard let first else { return false }
        if let selector { return selector == 0xFE0F }
        // In the BMP, every Emoji_Presentation character lies within U+231A…U+2B55.
        return first.value >= 0x231A && (first.value <= 0x2B55 || first.value > 0xFFFF)
            && first.properties.isEmojiPresentation
    }

    /// Whether the BMP code unit `unit` (not a surrogate) is a character with the
    /// Emoji_Presentation property, from a bit table of U+231A…U+2B55 (where all of the BMP's
    /// are) made once from the character properties: the itemizer's fast paths ask it for every
    /// one-unit cluster in that range, where box drawing, arrows and symbols shown as text are
    /// far more common than emoji.
    @inline(__always)
    package static func hasEmojiPresentation(bmp unit: UInt16) -> Bool {
        guard unit >= 0x231A, unit <= 0x2B55 else { return false }
        let bit = Int(unit - 0x231A)
        return emojiPresentationBits[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// Bit n: U+231A + n has the Emoji_Presentation property.
    fileprivate static let emojiPresentationBits: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: (0x2B55 - 0x231A) / 64 + 1)
        for value in UInt32(0x231A)...0x2B55 where Unicode.Scalar(value)!.properties.isEmojiPresentation {
            let bit = Int(value - 0x231A)
            bits[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        return bits
    }()

    /// Whether a missing glyph for `scalar` matters: not for controls, line and paragraph
    /// separators (drawn as nothing), nor default-ignorable characters (joiners, selectors,
    /// bidi marks: HarfBuzz hides them); format characters that show (U+0600 ARABIC NUMBER
    /// SIGN and the other prepended concatenation marks) need one.
    package static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        // Most characters are none of those: a range test spares the property look-ups.
        guard mayNeedNoGlyph(scalar.value) else { return true }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint || properties.isVariationSelector { return false }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return false
        default: return true
        }
    }

    /// False for characters that certainly need a glyph: the BMP outside the ranges holding
    /// controls, separators, default-ignorable characters and variation selectors (U+00AD,
    /// U+034F, U+061C, U+115F…U+1160, U+17B4…U+17B5, U+180B…U+180F, U+200B…U+206F, U+3164,
    /// U+FE00…U+FE0F, U+FEFF, U+FFA0, U+FFF0…U+FFF8); true for those and everything above the BMP,
    /// which ``needsGlyph(_:)`` then asks the Unicode properties about.
    package static func mayNeedNoGlyph(_ value: UInt32) -> Bool {
        // (Between U+3165 and U+FDFF, where CJK, Hangul and most text beyond Europe lie, none.)
        if value > 0x3164, value < 0xFE00 { return false }
        switch value {
        case 0..<0xA0, 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x206F,
             0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x10000...: return true
        default: return false
        }
    }

    /// The scalars of a grapheme cluster that need a glyph (``needsGlyph(_:)``), decoded in place.
    struct NeededScalars: Sequence, IteratorProtocol {
        let utf16: [UInt16]
        let cluster: Range<Int>
        private var index: Int

        init(utf16: [UInt16], cluster: Range<Int>) {
            self.utf16 = utf16
            self.cluster = cluster
            index = cluster.lowerBound
        }

        mutating func next() -> Unicode.Scalar? {
            while index < cluster.upperBound {
                let (value, length) = Itemizer.decode(utf16, at: index)
                index += length
                if let scalar = Unicode.Scalar(value), Itemizer.needsGlyph(scalar) { return scalar }
            }
            return nil
        }

        /// The cluster's first variation selector of presentation (U+FE0E text, U+FE0F emoji), if any.
        var selector: UInt32? {
            var index = cluster.lowerBound
            while index < cluster.upperBound {
                let (value, length) = Itemizer.decode(utf16, at: index)
                if value == 0xFE0E || value == 0xFE0F { return value }
                index += length
            }
            return nil
        }
    }

    /// Whether a UTF-16 unit is a space separator (general category Zs) other than U+1680 OGHAM
    /// SPACE MARK, which has ink: a character that never chooses a font (Pango's rule). A font
    /// without it still shows it: HarfBuzz draws such a space with the font's U+0020 at the
    /// space's own width.
    @inline(__always)
    static func isSpaceSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0xA0, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The scalar at UTF-16 offset `index` and its length in units (a lone surrogate as itself).
    func decode(at index: Int) -> (UInt32, Int) { Self.decode(utf16, at: index) }

    /// The scalar at offset `index` of `utf16` and its length in units (a lone surrogate as itself).
    @inline(__always)
    static func decode(_ utf16: [UInt16], at index: Int) -> (UInt32, Int) {
        let unit = utf16[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[index + 1]) {
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(utf16[index + 1]) - 0xDC00)
            return (value, 2)
        }
        return (UInt32(unit), 1)
    }
}
