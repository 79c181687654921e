internal import CFontconfig
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and caches fonts: family lookup and per-character fallback through fontconfig, and
/// loaded faces shared by every layout that uses this collection.
///
/// Each collection has its own fontconfig configuration (read from the usual files, or from
/// `FONTCONFIG_FILE`, or from a file given to ``init(configurationFile:defaultFontPath:)``) and its
/// own caches; nothing is global. Thread-safe.
public final class FontCollection: Sendable {
    /// Creates a collection with fontconfig's usual configuration. `defaultFontPath` is used when
    /// fontconfig has no font at all.
    public init(defaultFontPath: String? = nil) {
        self.defaultFontPath = defaultFontPath
        self.config = Locked(FontconfigHandle())
    }

    /// Creates a collection that sees only what the fontconfig file at `path` configures (its
    /// `<dir>`s, aliases and rules), ignoring the machine's configuration: deterministic font
    /// choice and fallback for tests and reproducible documents.
    ///
    /// - Throws: ``FontError`` (`fontconfigUnavailable`) when the file cannot be read or parsed.
    public init(configurationFile path: String, defaultFontPath: String? = nil) throws(FontError) {
        guard let handle = FontconfigHandle(configurationFile: path) else {
            throw FontError(code: .fontconfigUnavailable, subject: path,
                            message: "fontconfig could not load this configuration file")
        }
        self.defaultFontPath = defaultFontPath
        self.config = Locked(handle)
    }

    /// The font file used when a family cannot be resolved and fontconfig finds nothing.
    public let defaultFontPath: String?

    /// The face for `descriptor` (size is ignored: faces are size-independent).
    ///
    /// - Throws: ``FontError`` if the file cannot be loaded or no installed font has the family.
    public func font(for descriptor: FontDescriptor) throws(FontError) -> Font {
        if let path = descriptor.filePath { return try font(file: path, faceIndex: descriptor.faceIndex) }
        let key = FamilyKey(family: descriptor.family, weight: descriptor.weight, italic: descriptor.italic)
        if let cached = cache.withLock({ $0.families[key] }) { return cached }
        let match = config.withLock { $0.match(family: descriptor.family, weight: descriptor.weight,
                                                italic: descriptor.italic) }
        guard let match else {
            if let defaultFontPath, Self.genericFamilies.contains(descriptor.family.lowercased()) {
                return try font(file: defaultFontPath, faceIndex: 0)
            }
            throw FontError(code: .unknownFamily, subject: descriptor.family,
                            message: "no installed font has this family (fontconfig found none)")
        }
        let isGeneric = Self.genericFamilies.contains(descriptor.family.lowercased())
        if !isGeneric && !match.families.contains(where: { $0.caseInsensitiveEquals(descriptor.family) }) {
            throw FontError(code: .unknownFamily, subject: descriptor.family,
                            message: "no installed font has this family (closest: \(match.families.first ?? "none"))")
        }
        let loaded = try font(file: match.file, faceIndex: match.index)
        cache.withLock { $0.families[key] = loaded }
        return loaded
    }

    /// The face of the file at `path`, loaded once.
    public func font(file path: String, faceIndex: Int = 0) throws(FontError) -> Font {
        let key = FileKey(path: path, index: faceIndex)
        if let cached = cache.withLock({ $0.files[key] }) { return cached }
        let loaded = try Font(contentsOfFile: path, faceIndex: faceIndex)
        return cache.withLock { state in
            if let raced = state.files[key] { return raced }
            state.files[key] = loaded
            return loaded
        }
    }

    /// A font that covers `scalar`, preferring ones like `base`, or nil when no font has it.
    public func fallbackFont(for scalar: Unicode.Scalar, like base: Font) -> Font? {
        fallbackFont(for: [scalar], like: base)
    }

