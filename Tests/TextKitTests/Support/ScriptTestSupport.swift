import Foundation
import TextKit

/// Layout of every script against the fixture fonts only (`Fixtures/fontconfig/fonts.conf` lists
/// `Fixtures/fonts/`: DejaVu Sans and the Noto subsets), so fallback never depends on the machine.
enum ScriptFixtures {
    /// One collection for the script tests, configured by the fixture fontconfig file.
    static let fonts: FontCollection = {
        do {
            return try FontCollection(configurationFile: Fixtures.path("Fixtures/fontconfig/fonts.conf"),
                                      defaultFontPath: Fixtures.fontPath)
        } catch {
            preconditionFailure("fixture fontconfig: \(error)")
        }
    }()
    /// DejaVu Sans, the primary font of every script test.
    static var primary: Font { try! fonts.font(file: Fixtures.fontPath) }

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.path("Fixtures/unicode/texts/\(name)"), encoding: .utf8)
    }

    /// Attributes in DejaVu Sans (by file), with a paragraph direction and a language.
    static func attributes(size: Double = 14, alignment: TextAlignment = .natural,
                           direction: WritingDirection = .natural, language: String? = nil) -> TextAttributes {
        var style = ParagraphStyle()
        style.alignment = alignment
        style.baseWritingDirection = direction
        var attributes = TextAttributes(font: FontDescriptor(filePath: Fixtures.fontPath, size: size), paragraphStyle: style)
        attributes.language = language
        return attributes
    }

    /// Lays `text` out in one container `width` points wide, without line fragment padding.
    static func layout(_ text: String, width: Double = 300, height: Double = 2000,
                       attributes: TextAttributes = ScriptFixtures.attributes())
        -> (TextStorage, LayoutManager, LayoutSnapshot) {
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: fonts, defaultFont: primary)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: width, height: height))
        container.lineFragmentPadding = 0
        manager.addTextContainer(container)
        return (storage, manager, manager.snapshot())
    }

    /// The analysed, itemized and shaped paragraph for `text` (no terminator), for inspecting runs.
    static func paragraph(_ text: String, attributes: TextAttributes = ScriptFixtures.attributes(),
                          runs: [(TextAttributes, Range<Int>)]? = nil) -> Paragraph {
        let scalars = Array(text.unicodeScalars)
        let resolver = FontResolver(collection: fonts, fallback: primary)
        return Paragraph(content: scalars[...], attributes: runs ?? [(attributes, 0..<scalars.count)],
                         direction: attributes.paragraphStyle.baseWritingDirection, fonts: resolver)
    }

    /// The characters (scalar offsets) at which each line of a snapshot starts.
    static func lineStarts(_ snapshot: LayoutSnapshot) -> [Int] {
        snapshot.allLines.map(\.characterRange.lowerBound)
    }
}

extension Paragraph {
    /// The UTF-16 range of every grapheme cluster.
    var clusterRanges: [Range<Int>] { zip(graphemes, graphemes.dropFirst()).map { $0..<$1 } }
    /// The shaped run that holds UTF-16 `offset`.
    func run(at offset: Int) -> ShapedRun { runs[runIndex(containing: offset)] }
    /// UTF-16 offset of scalar `index`.
    func utf16Offset(ofScalar index: Int) -> Int { scalarOffsets.firstIndex(of: index)! }
}
