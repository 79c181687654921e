/// A writing system as font coverage sees it: a script (or emoji), letters that a font covering
/// it has, and the Debian package whose fonts cover it.
///
/// Missing glyphs are reported per `FontScript` (``MissingGlyphs``), and `textkit fonts` lists
/// the scripts each installed font covers by testing ``samples``.
public struct FontScript: Hashable, Sendable {
    /// The ISO 15924 code ("Deva"; "Zsye" for emoji, "Zyyy" for symbols and punctuation).
    public let code: String
    /// The English name ("Devanagari", "Emoji").
    public let name: String
    /// The Debian package that provides a font for it, or nil when the table does not know one.
    public let package: String?
    /// Letters of the script: a font that has all of them covers the script (empty for scripts
    /// outside ``known``).
    public let samples: [Unicode.Scalar]

    /// The scripts the tables know, in the order `textkit fonts` lists them: Noto's core fonts
    /// (Debian's `fonts-noto-core`) cover most, `fonts-noto-cjk` Han, kana, Hangul and Bopomofo,
    /// `fonts-noto-color-emoji` emoji.
    public static let known: [FontScript] = [
        .init("Latn", "Latin", core, [0x61, 0xE9]), .init("Grek", "Greek", core, [0x3B1, 0x3C9]),
        .init("Cyrl", "Cyrillic", core, [0x430, 0x44F]), .init("Armn", "Armenian", core, [0x561]),
        .init("Hebr", "Hebrew", core, [0x5D0, 0x5EA]), .init("Arab", "Arabic", core, [0x627, 0x644]),
        .init("Syrc", "Syriac", core, [0x710]), .init("Thaa", "Thaana", core, [0x780]),
        .init("Deva", "Devanagari", core, [0x915, 0x93F]), .init("Beng", "Bengali", core, [0x995]),
        .init("Guru", "Gurmukhi", core, [0xA15]), .init("Gujr", "Gujarati", core, [0xA95]),
        .init("Orya", "Oriya", core, [0xB15]), .init("Taml", "Tamil", core, [0xB95]),
        .init("Telu", "Telugu", core, [0xC15]), .init("Knda", "Kannada", core, [0xC95]),
        .init("Mlym", "Malayalam", core, [0xD15]), .init("Sinh", "Sinhala", core, [0xD9A]),
        .init("Thai", "Thai", core, [0xE01, 0xE32]), .init("Laoo", "Lao", core, [0xE81]),
        .init("Tibt", "Tibetan", core, [0xF40]), .init("Mymr", "Myanmar", core, [0x1000]),
        .init("Geor", "Georgian", core, [0x10D0]), .init("Ethi", "Ethiopic", core, [0x1200]),
        .init("Cher", "Cherokee", core, [0x13A0]), .init("Khmr", "Khmer", core, [0x1780]),
        .init("Mong", "Mongolian", core, [0x1820]), .init("Tfng", "Tifinagh", core, [0x2D30]),
        .init("Hani", "Han", cjk, [0x4E00, 0x5B57]), .init("Hira", "Hiragana", cjk, [0x3042]),
        .init("Kana", "Katakana", cjk, [0x30A2]), .init("Hang", "Hangul", cjk, [0xAC00, 0xD55C]),
        .init("Bopo", "Bopomofo", cjk, [0x3105]), .init("Zsye", "Emoji", "fonts-noto-color-emoji", [0x1F600, 0x1F44D]),
    ]

    /// The script named by an ISO 15924 code in ``known``, or nil.
    public static func known(code: String) -> FontScript? { knownByCode[code] }

    // MARK: - Internals

    private init(_ code: String, _ name: String, _ package: String?, _ samples: [UInt32]) {
        self.init(code: code, name: name, package: package, samples: samples.compactMap(Unicode.Scalar.init))
    }

    private static let core = "fonts-noto-core", cjk = "fonts-noto-cjk"
    private static let knownByCode = Dictionary(known.map { ($0.code, $0) }) { first, _ in first }

