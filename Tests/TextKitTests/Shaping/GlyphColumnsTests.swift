import SeededRandom
import Testing
@testable import TextKit

/// A run's columns keep ids, clusters and advances in 16 bits exactly when every one fits, and
/// read back the values they were made from whichever way they are kept: through the accessors,
/// the column views, both loops of `withUnsafeColumns`, the search for a cluster, the .notdef
/// test, and after tracking (which may make narrow columns wide).
@Suite struct GlyphColumnsTests {
    /// Glyphs whose values sit at and past the edges of 16 bits now and then.
    private static func glyphs(_ rng: inout SplitMix64, count: Int, wideAt: Int?)
        -> (ids: [UInt32], clusters: [Int32], advances: [Int32]) {
        var ids: [UInt32] = [], clusters: [Int32] = [], advances: [Int32] = []
        var cluster = Int32.random(in: 0...65_000, using: &rng)
        for index in 0..<count {
            ids.append([0, 1, 65_535, UInt32.random(in: 0...65_535, using: &rng)].randomElement(using: &rng)!)
            clusters.append(cluster)
            if Int.random(in: 0..<4, using: &rng) > 0 { cluster += 1 }
            advances.append([-32_768, 32_767, 0, Int32.random(in: -2_000...2_000, using: &rng)].randomElement(using: &rng)!)
            if index == wideAt {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: ids[index] = 65_536 + UInt32.random(in: 0...1_000, using: &rng)
                case 1: clusters[index] = 65_536 + Int32(index); cluster = clusters[index] + 1
                default: advances[index] = Bool.random(using: &rng) ? 32_768 : -32_769
                }
            }
        }
        return (ids, clusters, advances)
    }

    private static func columns(_ ids: [UInt32], _ clusters: [Int32], _ advances: [Int32], offsets: Bool) -> GlyphColumns {
        ids.withUnsafeBufferPointer { ids in
            clusters.withUnsafeBufferPointer { clusters in
                advances.withUnsafeBufferPointer { advances in
                    GlyphColumns(glyphs: ids, clusters: clusters, advances: advances, offsetsX: offsets, offsetsY: false,
                                 flags: offsets) { words, layout in
                        for index in 0..<ids.count where layout.offsetsX >= 0 {
                            words[Int(layout.offsetsX) + index] = UInt32(bitPattern: Int32(index) - 7)
                        }
                        if layout.flags >= 0 {
                            UnsafeMutableRawPointer(words + Int(layout.flags)).storeBytes(of: true, toByteOffset: 0, as: Bool.self)
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func columnsReadBackWhateverTheirWidth(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var narrowSeen = 0, wideSeen = 0
        for round in 0..<60 {
            let count = Int.random(in: 0...40, using: &rng)
            let wideAt = count > 0 && Bool.random(using: &rng) ? Int.random(in: 0..<count, using: &rng) : nil
            let (ids, clusters, advances) = Self.glyphs(&rng, count: count, wideAt: wideAt)
            let offsets = Bool.random(using: &rng)
            var columns = Self.columns(ids, clusters, advances, offsets: offsets)
            let context = "seed \(seed), round \(round)"
            #expect(columns.isNarrow == (wideAt == nil), "\(context)")
            if columns.isNarrow { narrowSeen += 1 } else { wideSeen += 1 }
            #expect(columns.count == count)
            #expect(Array(columns.glyphs) == ids && Array(columns.clusters) == clusters && Array(columns.advances) == advances,
                    "\(context)")
            #expect((0..<count).allSatisfy { columns.glyph($0) == ids[$0] && columns.cluster($0) == clusters[$0]
                && columns.advance($0) == advances[$0] }, "\(context)")
            #expect(columns.offsetsX.elementsEqual((0..<count).map { Int32($0) - 7 }) || !offsets, "\(context)")
            #expect(count == 0 || columns.isUnsafeToBreak(0) == offsets, "\(context)")
            func read<G: FixedWidthInteger, C: FixedWidthInteger, A: FixedWidthInteger>(
                _ g: UnsafeBufferPointer<G>, _ c: UnsafeBufferPointer<C>, _ a: UnsafeBufferPointer<A>,
                _ x: UnsafeBufferPointer<Int32>) -> [[Int64]] {
                [g.map { Int64($0) }, c.map { Int64($0) }, a.map { Int64($0) }, x.map { Int64($0) }]
            }
            let read = columns.withUnsafeColumns(narrow: read, wide: read)
            #expect(read[0] == ids.map { Int64($0) } && read[1] == clusters.map { Int64($0) }
                    && read[2] == advances.map { Int64($0) }, "\(context)")
            #expect(columns.hasNotdef == ids.contains(0), "\(context)")
            // The first glyph at or after each offset, as a scan finds it (clusters never decrease).
            if let first = clusters.first {
                for offset in Int(first) - 1...Int(clusters.last!) + 1 {
                    let scan = clusters.firstIndex { Int($0) >= offset } ?? count
                    #expect(columns.firstGlyph(atOrAfter: offset, runStart: Int(first)) == scan, "\(context), offset \(offset)")
                }
            }
            // Tracking adds to the last glyph of each cluster; advances that no longer fit make
            // the columns wide, and the offsets and flags stay.
            let extra = Int32([1, 40, 30_000].randomElement(using: &rng)!)
            var tracked = advances
            for index in 0..<count where index + 1 == count || clusters[index + 1] != clusters[index] { tracked[index] &+= extra }
            columns.addTracking(extra)
            #expect(Array(columns.glyphs) == ids && Array(columns.clusters) == clusters && Array(columns.advances) == tracked,
                    "\(context), tracking \(extra)")
            let narrowAfter = ids.allSatisfy { $0 <= 65_535 } && clusters.allSatisfy { (0...65_535).contains($0) }
                && tracked.allSatisfy { (-32_768...32_767).contains($0) }
            #expect(columns.isNarrow == narrowAfter, "\(context), tracking \(extra)")
            #expect(columns.offsetsX.elementsEqual((0..<count).map { Int32($0) - 7 }) || !offsets, "\(context)")
            #expect(count == 0 || columns.isUnsafeToBreak(0) == offsets, "\(context)")
        }
        #expect(narrowSeen > 10 && wideSeen > 10)
    }
}
