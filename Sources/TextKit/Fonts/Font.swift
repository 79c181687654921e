internal import CFreeType
internal import CHarfBuzz

/// One face of a font file, loaded once and shared by every glyph run that uses it.
///
/// A `Font` is immutable after loading, so it is `Sendable`: its HarfBuzz font is made immutable
/// and shaping only reads it. Metrics are in font units; multiply by `pointSize / unitsPerEm` to
/// get points (``scale(forPointSize:)``).
///
/// Fonts compare as values: two loads of the same face are equal (see ``==(_:_:)``), so layouts
/// made with two ``FontCollection``s, or two layout managers, compare equal when their glyphs
/// and positions are.
public final class Font: Hashable, Sendable, CustomStringConvertible {
    /// The font file this face comes from.
    public let filePath: String
    /// The face's index inside the file (0 for plain .ttf/.otf files).
    public let faceIndex: Int
    /// The family name the font reports (e.g. "DejaVu Sans").
    public let familyName: String
    /// The style name the font reports (e.g. "Book", "Bold").
    public let styleName: String
    /// Font units per em.
    public let unitsPerEm: Int
    /// Distance from the baseline to the top of the line box, in font units (positive).
    public let ascender: Int
    /// Distance from the baseline to the bottom of the line box, in font units (positive down).
    public let descender: Int
    /// Extra space between lines recommended by the font, in font units (not negative).
    public let lineGap: Int
    /// Whether the glyphs are outlines; false for colour bitmap fonts (CBDT/sbix emoji), whose
    /// glyphs are images that only a renderer with their bitmaps draws.
    public let hasOutlines: Bool
    /// The file's 64-bit digest (the one fonts compare by, taken the first time it is asked
    /// for), as 16 lowercase hex digits: a changed font explains a changed golden file. See
    /// docs/json-format.md for the algorithm.
    public var fileHash: String {
        let hex = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Loads face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: ``FontError`` when the file cannot be read or is not a scalable font.
    public init(contentsOfFile path: String, faceIndex: Int = 0) throws(FontError) {
        let loaded = try LoadedFace.load(path: path, faceIndex: faceIndex)
        self.filePath = path
        self.faceIndex = faceIndex
        self.familyName = loaded.family
        self.styleName = loaded.style
        self.unitsPerEm = loaded.unitsPerEm
        self.ascender = loaded.ascender
        self.descender = loaded.descender
        self.lineGap = loaded.lineGap
        self.hasOutlines = loaded.hasOutlines
        self.fileLength = loaded.fileLength
        self.shaper = loaded.shaper
        self.hasColorGlyphs = loaded.shaper.hasColorGlyphs
        // Controls (below U+0020, and U+007F) need no glyph: they count as covered.
        var ascii: (UInt64, UInt64) = (0xFFFF_FFFF, 1 << (0x7F - 64))
        for code in UInt32(0)..<128 where loaded.shaper.nominalGlyph(code) != nil {
            if code < 64 { ascii.0 |= 1 << code } else { ascii.1 |= 1 << (code - 64) }
        }
        self.asciiCoverageMask = ascii
    }

    /// Points per font unit at `pointSize`.
    public func scale(forPointSize pointSize: Double) -> Double { pointSize / Double(unitsPerEm) }

    /// Whether the font maps `scalar` to a glyph of its own (not .notdef).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { shaper.hasNominalGlyph(scalar.value) }

    /// Whether the font draws in colour (colour bitmaps or layered glyphs, as emoji fonts do):
    /// the font a cluster with emoji presentation is given when one covers it.
    public let hasColorGlyphs: Bool

    /// The glyph the font's character map gives `scalar`, or nil when it has none.
    public func glyphID(for scalar: Unicode.Scalar) -> UInt32? { shaper.nominalGlyph(scalar.value) }

    /// The number of glyphs in the face: valid glyph IDs are `0..<glyphCount`.
    public var glyphCount: Int { shaper.glyphCount }

    /// A short description: family, style and file.
    public var description: String { "\(familyName) \(styleName) (\(filePath)#\(faceIndex))" }

    /// Whether two fonts are the same face: the same font data (the file's bytes, compared by
    /// a digest of them) and the same ``faceIndex`` (which, for FreeType, also carries a
    /// named instance in its upper bits).
    ///
    /// That is what decides every glyph and advance: a face loaded twice, by two
    /// ``FontCollection``s or from two copies of the file at different paths, is equal to itself,
    /// so two layouts of the same text in it compare equal; another file, or another face of
    /// the same collection file, is a different font. The engine applies no variation
    /// coordinates, synthetic emboldening or slant, so nothing else of a `Font` changes its
    /// glyphs; ``filePath``, where it was loaded from, is not compared. The digest (64 bits, eight
    /// bytes a step) is not a cryptographic hash: two different files share it by accident with
    /// a chance of about 2⁻⁶⁴, but files made to collide on purpose would compare equal.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        // (Files of different lengths differ: their digests, read in full, are not asked for.)
        lhs === rhs || (lhs.faceIndex == rhs.faceIndex && lhs.fileLength == rhs.fileLength && lhs.digest == rhs.digest)
    }

