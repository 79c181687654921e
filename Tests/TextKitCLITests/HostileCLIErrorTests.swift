import Foundation
import Testing

/// Every error path of the command: the documented exit status, a message naming the file (or
/// the option) and the place, nothing on standard output and no output file afterwards (not
/// even a temporary one). `CLIErrorTests` has the basic cases; these cover the rest.
@Suite("CLI errors: every path")
struct HostileCLIErrorTests {
    let prose = CLIRunner.fixture("texts/prose.txt")
    let font = CLIRunner.font

    /// Runs `arguments` with `-o` into a fresh directory (or `output`, a name in it) after
    /// writing `files` there (`$DIR` in an argument is that directory) and checks the failure.
    func expectFailure(_ arguments: [String], status: Int32, mentions: [String], files: [String: Data] = [:],
                       output: String = "out.json", stdin: Data? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        let arguments = arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory.path) }
        let result = try CLIRunner.run(arguments + ["-o", directory.appendingPathComponent(output).path], stdin: stdin)
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        for text in mentions {
            let text = text.replacingOccurrences(of: "$DIR", with: directory.path)
            #expect(result.stderr.contains(text), "stderr lacks '\(text)': \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)).subtracting(files.keys)
        #expect(left.isEmpty, "files left behind: \(left.sorted())", sourceLocation: sourceLocation)
    }

    // MARK: Input text

    @Test func inputOverTheSizeLimit() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--max-input-bytes", "10"], status: 65,
                          mentions: ["prose.txt: the input is", "more than the limit of 10 (--max-input-bytes)"])
    }

    @Test func standardInputOverTheSizeLimit() throws {
        try expectFailure(["layout", "-", "--font-file", font, "--max-input-bytes", "3"], status: 65,
                          mentions: ["<stdin>: the input is more than the limit of 3 bytes"], stdin: Data("hello".utf8))
    }

    @Test func invalidUTF8AfterManyLines() throws {
        try expectFailure(["layout", "$DIR/late.txt", "--font-file", font], status: 65,
                          mentions: ["late.txt:3:4: invalid UTF-8 at byte offset 11 (byte 0xE2)"],
                          files: ["late.txt": Data("one\ntwo\nabc".utf8) + Data([0xE2, 0x82]) + Data("\n".utf8)])
    }

    // MARK: Styled JSON input

    @Test func malformedJSONNamesLineAndColumn() throws {
        try expectFailure(["layout", "$DIR/bad.json", "--font-file", font], status: 65,
                          mentions: ["bad.json: line 2", "malformed JSON"],
                          files: ["bad.json": Data("{\"version\": 1,\n \"text\": }".utf8)])
    }

    @Test func badRangeNamesTheJSONPath() throws {
        try expectFailure(["layout", "$DIR/range.json", "--font-file", font], status: 65,
                          mentions: ["range.json: $.runs[0].range[1]: expected a whole number in 0…3"],
                          files: ["range.json": Data(#"{"version":1,"text":"abc","runs":[{"range":[0,9]}]}"#.utf8)])
    }

    @Test func tooManyRuns() throws {
        let json = #"{"version":1,"text":"abc","runs":[{"range":[0,1]},{"range":[1,2]}]}"#
        try expectFailure(["layout", "$DIR/runs.json", "--font-file", font, "--max-runs", "1"], status: 65,
                          mentions: ["runs.json: $: at least 2 runs and paragraphs, more than the limit of 1"],
                          files: ["runs.json": Data(json.utf8)])
    }

    @Test func textForcedToJSON() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--input-format", "json"], status: 65,
                          mentions: ["prose.txt: line 1", "malformed JSON"])
    }

    @Test func styledFontFileMissing() throws {
        let json = #"{"version":1,"text":"abc","attributes":{"font":{"file":"/no/such/font.ttf"}}}"#
        try expectFailure(["layout", "$DIR/font.json", "--font-file", font], status: 66,
                          mentions: ["/no/such/font.ttf"], files: ["font.json": Data(json.utf8)])
    }

    @Test func styledFontFamilyUnknown() throws {
        let json = #"{"version":1,"text":"abc","attributes":{"font":{"family":"No Such Family Anywhere"}}}"#
        try expectFailure(["layout", "$DIR/family.json"], status: 69,
                          mentions: ["No Such Family Anywhere"], files: ["family.json": Data(json.utf8)])
    }

    // MARK: SVG

    @Test func svgWithAnUnsupportedEncoding() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude", "$DIR/utf7.svg"], status: 65,
                          mentions: ["utf7.svg:1:31: error: unsupported encoding 'UTF-7'"],
                          files: ["utf7.svg": Data(#"<?xml version="1.0" encoding="UTF-7"?><svg/>"#.utf8)])
    }

    @Test func svgNestedTooDeep() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg">"# + String(repeating: "\n<g>", count: 6)
            + String(repeating: "</g>", count: 6) + "</svg>"
        try expectFailure(["layout", prose, "--font-file", font, "--exclude", "$DIR/deep.svg", "--max-svg-depth", "5"],
                          status: 65, mentions: ["deep.svg:6:1: error:", "deeper than the limit of 5"],
                          files: ["deep.svg": Data(svg.utf8)])
    }

    @Test func svgWithTooManySegments() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude", CLIRunner.fixture("shapes/star.svg"),
                           "--max-path-segments", "3"], status: 65,
                          mentions: ["star.svg:", "too many path segments (the limit is 3)"])
    }

    @Test func svgThatIsADirectory() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude", "$DIR"], status: 66,
                          mentions: ["$DIR:0:0: error: cannot read file: Is a directory"])
    }

    @Test func shapeWithTwoShapes() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--shape", CLIRunner.fixture("shapes/overlapping.svg")],
                          status: 65, mentions: ["overlapping.svg: error: --shape needs exactly one shape, found 2"])
    }

    @Test func shapeMissing() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--shape", "Fixtures/shapes/none.svg"], status: 66,
                          mentions: ["Fixtures/shapes/none.svg:0:0: error: cannot read file"])
    }

    @Test func tooManyExclusions() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude", CLIRunner.fixture("shapes/overlapping.svg"),
                           "--max-exclusions", "1"], status: 65,
                          mentions: ["overlapping.svg: error: 2 exclusion shapes so far, more than the limit of 1 (--max-exclusions)"])
    }

    // MARK: PNG

    @Test func imageMissing() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude-image", "$DIR/none.png@0,0,10,10"],
                          status: 66, mentions: ["$DIR/none.png: error: cannot read file"])
    }

    @Test func imageThatIsNotAPNG() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--exclude-image", prose + "@0,0,10,10"],
                          status: 65, mentions: ["prose.txt: error: not a readable PNG"])
    }

    @Test func imageOverThePixelLimit() throws {
        try expectFailure(["layout", prose, "--font-file", font, "--max-image-pixels", "10",
                           "--exclude-image", CLIRunner.fixture("images/block.png") + "@0,0,10,10"], status: 65,
                          mentions: ["block.png: error: image of", "larger than the limit of 10 pixels"])
    }

    @Test func tooManyExclusionsWithImages() throws {
        let image = CLIRunner.fixture("images/block.png") + "@0,0,10,10"
        try expectFailure(["layout", prose, "--font-file", font, "--exclude-image", image, "--exclude-image", image,
                           "--max-exclusions", "1"], status: 65, mentions: ["block.png: error: 2 exclusion shapes"])
    }

    // MARK: Options (the place is the option)

    @Test(arguments: [
        ["--exclude-image", "x.png@1,2"], ["--exclude-image", "x.png@0,0,10,10,2"], ["--exclude-image", "x.png@0,0,0,10"],
        ["--size", "1e6"], ["--pages", "5", "--max-pages", "2"], ["--max-pages", "0"], ["--max-path-segments", "0"],
        ["--max-svg-depth", "-1"], ["--max-exclusions", "0"], ["--max-runs", "0"], ["--max-image-pixels", "0"],
        ["--max-input-bytes", "-1"], ["--wrap", "sideways"], ["--margin", "nan"], ["--min-fragment-width", "-1"],
        ["--columns", "1001"], ["--font", "DejaVu Sans", "--font-file"], ["--frobnicate"], ["--align", "middle"],
        ["--input-format", "xml"],
    ])
    func badOptions(_ flags: [String]) throws {
        let flags = flags.last == "--font-file" ? flags + [font] : flags
        try expectFailure(["layout", prose] + flags, status: 64, mentions: [flags[0]])
    }

    // MARK: Output

    @Test func outputIntoAMissingDirectory() throws {
        try expectFailure(["layout", prose, "--font-file", font], status: 73,
                          mentions: ["$DIR/missing/out.json: cannot write the output"], output: "missing/out.json")
    }

    @Test func outputThatIsADirectory() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run(["layout", prose, "--font-file", font, "-o", directory.path])
        #expect(result.status == 73)
        #expect(result.stderr.contains(directory.path), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func failureKeepsAnExistingOutput() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: output)
        let result = try CLIRunner.run(["layout", prose, "--font-file", font, "--exclude",
                                        CLIRunner.fixture("shapes/malformed/bad-path.svg"), "-o", output.path])
        #expect(result.status == 65)
        #expect(try Data(contentsOf: output) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
    }

    // MARK: Render

    @Test(arguments: [
        (["--format", "bmp"], "out.png", "unknown format 'bmp'"), ([], "out.txt", "unknown output format"),
        (["--show", "bogus"], "out.png", "--show: unknown overlay 'bogus'"), (["--dpi", "0"], "out.png", "--dpi"),
        (["--dpi", "10000"], "out.png", "pixels, more than 32767 a side"),
    ])
    func renderOptions(_ flags: [String], _ output: String, _ message: String) throws {
        try expectFailure(["render", prose, "--font-file", font] + flags, status: 64, mentions: [message], output: output)
    }

    @Test func renderIntoAMissingDirectory() throws {
        try expectFailure(["render", prose, "--font-file", font], status: 73,
                          mentions: ["$DIR/missing/out.pdf: cannot write the output"], output: "missing/out.pdf")
    }

    @Test func renderOfBadInputWritesNoPage() throws {
        try expectFailure(["render", prose, "--font-file", font, "--pages", "3", "--exclude",
                           CLIRunner.fixture("shapes/malformed/truncated.svg")], status: 65,
                          mentions: ["truncated.svg:"], output: "out.png")
    }
}
