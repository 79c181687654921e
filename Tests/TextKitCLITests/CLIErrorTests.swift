import Foundation
import Testing

/// Every bad input gets a message naming the file and the place, a documented exit status and
/// no output file.
@Suite("CLI errors")
struct CLIErrorTests {
    let prose = CLIRunner.fixture("texts/prose.txt")

    func expectFailure(_ arguments: [String], status: Int32, mentions: [String], stdin: Data? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let result = try CLIRunner.run(arguments + ["-o", output], stdin: stdin)
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        for text in mentions {
            #expect(result.stderr.contains(text), "stderr lacks '\(text)': \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(left.isEmpty, "files left behind: \(left)", sourceLocation: sourceLocation)
    }

    @Test func missingInput() throws {
        try expectFailure(["layout", "Fixtures/texts/no-such-file.txt"], status: 66,
                          mentions: ["Fixtures/texts/no-such-file.txt", "no such file"])
    }

    @Test func directoryAsInput() throws {
        try expectFailure(["layout", "Fixtures/texts"], status: 66, mentions: ["Fixtures/texts", "directory"])
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.txt")
        try Data("ab\ncd".utf8 + [0xC3, 0x28] + Data("ef".utf8)).write(to: file)
        try expectFailure(["layout", file.path, "--font-file", CLIRunner.font], status: 65,
                          mentions: ["bad.txt:2:3", "byte offset 5", "invalid UTF-8"])
    }

    @Test func invalidUTF8OnStandardInput() throws {
        try expectFailure(["layout", "-", "--font-file", CLIRunner.font], status: 65,
                          mentions: ["<stdin>:1:1", "byte offset 0"], stdin: Data([0xFF, 0x41]))
    }

    @Test func missingExclusionFile() throws {
        try expectFailure(["layout", prose, "--exclude", "Fixtures/shapes/none.svg"], status: 66,
                          mentions: ["Fixtures/shapes/none.svg"])
    }

    @Test func malformedSVGNamesLineAndColumn() throws {
        try expectFailure(["layout", prose, "--font-file", CLIRunner.font,
                           "--exclude", "Fixtures/shapes/malformed/truncated.svg"],
                          status: 65, mentions: ["Fixtures/shapes/malformed/truncated.svg:"])
    }

    @Test func badPathDataNamesLineAndColumn() throws {
        try expectFailure(["layout", prose, "--font-file", CLIRunner.font,
                           "--exclude", "Fixtures/shapes/malformed/bad-path.svg"],
                          status: 65, mentions: ["Fixtures/shapes/malformed/bad-path.svg:", "expected"])
    }

    @Test func unknownFontFamily() throws {
        try expectFailure(["layout", prose, "--font", "No Such Family Anywhere"], status: 69,
                          mentions: ["No Such Family Anywhere"])
    }

    @Test func missingFontFile() throws {
        try expectFailure(["layout", prose, "--font-file", "Fixtures/fonts/missing.ttf"], status: 66,
                          mentions: ["Fixtures/fonts/missing.ttf"])
    }

    @Test func notAFontFile() throws {
        try expectFailure(["layout", prose, "--font-file", prose], status: 65, mentions: ["prose.txt", "font"])
    }

    @Test(arguments: [
        ["--size", "0"], ["--size", "-3"], ["--width", "nan"], ["--height", "inf"], ["--inset", "-1"],
        ["--line-height", "0"], ["--columns", "0"], ["--pages", "zero"], ["--inset", "400"],
        ["--gutter", "1000", "--columns", "3"], ["--padding", "-2"],
        ["--word-stretch-limit", "-1"], ["--word-stretch-limit", "nan"], ["--letter-spacing-limit", "-0.5"],
        ["--letter-spacing-limit", "inf"], ["--letter-spacing-limit", "wide"],
    ])
    func badNumbers(_ flags: [String]) throws {
        try expectFailure(["layout", prose, "--font-file", CLIRunner.font] + flags, status: 64, mentions: [flags[0]])
    }

    @Test func unwritableOutput() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font,
                                        "-o", "/nonexistent-directory/out.json"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("/nonexistent-directory/out.json"))
    }
}
