/// A font at a size, as used by a layout; glyphs refer to it by index.
///
/// Equal when the faces are (the same font data and face index, wherever and by whichever
/// ``FontCollection`` they were loaded: see ``Font/==(_:_:)``) and the sizes are.
public struct UsedFont: Hashable, Sendable {
    /// The loaded face.
    public var font: Font
    /// The size in points.
    public var pointSize: Double
    /// Ascent in points at this size.
    public var ascent: Double { Double(font.ascender) * font.scale(forPointSize: pointSize) }
    /// Descent in points at this size (positive).
    public var descent: Double { Double(font.descender) * font.scale(forPointSize: pointSize) }
    /// Line gap in points at this size.
    public var lineGap: Double { Double(font.lineGap) * font.scale(forPointSize: pointSize) }

    /// Creates a value from its parts.
    package init(font: Font, pointSize: Double) {
        self.font = font
        self.pointSize = pointSize
    }
}

/// A glyph with its final position.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph's index in its font.
    public var glyphID: UInt32
    /// Index into ``LayoutSnapshot/fonts``.
    public var fontIndex: Int
    /// The glyph's origin on the baseline, in container coordinates (y down).
    public var position: Point
    /// The horizontal advance in points (including any justification).
    public var advance: Double
    /// The Unicode scalar offset of the character the glyph comes from (the first one of its
    /// cluster).
    public var characterIndex: Int
    /// Whether the glyph belongs to a right-to-left run (its cluster's leading edge is on the right).
    public var isRightToLeft = false

    /// The glyph id of an attachment's glyph (no font has that many glyphs): it stands for a
    /// ``TextAttachment``, its font is the attachment's attribute font, and its fragment's
    /// ``LineFragment/attachments`` says where the object's box is.
    public static let attachmentGlyphID: UInt32 = 0xFFFF_FFFF

    /// Whether the glyph stands for an attachment rather than a glyph of its font.
    public var isAttachment: Bool { glyphID == Self.attachmentGlyphID }

    /// Creates a value from its parts.
    package init(glyphID: UInt32, fontIndex: Int, position: Point, advance: Double, characterIndex: Int,
                 isRightToLeft: Bool = false) {
        self.glyphID = glyphID
        self.fontIndex = fontIndex
        self.position = position
        self.advance = advance
        self.characterIndex = characterIndex
        self.isRightToLeft = isRightToLeft
    }
}

/// A piece of a line that lies in one free span (Text Kit's line fragment).
public struct LineFragment: Hashable, Sendable {
    /// The free span the fragment fills, as a rectangle of the line's height (padding included).
    public var rect: Rect
    /// The part of ``rect`` the glyphs use, padding included (trailing white space excluded).
    public var usedRect: Rect
    /// The characters laid out in this fragment (Unicode scalar offsets).
    public var characterRange: Range<Int>
    /// The glyphs, in visual order, left to right (stored compactly; see ``PositionedGlyphs``).
    public var glyphs: PositionedGlyphs
    /// The attachments placed in the fragment, one per attachment glyph, in the glyphs' order
    /// (empty for most fragments).
    public var attachments: [AttachmentPlacement] = []
}

/// One line: a band of the container holding one or more fragments.
public struct LineLayout: Hashable, Sendable {
    /// The band: the container's text width, the line's height.
    public var rect: Rect
    /// The y of the baseline.
    public var baseline: Double
    /// The characters of the line (the last line of a paragraph includes its terminator).
    public var characterRange: Range<Int>
    /// The fragments, left to right.
    public var fragments: [LineFragment]
    /// The characters a truncated line hides behind its ellipsis (``TextContainer/lineBreakMode``),
    /// or nil.
    public var truncatedRange: Range<Int>? = nil
}

/// The layout of one text container.
public struct ContainerLayout: Hashable, Sendable {
    /// The container's index in the layout manager's chain.
    public var index: Int
    /// The container's size.
    public var size: Size
    /// The container's text area (size minus insets).
    public var textRect: Rect
    /// The line fragment padding.
    public var lineFragmentPadding: Double
    /// The exclusions (paths with margin, wrap side and minimum width), in container coordinates.
    public var exclusions: [Exclusion]
    /// The shape text flows inside of, or nil for the plain rectangle (container coordinates).
    public var shape: BezierPath?
    /// The exclusions' paths.
    public var exclusionPaths: [BezierPath] { exclusions.map(\.path) }
    /// The lines, top to bottom.
    public var lines: [LineLayout]
}

/// An immutable picture of a finished layout: fonts, containers, lines, fragments and glyphs.
///
/// Snapshots compare as values: two are equal when their layouts are (the same faces at the
/// same sizes, glyphs, positions, lines and containers), even when two layout managers with two
/// ``FontCollection``s made them; any glyph, position or face that differs makes them differ.
public struct LayoutSnapshot: Hashable, Sendable {
    /// The fonts glyphs refer to, in order of first use.
    public var fonts: [UsedFont]
    /// Every container of the chain, in order.
    public var containers: [ContainerLayout]
    /// The characters that fit in no container, or nil when everything was laid out.
    public var overflowRange: Range<Int>?
    /// The length of the text, in Unicode scalars.
    public var textLength: Int
}

