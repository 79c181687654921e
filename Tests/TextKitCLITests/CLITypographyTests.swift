import Foundation
import Testing

/// The paragraph-style knobs of justification and widow control, seen in the command's JSON.
@Suite("CLI typography options")
struct CLITypographyTests {
    /// Four lines in a 200-point column of the fixture font at 12 points.
    static let long = "The quick brown fox jumps over the lazy dog and keeps on running through the field until the sun goes down"
    let prose = CLIRunner.fixture("texts/prose.txt")

    /// The JSON of `layout` with `flags`, the text from standard input when `stdin` is given.
    func layout(_ flags: [String], stdin: String? = nil) throws -> [String: Any] {
        let input = stdin == nil ? prose : "-"
        let result = try CLIRunner.run(["layout", input, "--font-file", CLIRunner.font] + flags,
                                       stdin: stdin.map { Data($0.utf8) })
        #expect(result.status == 0, "stderr: \(result.stderr)")
        return try #require(result.json)
    }

    /// Every line of every container of every page, in order.
    func lines(_ json: [String: Any]) -> [[String: Any]] {
        let pages = json["pages"] as? [[String: Any]] ?? []
        return pages.flatMap { ($0["containers"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] } }
    }

    /// The number of lines on each page.
    func linesPerPage(_ json: [String: Any]) -> [Int] {
        (json["pages"] as? [[String: Any]] ?? []).map { page in
            (page["containers"] as? [[String: Any]] ?? []).reduce(0) { $0 + (($1["lines"] as? [Any])?.count ?? 0) }
        }
    }

    /// The used width of each fragment of every line but the last (give one paragraph), next to
    /// the width of its rect.
    func fragmentWidths(_ json: [String: Any]) -> [(used: Double, available: Double)] {
        let all = lines(json)
        return all.dropLast().flatMap { line in
            (line["fragments"] as? [[String: Any]] ?? []).compactMap { fragment in
                guard let used = fragment["usedRect"] as? [Double], let rect = fragment["rect"] as? [Double] else { return nil }
                return (used[2], rect[2])
            }
        }
    }

    /// A page of three lines (200 points wide) leaves the paragraph's last line alone on the next
    /// page; `--widows-orphans` moves the line before it along.
    @Test func widowsOrphansMovesALineToAvoidAWidow() throws {
        let page = ["--width", "240", "--inset", "20", "--height", "82.5"]
        #expect(linesPerPage(try layout(page, stdin: Self.long)) == [3, 1])
        #expect(linesPerPage(try layout(page + ["--widows-orphans"], stdin: Self.long)) == [2, 2])
    }

    /// Justified lines reach their span's edge by default; with `--no-unlimited-word-spacing` and no
    /// stretch, they stay short; a larger `--word-stretch-limit` or `--letter-spacing-limit` fills
    /// more of them.
    @Test func justificationLimits() throws {
        // One paragraph: only the last line is not justified.
        let text = try String(contentsOfFile: prose, encoding: .utf8)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        func layout(_ flags: [String]) throws -> [String: Any] { try self.layout(flags, stdin: text) }
        let justified = ["--align", "justified", "--width", "300", "--inset", "20"]
        let unlimited = fragmentWidths(try layout(justified))
        #expect(!unlimited.isEmpty)
        #expect(unlimited.allSatisfy { abs($0.used - $0.available) < 0.01 })

        let strict = justified + ["--no-unlimited-word-spacing", "--word-stretch-limit", "0"]
        let natural = fragmentWidths(try layout(strict))
        #expect(natural.contains { $0.used < $0.available - 1 })
        let stretched = fragmentWidths(try layout(strict.dropLast() + ["0.3"]))
        let letterSpaced = fragmentWidths(try layout(strict + ["--letter-spacing-limit", "0.5"]))
        for widths in [stretched, letterSpaced] {
            #expect(widths.count == natural.count)
            #expect(zip(widths, natural).allSatisfy { $0.used >= $1.used - 1e-6 })
            #expect(zip(widths, natural).contains { $0.used > $1.used + 0.5 })
            #expect(widths.allSatisfy { $0.used <= $0.available + 0.01 })
        }
    }
}
