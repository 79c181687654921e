import Testing
@testable import TextKit

/// A paragraph keeps arrays of its own size, whatever the shaping thread's scratch memory grew
/// to for the longest paragraph before it (a kept scratch array held that capacity for every
/// paragraph after it).
@Suite("Retained capacity")
struct RetainedCapacityTests {
    /// Paragraphs from long to short, shaped with one scratch, in fonts of 2,048 units per em
    /// (advance prefix in 32 bits) and of 1,000 (in 64 bits: the scratch's path).
    @Test(arguments: ["Fixtures/fonts/DejaVuSans.ttf", "Fixtures/fonts/NotoSansHebrew-Subset.ttf"])
    func shortParagraphsAfterLongOnesKeepTheirOwnSize(_ font: String) throws {
        let hebrew = try ScriptFixtures.text("hebrew.txt").split(separator: "\n").first.map(String.init) ?? "שלום"
        let line = font.contains("Hebrew") ? hebrew : "The quick brown fox jumps over the lazy dog."
        let attributes = TextAttributes(font: FontDescriptor(filePath: Fixtures.path(font), size: 12))
        let resolver = FontResolver(collection: ScriptFixtures.fonts, fallback: ScriptFixtures.primary)
        let scratch = ShapingScratch()
        for copies in [40, 10, 3, 1] {
            let text = Array(Array(repeating: line, count: copies).joined(separator: " ").unicodeScalars)
            let paragraph = Paragraph(content: text[...], attributes: [(attributes, 0..<text.count)], direction: .natural,
                                      fonts: resolver, scratch: scratch)
            let units = paragraph.utf16.count + 1
            // Room for the values, in 32 or 64 bits, and a malloc size class's slack.
            #expect(paragraph.advancePrefix.allocatedBytes <= 8 * units + 64,
                    "\(font), \(copies) copies: \(paragraph.advancePrefix.allocatedBytes) bytes for \(units) values")
            #expect(paragraph.utf16.capacity <= units + 32)
        }
    }
}