/// Counts of the work a layout manager did, for tests and `--stats`.
public struct LayoutStatistics: Hashable, Sendable, Codable {
    /// Paragraphs analysed and shaped (reshaping is what edits should avoid).
    public var paragraphsShaped = 0
    /// Paragraphs whose lines were broken and placed.
    public var paragraphsLaidOut = 0
    /// Lines produced.
    public var linesLaidOut = 0
    /// Glyphs produced by shaping.
    public var glyphsShaped = 0
    /// Sum of the squared adjustment ratios of the lines laid out (lower is evener). The quality
    /// measures (this and the three below) cover the lines of the current layout: a line laid out
    /// again replaces its earlier measure.
    public var squaredAdjustmentRatios = 0.0
    /// Lines chosen by optimal breaking whose spaces stretch past their limit (ratio > 1).
    public var veryLooseLines = 0
    /// Raggedness: the sum of the squared slack (span width minus the text's natural width, in
    /// points²) of every line fragment that does not end its paragraph or a mandatory break.
    /// Comparable between breaking strategies and alignments (lower is evener).
    public var raggedness = 0.0
    /// Line fragments that do not end their paragraph or a mandatory break and whose text fills
    /// less than ``shortLineFill`` of their span at its natural width.
    public var shortLines = 0
    /// The fill under which a non-final line fragment counts as short (40 %).
    public static let shortLineFill = 0.4

    /// Zero counts.
    public init() {}

    /// Counts a line laid out, with its line-quality measures `quality`.
    mutating func addLine(of quality: LineQuality) {
        addQuality(of: quality)
        linesLaidOut += 1
    }

    /// Adds (or with `sign` −1 takes back) the line-quality measures of `other`.
    mutating func addQuality(of other: LineQuality, sign: Double = 1) {
        squaredAdjustmentRatios += sign * other.squaredAdjustmentRatios
        veryLooseLines += Int(sign) * Int(other.veryLooseLines)
        raggedness += sign * other.raggedness
        shortLines += Int(sign) * Int(other.shortLines)
    }
}

/// What one line adds to the quality measures of ``LayoutStatistics`` (its fragments'), kept with
/// the line to be taken back when it is laid out again: 24 bytes a line, not a whole
/// ``LayoutStatistics``.
struct LineQuality {
    var squaredAdjustmentRatios = 0.0
    var raggedness = 0.0
    var veryLooseLines: Int32 = 0
    var shortLines: Int32 = 0
}

/// Something a layout could not do exactly as asked.
public struct LayoutWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: String, Hashable, Sendable {
        /// Text did not fit in the containers.
        case overflow
        /// No installed font covers some characters of a script; the primary font's .notdef was
        /// used (one warning per script: ``LayoutWarning/missingGlyphs``).
        case missingGlyph
        /// A font has the characters of a script but shaped some of them to its .notdef glyph
        /// (a box); one warning per script, with the count and the first place.
        case notdefGlyph
        /// A font could not be resolved; the default font was used.
        case fontUnavailable
        /// A word or cluster is wider than any line could ever be.
        case unbreakable
    }

    /// The kind of problem.
    public var kind: Kind
    /// A sentence for people.
    public var message: String
    /// For ``Kind/missingGlyph``: the script, counts and first place (one warning per script).
    public var missingGlyphs: MissingGlyphs?
    /// The message.
    public var description: String { message }

    /// Creates a value from its parts.
    public init(kind: Kind, message: String, missingGlyphs: MissingGlyphs? = nil) {
        self.kind = kind
        self.message = message
        self.missingGlyphs = missingGlyphs
    }
}

extension LineLayout {
    /// The line with every character offset (its range, truncated range, fragments' ranges,
    /// attachments and glyphs) moved by `delta`: a paragraph's line, kept in paragraph offsets,
    /// in the offsets of the whole text.
    package func offsettingCharacters(by delta: Int) -> LineLayout { offsetting(characters: delta, y: 0) }

    /// The line with every y (its rectangle, baseline, fragments, glyphs and attachments) moved
    /// by `delta`: a line kept in its paragraph's frame, in container coordinates.
    package func offsettingY(by delta: Double) -> LineLayout { offsetting(characters: 0, y: delta) }

    /// The line with its character offsets moved by `characters` and its y by `y` (nothing is
    /// added where they are 0), in one copy of its fragments.
    package func offsetting(characters delta: Int, y: Double) -> LineLayout {
        guard delta != 0 || y != 0 else { return self }
        var line = self
        if y != 0 {
            line.rect = line.rect.movedDown(by: y)
            line.baseline += y
        }
        line.characterRange = characterRange.lowerBound + delta..<characterRange.upperBound + delta
        line.truncatedRange = truncatedRange.map { $0.lowerBound + delta..<$0.upperBound + delta }
        for f in line.fragments.indices {
            let range = line.fragments[f].characterRange
            line.fragments[f].characterRange = range.lowerBound + delta..<range.upperBound + delta
            for a in line.fragments[f].attachments.indices {
                line.fragments[f].attachments[a].characterIndex += delta
                line.fragments[f].attachments[a].rect = line.fragments[f].attachments[a].rect.movedDown(by: y)
            }
            line.fragments[f].glyphs.offsetCharacterIndices(by: delta)
            line.fragments[f].rect = line.fragments[f].rect.movedDown(by: y)
            line.fragments[f].usedRect = line.fragments[f].usedRect.movedDown(by: y)
            line.fragments[f].glyphs.offsetY(by: y)
        }
        return line
    }
}

extension Rect {
    /// The rectangle moved down by `delta` (itself when `delta` is 0): the one way lines kept in
    /// a paragraph's frame are placed, so every query places them alike.
    package func movedDown(by delta: Double) -> Rect {
        guard delta != 0 else { return self }
        var rect = self
        rect.origin.y += delta
        return rect
    }
}
