internal import CFontconfig
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and caches fonts: family lookup and per-character fallback through fontconfig, and
/// loaded faces shared by every layout that uses this collection, as are the words shaped in
/// its fonts (so a new layout manager starts with the words earlier layouts shaped).
///
/// Each collection has its own fontconfig configuration (read from the usual files, or from
/// `FONTCONFIG_FILE`, or from a file given to ``init(configurationFile:defaultFontPath:)``) and its
/// own caches; nothing is global. Thread-safe.
public final class FontCollection: Sendable {
    /// Creates a collection with fontconfig's usual configuration. `defaultFontPath` is used when
    /// fontconfig has no font at all.
    ///
    /// The configuration is loaded on another thread from now on (as Pango loads it when a font
    /// map is made), so the first family look-up or character fallback of a layout finds it
    /// ready, or waits only for what is left of it, instead of loading it in the layout's time.
    public convenience init(defaultFontPath: String? = nil) {
        self.init(defaultFontPath: defaultFontPath, loadsConfigurationAhead: true)
    }

    /// ``init(defaultFontPath:)``, loading the configuration ahead on another thread or only at
    /// its first use (`loadsConfigurationAhead` false: tests compare the two).
    package init(defaultFontPath: String?, loadsConfigurationAhead: Bool) {
        self.defaultFontPath = defaultFontPath
        let config = Locked(FontconfigHandle())
        self.config = config
        guard loadsConfigurationAhead else { return }
        // A use of the collection meanwhile waits on the handle's lock until it is loaded. (The
        // block holds the handle strongly: a weak reference's side table, whose address Swift
        // keeps shifted in the object's reference count, is a leak to LeakSanitizer, and every
        // fuzz target's collection lives until the process ends.)
        Self.configurationLoads.async { config.withLock { $0.loadConfiguration() } }
    }

    /// The queue collections load their configurations on, one after the other: a queue of its
    /// own runs at once even when every thread of the shared ones is busy, and collections made
    /// together (a layout manager makes one when given none) share its thread.
    private static let configurationLoads = DispatchQueue(label: "textkit.fontconfig-load", qos: .userInitiated)

    /// Loads the collection's fontconfig configuration now, or waits until the load started
    /// when the collection was made is done: for a program that wants it ready at a moment of
    /// its choosing (before it times a layout, say) rather than at the first family look-up or
    /// character fallback. A collection made from a configuration file has it loaded already.
    public func loadConfiguration() {
        config.withLock { $0.loadConfiguration() }
    }

    /// Whether the collection's fontconfig configuration is loaded.
    package var hasLoadedConfiguration: Bool { config.withLock { $0.hasLoadedConfiguration } }

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

    /// Words shaped in this collection's fonts, shared by every layout manager that uses it
    /// (bounded; a word's glyphs depend only on its text and ``ShapingInput``, never on the
    /// layout, so any layout may reuse them).
    package let shapeCache = ShapeCache()

    /// The face for `descriptor` (size is ignored: faces are size-independent).
    ///
    /// - Throws: ``FontError`` if the file cannot be loaded or no installed font has the family.
    public func font(for descriptor: FontDescriptor) throws(FontError) -> Font {
        // Most calls (one or two a paragraph) ask for the font asked for last: one comparison
        // instead of hashing the family or the file path.
        if let last = cache.withLock({ $0.lastFont(for: descriptor) }) { return last }
        let font = try lookUp(descriptor)
        cache.withLock { state in
            state.lastDescriptor = descriptor
            state.lastFont = font
        }
        return font
    }

    /// ``font(for:)`` without the last answer: from the caches, else from fontconfig.
    private func lookUp(_ descriptor: FontDescriptor) throws(FontError) -> Font {
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

    /// The face of the file at `path`, loaded once: threads asking for a face being loaded wait
    /// for it (loading reads and digests the whole file, 19 MB for Noto Sans CJK).
    public func font(file path: String, faceIndex: Int = 0) throws(FontError) -> Font {
        let key = FileKey(path: path, index: faceIndex)
        if let cached = cache.withLock({ $0.files[key] }) { return cached }
        let result = loading.withLock { _ -> Result<Font, FontError> in
            if let loaded = cache.withLock({ $0.files[key] }) { return .success(loaded) }
            do throws(FontError) {
                let loaded = try Font(contentsOfFile: path, faceIndex: faceIndex)
                cache.withLock { state in
                    state.files[key] = loaded
                    state.filesLoaded += 1
                }
                return .success(loaded)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A font that covers `scalar`, preferring ones like `base`, or nil when no font has it.
    /// The answer is cached by code point and base (no array is made for a cached one).
    public func fallbackFont(for scalar: Unicode.Scalar, like base: Font) -> Font? {
        let key = SingleKey(scalar: scalar.value, base: ObjectIdentifier(base))
        if let cached = cache.withLock({ $0.singles[key] }) { return cached ?? nil }
        let usable = fallbackFont(for: [scalar], like: base)
        cache.withLock { $0.singles[key] = .some(usable) }
        return usable
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
    private struct SingleKey: Hashable { var scalar: UInt32; var base: ObjectIdentifier }
    private struct Caches {
        var families: [FamilyKey: Font] = [:]
        var files: [FileKey: Font] = [:]
        var fallbacks: [FallbackKey: Font?] = [:]
        var singles: [SingleKey: Font?] = [:]
        var emoji: [[UInt32]: Font?] = [:]
        /// Faces loaded from files so far.
        var filesLoaded = 0
        /// The descriptor ``FontCollection/font(for:)`` resolved last and its font (nil: none yet).
        var lastDescriptor = FontDescriptor()
        var lastFont: Font?

        /// ``lastFont`` when `descriptor` asks for the same face as ``lastDescriptor`` (sizes aside).
        func lastFont(for descriptor: FontDescriptor) -> Font? {
            guard let lastFont, lastDescriptor.asksForSameFace(as: descriptor) else { return nil }
            return lastFont
        }
    }

    private let cache = Locked(Caches())
    /// Held while a face loads (one at a time: a process loads a few).
    private let loading = Locked(())

    /// How many faces were loaded from files (each file and face index once).
    package var filesLoaded: Int { cache.withLock { $0.filesLoaded } }

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
