import Foundation
import Testing
import TextKit

/// Fonts compare by a digest of the file (taken when first asked for), and ``Font/fileHash`` (in the
/// layout JSON and the goldens) is that digest: it must be the algorithm docs/json-format.md
/// gives, over every byte of the file.
@Suite("Font digest and file hash")
struct FontDigestTests {
    @Test(arguments: ["DejaVuSans.ttf", "NotoSansCJK-Subset.otf", "NotoSansThai-Subset.ttf"])
    func fileHashIsTheDocumentedDigestAndLoadsCompareEqual(_ name: String) throws {
        let path = Fixtures.path("Fixtures/fonts/\(name)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // docs/json-format.md, "Why fileHash": FNV-1a's step on little-endian 64-bit words, each
        // product folded, from the offset basis xor the length; the last bytes one at a time.
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for word in 0..<words {
            var value: UInt64 = 0
            for byte in (0..<8).reversed() { value = value << 8 | UInt64(bytes[8 * word + byte]) }
            expected = (expected ^ value) &* 0x0000_0100_0000_01b3
            expected ^= expected >> 32
        }
        for byte in bytes[(8 * words)...] { expected = (expected ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
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
