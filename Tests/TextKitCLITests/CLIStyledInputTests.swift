import Foundation
import Testing

/// `textkit layout` on styled-text JSON documents (docs/styled-input.md).
@Suite("CLI styled input")
struct CLIStyledInputTests {
    let article = "Fixtures/styled/article.json"

    func expectFailure(_ arguments: [String], status: Int32, mentions: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let result = try CLIRunner.run(arguments + ["-o", output])
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        for text in mentions {
            #expect(result.stderr.contains(text), "stderr lacks '\(text)': \(result.stderr)", sourceLocation: sourceLocation)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.isEmpty, "files left behind: \(left)", sourceLocation: sourceLocation)
    }

    /// A document written to a fresh directory.
    func document(_ json: String, in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("doc.json")
        try Data(json.utf8).write(to: file)
        return file.path
    }

    @Test func articleLaysOutWithSeveralSizesARaisedSuperscriptAndJustifiedLines() throws {
        let result = try CLIRunner.run(["layout", article, "--font-file", CLIRunner.font])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        let fonts = try #require(json["fonts"] as? [[String: Any]])
        #expect(Set(fonts.compactMap { $0["size"] as? Double }) == [20, 11, 7.26], "title, body, superscript (66 % of 11)")
        let pages = try #require(json["pages"] as? [[String: Any]])
        let containers = try #require(pages.first?["containers"] as? [[String: Any]])
        let lines = try #require(containers.first?["lines"] as? [[String: Any]])
        func glyphs(_ line: [String: Any]) -> [[Double]] {
            let fragments = line["fragments"] as? [[String: Any]] ?? []
            return fragments.flatMap { ($0["glyphs"] as? [[Any]] ?? []).map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } } }
        }
        // "mc2": the 2 (character 199) sits above its line's baseline, by 35 % of 11 pt.
        let superscriptLine = try #require(lines.first { glyphs($0).contains { $0[5] == 199 } })
        let baseline = try #require(superscriptLine["baseline"] as? Double)
        let two = try #require(glyphs(superscriptLine).first { $0[5] == 199 })
        #expect(abs(baseline - two[3] - 0.35 * 11) < 0.01, "raised \(baseline - two[3])")
        // The justified paragraph (17..<174): its first line is indented 18 pt and its last
        // visible glyph ends exactly at the fragment's right edge.
        let first = try #require(lines.first { ($0["range"] as? [Int])?.first == 17 })
        let fragment = try #require((first["fragments"] as? [[String: Any]])?.first)
        let rect = try #require((fragment["rect"] as? [NSNumber])?.map(\.doubleValue))
        #expect(rect[0] == 72 + 18)
        let visible = glyphs(first).filter { $0[4] > 0 }.dropLast()  // the line's trailing space hangs
        let last = try #require(visible.last)
        #expect(abs(last[2] + last[4] - (rect[0] + rect[2])) < 0.01, "ends at \(last[2] + last[4]), edge \(rect[0] + rect[2])")
    }

    @Test func inputFormatTextLaysOutTheRawJSON() throws {
        let result = try CLIRunner.run(["layout", article, "--font-file", CLIRunner.font, "--input-format", "text"])
        #expect(result.status == 0, "\(result.stderr)")
        let raw = try String(contentsOfFile: CLIRunner.fixture("styled/article.json"), encoding: .utf8)
        let json = try #require(result.json)
        #expect(json["textLength"] as? Int == raw.unicodeScalars.count)
        #expect((json["fonts"] as? [[String: Any]])?.count == 1)
    }

    @Test func inputFormatJSONReadsStandardInput() throws {
        let result = try CLIRunner.run(["layout", "-", "--font-file", CLIRunner.font, "--input-format", "json"],
                                       stdin: Data(#"{"version": 1, "text": "Héllo"}"#.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["textLength"] as? Int == 5)
        let bad = try CLIRunner.run(["layout", "-", "--font-file", CLIRunner.font, "--input-format", "json"],
                                    stdin: Data(#"{"version": 1}"#.utf8))
        #expect(bad.status == 65 && bad.stderr.contains("<stdin>: $: missing key 'text'"), "\(bad.stderr)")
    }

    @Test(arguments: [
        ("trailing-comma", "line 4, column 1: malformed JSON: expected a key in double quotes, found '}'"),
        ("range-out-of-bounds", "$.runs[2].range[1]: expected a whole number in 4…20, found 21"),
        ("italic-number", "$.attributes.font.italic: expected true or false, found 1"),
        ("unknown-key", "$.runs[0].attributes: unknown key 'colour'"),
    ])
    func malformedDocumentExits65WithFileAndPlace(_ name: String, _ message: String) throws {
        let path = "Fixtures/styled/malformed/\(name).json"
        try expectFailure(["layout", path, "--font-file", CLIRunner.font], status: 65,
                          mentions: ["textkit: error: \(path): \(message)"])
    }

    @Test func documentNamingAMissingFontFileExits66() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try document(#"{"version": 1, "text": "abc", "runs": [{"range": [1, 2], "attributes": {"font": {"file": "Fixtures/fonts/none.ttf"}}}]}"#,
                                in: directory)
        try expectFailure(["layout", path, "--font-file", CLIRunner.font], status: 66, mentions: ["Fixtures/fonts/none.ttf"])
    }

    @Test func documentNamingAnUnknownFamilyExits69() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try document(#"{"version": 1, "text": "abc", "attributes": {"font": {"family": "No Such Family Anywhere"}}}"#,
                                in: directory)
        try expectFailure(["layout", path, "--font-file", CLIRunner.font], status: 69, mentions: ["No Such Family Anywhere"])
    }

    @Test func documentNamingAFileThatIsNotAFontExits65() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try document(#"{"version": 1, "text": "abc", "attributes": {"font": {"file": "Fixtures/texts/prose.txt"}}}"#,
                                in: directory)
        try expectFailure(["layout", path, "--font-file", CLIRunner.font], status: 65, mentions: ["prose.txt"])
    }

    @Test func attachmentsComeOutWithTheirBoxesAndIdentifiers() throws {
        let result = try CLIRunner.run(["layout", "Fixtures/styled/attachments.json", "--font-file", CLIRunner.font])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        let pages = try #require(json["pages"] as? [[String: Any]])
        let containers = try #require(pages.first?["containers"] as? [[String: Any]])
        let lines = try #require(containers.first?["lines"] as? [[String: Any]])
        let fragments = lines.flatMap { $0["fragments"] as? [[String: Any]] ?? [] }
        let attachments = fragments.flatMap { $0["attachments"] as? [[String: Any]] ?? [] }
        #expect(attachments.map { $0["character"] as? Int } == [7, 38, 67])
        #expect(attachments.map { $0["id"] as? String } == ["icon.png", "figure-1.png", nil])
        let figure = try #require(attachments[1]["rect"] as? [Double])
        #expect(figure[2] == 40 && figure[3] == 48)
        #expect(!result.stderr.contains("U+FFFC"), "no missing-glyph warning: \(result.stderr)")
    }

    @Test func everyValidFixtureLaysOut() throws {
        for name in ["minimal", "unicode-offsets", "every-key", "article", "attachments"] {
            let result = try CLIRunner.run(["layout", "Fixtures/styled/\(name).json", "--font-file", CLIRunner.font])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}
