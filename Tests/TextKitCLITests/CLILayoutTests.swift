import Foundation
import Testing

@Suite("CLI layout")
struct CLILayoutTests {
    let prose = CLIRunner.fixture("texts/prose.txt")

    @Test func writesJSONAtomicallyToAFile() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("layout.json")
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font,
                                        "--exclude", CLIRunner.fixture("shapes/circle.svg"), "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["layout.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let pages = try #require(json["pages"] as? [[String: Any]])
        let containers = try #require(pages.first?["containers"] as? [[String: Any]])
        let exclusions = try #require(containers.first?["exclusions"] as? [[String: Any]])
        #expect(exclusions.count == 1)
    }

    @Test func sameInputGivesByteIdenticalOutput() throws {
        let arguments = ["layout", prose, "--font-file", CLIRunner.font, "--exclude", CLIRunner.fixture("shapes/star.svg")]
        let first = try CLIRunner.run(arguments)
        let second = try CLIRunner.run(arguments)
        #expect(first.status == 0)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test func emptyInputGivesValidJSONWithNoGlyphs() throws {
        let result = try CLIRunner.run(["layout", CLIRunner.fixture("texts/empty.txt"), "--font-file", CLIRunner.font])
        #expect(result.status == 0)
        let json = try #require(result.json)
        #expect(json["textLength"] as? Int == 0)
        #expect(json["overflow"] is NSNull)
    }

    @Test func readsStandardInput() throws {
        let result = try CLIRunner.run(["layout", "-", "--font-file", CLIRunner.font], stdin: Data("héllo wörld".utf8))
        #expect(result.status == 0)
        #expect(result.json?["textLength"] as? Int == 11)
    }

    @Test func fullPageExclusionReportsOverflowAndWarns() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font, "--pages", "1",
                                        "--exclude", CLIRunner.fixture("shapes/full-page.svg")])
        #expect(result.status == 0)
        let overflow = try #require(result.json?["overflow"] as? [String: Int])
        #expect(overflow["start"] == 0)
        #expect(result.stderr.contains("warning"))
    }

    @Test func columnsAndFixedPages() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font, "--columns", "3",
                                        "--gutter", "12", "--pages", "2"])
        #expect(result.status == 0)
        let pages = try #require(result.json?["pages"] as? [[String: Any]])
        #expect(pages.count == 2)
        #expect((pages[0]["containers"] as? [Any])?.count == 3)
    }

    @Test func statsGoToStandardErrorAsJSON() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font, "--stats"])
        #expect(result.status == 0)
        let line = try #require(result.stderr.split(separator: "\n").last)
        let stats = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(stats["layoutSeconds"] is Double)
        #expect((stats["glyphs"] as? Int ?? 0) > 100)
        // Line quality: raggedness in points² (ragged prose leaves room at line ends) and short lines.
        #expect((stats["raggedness"] as? Double ?? 0) > 0)
        #expect(stats["shortLines"] as? Int == 0)
    }

    @Test func defaultFontComesFromFontconfig() throws {
        let result = try CLIRunner.run(["layout", prose])
        #expect(result.status == 0, "\(result.stderr)")
        let fonts = try #require(result.json?["fonts"] as? [[String: Any]])
        #expect(!fonts.isEmpty)
    }

    @Test func bundledFontWhenFontconfigFindsNone() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("fonts.conf")
        let empty = directory.appendingPathComponent("no-fonts")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>\(empty.path)</dir><cachedir>\(directory.path)/cache</cachedir></fontconfig>
            """.utf8).write(to: config)
        let result = try CLIRunner.run(["layout", prose], environment: ["FONTCONFIG_FILE": config.path])
        #expect(result.status == 0, "\(result.stderr)")
        let fonts = try #require(result.json?["fonts"] as? [[String: Any]])
        #expect((fonts.first?["file"] as? String)?.hasSuffix("DejaVuSans.ttf") == true)
        #expect((result.json?["overflow"]) is NSNull)
    }

    @Test func everyShapeOfEveryExcludeFlagApplies() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font,
                                        "--exclude", CLIRunner.fixture("shapes/overlapping.svg"),
                                        "--exclude", CLIRunner.fixture("shapes/circle.svg")])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try #require(result.json?["pages"] as? [[String: Any]])
        let containers = try #require(pages.first?["containers"] as? [[String: Any]])
        let exclusions = try #require(containers.first?["exclusions"] as? [[String: Any]])
        #expect(exclusions.count == 3)
    }

    /// With pages added until all text fits, text that fits on no page is an error (no output),
    /// never a layout that silently leaves it out.
    @Test(arguments: [["--exclude", CLIRunner.fixture("shapes/full-page.svg")],
                      ["--width", "160", "--inset", "75", "--size", "40", "--min-fragment-width", "1"]])
    func textThatFitsOnNoPageIsAnErrorWithAutomaticPages(_ flags: [String]) throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font] + flags)
        #expect(result.status == 65)
        #expect(result.stderr.contains("prose.txt:1:1: the text from character 0 on fits on no page"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aClusterWiderThanEveryLineOverflowsWithAWarning() throws {
        let result = try CLIRunner.run(["layout", prose, "--font-file", CLIRunner.font, "--width", "160",
                                        "--inset", "75", "--size", "40", "--min-fragment-width", "1", "--pages", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let overflow = try #require(result.json?["overflow"] as? [String: Int])
        #expect(overflow["start"] == 0)
        #expect(result.stderr.contains("wider than any line"))
    }
}
