import Foundation
import Testing
import TextKit

/// Expected points come from libhyphen itself: `hnj_hyphen_hyphenate3` with the Debian
/// `hyphen-en-us` dictionary (LEFTHYPHENMIN 2, RIGHTHYPHENMIN 3), run from a C probe, e.g.
/// `hyphenation → hy=phen=ation`, `résumé → ré=sumé`, `encyclopædia → en=cy=clopæ=dia`.
@Suite("Typography: hyphenation (libhyphen)")
struct TypographyHyphenationTests {
    static let englishPath = "/usr/share/hyphen/hyph_en_US.dic"

    static func english() throws -> Hyphenator {
        try Hyphenator(contentsOf: englishPath)
    }

    /// The word split at `points` with "-" (points are UTF-16 offsets).
    static func hyphenated(_ word: String, _ points: [Int]) -> String {
        let units = Array(word.utf16)
        var pieces: [String] = []
        var start = 0
        for point in points + [units.count] {
            pieces.append(String(decoding: units[start..<point], as: UTF16.self))
            start = point
        }
        return pieces.joined(separator: "-")
    }

    @Test(arguments: [
        ("hyphenation", "hy-phen-ation"),
        ("example", "ex-am-ple"),
        ("typography", "ty-pog-ra-phy"),
        ("algorithm", "al-go-rithm"),
        ("paragraph", "para-graph"),
        ("justification", "jus-ti-fi-ca-tion"),
        ("unable", "un-able"),
        ("often", "of-ten"),
        ("ideal", "ideal"),
    ])
    func englishWords(word: String, expected: String) throws {
        let hyphenator = try Self.english()
        #expect(Self.hyphenated(word, hyphenator.hyphenationPoints(in: word)) == expected)
    }

    @Test func dictionaryMinimumsComeFromTheFile() throws {
        let hyphenator = try Self.english()
        #expect(hyphenator.dictionaryLeftMinimum == 2)
        #expect(hyphenator.dictionaryRightMinimum == 3)
        // Asking for less than the dictionary's minimum changes nothing.
        #expect(hyphenator.hyphenationPoints(in: "hyphenation", leftMinimum: 1, rightMinimum: 1) == [2, 6])
    }

    @Test(arguments: [
        ("hyphenation", "hyphen-ation"),
        ("typography", "typog-raphy"),
        ("algorithm", "algo-rithm"),
        ("justification", "justi-fi-ca-tion"),
        ("example", "example"),
    ])
    func largerMinimumsAreRespected(word: String, expected: String) throws {
        let points = try Self.english().hyphenationPoints(in: word, leftMinimum: 4, rightMinimum: 4)
        #expect(Self.hyphenated(word, points) == expected)
        #expect(points.allSatisfy { $0 >= 4 && word.utf16.count - $0 >= 4 })
    }

    @Test func nonASCIIWordsGiveUTF16Offsets() throws {
        let hyphenator = try Self.english()
        #expect(hyphenator.hyphenationPoints(in: "résumé") == [2])
        #expect(Self.hyphenated("encyclopædia", hyphenator.hyphenationPoints(in: "encyclopædia")) == "en-cy-clopæ-dia")
        // Uppercase is matched as lowercase; the offsets are into the word as given.
        #expect(hyphenator.hyphenationPoints(in: "RÉSUMÉ") == [2])
        #expect(hyphenator.hyphenationPoints(in: "Hyphenation") == [2, 6])
        // A character outside the BMP is two UTF-16 units; leading non-letters are skipped.
        #expect(hyphenator.hyphenationPoints(in: "😀hyphenation") == [4, 8])
        #expect(hyphenator.hyphenationPoints(in: "“hyphenation,”") == [3, 7])
        let units = Array("😀hyphenation".utf16)
        #expect(hyphenator.hyphenationPoints(inUTF16: units[...]) == [4, 8])
    }

    @Test func wordsWithoutLettersOrTooShortGetNoPoints() throws {
        let hyphenator = try Self.english()
        #expect(hyphenator.hyphenationPoints(in: "").isEmpty)
        #expect(hyphenator.hyphenationPoints(in: "1234567890").isEmpty)
        #expect(hyphenator.hyphenationPoints(in: "a").isEmpty)
        #expect(hyphenator.hyphenationPoints(in: String(repeating: "hyphenation", count: 10)).isEmpty)
    }

    @Test func missingDictionaryThrows() {
        #expect(throws: HyphenationError.self) { try Hyphenator(contentsOf: "/nonexistent/hyph_xx.dic") }
    }

    @Test func languagesMapToInstalledDictionaries() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("textkit-hyphen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["hyph_de_CH.dic", "hyph_de_DE.dic", "hyph_en_US.dic", "hyph_pt_BR.dic", "hyph_pt_PT.dic",
                     "hyph_sr_Latn_RS.dic", "hyph_sr.dic", "README"] {
            _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data())
        }
        let dictionaries = HyphenationDictionaries(directory: directory)
        func file(_ language: String) -> String? {
            dictionaries.dictionaryPath(for: language).map { URL(fileURLWithPath: $0).lastPathComponent }
        }
        #expect(file("en-US") == "hyph_en_US.dic")
        #expect(file("en_US.UTF-8") == "hyph_en_US.dic")
        #expect(file("en") == "hyph_en_US.dic")
        #expect(file("de") == "hyph_de_DE.dic")
        #expect(file("de-CH") == "hyph_de_CH.dic")
        #expect(file("de-AT") == "hyph_de_DE.dic")
        #expect(file("pt") == "hyph_pt_PT.dic")
        #expect(file("pt-BR") == "hyph_pt_BR.dic")
        #expect(file("pt-PT") == "hyph_pt_PT.dic")
        #expect(file("sr-Latn-RS") == "hyph_sr_Latn_RS.dic")
        #expect(file("sr-Cyrl") == "hyph_sr.dic")
        #expect(file("fr") == nil)
        #expect(dictionaries.availableLanguages.contains("de_DE"))
    }

    @Test func installedEnglishLoadsOnce() throws {
        let dictionaries = HyphenationDictionaries()
        let first = try #require(dictionaries.hyphenator(for: "en-US"))
        let second = try #require(dictionaries.hyphenator(for: "en_US"))
        #expect(first === second)
        #expect(first.hyphenationPoints(in: "hyphenation") == [2, 6])
        #expect(dictionaries.hyphenator(for: "xx") == nil)
    }
}
