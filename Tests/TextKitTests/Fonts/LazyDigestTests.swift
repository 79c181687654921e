import Foundation
import Testing
@testable import TextKit

/// A font's digest (its whole file read) is taken when something compares or hashes fonts as
/// values, never by a layout: the layout's caches and font table know a face by its object.
/// Equal faces loaded twice still share one entry of a layout's fonts.
@Suite("Font digest read lazily")
struct LazyDigestTests {
    /// The layout of prose, Thai and Japanese that `SnapshotEqualityTests` makes, each by a
    /// manager with a collection of its own.
    @Test func aLayoutReadsNoDigest() throws {
        let snapshot = try SnapshotEqualityTests.layoutWithOwnCollection()
        let used = snapshot.fonts
        #expect(used.count >= 3)
        #expect(used.allSatisfy { !$0.font.hasReadDigest })
        // Comparing snapshots compares fonts as values: the digests are read then, and agree
        // with a second layout's.
        #expect(snapshot == (try SnapshotEqualityTests.layoutWithOwnCollection()))
        #expect(used.allSatisfy { $0.font.hasReadDigest })
    }

    @Test func fontsOfDifferentLengthsCompareWithoutTheirDigests() throws {
        let dejaVu = try Font(contentsOfFile: Fixtures.fontPath)
        let hebrew = try Font(contentsOfFile: Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf"))
        #expect(dejaVu != hebrew)
        #expect(!dejaVu.hasReadDigest && !hebrew.hasReadDigest)
        let again = try Font(contentsOfFile: Fixtures.fontPath)
        #expect(dejaVu == again)
        #expect(dejaVu.hasReadDigest && again.hasReadDigest)
    }

    /// The same file at two paths, the first and last paragraphs each in one, two other faces
    /// between them (so the layout's memo of its last two fonts has forgotten the first): two
    /// font objects, one entry of the layout's fonts (as when fonts were hashed by their
    /// digests), the last paragraph's glyphs pointing at it.
    @Test func equalFacesShareOneFontOfTheLayout() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("textkit-lazy-\(UUID().uuidString).ttf")
        try FileManager.default.copyItem(atPath: Fixtures.fontPath, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let paragraphs = [("First paragraph, in the original file.", Fixtures.fontPath),
                          ("שלום עולם", Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf")),
                          ("ภาษาไทย", Fixtures.path("Fixtures/fonts/NotoSansThai-Subset.ttf")),
                          ("Last paragraph, in the copy.", copy.path)]
        let storage = TextStorage(string: paragraphs.map(\.0).joined(separator: "\n"), attributes: Fixtures.attributes())
        var start = 0
        for (text, path) in paragraphs {
            let end = start + text.unicodeScalars.count
            storage.setValue(FontDescriptor(filePath: path, size: 12), for: \.font, range: start..<end)
            start = end + 1
        }
        let fonts = try FontCollection(configurationFile: Fixtures.path("Fixtures/fontconfig/fonts.conf"),
                                       defaultFontPath: Fixtures.fontPath)
        let manager = LayoutManager(fontCollection: fonts, defaultFont: try fonts.font(file: Fixtures.fontPath))
        storage.addLayoutManager(manager)
        _ = manager.layOutPages(PageSetup(), count: .fixed(1))
        #expect(try fonts.font(file: Fixtures.fontPath) !== fonts.font(file: copy.path))
        let snapshot = manager.snapshot()
        #expect(snapshot.fonts.count == 3)
        let lines = snapshot.containers.flatMap(\.lines)
        try #require(lines.count == 4)
        let first = try #require(lines[0].fragments.first?.glyphs.first?.fontIndex)
        #expect(snapshot.fonts[first].font.filePath == Fixtures.fontPath)
        #expect(lines[3].fragments.allSatisfy { $0.glyphs.allSatisfy { $0.fontIndex == first } })
    }
}
