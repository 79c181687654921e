import Foundation
import Testing
import TextKitRender

/// `textkit render`: files, names, formats and errors.
@Suite("CLI render")
struct CLIRenderTests {
    let prose = CLIRunner.fixture("texts/prose.txt")
    let circle = CLIRunner.fixture("shapes/circle.svg")

    private func files(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test(arguments: ["svg", "png", "pdf"])
    func rendersEachFormatSilently(_ format: String) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.\(format)").path
        let result = try CLIRunner.run(["render", prose, "--font-file", CLIRunner.font, "--exclude", circle,
                                        "--show", "exclusions,fragments,baselines,spans", "-o", output])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "no progress line when standard error is not a terminal")
        #expect(result.stdout.isEmpty)
        #expect(try files(in: directory) == ["out.\(format)"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let magic: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47], "pdf": Array("%PDF".utf8), "svg": Array("<?xm".utf8)]
        #expect(Array(bytes.prefix(4)) == magic[format])
    }

    @Test func severalPagesGiveNumberedPNGsOrOneTallImage() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = ["--font-file", CLIRunner.font, "--width", "300", "--height", "200", "--inset", "20", "--dpi", "72"]
        let result = try CLIRunner.run(["render", prose] + small + ["-o", directory.appendingPathComponent("p.png").path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try files(in: directory) == ["p-1.png", "p-2.png", "p-3.png"])
        let first = try RasterImage(pngData: Array(try Data(contentsOf: directory.appendingPathComponent("p-1.png"))))
        #expect(first.width == 300 && first.height == 200)

        let tall = directory.appendingPathComponent("tall.png")
        let single = try CLIRunner.run(["render", prose] + small + ["--single", "-o", tall.path])
        #expect(single.status == 0, "stderr: \(single.stderr)")
        let image = try RasterImage(pngData: Array(try Data(contentsOf: tall)))
        #expect(image.width == 300 && image.height == 3 * 200 + 2 * 12)

        let pdf = directory.appendingPathComponent("doc.pdf")
        #expect(try CLIRunner.run(["render", prose] + small + ["-o", pdf.path]).status == 0)
        #expect(try files(in: directory) == ["doc.pdf", "p-1.png", "p-2.png", "p-3.png", "tall.png"])
    }

    @Test func formatOptionOverridesTheExtension() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("picture.out").path
        let result = try CLIRunner.run(["render", prose, "--font-file", CLIRunner.font, "--format", "PNG", "-o", output])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    // MARK: - Errors

    func expectFailure(_ arguments: [String], output name: String = "out.png", status: Int32, mentions: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = name.hasPrefix("/") ? name : directory.appendingPathComponent(name).path
        let result = try CLIRunner.run(["render"] + arguments + ["-o", output])
        #expect(result.status == status, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        for text in mentions {
            #expect(result.stderr.contains(text), "stderr lacks '\(text)': \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        let left = try files(in: directory)
        #expect(left.isEmpty, "files left behind: \(left)", sourceLocation: sourceLocation)
    }

    @Test func unknownExtension() throws {
        try expectFailure([prose, "--font-file", CLIRunner.font], output: "out.gif", status: 64,
                          mentions: ["out.gif", "unknown output format", "--format"])
    }

    @Test func unknownFormatOption() throws {
        try expectFailure([prose, "--font-file", CLIRunner.font, "--format", "tiff"], status: 64,
                          mentions: ["unknown format 'tiff'"])
    }

    @Test func unknownOverlay() throws {
        try expectFailure([prose, "--font-file", CLIRunner.font, "--show", "fragments,glyphs"], status: 64,
                          mentions: ["--show", "glyphs"])
    }

    @Test func badResolution() throws {
        try expectFailure([prose, "--font-file", CLIRunner.font, "--dpi", "0"], status: 64, mentions: ["--dpi"])
        try expectFailure([prose, "--font-file", CLIRunner.font, "--dpi", "nan"], status: 64, mentions: ["--dpi"])
    }

    @Test func imageTooLarge() throws {
        try expectFailure([prose, "--font-file", CLIRunner.font, "--dpi", "5000"], status: 64,
                          mentions: ["pixels", "--dpi"])
    }

    @Test(arguments: ["out.png", "out.pdf", "out.svg"])
    func unwritableOutput(_ name: String) throws {
        try expectFailure([prose, "--font-file", CLIRunner.font], output: "/nonexistent-textkit-dir/\(name)", status: 73,
                          mentions: ["/nonexistent-textkit-dir/\(name)", "cannot write"])
    }

    @Test func outputIsADirectory() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let result = try CLIRunner.run(["render", prose, "--font-file", CLIRunner.font, "-o", target.path])
        #expect(result.status == 73, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("taken.png"))
        #expect(try files(in: directory) == ["taken.png"], "no temporary file left")
    }

    @Test func missingInput() throws {
        try expectFailure(["Fixtures/texts/no-such-file.txt"], status: 66, mentions: ["no such file"])
    }
}
