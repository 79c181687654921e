import Foundation
import Testing
import TextKitFormats
import TextKitSVG
import TextKit

/// One script fixture: a text of `Fixtures/unicode/texts/`, a language, a column width, and its
/// golden JSON `Fixtures/golden/script-NAME.json` (fixture fonts only).
struct ScriptGoldenCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var language: String?
    var pageWidth = 360.0
    var shapes: [String] = []
    var repeatText = 1
    var rightToLeft = false
    /// A family from the fixture fonts instead of DejaVu Sans.
    var family: String?

    var testDescription: String { name }

    static let all: [ScriptGoldenCase] = [
        ScriptGoldenCase(name: "arabic", text: "arabic.txt", language: "ar", rightToLeft: true),
        ScriptGoldenCase(name: "arabic-circle", text: "arabic.txt", language: "ar", pageWidth: 612,
                         shapes: ["circle.svg"], repeatText: 4, rightToLeft: true),
        ScriptGoldenCase(name: "arabic-noto", text: "arabic.txt", language: "ar", rightToLeft: true,
                         family: "Noto Sans Arabic"),
        ScriptGoldenCase(name: "hebrew", text: "hebrew.txt", language: "he", rightToLeft: true),
        ScriptGoldenCase(name: "hebrew-noto", text: "hebrew.txt", language: "he", rightToLeft: true,
                         family: "Noto Sans Hebrew"),
        ScriptGoldenCase(name: "mixed-ltr-rtl", text: "mixed.txt", rightToLeft: true),
        ScriptGoldenCase(name: "devanagari", text: "devanagari.txt", language: "hi"),
        ScriptGoldenCase(name: "thai", text: "thai.txt", language: "th"),
        ScriptGoldenCase(name: "chinese", text: "chinese.txt", language: "zh"),
        ScriptGoldenCase(name: "japanese", text: "japanese.txt", language: "ja"),
        ScriptGoldenCase(name: "korean", text: "korean.txt", language: "ko"),
        ScriptGoldenCase(name: "emoji", text: "emoji.txt"),
        ScriptGoldenCase(name: "combining-marks", text: "combining.txt"),
    ]

    func json() throws -> (json: String, snapshot: LayoutSnapshot, text: String) {
        let text = String(repeating: try ScriptFixtures.text(self.text), count: repeatText)
        var setup = PageSetup()
        setup.pageSize = Size(width: pageWidth, height: 792)
        for shape in shapes {
            let document = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(shape)"))
            setup.exclusionPaths += document.shapes.map(\.path)
        }
        var attributes = ScriptFixtures.attributes(size: 12, language: language)
        if let family { attributes.font = FontDescriptor(family: family, size: 12) }
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        let paged = manager.layOutPages(setup, count: .automatic(maximum: 5))
        let snapshot = manager.snapshot()
        var bytes: [UInt8] = []
        try LayoutJSONWriter(pretty: true).write(snapshot, pages: paged.pages, placements: paged.placements) { bytes += $0 }
        let json = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: Fixtures.root.path + "/", with: "")
        return (json, snapshot, text)
    }
}

/// Golden layouts per script with the invariants: every character laid out exactly once, glyphs
/// inside their fragment's span, visual order of glyphs as ICU's bidi reordering, no .notdef.
/// `TEXTKIT_RECORD_GOLDENS=1` rewrites the files (and fails, so it cannot pass unnoticed).
@Suite("Script goldens")
struct ScriptGoldenTests {
    @Test(arguments: ScriptGoldenCase.all)
    func matchesGoldenAndInvariants(_ golden: ScriptGoldenCase) throws {
        let (json, snapshot, text) = try golden.json()
        let scalars = Array(text.unicodeScalars)
        var logical = snapshot
        for c in logical.containers.indices {
            for l in logical.containers[c].lines.indices {
                logical.containers[c].lines[l].fragments.sort { $0.characterRange.lowerBound < $1.characterRange.lowerBound }
            }
        }
        #expect(logical.invariantViolations(text: scalars, leftToRightOnly: !golden.rightToLeft) == [], "\(golden.name)")
        #expect(snapshot.overflowRange == nil)
        #expect(!snapshot.allGlyphs.contains { $0.glyphID == 0 }, "\(golden.name): no .notdef")
        if golden.rightToLeft { checkVisualOrder(snapshot, text: text) }
        compare(json, with: Fixtures.path("Fixtures/golden/script-\(golden.name).json"), name: golden.name)
    }

    @Test func scriptLayoutIsDeterministic() throws {
        let golden = ScriptGoldenCase.all.first { $0.name == "mixed-ltr-rtl" }!
        #expect(try golden.json().json == golden.json().json)
    }

    // MARK: - Internals

    /// Glyphs of every fragment appear in the order ICU's reordering gives for its characters
    /// (each paragraph analysed on its own; clusters reduced to their first character).
    private func checkVisualOrder(_ snapshot: LayoutSnapshot, text: String) {
        let scalars = Array(text.unicodeScalars)
        let storedScalars = TextStorage(string: text).scalars
        let paragraphs = storedScalars.paragraphRanges()
        for line in snapshot.allLines {
            guard let range = paragraphs.first(where: { $0.contains(line.characterRange.lowerBound) }) else { continue }
            let content = storedScalars.contentRange(ofParagraph: range)
            let utf16 = scalars[content].flatMap { Array(String($0).utf16) }
            let unitToScalar = scalars[content].enumerated().flatMap { index, scalar in
                Array(repeating: content.lowerBound + index, count: scalar.utf16.count)
            }
            let bidi = utf16.withUnsafeBufferPointer { BidiParagraph($0, direction: .natural) }
            for fragment in line.fragments {
                let glyphCharacters = fragment.glyphs.map(\.characterIndex)
                let present = Set(glyphCharacters)
                let low = unitToScalar.firstIndex(of: fragment.characterRange.lowerBound) ?? utf16.count
                let high = unitToScalar.firstIndex(of: min(fragment.characterRange.upperBound, content.upperBound)) ?? utf16.count
                var expected: [Int] = []
                for run in bidi.visualRuns(low..<high) {
                    for unit in run.rightToLeft ? Array(run.range.reversed()) : Array(run.range) {
                        let character = unitToScalar[unit]
                        if present.contains(character), expected.last != character { expected.append(character) }
                    }
                }
                var actual: [Int] = []
                for character in glyphCharacters where actual.last != character { actual.append(character) }
                #expect(actual == expected, "fragment \(fragment.characterRange)")
            }
        }
    }

    private func compare(_ json: String, with path: String, name: String) {
        if ProcessInfo.processInfo.environment["TEXTKIT_RECORD_GOLDENS"] == "1" {
            try? json.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(path); run again without TEXTKIT_RECORD_GOLDENS")
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no golden file \(path); run with TEXTKIT_RECORD_GOLDENS=1 to create it")
            return
        }
        guard expected != json else { return }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = json.split(separator: "\n", omittingEmptySubsequences: false)
        let line = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
        Issue.record("""
            \(name) differs from its golden file at line \(line + 1):
              golden: \(line < a.count ? String(a[line]) : "<end>")
              now:    \(line < b.count ? String(b[line]) : "<end>")
            """)
    }
}
