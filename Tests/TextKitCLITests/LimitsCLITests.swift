import Foundation
import Testing

/// Pathological but legal inputs through the command: each finishes (the test harness bounds
/// it; no timing assertions), exits 0 and reports what does not fit as overflow; limits refuse
/// with their flag's name.
@Suite("Limits: command")
struct LimitsCLITests {
    let font = CLIRunner.font

    /// Writes `text` to a file in a fresh directory and returns its path (the directory is removed by `cleanUp`).
    func file(_ name: String, _ contents: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    /// The `overflow` object of the JSON, as [start, end].
    func overflow(_ result: CLIRunner.Result) -> [Int]? {
        guard let object = result.json?["overflow"] as? [String: Any],
              let start = object["start"] as? Int, let end = object["end"] as? Int else { return nil }
        return [start, end]
    }

    @Test func oneMegabyteSingleWord() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file("word.txt", String(repeating: "a", count: 1_000_000), in: directory)
        let result = try CLIRunner.run(["layout", input, "--font-file", font, "--pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let range = try #require(overflow(result))
        #expect(range[0] > 0 && range[1] == 1_000_000, "the first page is filled, the rest overflows: \(range)")
        #expect(result.stderr.contains("did not fit"))
    }

    @Test func tenThousandCombiningMarksOnOneBase() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try file("marks.txt", "e" + String(repeating: "\u{301}", count: 10_000) + " after", in: directory)
        let result = try CLIRunner.run(["layout", input, "--font-file", font])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["textLength"] as? Int == 10_007)
    }

    @Test func twoHundredLevelsOfBidiEmbedding() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let opening = (0..<200).map { $0 % 2 == 0 ? "\u{202B}" : "\u{202A}" }.joined()
        let input = try file("bidi.txt", opening + "deep שלום text" + String(repeating: "\u{202C}", count: 200), in: directory)
        let result = try CLIRunner.run(["layout", input, "--font-file", font])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(overflow(result) == nil)
    }

    @Test func fontSizeAboveTheCapIsAnError() throws {
        let result = try CLIRunner.run(["layout", CLIRunner.fixture("texts/prose.txt"), "--font-file", font,
                                        "--size", "1e6"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--size must be at most 100000"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func largestFontSizeOverflows() throws {
        let result = try CLIRunner.run(["layout", CLIRunner.fixture("texts/prose.txt"), "--font-file", font,
                                        "--size", "100000", "--pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(overflow(result)?.first == 0)
    }

    @Test func hundredthOfAPointWideColumn() throws {
        let result = try CLIRunner.run(["layout", CLIRunner.fixture("texts/prose.txt"), "--font-file", font,
                                        "--width", "0.02", "--inset", "0.005", "--pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(overflow(result)?.first == 0)
        #expect(result.stderr.contains("did not fit"))
    }

    @Test func hundredThousandSegmentPath() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A circle of radius 100 as a polygon of 100,000 segments.
        let count = 100_000
        var data = "M406 300"
        for index in 1..<count {
            let angle = 2 * Double.pi * Double(index) / Double(count)
            data += String(format: " L%.3f %.3f", 306 + 100 * cos(angle), 300 + 100 * sin(angle))
        }
        let svg = try file("many.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><path d=""# + data + #" Z"/></svg>"#,
                           in: directory)
        let prose = CLIRunner.fixture("texts/prose.txt")
        let result = try CLIRunner.run(["layout", prose, "--font-file", font, "--exclude", svg, "--pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")

        let limited = try CLIRunner.run(["layout", prose, "--font-file", font, "--exclude", svg,
                                         "--max-path-segments", "50000"])
        #expect(limited.status == 65)
        #expect(limited.stderr.contains("many.svg:1:"), "\(limited.stderr)")
        #expect(limited.stderr.contains("too many path segments (the limit is 50000)"), "\(limited.stderr)")
    }
}
