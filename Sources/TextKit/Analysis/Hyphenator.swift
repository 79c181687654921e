internal import CHyphen
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Hyphenation points of words from one libhyphen pattern dictionary (a `hyph_*.dic` file of the
/// Debian `hyphen-*` packages).
///
/// The patterns are Liang's (TeX's) hyphenation patterns; libhyphen matches them, this type only
/// converts text in and offsets out. A dictionary is loaded once and is read-only afterwards, so
/// one `Hyphenator` may be shared between threads.
///
/// Offsets are **UTF-16 offsets into the word** as passed in: an offset `k` means the word may be
/// broken between UTF-16 unit `k - 1` and `k`, the first line ending in `word[..<k]` plus a hyphen.
///
/// Only standard hyphenation is reported: a point where the dictionary asks for a spelling change
/// (libhyphen's non-standard hyphenation, such as German "Schiffahrt" → "Schiff-fahrt") is left out,
/// so breaking at any returned offset never changes the letters of the word.
public final class Hyphenator: @unchecked Sendable {
    /// The dictionary file the patterns were read from.
    public let path: String
    /// The smallest number of characters libhyphen leaves before a break, from the dictionary's
    /// `LEFTHYPHENMIN` (at least 1). A smaller requested minimum has no effect.
    public let dictionaryLeftMinimum: Int
    /// The smallest number of characters libhyphen leaves after a break, from the dictionary's
    /// `RIGHTHYPHENMIN` (at least 1). A smaller requested minimum has no effect.
    public let dictionaryRightMinimum: Int

    /// Loads the dictionary at `path`.
    ///
    /// The dictionary's first line names its character set; UTF-8 and ISO 8859-1 are supported.
    /// - Throws: ``HyphenationError`` when the file cannot be read or uses another character set.
    public init(contentsOf path: String) throws(HyphenationError) {
        guard let dictionary = hnj_hyphen_load(path) else {
            throw HyphenationError(code: .unreadableDictionary, subject: path,
                                   message: "libhyphen cannot load the hyphenation dictionary")
        }
        let charset = withUnsafeBytes(of: dictionary.pointee.cset) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let encoding: Encoding
        if dictionary.pointee.utf8 != 0 {
            encoding = .utf8
        } else if ["ISO8859-1", "ISO-8859-1", "ISO8859-15", "ISO-8859-15"].contains(charset.uppercased()) {
            encoding = .latin1
        } else {
            hnj_hyphen_free(dictionary)
            throw HyphenationError(code: .unsupportedEncoding, subject: path,
                                   message: "the dictionary's character set \(charset) is not supported")
        }
        self.path = path
        self.dictionary = dictionary
        self.encoding = encoding
        self.dictionaryLeftMinimum = max(1, Int(dictionary.pointee.lhmin))
        self.dictionaryRightMinimum = max(1, Int(dictionary.pointee.rhmin))
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The hyphenation points of `word`, as ascending UTF-16 offsets into `word`.
    ///
    /// Leading and trailing characters that are not letters (quotes, punctuation, digits) are
    /// ignored and never get a point; the letters are lowercased before matching (the patterns
    /// are lowercase).
    /// - Parameters:
    ///   - leftMinimum: the fewest characters (Unicode scalars) before the first point; the
    ///     dictionary's own minimum wins when larger.
    ///   - rightMinimum: the fewest characters after the last point; likewise.
    /// - Complexity: O(n) in the word's length; words longer than ``maximumWordLength`` scalars get
    ///   no points.
    public func hyphenationPoints(in word: String, leftMinimum: Int = 2, rightMinimum: Int = 2) -> [Int] {
        hyphenationPoints(scalars: Array(word.unicodeScalars), leftMinimum: leftMinimum,
                          rightMinimum: rightMinimum)
    }

    /// The hyphenation points of a word given as UTF-16 code units (as the engine stores text), as
    /// ascending offsets into `utf16`. See ``hyphenationPoints(in:leftMinimum:rightMinimum:)``.
    public func hyphenationPoints<C: Collection<UInt16>>(inUTF16 utf16: C, leftMinimum: Int = 2,
                                                         rightMinimum: Int = 2) -> [Int] {
        let scalars = Array(String(decoding: utf16, as: UTF16.self).unicodeScalars)
        return hyphenationPoints(scalars: scalars, leftMinimum: leftMinimum, rightMinimum: rightMinimum)
    }

    /// Words longer than this many Unicode scalars are not hyphenated (they are not words).
    public static let maximumWordLength = 100

    // MARK: - Internals

    private enum Encoding { case utf8, latin1 }

    /// The one owner of libhyphen's dictionary; freed in `deinit`, never handed out.
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    private let encoding: Encoding

    /// Outline:
    /// ```
    /// core ← the word without leading/trailing non-letters
    /// bytes ← lowercase(core) encoded as the dictionary's character set
    /// hyphens ← hnj_hyphen_hyphenate3(bytes, lhmin, rhmin)  // odd digit at i: break after scalar i
    ///                                                      // (libhyphen renumbers UTF-8 to scalars)
    /// points ← { utf16Offset(start of core + i + 1) : hyphens[i] odd, no replacement at i }
    /// ```
    private func hyphenationPoints(scalars: [Unicode.Scalar], leftMinimum: Int, rightMinimum: Int) -> [Int] {
        guard let first = scalars.firstIndex(where: \.properties.isAlphabetic),
              let last = scalars.lastIndex(where: \.properties.isAlphabetic) else { return [] }
        let core = scalars[first...last]
        guard core.count >= 2, core.count <= Self.maximumWordLength else { return [] }
        guard let bytes = encode(core) else { return [] }
        let hyphens = hyphenate(bytes, left: max(1, leftMinimum), right: max(1, rightMinimum))
        // UTF-16 offset of the end of each scalar of the core.
        var offset = scalars[..<first].reduce(0) { $0 + $1.utf16.count }
        var points: [Int] = []
        for (index, scalar) in core.enumerated() {
            offset += scalar.utf16.count
            if index + 1 < core.count, index < hyphens.count, hyphens[index] { points.append(offset) }
        }
        return points
    }

    /// Lowercases scalar by scalar (a mapping to several scalars keeps the original, so scalar
    /// indexes stay aligned) and encodes in the dictionary's character set.
    private func encode(_ core: ArraySlice<Unicode.Scalar>) -> [CChar]? {
        var bytes: [CChar] = []
        for scalar in core {
            let mapping = scalar.properties.lowercaseMapping.unicodeScalars
            let lower = mapping.count == 1 ? mapping.first! : scalar
            switch encoding {
            case .utf8:
                for byte in String(lower).utf8 { bytes.append(CChar(bitPattern: byte)) }
            case .latin1:
                guard lower.value <= 0xFF else { return nil }
                bytes.append(CChar(bitPattern: UInt8(lower.value)))
            }
        }
        return bytes
    }

    /// One call of `hnj_hyphen_hyphenate3`; returns, per scalar, whether a standard break may
    /// follow it. Frees what libhyphen allocates for non-standard hyphenation.
    private func hyphenate(_ bytes: [CChar], left: Int, right: Int) -> [Bool] {
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let count = bytes.count
        // libhyphen also reads the word as a C string (strstr): it must end with a NUL, which
        // the length passed leaves out (AddressSanitizer found the overread).
        let terminated = bytes + [0]
        terminated.withUnsafeBufferPointer { word in
            hyphens.withUnsafeMutableBufferPointer { out in
                _ = hnj_hyphen_hyphenate3(dictionary, word.baseAddress, Int32(count), out.baseAddress,
                                          nil, &replacements, &positions, &cuts,
                                          Int32(left), Int32(right), Int32(left), Int32(right))
            }
        }
        var result = hyphens.prefix(count).map { $0 >= 0x30 && ($0 - 0x30) % 2 == 1 }
        if let replacements {
            for index in 0..<count where replacements[index] != nil {
                if index < result.count { result[index] = false }
                free(replacements[index])
            }
            free(replacements)
        }
        free(positions)
        free(cuts)
        return result
    }
}

/// An error loading a hyphenation dictionary.
public struct HyphenationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The file is missing, unreadable or not a libhyphen dictionary.
        case unreadableDictionary
        /// The dictionary's character set is neither UTF-8 nor ISO 8859-1.
        case unsupportedEncoding
    }

    /// The kind of failure.
    public var code: Code
    /// The dictionary file concerned.
    public var subject: String
    /// A sentence describing the failure.
    public var message: String

    /// "SUBJECT: MESSAGE".
    public var description: String { "\(subject): \(message)" }
}
