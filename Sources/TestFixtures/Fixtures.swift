import Foundation
import TextKit

/// Paths into the repository and the fixture font, shared by the engine and format tests.
public enum Fixtures {
    /// The repository root (two levels above this file's folder, `Sources/TestFixtures`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The absolute path of `relative`, a path from the repository root.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    /// DejaVu Sans, the font the fixtures are laid out in.
    public static let fontPath = path("Fixtures/fonts/DejaVuSans.ttf")
    /// The contents of `Fixtures/texts/NAME`.
    public static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path("Fixtures/texts/\(name)"), encoding: .utf8)
    }

    /// One collection per test process: fonts load once.
    public static let fonts = FontCollection(defaultFontPath: fontPath)
    /// The fixture font.
    public static var font: Font { try! fonts.font(file: fontPath) }

    /// Attributes in the fixture font.
    public static func attributes(size: Double = 12, alignment: TextAlignment = .natural) -> TextAttributes {
        var style = ParagraphStyle()
        style.alignment = alignment
        return TextAttributes(font: FontDescriptor(filePath: fontPath, size: size), paragraphStyle: style)
    }

    /// A storage and layout manager for `text` in the fixture font.
    public static func layout(_ text: String, attributes: TextAttributes = Fixtures.attributes())
        -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: fonts, defaultFont: font)
        storage.addLayoutManager(manager)
        return (storage, manager)
    }

    /// Lays `text` out on pages and returns the snapshot (invariants not yet checked).
    public static func paged(_ text: String, setup: PageSetup = PageSetup(), count: PageCount = .automatic(maximum: 50),
                             attributes: TextAttributes = Fixtures.attributes())
        -> (TextStorage, LayoutManager, PagedLayout, LayoutSnapshot) {
        let (storage, manager) = layout(text, attributes: attributes)
        let paged = manager.layOutPages(setup, count: count)
        return (storage, manager, paged, manager.snapshot())
    }
}
