import Foundation
import Glibc
import Testing

/// Standard output, reading, messages, page sizes and count limits under hostile input
/// (issue #16). Every case runs under ``CLIRunner/memoryCap`` and is killed after
/// ``CLIRunner/timeCap`` seconds, so memory that explodes or a read that blocks fails the test.
@Suite("CLI bounded resources")
struct BoundedResourcesCLITests {
    let prose = CLIRunner.fixture("texts/prose.txt")

    /// Runs `script` (see ``CLIRunner/runScript(_:environment:)``; `$PROSE` is the prose
    /// fixture, `$DIR` a fresh directory) and checks the status and what standard error says.
    @discardableResult
    func expect(_ script: String, status: Int32, mentions: [String] = [], files: [String: Data] = [:],
                sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIRunner.Result {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        let result = try CLIRunner.runScript(script, environment: ["PROSE": prose, "DIR": directory.path])
        #expect(result.status == status, "status \(result.status) (137: killed at the time cap), stderr: \(result.stderr.prefix(500))",
                sourceLocation: sourceLocation)
        for text in mentions {
            #expect(result.stderr.contains(text), "stderr lacks '\(text)': \(result.stderr.prefix(500))",
                    sourceLocation: sourceLocation)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".textkit") }
        #expect(left.isEmpty, "left behind: \(left)", sourceLocation: sourceLocation)
        return result
    }

    // MARK: Standard output

    @Test func fullStandardOutputIsAnError() throws {
        try expect(#"textkit layout "$PROSE" --font-file "$FONT" > /dev/full"#, status: 74,
                   mentions: ["textkit: error: <stdout>:", "No space left on device"])
    }

    /// `| head` closes the pipe early: the command ends quietly with status 0, not SIGPIPE (141).
    @Test func closedPipeEndsQuietly() throws {
        let text = String(repeating: try String(contentsOfFile: prose, encoding: .utf8), count: 40)
        let result = try expect(#"""
            textkit layout "$DIR/long.txt" --font-file "$FONT" | head -c 100 > /dev/null; echo "${PIPESTATUS[0]}"
            """#, status: 0, files: ["long.txt": Data(text.utf8)])
        #expect(String(decoding: result.stdout, as: UTF8.self) == "0\n")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    // MARK: Reading

    @Test func directoryOnStandardInputIsAnError() throws {
        try expect(#"textkit layout - --font-file "$FONT" < "$DIR""#, status: 66, mentions: ["<stdin>:", "directory"])
    }

    @Test(arguments: [#"textkit layout <(cat "$PROSE") --font-file "$FONT""#,
                      #"cat "$PROSE" | textkit layout /dev/stdin --font-file "$FONT""#])
    func pipesReadAsFiles(_ script: String) throws {
        let result = try expect(script, status: 0)
        #expect((try? JSONSerialization.jsonObject(with: result.stdout)) != nil, "\(result.stderr)")
    }

    @Test(arguments: [
        #"head -c 3000000000 /dev/zero | textkit layout - --font-file "$FONT" --max-input-bytes 1000"#,
        #"textkit layout /dev/zero --font-file "$FONT" --max-input-bytes 1000"#,
        #"textkit layout /dev/urandom --font-file "$FONT" --max-input-bytes 1000"#,
        #"textkit layout /dev/zero --font-file "$FONT""#,
    ])
    func endlessInputStopsAtTheLimit(_ script: String) throws {
        try expect(script, status: 65, mentions: ["the input is more than the limit of", "(--max-input-bytes)"])
    }

    /// A FIFO nobody writes to: the font and SVG inputs must be regular files (refused at
    /// once), the text input reads as empty; none may block in open(2).
    @Test(arguments: [
        (#"textkit layout "$PROSE" --font-file "$DIR/fifo""#, 66, "fifo: error: cannot read file: it is a FIFO"),
        (#"textkit layout "$PROSE" --font-file "$FONT" --exclude "$DIR/fifo""#, 66, "fifo:0:0: error: cannot read file"),
        (#"textkit layout "$PROSE" --font-file "$FONT" --exclude-image "$DIR/fifo@0,0,9,9""#, 66, "fifo: error: cannot read"),
        (#"textkit layout "$DIR/fifo" --font-file "$FONT" > /dev/null"#, 0, ""),
    ])
    func fifoNeverBlocks(_ script: String, _ status: Int32, _ message: String) throws {
        try expect("mkfifo \"$DIR/fifo\" && " + script, status: status, mentions: message.isEmpty ? [] : [message])
    }

    @Test func styledFontThatIsAFIFOIsRefused() throws {
        try expect(#"""
            mkfifo "$DIR/font.ttf" && printf '{"version":1,"text":"a","attributes":{"font":{"file":"%s"}}}' "$DIR/font.ttf" > "$DIR/doc.json"
            textkit layout "$DIR/doc.json" --font-file "$FONT"
            """#, status: 66, mentions: ["font.ttf: error: cannot read file: it is a FIFO"])
    }

    // MARK: Messages

    @Test func controlCharactersInNamesAreEscaped() throws {
        let result = try expect(#"textkit layout "$DIR/"$'evil\e[2J\x07\x7f.txt' --font-file "$FONT""#, status: 66,
                                mentions: [#"evil\u{1B}[2J\u{7}\u{7F}.txt: no such file"#])
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    }

    @Test(arguments: [
        ("doc.json", #"{"version":1,"text":"a","attributes":{"tracking":"# + String(repeating: "9", count: 1_000_000) + "}}",
         Int32(65)),
        ("shape.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><rect width=""# + String(repeating: "9", count: 1_000_000)
            + #"" height="1"/></svg>"#, 65),
        ("doc.json", #"{"version":1,"text":"a","attributes":{"font":{"family":""# + String(repeating: "x", count: 100_000)
            + #""}}}"#, 69),
    ])
    func longExcerptsAreCut(_ name: String, _ content: String, _ status: Int32) throws {
        let script = name.hasSuffix(".svg") ? #"textkit layout "$PROSE" --font-file "$FONT" --exclude "$DIR/shape.svg""#
            : #"textkit layout "$DIR/doc.json" --font-file "$FONT""#
        let result = try expect(script, status: status, mentions: ["…"], files: [name: Data(content.utf8)])
        #expect(result.stderr.count < 600, "a message of \(result.stderr.count) characters")
    }

    @Test func systemReasonsAreWords() throws {
        try expect(#"textkit layout "$PROSE" --font-file "$FONT" --exclude-image "$DIR@0,0,9,9""#, status: 66,
                   mentions: ["Is a directory"])
        let result = try expect(#"textkit layout "$PROSE" --font-file "$FONT" --exclude-image "$DIR/none.png@0,0,9,9""#,
                                status: 66, mentions: ["none.png: error: cannot read file: No such file or directory"])
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("could not be completed"))
    }

    // MARK: Render page size

    @Test(arguments: [
        (["--width", "1e10"], "w.pdf", "more than 14400 pt a side"),
        (["--width", "1e10"], "w.svg", "more than 8388607 pt a side"),
        (["--width", "16383", "--height", "16383", "--dpi", "72"], "w.png", "pixels in all"),
    ])
    func renderRefusesPagesTooLarge(_ flags: [String], _ output: String, _ message: String) throws {
        let result = try expect(#"textkit render "$PROSE" --font-file "$FONT" -o "$DIR/"# + output + "\" "
            + flags.joined(separator: " ") + #"; status=$?; ls -A "$DIR"; exit $status"#, status: 64, mentions: [message])
        #expect(result.stdout.isEmpty, "files written: \(String(decoding: result.stdout, as: UTF8.self))")
    }

    // MARK: Styled JSON count limits

    /// A million and one runs (16 MB) used to grow past 3 GB before the limit was checked.
    @Test func styledJSONOverTheRunLimitFailsInBoundedMemory() throws {
        var json = #"{"version":1,"text":"ab","runs":["#
        json.reserveCapacity(17_000_100)
        for index in 0...1_000_000 { json += index == 0 ? #"{"range":[0,1]}"# : #",{"range":[0,1]}"# }
        json += "]}"
        try expect(#"textkit layout "$DIR/runs.json" --font-file "$FONT""#, status: 65,
                   mentions: ["runs.json: $: at least 1000001 runs and paragraphs, more than the limit of 1000000"],
                   files: ["runs.json": Data(json.utf8)])
    }
}
