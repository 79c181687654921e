import Foundation
import Testing
import TextKit

/// Golden layouts: every case file of `Fixtures/golden/` (``GoldenCase``) is laid out, checked
/// against the invariants and compared byte for byte with the layout it expects; a case is added
/// by adding a file. `TEXTKIT_RECORD_GOLDENS=1` rewrites the expected layouts (the options stay as
/// they are); a recording run fails on purpose, so it cannot pass unnoticed.
@Suite("Golden layouts")
struct GoldenLayoutTests {
    static let recording = ProcessInfo.processInfo.environment["TEXTKIT_RECORD_GOLDENS"] == "1"

    @Test(arguments: GoldenCase.all)
    func matchesExpectedLayoutAndInvariants(_ golden: GoldenCase) throws {
        let contents = try golden.read()
        let layout = try contents.options.layOut(file: golden.file)
        checkInvariants(layout, fixedPages: contents.options.pages != nil, name: golden.name)
        if Self.recording {
            try golden.record(layout.json, head: contents.head)
            Issue.record("recorded \(golden.file); run again without TEXTKIT_RECORD_GOLDENS")
            return
        }
        guard let expected = contents.expected else {
            Issue.record("\(golden.file) has no expected layout; run with TEXTKIT_RECORD_GOLDENS=1 to record it")
            return
        }
        if let difference = golden.difference(expected: expected, actual: layout.json, head: contents.head) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    /// Every file of the folder is a case, so none is left out unnoticed.
    @Test func everyFileIsACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(GoldenCase.folder))
        #expect(files.filter { !$0.hasSuffix(".json") } == [])
        #expect(GoldenCase.all.count > 30)
    }

    @Test(arguments: ["prose-star-justified", "script-mixed-ltr-rtl"])
    func layoutIsDeterministic(_ name: String) throws {
        let golden = GoldenCase(name: name)
        let options = try golden.read().options
        #expect(try options.layOut(file: golden.file).json == options.layOut(file: golden.file).json)
    }

    // MARK: - Internals

    /// Every character laid out exactly once and glyphs inside their fragment's span (fragments
    /// taken in logical order where the text holds right-to-left characters), no .notdef but a
    /// tab's (the fixture font has no glyph for U+0009), no overflow unless the page count is
    /// fixed, and for bidi text the visual order of ICU.
    private func checkInvariants(_ layout: GoldenLayout, fixedPages: Bool, name: String) {
        let scalars = Array(layout.text.unicodeScalars)
        let utf16 = Array(layout.text.utf16)
        let rightToLeft = !utf16.withUnsafeBufferPointer { BidiParagraph($0, direction: .natural) }.isLeftToRightOnly
        var logical = layout.snapshot
        if rightToLeft {
            for c in logical.containers.indices {
                for l in logical.containers[c].lines.indices {
                    logical.containers[c].lines[l].fragments.sort { $0.characterRange.lowerBound < $1.characterRange.lowerBound }
                }
            }
        }
        #expect(logical.invariantViolations(text: scalars, leftToRightOnly: !rightToLeft) == [], "\(name)")
        if !fixedPages { #expect(layout.snapshot.overflowRange == nil, "\(name)") }
        #expect(!layout.snapshot.allGlyphs.contains { $0.glyphID == 0 && scalars[$0.characterIndex] != "\t" },
                "\(name): no .notdef but for tabs")
        if rightToLeft { checkVisualOrder(layout.snapshot, text: layout.text) }
    }

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
}
