import Foundation
import Testing
import TextKitGeometry
import SeededRandom

/// Outlines with too many corners are traced on blocks of pixels (issue 16: a 4096 × 4096
/// checkerboard traced 8 million one-pixel contours and used over 2 GB).
@Suite struct AlphaMaskCoarseningTests {
    static func checkerboard(_ side: Int) -> AlphaMask {
        AlphaMask(width: side, height: side, alpha: (0..<(side * side)).map { i in
            (i % side + i / side) % 2 == 0 ? 255 : 0
        })
    }

    @Test func checkerboardBecomesOneBlock() {
        let path = BezierPath(contoursOf: Self.checkerboard(1024), in: Rect(x: 0, y: 0, width: 512, height: 512))
        #expect(path.elements.count == 5)  // move, 3 lines, close: the 2 × 2 blocks are all kept
        let region = FilledRegion(path: path)
        #expect(region.coveredSpans(minY: 10, maxY: 20) == [Span(minX: 0, maxX: 512)])
    }

    /// Random masks traced with a small corner limit: the coarse area holds every kept pixel,
    /// and nothing further than one block from a kept pixel.
    @Test func coarseOutlinesHoldEveryKeptPixel() {
        var random = SplitMix64(seed: 0xB10C)
        for _ in 0..<30 {
            let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...40, using: &random)
            let alpha = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) > 200 ? UInt8(255) : 0 }
            let mask = AlphaMask(width: width, height: height, alpha: alpha)
            let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
            let limit = Int.random(in: 4...60, using: &random)
            let path = BezierPath(contoursOf: mask, threshold: 0, in: rect, maximumCorners: limit)
            let corners = path.elements.filter { if case .close = $0 { false } else { true } }.count
            #expect(corners <= max(limit, 4), "\(width)×\(height), limit \(limit)")
            let region = FilledRegion(path: path)
            for y in 0..<height {
                for x in 0..<width where mask[x, y] > 0 {
                    #expect(region.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)), "pixel \(x), \(y)")
                }
            }
        }
    }
}
