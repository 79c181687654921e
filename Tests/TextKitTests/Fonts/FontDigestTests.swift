import Foundation
import Testing
import TextKit

/// Fonts compare by a digest taken when they load, while ``Font/fileHash`` (FNV-1a of the file,
/// in the layout JSON and the goldens) is computed when first asked: both must still describe
/// the file's bytes.
@Suite("Font digest and file hash")
struct FontDigestTests {
    @Test func fileHashIsFNV1aOfTheFileAndLoadsCompareEqual() throws {
        let path = Fixtures.fontPath
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { expected = (expected ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let first = try Font(contentsOfFile: path), second = try Font(contentsOfFile: path)
        #expect(first.fileHash == String(format: "%016llx", expected))
        #expect(second.fileHash == first.fileHash)   // each load hashes its own bytes
        #expect(first == second && first.hashValue == second.hashValue)
    }

    @Test func differentFilesAreDifferentFonts() throws {
        let noto = try #require(try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Fixtures/fonts"))
            .first { $0.hasSuffix(".ttf") && $0 != URL(fileURLWithPath: Fixtures.fontPath).lastPathComponent })
        let other = try Font(contentsOfFile: Fixtures.path("Fixtures/fonts/\(noto)"))
        let primary = try Font(contentsOfFile: Fixtures.fontPath)
        #expect(other != primary)
        #expect(other.fileHash != primary.fileHash)
    }
}