    /// The script a character without a glyph is reported under: emoji, else its own script;
    /// an Inherited one (a mark) takes `resolved`, the script of the text around it, and so does
    /// a Common one (punctuation, symbols) that is used in that script (Script_Extensions: the
    /// ideographic comma in Japanese, the danda in Hindi); other Common ones are "Common" and
    /// unassigned or private-use ones "Unknown", with no package.
    static func of(_ scalar: Unicode.Scalar, resolved: Int32) -> FontScript {
        if scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && scalar.value >= 0x1F000) {
            return knownByCode["Zsye"]!
        }
        var code = ICU.script(of: scalar.value)
        if code == ICU.inheritedScript || (code == ICU.commonScript && resolved != ICU.commonScript
                                           && ICU.scalar(scalar.value, hasScript: resolved)) {
            code = resolved
        }
        let iso = ICU.scriptCode(code)
        if let known = knownByCode[iso] { return known }
        // Japanese "Jpan"/"Hrkt" and the like do not come from ICU's per-character scripts;
        // a script outside the table gets its ICU name and no package.
        return FontScript(code: iso, name: ICU.scriptName(code), package: nil, samples: [])
    }

    private init(code: String, name: String, package: String?, samples: [Unicode.Scalar]) {
        self.code = code
        self.name = name
        self.package = package
        self.samples = samples
    }
}

/// Characters of one script that no installed font could draw, each shown as the .notdef glyph
/// (a box) of the run's font: one per script, however many characters.
public struct MissingGlyphs: Hashable, Sendable {
    /// The script (its ``FontScript/package`` is the remedy, when known).
    public var script: FontScript
    /// Characters (Unicode scalars that need a glyph) that no font had.
    public var characterCount: Int
    /// .notdef glyphs shaping produced for the script's characters.
    public var notdefGlyphCount: Int
    /// The Unicode scalar offset of the first of them in the text.
    public var firstCharacter: Int
    /// Its line (1-based; lines are the text's paragraphs).
    public var firstLine: Int
    /// Its column (1-based, in Unicode scalars).
    public var firstColumn: Int

    /// The sentence a warning says: "no installed font covers Devanagari (412 characters, first at
    /// 1:1); fonts-noto-core provides it" (no remedy when the package is not known).
    ///
    /// When every character has a font but shaping still gave boxes: "Devanagari: 3 glyphs came
    /// out as .notdef (boxes) from a font that has the characters (first at 2:5)".
    public var message: String {
        guard characterCount > 0 else {
            let count = notdefGlyphCount == 1 ? "1 glyph" : "\(notdefGlyphCount) glyphs"
            return "\(script.name): \(count) came out as .notdef (boxes) from a font that has the characters "
                + "(first at \(firstLine):\(firstColumn))"
        }
        let count = characterCount == 1 ? "1 character" : "\(characterCount) characters"
        let remedy = script.package.map { "; \($0) provides it" } ?? ""
        return "no installed font covers \(script.name) (\(count), first at \(firstLine):\(firstColumn))\(remedy)"
    }

    /// Creates a value from its parts.
    public init(script: FontScript, characterCount: Int, notdefGlyphCount: Int, firstCharacter: Int,
                firstLine: Int, firstColumn: Int) {
        self.script = script
        self.characterCount = characterCount
        self.notdefGlyphCount = notdefGlyphCount
        self.firstCharacter = firstCharacter
        self.firstLine = firstLine
        self.firstColumn = firstColumn
    }
}

/// A font face fontconfig knows (``FontCollection/installedFonts()``).
public struct InstalledFont: Hashable, Sendable {
    /// Its first family name.
    public var family: String
    /// Its style name ("Regular", "Bold Italic").
    public var style: String
    /// The font file.
    public var file: String
    /// The face's index in the file.
    public var faceIndex: Int
    /// The scripts of ``FontScript/known`` it covers.
    public var scripts: [FontScript]
}
