/// The attributes shaping depends on: everything in ``TextAttributes`` that changes glyphs or
/// advances. It is the one definition of "shapes alike": edit classification
/// (``TextAttributes/shapesLike(_:)``), the itemizer's merging of attribute runs and
/// ``RunStyle`` all derive from it, and shaping reads attributes only through it, so an
/// attribute that affects shaping is compared wherever shaping results are reused.
package struct ShapingAttributes: Hashable, Sendable {
    var font: FontDescriptor
    var language: String?
    var features: [FontFeature]
    /// Points added after each cluster.
    var tracking: Double
    var baselineOffset: Double
    var superscript: Int
    var attachment: TextAttachment?
}

extension TextAttributes {
    /// The attributes shaping depends on.
    var shaping: ShapingAttributes {
        ShapingAttributes(font: font, language: language, features: features, tracking: tracking,
                          baselineOffset: baselineOffset, superscript: superscript, attachment: attachment)
    }
}

/// An ISO 15924 script code ("Latn") packed into four bytes as OpenType and HarfBuzz spell it
/// (the code's first four bytes, padded with spaces): a style compares and hashes its script as
/// one integer, and shaping hands it to HarfBuzz without reading a string.
package struct ScriptTag: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The packed code; 0 for the empty code.
    package let rawValue: UInt32

    /// The tag of `code` (its first four bytes).
    package init(_ code: String) {
        var tag: UInt32 = 0, count = 0
        for byte in code.utf8.prefix(4) {
            tag = tag << 8 | UInt32(byte)
            count += 1
        }
        for _ in count..<4 { tag = tag << 8 | 0x20 }
        rawValue = count == 0 ? 0 : tag
    }

    /// The tag of a code written in the source.
    package init(stringLiteral code: String) { self.init(code) }

    /// The code, trailing spaces removed ("Latn").
    package var code: String {
        guard rawValue != 0 else { return "" }
        var bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    package var description: String { code }
}

/// What HarfBuzz is given besides the text: face, direction, script, language and features.
/// The word cache is keyed by it (glyphs are in font units, so the size is not part of it), and
/// every shaping call goes through it, so whatever reaches HarfBuzz is part of the key.
package struct ShapingInput: Hashable, Sendable {
    var font: Font
    var rightToLeft: Bool
    /// ISO 15924 code, or nil to let HarfBuzz guess.
    package var script: ScriptTag?
    package var language: String?
    var features: [FontFeature]

    /// Whether `other` is equal, compared field by field in place (comparing whole inputs with
    /// `==` copies their strings and arrays). Every stored property is compared
    /// (`ShapeCacheTests.recentStylesCompareEveryField` holds the list to the type).
    func matches(_ other: borrowing ShapingInput) -> Bool {
        script == other.script && rightToLeft == other.rightToLeft && font === other.font && language == other.language
            && features == other.features
    }

    /// Equal inputs: the same font object (not only an equal font: an input is a key of the
    /// caches of the one collection that loaded the font, which loads a face once, and the
    /// file's digest, which equal fonts compare, is not read for a layout: ``Font/digest``)
    /// and equal other fields.
    package static func == (lhs: ShapingInput, rhs: ShapingInput) -> Bool { lhs.matches(rhs) }

    /// Hashes what ``==(_:_:)`` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(font))
        hasher.combine(rightToLeft)
        hasher.combine(script)
        hasher.combine(language)
        hasher.combine(features)
    }

    /// Font, script and direction in one integer: equal inputs have equal keys.
    var quickKey: UInt64 {
        UInt64(UInt(bitPattern: ObjectIdentifier(font))) &+ UInt64(script?.rawValue ?? 0) << 1 | (rightToLeft ? 1 : 0)
    }

    /// ``shape(_:range:)`` as glyph records in logical order (the word cache's form), written over
    /// `records` (its capacity kept: a shaping thread reuses one array, ``GlyphAssembly/shaped``).
    func shapeRecords(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, into records: inout [GlyphRecord],
                      plan: HarfBuzzFont.ShapePlan? = nil) {
        font.shaper.shapeRecords(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                                 features: features, into: &records, plan: plan)
    }

    /// The HarfBuzz shape plan of this input, made once for its runs (``HarfBuzzFont/shapePlan(rightToLeft:script:language:features:)``).
    func shapePlan() -> HarfBuzzFont.ShapePlan? {
        font.shaper.shapePlan(rightToLeft: rightToLeft, script: script, language: language, features: features)
    }

    /// Shapes `text[range]`, the rest of `text` being context (see ``HarfBuzzFont/shape(_:range:rightToLeft:script:language:features:)``).
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>) -> ShapedGlyphs {
        font.shaper.shape(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                          features: features)
    }

    /// Whether text in this input may be shaped word by word (see ``HarfBuzzFont/wordShaping(_:)``);
    /// never without a script.
    func wordShaping() -> WordShaping { wordShaping(plan: shapePlan()) }

    /// ``wordShaping()`` read from `plan`, this input's (``shapePlan()``, nil without a script).
    func wordShaping(plan: HarfBuzzFont.ShapePlan?) -> WordShaping {
        guard let plan else { return .wholeRuns }
        return font.shaper.wordShaping(plan)
    }
}

/// How one item is shaped and placed: the HarfBuzz input, then what applies to its output
/// (size, tracking, baseline offset) or replaces it (an attachment).
package struct RunStyle {
    package var input: ShapingInput
    /// The size glyphs are drawn at (a superscript's is smaller than its attribute's).
    var pointSize: Double
    /// Points added after each cluster.
    var tracking: Double
    /// Points the glyphs are raised above the baseline.
    var baselineOffset: Double
    /// The attachment a one-cluster U+FFFC run shows instead of shaped glyphs, or nil. (Spelled
    /// out: `TextAttachment?` gives the field a default nil, and with it the initializer copied
    /// the style out of its `self`, a retain and a release of each reference, every run.)
    var attachment: Optional<TextAttachment>

    var font: Font { input.font }
    var rightToLeft: Bool { input.rightToLeft }

    /// The style of an item whose attribute run has `attributes`.
    init(_ item: borrowing Item, attributes: borrowing TextAttributes) {
        let superscript = Double(attributes.superscript)
        input = ShapingInput(font: item.font, rightToLeft: item.rightToLeft, script: item.script,
                             language: attributes.language, features: attributes.features)
        pointSize = attributes.font.size * (superscript == 0 ? 1 : 0.66)
        tracking = attributes.tracking
        baselineOffset = attributes.baselineOffset + superscript * 0.35 * attributes.font.size
        attachment = item.attachment
    }
}

/// Whether runs of one shaping style may be shaped word by word and each word kept by the word
/// cache (``HarfBuzzFont/wordShaping(_:)`` decides).
package enum WordShaping: Equatable, Sendable {
    /// The space glyph takes part in shaping: runs are shaped whole.
    case wholeRuns
    /// Words shaped alone give the glyphs of their run, except a word with one of
    /// `contextGlyphs` (ascending; none in most fonts), which a positioning lookup may move for a
    /// space before it: such a word is shaped with its run.
    case byWord(contextGlyphs: [UInt32])
}