    /// A font for a grapheme cluster whose `scalars` (those that need a glyph) `base` does not all
    /// have: the best font covering every one of them, else the best one covering the first, so a
    /// cluster is never split across fonts; nil when no font has the first scalar.
    public func fallbackFont(for scalars: [Unicode.Scalar], like base: Font) -> Font? {
        guard let first = scalars.first else { return nil }
        let key = FallbackKey(scalars: scalars.map(\.value), base: ObjectIdentifier(base))
        if let cached = cache.withLock({ $0.fallbacks[key] }) { return cached ?? nil }
        let usable = lookUpFallback(for: scalars, first: first, like: base, tried: nil)
        cache.withLock { $0.fallbacks[key] = .some(usable) }
        return usable
    }

    /// A colour font (``Font/hasColorGlyphs``) covering every one of `scalars`, for a cluster with
    /// emoji presentation (UTS #51): fontconfig's `emoji` family first, as Pango asks; nil when no
    /// installed colour font covers them (the cluster then takes the text fallback).
    public func colorEmojiFont(for scalars: [Unicode.Scalar]) -> Font? {
        guard !scalars.isEmpty else { return nil }
        let key = scalars.map(\.value)
        if let cached = cache.withLock({ $0.emoji[key] }) { return cached ?? nil }
        let match = config.withLock { $0.fallback(for: key, family: "emoji", colorOnly: true) }
        let loaded = match.flatMap { try? font(file: $0.file, faceIndex: $0.index) }
        let usable = loaded.flatMap { font in
            font.hasColorGlyphs && scalars.allSatisfy(font.hasGlyph(for:)) ? font : nil
        }
        cache.withLock { $0.emoji[key] = .some(usable) }
        return usable
    }

    /// What ``fallbackFont(for:like:)`` does for `scalars`, told step by step: the families of
    /// the fonts fontconfig offered, best first, that it passed over for lacking a character
    /// (each once), and the font it chose (nil: none has the first scalar). For diagnostics
    /// (`textkit fonts`); asks fontconfig again, without the cache.
    public func fallbackChain(for scalars: [Unicode.Scalar], like base: Font) -> (passedOver: [String], chosen: Font?) {
        guard let first = scalars.first else { return ([], nil) }
        var passedOver: [String] = []
        let chosen = lookUpFallback(for: scalars, first: first, like: base) { family in
            if !passedOver.contains(family) { passedOver.append(family) }
        }
        return (passedOver, chosen)
    }

    /// The fonts fontconfig knows, each face once, sorted by family and style, with the scripts
    /// of ``FontScript/known`` each covers (it has every sample letter).
    public func installedFonts() -> [InstalledFont] {
        let scripts = FontScript.known
        let faces = config.withLock { $0.list(samples: scripts.map { $0.samples.map(\.value) }) }
        return faces.map { face, style, covers in
            InstalledFont(family: face.families.first ?? "", style: style, file: face.file, faceIndex: face.index,
                          scripts: scripts.indices.filter { covers[$0] }.map { scripts[$0] })
        }.sorted { ($0.family, $0.style, $0.file, $0.faceIndex) < ($1.family, $1.style, $1.file, $1.faceIndex) }
    }
    // MARK: - Internals

    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono"]

    private struct FamilyKey: Hashable { var family: String; var weight: Int; var italic: Bool }
    private struct FileKey: Hashable { var path: String; var index: Int }
    private struct FallbackKey: Hashable { var scalars: [UInt32]; var base: ObjectIdentifier }
    private struct Caches {
        var families: [FamilyKey: Font] = [:]
        var files: [FileKey: Font] = [:]
        var fallbacks: [FallbackKey: Font?] = [:]
        var emoji: [[UInt32]: Font?] = [:]
    }

    private let cache = Locked(Caches())

    /// fontconfig's font for `scalars` (all of them, else the first), if it loads and has the
    /// first; `tried` hears the family of every candidate passed over.
    private func lookUpFallback(for scalars: [Unicode.Scalar], first: Unicode.Scalar, like base: Font,
                                tried: ((String) -> Void)?) -> Font? {
        let match = config.withLock { handle in
            (scalars.count > 1 ? handle.fallback(for: scalars.map(\.value), family: base.familyName, tried: tried) : nil)
                ?? handle.fallback(for: [first.value], family: base.familyName, tried: tried)
        }
        let loaded = match.flatMap { try? font(file: $0.file, faceIndex: $0.index) }
        return loaded.flatMap { $0.hasGlyph(for: first) ? $0 : nil }
    }
    private let config: Locked<FontconfigHandle>
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool { lowercased() == other.lowercased() }
}

