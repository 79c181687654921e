/// An RGBA colour with components in 0…1.
public struct Color: Hashable, Sendable, Codable {
    /// Red, green, blue and alpha components.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// Creates a colour.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
}

/// An underline or strikethrough.
public struct LineDecoration: Hashable, Sendable, Codable {
    /// The line's pattern.
    public enum Style: String, Hashable, Sendable, Codable, CaseIterable {
        /// One thin line.
        case single
        /// Two thin lines.
        case double
        /// One thick line.
        case thick
    }

    /// The pattern.
    public var style: Style
    /// The colour (nil: the glyphs' colour).
    public var color: Color?

    /// Creates a decoration.
    public init(style: Style = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }
}

/// How the lines of a paragraph sit in their line fragments.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Flush with the left edge.
    case left
    /// Flush with the right edge.
    case right
    /// Centred.
    case center
    /// Both edges flush (inter-word space stretched); the last line is aligned naturally.
    case justified
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
}

/// How a paragraph's lines are chosen.
public enum LineBreakStrategy: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each line takes as much text as fits (fast; what Text Kit does).
    case greedy
    /// Knuth–Plass total fit over the whole paragraph, with the real widths of the spans each
    /// line falls in (around exclusions too): evener spacing and fewer very loose lines.
    case optimal
}

/// How a paragraph's text is broken into lines (Text Kit's `NSLineBreakMode` on a paragraph style).
public enum ParagraphLineBreakMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lines break between words (at the break opportunities of UAX #14); a word wider than a
    /// line is broken between grapheme clusters.
    case wordWrapping
    /// Lines break before the first grapheme cluster that does not fit, inside words too.
    case charWrapping
    /// The paragraph is one line: what does not fit its first span is hidden (the line's
    /// ``LineLayout/truncatedRange``), without an ellipsis.
    case clipping
    /// The paragraph is one line showing its start, "…" where the rest is hidden.
    case truncatingTail
    /// The paragraph is one line showing its end, "…" where the start is hidden.
    case truncatingHead
    /// The paragraph is one line showing its start and end, "…" between them.
    case truncatingMiddle

    /// Whether the paragraph is set on one line (clipping and the truncating modes).
    public var isSingleLine: Bool { self != .wordWrapping && self != .charWrapping }
}

/// Paragraph-level attributes (Text Kit's `NSParagraphStyle`). Changing them only re-breaks lines.
public struct ParagraphStyle: Hashable, Sendable, Codable {
    /// Alignment of each line fragment inside its free span.
    public var alignment: TextAlignment = .natural
    /// The paragraph's base direction.
    public var baseWritingDirection: WritingDirection = .natural
    /// Multiplies the natural line height (ascent + descent + line gap of the line's fonts).
    public var lineHeightMultiple: Double = 1
    /// The least height of a line, in points, after ``lineHeightMultiple`` (0: no minimum);
    /// the space added is above the glyphs (Text Kit's `minimumLineHeight`).
    public var minimumLineHeight: Double = 0
    /// The greatest height of a line, in points, after ``lineHeightMultiple`` (0: no maximum;
    /// it wins over ``minimumLineHeight``); a line this caps keeps its baseline at the natural
    /// distance from its bottom, its tallest glyphs rising above it (Text Kit's
    /// `maximumLineHeight`).
    public var maximumLineHeight: Double = 0
    /// Extra space added after each line, in points.
    public var lineSpacing: Double = 0
    /// Space before the paragraph's first line, in points.
    public var paragraphSpacingBefore: Double = 0
    /// Space after the paragraph's last line, in points.
    public var paragraphSpacing: Double = 0
    /// Indent of the first line from the leading edge, in points.
    public var firstLineHeadIndent: Double = 0
    /// Indent of the other lines from the leading edge, in points.
    public var headIndent: Double = 0
    /// Indent from the trailing edge (≥ 0), in points.
    public var tailIndent: Double = 0
    /// Text Kit's hyphenation factor: 0 never hyphenates; above 0, words of the paragraph's
    /// language (the language attribute, with an installed `hyphen-*` dictionary) may break at
    /// their hyphenation points, showing a hyphen.
    public var hyphenationFactor: Double = 0
    /// How lines are chosen: one at a time, or the whole paragraph at once (Knuth–Plass; with
    /// ``lineBreakMode`` `wordWrapping` only: the other modes break one line at a time).
    public var lineBreakStrategy: LineBreakStrategy = .greedy
    /// Where lines break: between words, between characters, or not at all (one line, clipped
    /// or truncated). The container's ``TextContainer/lineBreakMode`` still truncates the last
    /// line a line limit allows.
    public var lineBreakMode: ParagraphLineBreakMode = .wordWrapping
    /// Justification: the most width an inter-word space gains before letter-spacing starts, as
    /// a fraction of the space's width (0.5: the stretch optimal breaking assumes).
    public var maximumWordSpacingStretch: Double = 0.5
    /// Justification's last resort: the most letter-spacing (points) added between the grapheme
    /// clusters of a word when the spaces at their stretch limit leave the line short; 0 never
    /// letter-spaces. Left-to-right text only.
    public var maximumLetterSpacing: Double = 0
    /// Whether a justified line the limits cannot fill still ends at its span's edge, its spaces
    /// stretched beyond ``maximumWordSpacingStretch`` (true, Text Kit's behaviour), or is left
    /// short at its leading edge with spaces and letters at their limits (false).
    public var allowsUnlimitedWordSpacing = true
    /// Widow and orphan control across containers (columns, pages): a paragraph's first line is
    /// never left alone at the bottom of a container (it moves to the next one), and its last
    /// line never starts the next container alone (the line before it moves along), when a next
    /// container exists. Optimal breaking whose lines would break this rule falls back to greedy.
    public var preventsWidowsAndOrphans = false
    /// Text Kit's tab stops: where text after a tab character lines up, measured from the
    /// leading edge of the container's text area plus the line fragment padding (so columns line
    /// up across lines and around exclusions). Past the last stop, ``defaultTabInterval`` applies.
    public var tabStops: [TextTab] = []
    /// Text Kit's default tab interval: past the last of ``tabStops``, a tab goes to the next
    /// multiple of it (left-aligned); 0 makes such a tab zero-width. 28 points, like the 12 stops
    /// every 28 points of Text Kit's default style.
    public var defaultTabInterval: Double = 28

