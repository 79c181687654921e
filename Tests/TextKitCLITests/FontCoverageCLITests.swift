import Foundation
import Testing

/// Every script out of the box: the UDHR samples of `Fixtures/texts/udhr` with the fonts the
/// README's set-up installs, and what the command says when a script has no font.
@Suite("Font coverage (command)")
struct FontCoverageCLITests {
    /// The samples `fonts-noto-core` covers (with `fonts-dejavu-core`: the set-up's fonts).
    static let coreSamples = ["english", "greek", "russian", "armenian", "georgian", "hebrew", "arabic", "hindi",
                              "bengali", "tamil", "thai", "amharic"]
    /// The samples only the optional extras cover: `fonts-noto-cjk` and `fonts-noto-color-emoji`.
    static let extraSamples = ["japanese", "chinese", "korean", "emoji"]

    /// Whether the machine has the optional extras (the tests of their samples are skipped,
    /// with this reason, when not).
    static let extrasInstalled = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                                  "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]
        .allSatisfy { FileManager.default.fileExists(atPath: $0) }

    @Test func everySampleIsListedInOneOfTheTwoSets() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.fixture("texts/udhr"))
            .filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set((Self.coreSamples + Self.extraSamples).map { $0 + ".txt" }))
    }

    /// The machine's own fontconfig, as a newcomer's: fails when `fonts-noto-core` (the README's
    /// set-up, and CI's) is not installed.
    @Test(arguments: coreSamples)
    func setUpFontsDrawEveryCoreSampleWithoutABox(sample: String) throws {
        try expectNoBox(sample)
    }

    @Test(.enabled(if: extrasInstalled, "fonts-noto-cjk and fonts-noto-color-emoji (the README's optional extras) are not installed: the CJK and emoji samples are not checked"),
          arguments: extraSamples)
    func optionalExtrasDrawTheCJKAndEmojiSamplesWithoutABox(sample: String) throws {
        try expectNoBox(sample)
    }

    private func expectNoBox(_ sample: String) throws {
        let result = try CLIRunner.run(["layout", CLIRunner.fixture("texts/udhr/\(sample).txt"), "--require-glyphs",
                                        "--stats"])
        #expect(result.status == 0, "\(sample): \(result.stderr)")
        #expect(result.stderr.contains("\"notdefGlyphs\":{}"), "\(sample): \(result.stderr)")
        #expect((result.json?["warnings"] as? [String]) == [], "\(sample)")
    }

    /// A fontconfig configuration whose only font directory is empty: the command falls back to
    /// its bundled DejaVu Sans, which has no Devanagari or Thai.
    private func withoutFonts(_ body: ([String: String], URL) throws -> Void) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appendingPathComponent("no-fonts")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("fonts.conf")
        try Data("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(empty.path)</dir><cachedir>\(directory.path)/cache</cachedir></fontconfig>
            """.utf8).write(to: config)
        try body(["FONTCONFIG_FILE": config.path], directory)
    }

    @Test func aScriptWithoutAFontIsOneWarningLineWithCountPlaceAndPackage() throws {
        try withoutFonts { environment, directory in
            let input = directory.appendingPathComponent("mixed.txt").path
            let hindi = try String(contentsOfFile: CLIRunner.fixture("texts/udhr/hindi.txt"), encoding: .utf8)
            let thai = try String(contentsOfFile: CLIRunner.fixture("texts/udhr/thai.txt"), encoding: .utf8)
            try ("Hello\n" + hindi + thai + hindi).write(toFile: input, atomically: true, encoding: .utf8)
            let devanagari = hindi.unicodeScalars.filter { (0x900..<0x980).contains($0.value) }.count * 2
            let result = try CLIRunner.run(["layout", input, "--stats"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("textkit: warning:") }
            #expect(warnings == [
                "textkit: warning: no installed font covers Devanagari (\(devanagari) characters, first at 2:1); "
                    + "fonts-noto-core provides it",
                "textkit: warning: no installed font covers Thai (\(thai.unicodeScalars.filter { $0.value >= 0xE00 && $0.value < 0xE80 }.count) "
                    + "characters, first at 3:1); fonts-noto-core provides it",
            ])
            #expect(result.stderr.contains("\"notdefGlyphs\":{\"Deva\":"), "\(result.stderr)")
            let details = try #require(result.json?["warningDetails"] as? [[String: Any]])
            #expect(details.map { $0["script"] as? String } == ["Deva", "Thai"])
            #expect(details.first?["characters"] as? Int == devanagari)
            #expect(details.first?["package"] as? String == "fonts-noto-core")
            #expect((details.first?["line"] as? Int, details.first?["column"] as? Int) == (2, 1))
        }
    }

    @Test func requireGlyphsFailsWith69AndWritesNothing() throws {
        try withoutFonts { environment, directory in
            let output = directory.appendingPathComponent("out.json").path
            let hindi = CLIRunner.fixture("texts/udhr/hindi.txt")
            let result = try CLIRunner.run(["layout", hindi, "--require-glyphs", "-o", output], environment: environment)
            #expect(result.status == 69)
            #expect(result.stderr.contains("textkit: warning: no installed font covers Devanagari"))
            #expect(result.stderr.contains("textkit: error: --require-glyphs: "), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
            let render = try CLIRunner.run(["render", hindi, "--require-glyphs", "-o", output + ".pdf"],
                                           environment: environment)
            #expect(render.status == 69)
            #expect(!FileManager.default.fileExists(atPath: output + ".pdf"))
            // Covered text passes: only a .notdef fails.
            let english = try CLIRunner.run(["layout", CLIRunner.fixture("texts/udhr/english.txt"), "--require-glyphs"],
                                            environment: environment)
            #expect(english.status == 0, "\(english.stderr)")
        }
    }

    @Test func fontsListsTheFontsAndTheScriptsNoneCovers() throws {
        let fixture = ["FONTCONFIG_FILE": CLIRunner.fixture("fontconfig/fonts.conf")]
        let result = try CLIRunner.run(["fonts"], environment: fixture)
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: result.stdout, as: UTF8.self)
        let thai = try #require(text.split(separator: "\n").first { $0.hasPrefix("Noto Sans Thai ") })
        #expect(thai.contains("Thai"))
        #expect(text.contains("No installed font covers"), "\(text)")
        #expect(text.contains("Tibetan"), "\(text)")
    }

    @Test func fontsExplainsTheFontOfEachRun() throws {
        let thai = CLIRunner.fixture("unicode/texts/thai.txt")
        let fixture = ["FONTCONFIG_FILE": CLIRunner.fixture("fontconfig/fonts.conf")]
        let found = try CLIRunner.run(["fonts", thai, "--font-file", CLIRunner.font], environment: fixture)
        #expect(found.status == 0, "\(found.stderr)")
        let text = String(decoding: found.stdout, as: UTF8.self)
        #expect(text.contains("Thai         -      Noto Sans Thai Regular"), "\(text)")
        #expect(text.contains("chain: DejaVu Sans lacks U+0E20 → "), "\(text)")
        try withoutFonts { environment, _ in
            let missing = try CLIRunner.run(["fonts", thai], environment: environment)
            #expect(missing.status == 0, "\(missing.stderr)")
            let text = String(decoding: missing.stdout, as: UTF8.self)
            #expect(text.contains("(.notdef for "), "\(text)")
            #expect(text.contains("no installed font has it; fonts-noto-core provides Thai"), "\(text)")
        }
    }
}