    /// Hashes what ``==(_:_:)`` compares: the file's digest and the face index.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
        hasher.combine(faceIndex)
    }

    // MARK: - Internals

    /// A 64-bit digest of the file's bytes (``digest64(_:)``), which ``==(_:_:)`` compares: read
    /// in full the first time it is asked for, not as the face loads. A layout never asks (its
    /// caches and font table know a face by identity, one object per file and face index in a
    /// collection), and a fallback CJK face is a 19 MB file of which shaping reads a few tables:
    /// the digest of it was 16 M instructions, and 4,700 pages touched, of a first layout of
    /// the Python documentation (three Chinese characters).
    var digest: UInt64 {
        digestMemo.withLock { memo in
            if let memo { return memo }
            let digest = shaper.fileDigest()
            memo = digest
            return digest
        }
    }

    private let digestMemo = Locked<UInt64?>(nil)
    /// Whether ``digest`` was read (the file digested).
    package var hasReadDigest: Bool { digestMemo.withLock { $0 != nil } }
    /// The font file's length in bytes (part of the digest: fonts of different lengths differ).
    let fileLength: Int

    package let shaper: HarfBuzzFont
    /// ``coversASCII(_:)`` of every ASCII character as bit n of the pair, for the itemizer's
    /// fast paths: the font has its glyph, or it is a control character that needs none.
    let asciiCoverageMask: (UInt64, UInt64)

    /// Whether the ASCII character `unit` (< 128) needs no fallback: the font has its glyph, or it
    /// is a control character that needs none.
    func coversASCII(_ unit: UInt16) -> Bool {
        unit < 64 ? asciiCoverageMask.0 & (1 << UInt64(unit)) != 0
            : asciiCoverageMask.1 & (1 << UInt64(unit - 64)) != 0
    }

    /// Whether a grapheme cluster of the one UTF-16 unit `unit` takes this font, its primary
    /// font, with no more questions (the itemizer's fast paths): ASCII it covers
    /// (``coversASCII(_:)``), or a character of the BMP it has a glyph for, neither a surrogate
    /// nor one with the Emoji_Presentation property (``Itemizer/hasEmojiPresentation(bmp:)``:
    /// presentation decides those).
    @inline(__always)
    func coversAlone(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return coversASCII(unit) }
        return !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit)
            && !Itemizer.hasEmojiPresentation(bmp: unit) && shaper.hasNominalGlyph(UInt32(unit))
    }
}

/// An error loading or finding a font.
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The file is missing or unreadable.
        case unreadableFile
        /// The file is not a font FreeType can scale.
        case invalidFont
        /// No installed font has the requested family.
        case unknownFamily
        /// fontconfig itself failed (no configuration).
        case fontconfigUnavailable
    }

    /// The kind of failure.
    public var code: Code
    /// The file or family concerned.
    public var subject: String
    /// A sentence describing the failure.
    public var message: String

    /// "SUBJECT: MESSAGE".
    public var description: String { "\(subject): \(message)" }
}

// MARK: - Internals

