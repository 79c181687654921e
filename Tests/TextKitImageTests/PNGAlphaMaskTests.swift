import Foundation
import Testing
import TextKitGeometry
import TextKitImage

/// Decoding the PNG fixtures of Fixtures/images (written by make-fixtures.py) with libpng.
@Suite struct PNGAlphaMaskTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/images")
    func path(_ name: String) -> String { Self.images.appendingPathComponent(name).path }

    @Test func blockAlphaIsDecoded() throws {
        let mask = try AlphaMask(contentsOfPNGFile: path("block.png"))
        #expect(mask.width == 10 && mask.height == 10)
        for y in 0..<10 {
            for x in 0..<10 {
                #expect(mask[x, y] == ((2..<7).contains(x) && (3..<8).contains(y) ? 255 : 0))
            }
        }
    }

    @Test func blockContourPlacedAtARect() throws {
        let mask = try AlphaMask(contentsOfPNGFile: path("block.png"))
        let region = FilledRegion(path: BezierPath(contoursOf: mask, threshold: 0.5,
                                                   in: Rect(x: 100, y: 100, width: 100, height: 100)))
        // Pixels 2..<7 × 3..<8 at 10 pt each: [120, 170] × [130, 180].
        #expect(region.coveredSpans(minY: 140, maxY: 150) == [Span(minX: 120, maxX: 170)])
        #expect(region.coveredSpans(minY: 180, maxY: 190).isEmpty)
        #expect(region.bounds == Rect(x: 120, y: 130, width: 50, height: 50))
    }

    @Test func sixteenBitGreyAlphaRingKeepsItsHole() throws {
        let mask = try AlphaMask(contentsOfPNGFile: path("ring-gray16.png"))
        #expect(mask.width == 8 && mask.height == 8)
        let region = FilledRegion(path: BezierPath(contoursOf: mask, in: Rect(x: 0, y: 0, width: 8, height: 8)))
        #expect(region.coveredSpans(minY: 3, maxY: 5) == [Span(minX: 1, maxX: 2), Span(minX: 6, maxX: 7)])
    }

    @Test func alphaStepsAndThresholds() throws {
        let mask = try AlphaMask(contentsOfPNGFile: path("steps.png"))
        #expect(mask.alpha == [0, 32, 128, 255])
        func covered(_ threshold: Double) -> [Span] {
            FilledRegion(path: BezierPath(contoursOf: mask, threshold: threshold, in: Rect(x: 0, y: 0, width: 4, height: 1)))
                .coveredSpans(minY: 0, maxY: 1)
        }
        #expect(covered(0) == [Span(minX: 1, maxX: 4)])
        #expect(covered(0.2) == [Span(minX: 2, maxX: 4)])
        #expect(covered(0.6) == [Span(minX: 3, maxX: 4)])
    }

    @Test func notAPNGThrowsLibpngsReason() {
        #expect(throws: ImageError.self) { try AlphaMask(pngData: Array("not a png".utf8), file: "x.png") }
        do {
            _ = try AlphaMask(pngData: Array("not a png".utf8), file: "x.png")
        } catch {
            #expect(error.description.hasPrefix("x.png: error: not a readable PNG"))
            #expect(!error.isUnreadable)
        }
    }

    @Test func truncatedPNGThrows() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("block.png"))))
        #expect(throws: ImageError.self) { try AlphaMask(pngData: Array(bytes.prefix(40)), file: "cut.png") }
    }

    @Test func missingFileIsUnreadable() {
        do {
            _ = try AlphaMask(contentsOfPNGFile: path("no-such.png"))
            Issue.record("expected an error")
        } catch {
            #expect(error.isUnreadable)
        }
    }

    @Test func tooManyPixelsAreRefused() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("block.png"))))
        #expect(throws: ImageError.self) { try AlphaMask(pngData: bytes, file: "block.png", maxPixels: 99) }
    }

    /// A device or a FIFO is refused before it is read (reading would never end, or block).
    @Test func onlyRegularFilesAreRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("textkit-png-fifo-\(getpid())").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for file in ["/dev/zero", fifo] {
            #expect(throws: ImageError.self) { try AlphaMask(contentsOfPNGFile: file) }
        }
        _ = try AlphaMask(contentsOfPNGFile: path("block.png"))
    }
}
