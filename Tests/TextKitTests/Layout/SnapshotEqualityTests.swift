import Foundation
import Testing
import TextKit

/// `LayoutSnapshot ==` means equal layouts: faces compare by their font data and face index, not
/// by which `Font` object (or collection) loaded them.
@Suite("Snapshot equality")
struct SnapshotEqualityTests {
    /// A layout of prose, Thai and Japanese (fallback faces) by a manager with a
    /// collection of its own, configured by the fixture fontconfig file.
    static func layoutWithOwnCollection() throws -> LayoutSnapshot {
        let fonts = try FontCollection(configurationFile: Fixtures.path("Fixtures/fontconfig/fonts.conf"),
                                       defaultFontPath: Fixtures.fontPath)
        let text = try Fixtures.text("prose.txt") + "\n" + ScriptFixtures.text("thai.txt") + "\n" + ScriptFixtures.text("japanese.txt")
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: fonts, defaultFont: try fonts.font(file: Fixtures.fontPath))
        storage.addLayoutManager(manager)
        _ = manager.layOutPages(PageSetup(), count: .fixed(1))
        return manager.snapshot()
    }

    @Test func layoutsFromTwoCollectionsAreEqual() throws {
        let first = try Self.layoutWithOwnCollection()
        let second = try Self.layoutWithOwnCollection()
        #expect(first.fonts.count >= 3)
        #expect(zip(first.fonts, second.fonts).allSatisfy { $0.font !== $1.font })
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }

    @Test func oneGlyphMovedOrChangedMakesThemDiffer() throws {
        let layout = try Self.layoutWithOwnCollection()
        var moved = layout
        moved.containers[0].lines[3].fragments[0].glyphs[5].position.x += 1 / 64
        #expect(moved != layout)
        var other = layout
        other.containers[0].lines[3].fragments[0].glyphs[5].glyphID += 1
        #expect(other != layout)
    }

    @Test func anotherFaceMakesThemDiffer() throws {
        let layout = try Self.layoutWithOwnCollection()
        var swapped = layout
        swapped.fonts[0].font = try Font(contentsOfFile: Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf"))
        #expect(swapped != layout)
        var resized = layout
        resized.fonts[0].pointSize += 1
        #expect(resized != layout)
    }

    /// A face is its data and index: the same file copied elsewhere is the same font, and the
    /// hash agrees with `==`.
    @Test func aFaceIsItsDataAndIndexNotItsPath() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("textkit-face-\(UUID().uuidString).ttf")
        try FileManager.default.copyItem(atPath: Fixtures.fontPath, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let original = try Font(contentsOfFile: Fixtures.fontPath)
        let copied = try Font(contentsOfFile: copy.path)
        #expect(copied == original)
        #expect(copied.hashValue == original.hashValue)
        #expect(Set([original, copied, Fixtures.font]).count == 1)
        let hebrew = try Font(contentsOfFile: Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf"))
        #expect(hebrew != original)
    }
}