/// A font fontconfig chose: file, face index and the family names it declares.
struct FontconfigMatch {
    var file: String
    var index: Int
    var families: [String]
}

/// The only owner of a fontconfig configuration; every fontconfig call goes through it.
struct FontconfigHandle: ~Copyable {
    private var config: OpaquePointer?
    /// The machine's configuration is loaded on first use (it scans font directories), so a
    /// layout that only uses font files never pays for it.
    private var loadsDefaultConfiguration: Bool

    init() {
        config = nil
        loadsDefaultConfiguration = true
    }

    private mutating func loaded() -> OpaquePointer? {
        if loadsDefaultConfiguration {
            config = FcInitLoadConfigAndFonts()
            loadsDefaultConfiguration = false
        }
        return config
    }

    /// Only the configuration in the file at `path` (not the machine's), fonts scanned; nil when
    /// the file cannot be loaded.
    init?(configurationFile path: String) {
        // A missing file is reported by the caller, not printed by fontconfig.
        guard access(path, R_OK) == 0, let config = FcConfigCreate() else { return nil }
        guard FcConfigParseAndLoad(config, path, FcTrue) != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
        self.loadsDefaultConfiguration = false
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// The best font for a family and style, or nil when fontconfig has no fonts.
    mutating func match(family: String, weight: Int, italic: Bool) -> FontconfigMatch? {
        guard let config = loaded(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, $0) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        return bestMatch(config: config, pattern: pattern)
    }

    /// The best font covering every one of `codePoints`, preferring `family`'s look; `tried`
    /// hears the first family of each better-ranked font that lacks one of them.
    /// With `colorOnly`, only fonts fontconfig marks as colour fonts are candidates.
    mutating func fallback(for codePoints: [UInt32], family: String, colorOnly: Bool = false,
                           tried: ((String) -> Void)? = nil) -> FontconfigMatch? {
        guard let config = loaded(), let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(charset) }
        for codePoint in codePoints { FcCharSetAddChar(charset, codePoint) }
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, $0) }
        if colorOnly { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var color: FcBool = FcFalse
            if colorOnly, FcPatternGetBool(font, FC_COLOR, 0, &color) != FcResultMatch || color == FcFalse { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  codePoints.allSatisfy({ FcCharSetHasChar(fontCharset, $0) != 0 }) else {
                if let tried, let family = describe(font)?.families.first { tried(family) }
                continue
            }
            guard let rendered = FcFontRenderPrepare(config, pattern, font) else { continue }
            defer { FcPatternDestroy(rendered) }
            if let match = describe(rendered) { return match }
        }
        return nil
    }

    /// Every font face fontconfig knows, its style name, and for each of `samples` whether it
    /// has all of those code points.
    mutating func list(samples: [[UInt32]]) -> [(FontconfigMatch, String, [Bool])] {
        guard let config = loaded(), let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_CHARSET] { _ = FcObjectSetAdd(objects, name) }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var result: [(FontconfigMatch, String, [Bool])] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let face = describe(font) else { continue }
            var style: UnsafeMutablePointer<FcChar8>?
            let styleName = FcPatternGetString(font, FC_STYLE, 0, &style) == FcResultMatch ? style.map { String(cString: $0) } : nil
            var charset: OpaquePointer?
            let hasCharset = FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch
            let covers = samples.map { codePoints in
                hasCharset && !codePoints.isEmpty && codePoints.allSatisfy { FcCharSetHasChar(charset, $0) != 0 }
            }
            result.append((face, styleName ?? "", covers))
        }
        return result
    }

    private func bestMatch(config: OpaquePointer, pattern: OpaquePointer) -> FontconfigMatch? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return describe(matched)
    }

    private func describe(_ pattern: OpaquePointer) -> FontconfigMatch? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var families: [String] = []
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, n, &name) == FcResultMatch, let name {
            families.append(String(cString: name))
            n += 1
        }
        return FontconfigMatch(file: String(cString: file), index: Int(index), families: families)
    }
}
