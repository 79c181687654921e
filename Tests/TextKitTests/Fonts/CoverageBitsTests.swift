import Foundation
import Testing
import TestFixtures
import TextKit

/// `Font.hasGlyph(for:)` answers from coverage bits read once from the character map: for every
/// code point of the Basic Multilingual Plane it must say what HarfBuzz's cmap lookup
/// (`glyphID(for:)`) says, in every kind of cmap the fixture fonts and installed fonts carry
/// (formats 4 and 12, subsets with holes, an OpenType collection's face, colour emoji).
@Suite("Coverage bits")
struct CoverageBitsTests {
    static let fontFiles: [(path: String, face: Int)] = {
        var files = ["DejaVuSans.ttf", "NotoSansArabic-Subset.ttf", "NotoSansCJK-Subset.otf",
                     "NotoSansDevanagari-Subset.ttf", "NotoSansHebrew-Subset.ttf", "NotoSansThai-Subset.ttf",
                     "NotoColorEmoji-Subset.ttf"].map { (Fixtures.path("Fixtures/fonts/\($0)"), 0) }
        // Whole fonts where the machine has them (the README's set-up installs these).
        for (path, face) in [("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", 0),
                             ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2)]
        where FileManager.default.fileExists(atPath: path) {
            files.append((path, face))
        }
        return files
    }()

    @Test func coverageBitsAgreeWithTheCharacterMap() throws {
        let collection = FontCollection(defaultFontPath: Fixtures.fontPath)
        var total = 0
        for (path, face) in Self.fontFiles {
            let font = try collection.font(file: path, faceIndex: face)
            var covered = 0, disagreements: [UInt32] = []
            for value in UInt32(0)..<0x10000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let mapped = font.glyphID(for: scalar) != nil
                if mapped { covered += 1 }
                if font.hasGlyph(for: scalar) != mapped { disagreements.append(value) }
            }
            #expect(covered > 0, "\(path): no code point covered")
            total += covered
            #expect(disagreements.isEmpty, "\(path)#\(face): \(disagreements.prefix(10).map { String($0, radix: 16) })")
        }
        #expect(total > 3_000)
    }

    /// Beyond the BMP the character map is asked directly.
    @Test func supplementaryPlanesAskTheCharacterMap() throws {
        let collection = FontCollection(defaultFontPath: Fixtures.fontPath)
        let emoji = try collection.font(file: Fixtures.path("Fixtures/fonts/NotoColorEmoji-Subset.ttf"))
        let dejavu = try collection.font(file: Fixtures.fontPath)
        let values: [UInt32] = [0x1F600, 0x1F44D, 0x1D11E, 0x10FFFF]
        // Not one answer for every font: the emoji font has some of these the text font lacks.
        #expect(values.contains { emoji.hasGlyph(for: Unicode.Scalar($0)!) && !dejavu.hasGlyph(for: Unicode.Scalar($0)!) })
        for value in values {
            let scalar = Unicode.Scalar(value)!
            #expect(emoji.hasGlyph(for: scalar) == (emoji.glyphID(for: scalar) != nil))
            #expect(dejavu.hasGlyph(for: scalar) == (dejavu.glyphID(for: scalar) != nil))
        }
    }
}