/// What `Font.init` needs from the C libraries, gathered in one place.
private struct LoadedFace {
    var family: String, style: String
    var unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int
    var hasOutlines: Bool
    var fileLength: Int
    var shaper: HarfBuzzFont

    static func load(path: String, faceIndex: Int) throws(FontError) -> LoadedFace {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw FontError(code: .unreadableFile, subject: path, message: "cannot read the font file")
        }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            throw FontError(code: .invalidFont, subject: path, message: "the font file is empty")
        }
        let raw = UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self)

        // FreeType validates the file and gives names and metrics.
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError(code: .invalidFont, subject: path, message: "FreeType could not start")
        }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, raw, FT_Long(length), FT_Long(faceIndex), &face)
        guard error == 0, let face else {
            throw FontError(code: .invalidFont, subject: path,
                            message: "not a font FreeType can read (FreeType error \(error))")
        }
        defer { FT_Done_Face(face) }
        let rec = face.pointee
        let flags = rec.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 && rec.units_per_EM > 0
        // Colour bitmap fonts (CBDT/sbix emoji) have no outlines, so FreeType reports no metrics;
        // their hmtx advances and hhea metrics are scalable and HarfBuzz reads them.
        let colorBitmaps = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0
        guard scalable || colorBitmaps else {
            throw FontError(code: .invalidFont, subject: path, message: "not a scalable (outline) font")
        }
        guard let shaper = HarfBuzzFont(blob: blob, faceIndex: faceIndex) else {
            throw FontError(code: .invalidFont, subject: path, message: "HarfBuzz could not read the font")
        }
        var unitsPerEm = Int(rec.units_per_EM), ascender = Int(rec.ascender), descender = -Int(rec.descender)
        var gap = max(0, Int(rec.height) - ascender - descender)
        if !scalable {
            let metrics = shaper.verticalMetrics
            unitsPerEm = metrics.unitsPerEm
            ascender = metrics.ascender
            descender = metrics.descender
            gap = metrics.lineGap
            guard unitsPerEm > 0 else {
                throw FontError(code: .invalidFont, subject: path, message: "the font has no units per em")
            }
        }
        return LoadedFace(
            family: rec.family_name.map { String(cString: $0) } ?? "",
            style: rec.style_name.map { String(cString: $0) } ?? "",
            unitsPerEm: unitsPerEm, ascender: ascender, descender: descender, lineGap: gap,
            hasOutlines: scalable, fileLength: Int(length), shaper: shaper)
    }
}

/// A 64-bit digest of `bytes` read eight at a time: FNV-1a's step (xor, then multiply by
/// 0x100000001b3) on little-endian 64-bit words, each product folded (`h ^= h >> 32`), from the
/// offset basis 0xcbf29ce484222325 xor the byte count; the bytes after the last whole word take
/// FNV-1a's byte step. A sixth of the instructions of FNV-1a over a font file (whose multiplies,
/// one a byte, wait on each other: 30 ms for a 19 MB CJK font): fonts compare by it, and it is
/// their ``Font/fileHash``.
func digest64(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = fnv1aOffsetBasis ^ UInt64(bytes.count)
    let raw = UnsafeRawBufferPointer(bytes)
    let words = bytes.count / 8
    for index in 0..<words { hash = fnv1aWordStep(hash, raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)) }
    for index in 8 * words..<bytes.count { hash = fnv1aStep(hash, UInt64(bytes[index])) }
    return hash
}

/// FNV-1a's 64-bit offset basis.
let fnv1aOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

/// FNV-1a's step: xor `value` in, then multiply by the 64-bit prime 0x100000001b3.
@inline(__always)
func fnv1aStep(_ hash: UInt64, _ value: UInt64) -> UInt64 { (hash ^ value) &* 0x0000_0100_0000_01b3 }

/// ``fnv1aStep(_:_:)`` on a whole 64-bit word, the product folded (`h ^= h >> 32`: the multiply
/// carries low bits up only), as ``digest64(_:)`` and the word cache's keys take it.
@inline(__always)
func fnv1aWordStep(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    let product = fnv1aStep(hash, word)
    return product ^ (product >> 32)
}
