/// An inline object (an image in a document) laid out as one glyph: Text Kit's `NSTextAttachment`.
///
/// An attachment is the character U+FFFC (OBJECT REPLACEMENT CHARACTER) carrying
/// ``TextAttributes/attachment``; the attribute on any other character is ignored, and U+FFFC
/// without it is an ordinary character. The object is a box on the line's baseline:
///
/// ```
///            ┌────────┐  ─┬─
///            │        │   │ height − descent (above the baseline)
/// baseline ──┼────────┼── ─┼─
///            │        │   │ descent (below it)
///            └────────┘  ─┴─
///             width
/// ```
///
/// This is `NSTextAttachment.bounds` with `origin.y = −descent`: a positive ``descent`` puts
/// part of the box below the baseline, a negative one lifts the whole box above it. The box's
/// leading edge is at the glyph's origin and its advance is ``width``; the line grows to fit the
/// box (its ascent to the part above the baseline, its descent to the part below).
///
/// An attachment is a shaping attribute: changing it reshapes its paragraph and re-breaks it.
public struct TextAttachment: Hashable, Sendable, Codable {
    /// The box's width, in points (≥ 0): the glyph's advance.
    public var width: Double
    /// The box's height, in points (≥ 0).
    public var height: Double
    /// How far the box's bottom lies below the baseline, in points (negative: above it).
    public var descent: Double
    /// A name the document tool maps back to its object (an image's file or id); nil for none.
    public var identifier: String?

    /// Creates an attachment of `width` × `height` points whose bottom lies `descent` points
    /// below the baseline (0: the box sits on the baseline).
    public init(width: Double, height: Double, descent: Double = 0, identifier: String? = nil) {
        self.width = width
        self.height = height
        self.descent = descent
        self.identifier = identifier
    }

    /// The character that stands for an attachment in the text: U+FFFC OBJECT REPLACEMENT CHARACTER.
    public static let character: Unicode.Scalar = "\u{FFFC}"

    /// The part of the box above the baseline, in points (`height − descent`).
    public var ascent: Double { height - descent }

    /// The box relative to its glyph's origin on the baseline (y down, as layout coordinates):
    /// x from 0, y from `−ascent`.
    public var bounds: Rect { Rect(x: 0, y: -ascent, width: width, height: height) }
}

/// Where an attachment was placed: one per attachment glyph of a ``LineFragment``.
public struct AttachmentPlacement: Hashable, Sendable {
    /// The Unicode scalar offset of the attachment's character (U+FFFC) in the text.
    public var characterIndex: Int
    /// The attachment.
    public var attachment: TextAttachment
    /// The attachment's box in container coordinates (y down): its glyph's origin plus
    /// ``TextAttachment/bounds``.
    public var rect: Rect
}
