import Foundation

/// The installed hyphenation dictionaries (`hyph_<language>.dic` files of the Debian `hyphen-*`
/// packages), by language, each loaded at most once.
///
/// A language is a BCP 47 tag or a POSIX locale name (`en-US`, `en_US`, `de`, `sr-Latn-RS`); the
/// lookup tries, in order, `lang_Script_REGION`, `lang_REGION`, `lang_Script`, `lang`, `lang_LANG`
/// (so `de` finds `hyph_de_DE.dic`), then the first installed `lang_*` dictionary in sorted order.
///
/// Caches belong to an instance (no global state): the layout manager owns one of these.
public final class HyphenationDictionaries: @unchecked Sendable {
    /// Where Debian's `hyphen-*` packages install their dictionaries.
    public static let defaultDirectory = "/usr/share/hyphen"

    /// The directory searched for `hyph_*.dic` files.
    public let directory: String

    /// Lists the dictionaries in `directory`; nothing is loaded until asked for.
    public init(directory: String = HyphenationDictionaries.defaultDirectory) {
        self.directory = directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        self.files = Dictionary(
            names.compactMap { name -> (String, String)? in
                guard name.hasPrefix("hyph_"), name.hasSuffix(".dic") else { return nil }
                return (String(name.dropFirst(5).dropLast(4)), directory + "/" + name)
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// The language names of the installed dictionaries (`en_US`, `en`, …), sorted.
    public var availableLanguages: [String] { files.keys.sorted() }

    /// The dictionary file for `language`, or nil when no installed dictionary matches.
    public func dictionaryPath(for language: String) -> String? {
        let tag = LanguageTag(language)
        for candidate in tag.candidates { if let path = files[candidate] { return path } }
        if let path = files[tag.language + "_" + tag.language.uppercased()] { return path }
        let prefix = tag.language + "_"
        return files.keys.sorted().first { $0.hasPrefix(prefix) }.flatMap { files[$0] }
    }

    /// The hyphenator for `language`, loading its dictionary on first use; nil when no dictionary
    /// matches or it cannot be loaded (the text is then simply not hyphenated).
    public func hyphenator(for language: String) -> Hyphenator? {
        guard let path = dictionaryPath(for: language) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let loaded = loaded[path] { return loaded }
        let hyphenator = try? Hyphenator(contentsOf: path)
        loaded[path] = .some(hyphenator)
        return hyphenator
    }

    // MARK: - Internals

    /// Language name (file name without `hyph_` and `.dic`) → path. Filled once by `init`.
    private let files: [String: String]
    /// Path → loaded dictionary (nil: loading failed). Filled by `hyphenator(for:)`, never cleared.
    private var loaded: [String: Hyphenator?] = [:]
    private let lock = NSLock()
}

// MARK: - Internals

/// The parts of a language tag the dictionary file names use.
struct LanguageTag {
    var language: String
    var script: String?
    var region: String?

    /// Parses `en-US`, `en_US`, `en_US.UTF-8`, `sr-Latn-RS`; unknown subtags are ignored.
    init(_ text: String) {
        let base = text.split(separator: ".").first.map(String.init) ?? text
        let parts = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        language = parts.first?.lowercased() ?? ""
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if (part.count == 2 && part.allSatisfy(\.isLetter))
                        || (part.count == 3 && part.allSatisfy(\.isNumber)), region == nil {
                region = part.uppercased()
            }
        }
    }

    /// File-name candidates, most specific first.
    var candidates: [String] {
        var result: [String] = []
        if let script, let region { result.append("\(language)_\(script)_\(region)") }
        if let region { result.append("\(language)_\(region)") }
        if let script { result.append("\(language)_\(script)") }
        result.append(language)
        return result
    }
}
