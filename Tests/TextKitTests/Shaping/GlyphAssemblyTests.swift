import SeededRandom
import Testing
@testable import TextKit

/// A run's glyphs assembled word by word (records, compact cached words, space glyphs, holes
/// filled once the missing words are shaped) come out as the columns of the same glyphs
/// written one after another: every field of every glyph, and the offset and flag columns
/// present exactly when some glyph has an offset or a flag.
@Suite struct GlyphAssemblyTests {
    /// One piece of a run: glyphs given now, or a missing word whose glyphs fill a hole later.
    private enum Piece {
        case glyphs([GlyphRecord])
        case hole(Int)
    }

    private static func record(_ rng: inout SplitMix64, cluster: Int32, compact: Bool, offsets: Bool) -> GlyphRecord {
        GlyphRecord(glyph: UInt32.random(in: 0...(compact ? 65_535 : 200_000), using: &rng), cluster: cluster,
                    advance: Int32.random(in: compact ? -32_768...32_767 : -90_000...90_000, using: &rng),
                    offsetX: offsets && Int.random(in: 0..<3, using: &rng) == 0 ? Int32.random(in: -500...500, using: &rng) : 0,
                    offsetY: offsets && Int.random(in: 0..<3, using: &rng) == 0 ? Int32.random(in: -500...500, using: &rng) : 0,
                    unsafeToBreak: Int.random(in: 0..<5, using: &rng) == 0)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func assembledColumnsEqualTheGlyphsInOrder(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let assembly = GlyphAssembly(capacity: 8) // (small: it grows, holes and all)
        let compact = UnsafeMutableRawPointer.allocate(byteCount: 64 * CachedGlyphs.compactStride, alignment: 8)
        defer { compact.deallocate() }
        for round in 0..<40 {
            assembly.removeAll()
            // Some runs have no offsets at all, some get their first ones late, or in a missing word.
            let offsets = Int.random(in: 0..<3, using: &rng)
            // Some runs only of values that fit 16 bits (narrow columns), some not.
            let small = Bool.random(using: &rng)
            // Some runs only of cached words (each word's clusters the only ones it brings).
            let cachedOnly = Int.random(in: 0..<5, using: &rng) == 0
            var pieces: [Piece] = [], missing: [[GlyphRecord]] = []
            // (Some runs start far into their paragraph: clusters past 16 bits.)
            var unit: Int32 = Int.random(in: 0..<4, using: &rng) == 0 ? 65_500 : 0
            for index in 0..<Int.random(in: 0...30, using: &rng) {
                let late = offsets == 1 && index > 10, length = Int.random(in: 0...6, using: &rng)
                switch cachedOnly ? 1 : Int.random(in: 0..<4, using: &rng) {
                case 0: // HarfBuzz's records, clusters from the run's start
                    let records = (0..<length).map { k in
                        Self.record(&rng, cluster: unit + Int32(k), compact: small, offsets: offsets == 2 || late)
                    }
                    assembly.append(records, clusterOffset: 0)
                    pieces.append(.glyphs(records))
                case 1: // a cached word of compact records, clusters from its start
                    let records = (0..<length).map { k in Self.record(&rng, cluster: Int32(k), compact: true, offsets: false) }
                    records.withUnsafeBufferPointer { CachedGlyphs.storeCompact($0, at: compact) }
                    assembly.append(CachedGlyphs(base: UnsafeRawPointer(compact), count: length, isCompact: true),
                                    clusterOffset: unit)
                    pieces.append(.glyphs(records.map { var moved = $0; moved.cluster += unit; return moved }))
                case 2: // the style's space glyph after a word
                    let space = GlyphRecord(glyph: 3, cluster: 0, advance: 651)
                    assembly.appendSpaces(space, at: Int(unit)..<Int(unit) + length)
                    pieces.append(.glyphs((0..<length).map { GlyphRecord(glyph: 3, cluster: unit + Int32($0), advance: 651) }))
                default: // a missing word: a hole now, its glyphs later
                    let records = (0..<length).map { k in
                        Self.record(&rng, cluster: Int32(k), compact: small, offsets: offsets != 0)
                    }
                    assembly.keepMissing(ShapeCache.LookedUp(start: Int(unit), end: Int(unit) + length, wordEnd: Int(unit) + length,
                                                             hash: 0, hole: assembly.count), at: missing.count)
                    pieces.append(.hole(missing.count))
                    missing.append(records.map { var moved = $0; moved.cluster += unit; return moved })
                    assembly.shaped.append(contentsOf: records)
                }
                unit += Int32(length)
            }
            var start = 0
            for (k, word) in missing.enumerated() {
                let segment = assembly.missing[k]
                assembly.keepShapedWord(ShapeCache.ShapedWord(segment: segment.start..<segment.end, wordEnd: segment.wordEnd,
                                                              hash: 0, records: start..<start + word.count,
                                                              split: start + word.count))
                start += word.count
            }
            if !missing.isEmpty { assembly.fillMissing(missing.count) }
            assembly.shapedWordCount = 0
            assembly.shaped.removeAll()

            let expected = pieces.flatMap { piece -> [GlyphRecord] in
                switch piece {
                case .glyphs(let records): records
                case .hole(let k): missing[k]
                }
            }
            let columns = assembly.columns()
            #expect(columns.count == expected.count, "seed \(seed), round \(round)")
            guard columns.count == expected.count else { return }
            #expect(columns.hasOffsetsX == expected.contains { $0.offsetX != 0 }, "seed \(seed), round \(round)")
            #expect(columns.hasOffsetsY == expected.contains { $0.offsetY != 0 }, "seed \(seed), round \(round)")
            #expect(columns.unsafeToBreak.isEmpty == !expected.contains { $0.unsafeToBreak }, "seed \(seed), round \(round)")
            #expect(columns.isNarrow == expected.allSatisfy {
                GlyphColumns.Layout.narrowMisfit(glyph: $0.glyph, cluster: $0.cluster, advance: $0.advance) == 0
            }, "seed \(seed), round \(round)")
            for (g, record) in expected.enumerated() {
                let same = columns.glyph(g) == record.glyph && columns.cluster(g) == record.cluster
                    && columns.advance(g) == record.advance && columns.offsetX(g) == record.offsetX
                    && columns.offsetY(g) == record.offsetY && columns.isUnsafeToBreak(g) == record.unsafeToBreak
                #expect(same, "seed \(seed), round \(round), glyph \(g): \(record)")
                if !same { return }
            }
        }
    }
}
