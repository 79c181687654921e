internal import CFontconfig
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A font fontconfig chose: file, face index and the family names it declares.
struct FontconfigMatch {
    var file: String
    var index: Int
    var families: [String]
}

/// The only owner of a fontconfig configuration; every fontconfig call goes through it.
struct FontconfigHandle: ~Copyable {
    private var config: OpaquePointer?
    /// Whether the machine's configuration is still to be loaded (``loadConfiguration()``: a
    /// collection starts it on another thread when it is made; the first use loads it otherwise).
    private var loadsDefaultConfiguration: Bool
    /// Every font sorted for a fallback family (and colour-only or not), without a charset:
    /// see ``fallback(for:family:colorOnly:tried:)``. Destroyed with the handle.
    private var sortedFonts: [SortKey: SortedFonts] = [:]

    private struct SortKey: Hashable { var family: String; var colorOnly: Bool }
    /// The substituted pattern (family, colour, defaults) and fontconfig's untrimmed sort of
    /// every font for it, with what queries read of each font, read once. Freed by the handle.
    private final class SortedFonts {
        let pattern: OpaquePointer
        let fonts: UnsafeMutablePointer<FcFontSet>
        /// Each font's charset (nil: it has none) and whether it is a colour font.
        let charsets: [OpaquePointer?]
        let isColor: [Bool]
        /// The match of each font chosen so far, by its place in `fonts`.
        var matches: [Int: FontconfigMatch] = [:]
        /// For each 256-character page, the places of the fonts with a character in it,
        /// increasing: a character's first covering font is among them, so a look-up reads a few
        /// charsets instead of every font's (a CJK ideograph's font comes late in the sort, and
        /// Chinese text asks for thousands of them). Made at the first query.
        lazy var fontsByPage: [UInt32: [Int]] = {
            var byPage: [UInt32: [Int]] = [:]
            withUnsafeTemporaryAllocation(of: FcChar32.self, capacity: 8) { map in
                for (index, charset) in charsets.enumerated() {
                    guard let charset else { continue }
                    var next: FcChar32 = 0
                    var page = FcCharSetFirstPage(charset, map.baseAddress!, &next)
                    while page != FcChar32.max {
                        byPage[page >> 8, default: []].append(index)
                        page = FcCharSetNextPage(charset, map.baseAddress!, &next)
                    }
                }
            }
            return byPage
        }()

        init(pattern: OpaquePointer, fonts: UnsafeMutablePointer<FcFontSet>) {
            self.pattern = pattern
            self.fonts = fonts
            let all = (0..<Int(fonts.pointee.nfont)).map { fonts.pointee.fonts[$0] }
            charsets = all.map { font in
                var charset: OpaquePointer?
                guard let font, FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch else { return nil }
                return charset
            }
            isColor = all.map { font in
                var color: FcBool = FcFalse
                guard let font else { return false }
                return FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != FcFalse
            }
        }
    }

    init() {
        config = nil
        loadsDefaultConfiguration = true
    }

    /// Loads the configuration now if it is still to be loaded (it reads the configuration files
    /// and fontconfig's caches of the font directories: some 26 million instructions).
    mutating func loadConfiguration() { _ = loaded() }

    /// Whether the configuration is loaded (or was given loaded).
    var hasLoadedConfiguration: Bool { !loadsDefaultConfiguration }

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

    deinit {
        for sorted in sortedFonts.values {
            FcFontSetDestroy(sorted.fonts)
            FcPatternDestroy(sorted.pattern)
        }
        if let config { FcConfigDestroy(config) }
    }

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
    ///
    /// Asking fontconfig to sort every font for a pattern with the code points' charset costs
    /// milliseconds (a CJK or Indic document asks for thousands of characters), so the fonts are
    /// sorted once per family without a charset, and each query walks that order. The answer is
    /// the same: fontconfig scores a charset by the code points a font lacks, so every font
    /// covering them all scores 0 and those fonts keep their relative order with or without the
    /// charset; the first of them is fontconfig's answer unless its trimmed sort dropped it, which
    /// needs the fonts before it to cover its whole charset. When every code point is also in a
    /// font before it (so that could happen), fontconfig is asked as before.
    mutating func fallback(for codePoints: [UInt32], family: String, colorOnly: Bool = false,
                           tried: ((String) -> Void)? = nil) -> FontconfigMatch? {
        if tried == nil, let sorted = sorted(family: family, colorOnly: colorOnly) {
            switch firstCovering(codePoints, in: sorted, colorOnly: colorOnly) {
            case .found(let match): return match
            case .none: return nil
            case .undecided: break
            }
        }
        return sortedFallback(for: codePoints, family: family, colorOnly: colorOnly, tried: tried)
    }

    private enum Covering { case found(FontconfigMatch), none, undecided }

    /// The first font of `sorted` (colour fonts only with `colorOnly`) with every code point;
    /// undecided when each code point is also in a font before it.
    ///
    /// Only fonts with a character in a code point's page can have it (``SortedFonts/fontsByPage``):
    /// the covering font is looked for among those of the first code point's page, and whether
    /// each code point came earlier among those of its own.
    private func firstCovering(_ codePoints: [UInt32], in sorted: SortedFonts, colorOnly: Bool) -> Covering {
        guard let config, let first = codePoints.first else { return .undecided }
        func has(_ index: Int, _ codePoint: UInt32) -> Bool {
            sorted.charsets[index].map { FcCharSetHasChar($0, codePoint) != 0 } ?? false
        }
        let byPage = sorted.fontsByPage
        guard let i = byPage[first >> 8]?.first(where: { index in
            (!colorOnly || sorted.isColor[index]) && codePoints.allSatisfy { has(index, $0) }
        }) else { return .none }
        let seenBefore = codePoints.allSatisfy { codePoint in
            byPage[codePoint >> 8]?.first { $0 >= i || has($0, codePoint) }.map { $0 < i } ?? false
        }
        guard !seenBefore else { return .undecided }
        if let match = sorted.matches[i] { return .found(match) }
        guard let font = sorted.fonts.pointee.fonts[i],
              let rendered = FcFontRenderPrepare(config, sorted.pattern, font) else { return .undecided }
        defer { FcPatternDestroy(rendered) }
        guard let match = describe(rendered) else { return .undecided }
        sorted.matches[i] = match
        return .found(match)
    }

    /// Every font sorted for `family` (fontconfig's untrimmed sort, no charset), made once.
    private mutating func sorted(family: String, colorOnly: Bool) -> SortedFonts? {
        let key = SortKey(family: family, colorOnly: colorOnly)
        if let sorted = sortedFonts[key] { return sorted }
        guard let config = loaded(), let pattern = FcPatternCreate() else { return nil }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, $0) }
        if colorOnly { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else {
            FcPatternDestroy(pattern)
            return nil
        }
        sortedFonts[key] = SortedFonts(pattern: pattern, fonts: fonts)
        return sortedFonts[key]
    }

    /// ``fallback(for:family:colorOnly:tried:)`` by fontconfig's own sort for the code points.
    private mutating func sortedFallback(for codePoints: [UInt32], family: String, colorOnly: Bool,
                                         tried: ((String) -> Void)?) -> FontconfigMatch? {
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
