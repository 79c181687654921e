/// The advance prefix of a paragraph (``Paragraph/advancePrefix``): the total advance before each
/// UTF-16 offset, summed from the shaped runs.
extension Paragraph {
    /// ``advancePrefix`` of `runs` (a partition of `count` UTF-16 units): straight into 32 bits
    /// when every value is known to be exact as Float (``narrowAdvancePrefix(of:count:)``: most
    /// paragraphs in fonts of 2,048 units per em), else summed in 64 bits over `scratch` and kept
    /// as it turns out.
    static func advancePrefix(of runs: [ShapedRun], count: Int, scratch: inout [Double]) -> CompactDoubles {
        if let narrow = narrowAdvancePrefix(of: runs, count: count) { return CompactDoubles(exactSums: narrow) }
        advancePrefix(of: runs, count: count, into: &scratch)
        return CompactDoubles(scratch)
    }

    /// ``advancePrefix`` of `runs` as Floats, when no value needs a test to be exact as Float:
    /// every run's advances not negative and bounded below its scale's exact range
    /// (``ShapedRun/advanceMagnitudeBits``, ``ColumnWriter/exactRange(scale:pen:)``), and the total
    /// below the smallest of the runs' limits. Every advance, cluster's advance and sum is then a
    /// multiple of the finest grid below 2²⁴ of it, so Float arithmetic is exact too and gives
    /// what ``advancePrefix(of:count:into:)`` sums in Doubles, the same way (each cluster's
    /// advances in glyph order, then the clusters in order). A total at or over the limit is
    /// at or over it in Floats too (rounding to nearest never crosses a power of two downwards:
    /// sums of values not negative). Nil otherwise (fonts of 1,000 units per em, negative
    /// advances, paragraphs some 30,000 points wide).
    package static func narrowAdvancePrefix(of runs: [ShapedRun], count: Int) -> [Float]? {
        var limit = Double.infinity, covered = 0
        for run in runs.indices {
            guard !runs[run].hasNegativeAdvance, runs[run].range.lowerBound == covered,
                  let exact = ColumnWriter.exactRange(scale: runs[run].scale, pen: 0),
                  runs[run].advanceMagnitudeBits <= exact.units else { return nil }
            limit = min(limit, exact.limit)
            covered = runs[run].range.upperBound
        }
        guard covered == count else { return nil }
        var total: Float = 0
        let prefix = [Float](count: count + 1, filler: 0) { prefix in
            total = sumAdvances(of: runs, count: count, into: prefix)
            return count + 1
        }
        return Double(total) < limit ? prefix : nil
    }

    /// ``advancePrefix`` of `runs` (a partition of `count` UTF-16 units), in 64 bits, written
    /// over `prefix`.
    package static func advancePrefix(of runs: [ShapedRun], count: Int, into prefix: inout [Double]) {
        prefix.removeAll(keepingCapacity: true)
        prefix.append(contentsOf: repeatElement(0, count: count + 1))
        prefix.withUnsafeMutableBufferPointer { _ = sumAdvances(of: runs, count: count, into: $0) }
    }

    /// Writes the advance prefix of `runs` over `prefix` (`count` + 1 zeros) and returns the
    /// total: each cluster's advances summed in glyph order, then summed over the clusters in
    /// order, each advance `F(Double(units) · scale)`. (One loop for both widths: specialized,
    /// through buffers, as it runs for every glyph of every paragraph shaped.)
    @inline(__always)
    private static func sumAdvances<F: BinaryFloatingPoint>(of runs: [ShapedRun], count: Int,
                                                           into prefix: UnsafeMutableBufferPointer<F>) -> F {
        // First each cluster's own advance at its offset…
        for run in runs.indices {
            let (scale, start, oneGlyphPerUnit) = (runs[run].scale, runs[run].range.lowerBound, runs[run].hasOneGlyphPerUnit)
            @inline(__always)
            func add<G, C: FixedWidthInteger, A: FixedWidthInteger>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                                                    _ advances: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) {
                // (Locals only in the loops: a captured variable is read through memory at each
                // use, as the stores into `prefix` may alias it.)
                let (scale, start) = (scale, start)
                if oneGlyphPerUnit {
                    // Glyph g is unit start + g, alone in its cluster (most runs): its advance is
                    // the cluster's (stored, not added to the zero: the same value), in a loop the
                    // compiler vectorizes.
                    for g in 0..<advances.count { prefix[start &+ g] = F(Double(advances[g]) * scale) }
                } else {
                    for g in 0..<advances.count { prefix[Int(clusters[g])] += F(Double(advances[g]) * scale) }
                }
            }
            runs[run].columns.withUnsafeColumns(narrow: add, wide: add)
        }
        // …then, in place, the sum of those before each offset.
        var sum: F = 0
        for index in 0..<count {
            let own = prefix[index]
            prefix[index] = sum
            sum += own
        }
        prefix[count] = sum
        return sum
    }
}