    /// The default style.
    public init() {}
}

/// The attributes of a run of characters.
///
/// Attributes fall into three classes that decide what an edit invalidates: paint-only
/// (``foregroundColor``, ``backgroundColor``, ``underline``, ``strikethrough``, ``link``) redo
/// nothing; shaping (``font``, ``language``, ``features``, ``tracking``, ``baselineOffset``,
/// ``superscript``, ``attachment``) reshape the paragraph; paragraph (``paragraphStyle``) only re-break it.
public struct TextAttributes: Hashable, Sendable, Codable {
    /// The font asked for.
    public var font: FontDescriptor = FontDescriptor()
    /// The colour of the glyphs (nil: the renderer's default).
    public var foregroundColor: Color?
    /// The colour behind the glyphs (nil: none).
    public var backgroundColor: Color?
    /// A BCP 47 language tag for shaping and line breaking (nil: none).
    public var language: String?
    /// OpenType feature settings (ligatures and kerning are on by default), e.g.
    /// `FontFeature(tag: "liga", value: 0)`, `"smcp"`, `"tnum"`.
    public var features: [FontFeature] = []
    /// Extra space after every grapheme cluster, in points (letter-spacing).
    public var tracking: Double = 0
    /// Points the glyphs are raised above the baseline (negative lowers them).
    public var baselineOffset: Double = 0
    /// 1 for superscript, -1 for subscript, 0 for neither: a smaller size (66%), raised or
    /// lowered by 35% of the attribute's size.
    public var superscript: Int = 0
    /// Underline drawn under the glyphs (paint-only).
    public var underline: LineDecoration?
    /// Line drawn through the glyphs (paint-only).
    public var strikethrough: LineDecoration?
    /// A link target (paint-only: it never moves glyphs).
    public var link: String?
    /// The inline object shown by U+FFFC characters of the run (ignored on other characters):
    /// one glyph as wide as the object, raised by ``baselineOffset``; nil for none.
    public var attachment: TextAttachment?
    /// The paragraph style; the style of a paragraph's first character applies to all of it.
    public var paragraphStyle: ParagraphStyle = ParagraphStyle()

    /// Default attributes: 12 pt sans-serif, natural alignment.
    public init() {}

    /// Attributes with a font.
    public init(font: FontDescriptor, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.font = font
        self.paragraphStyle = paragraphStyle
    }

    /// Whether `self` and `other` shape text the same way (same font, language, features,
    /// tracking, baseline offset, superscript and attachment): runs that differ only in paint or
    /// paragraph attributes are shaped together.
    public func shapesLike(_ other: TextAttributes) -> Bool { shaping == other.shaping }

    /// Which classes of attribute differ between `self` and `other`.
    public func changes(comparedTo other: TextAttributes) -> AttributeChange {
        var change: AttributeChange = []
        if !shapesLike(other) { change.insert(.shaping) }
        if paragraphStyle != other.paragraphStyle { change.insert(.paragraph) }
        if foregroundColor != other.foregroundColor || backgroundColor != other.backgroundColor
            || underline != other.underline || strikethrough != other.strikethrough || link != other.link {
            change.insert(.paint)
        }
        return change
    }
}

/// The classes of attribute an edit changed.
public struct AttributeChange: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Colours and other attributes that never move glyphs.
    public static let paint = AttributeChange(rawValue: 1)
    /// Attributes that change glyphs or advances: the paragraph is reshaped.
    public static let shaping = AttributeChange(rawValue: 2)
    /// Paragraph-style attributes: lines are broken again, glyphs are kept.
    public static let paragraph = AttributeChange(rawValue: 4)
}
