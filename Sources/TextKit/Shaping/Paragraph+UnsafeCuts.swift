/// Where cutting a run changes its glyphs: the table a paragraph fills once (``Paragraph/unsafeCuts``)
/// and the questions line measuring and assembly ask of it.
extension Paragraph {
    /// Whether `clipped`, a part of run `run`, cuts the run where cutting changes its glyphs.
    /// (Offsets outside the run's interior never do: its clusters lie in it.)
    @inline(__always)
    func needsReshape(_ run: Int, _ clipped: Range<Int>) -> Bool {
        let runRange = runs[run].range
        return clipped.lowerBound > runRange.lowerBound && clipped.lowerBound < runRange.upperBound
            && isUnsafeCut(at: clipped.lowerBound, in: run)
            || clipped.upperBound < runRange.upperBound && clipped.upperBound > runRange.lowerBound
            && isUnsafeCut(at: clipped.upperBound, in: run)
    }

    /// Whether UTF-16 `offset` (0…count) lies strictly inside a run and cutting the run there
    /// changes its glyphs: ``unsafeCuts``, or when there is no table (every run one glyph a
    /// unit), the flag of the glyph after the offset.
    package func isUnsafeCut(at offset: Int) -> Bool {
        let run = runIndex(containing: offset)
        return run < runs.count && offset > runs[run].range.lowerBound && isUnsafeCut(at: offset, in: run)
    }

    /// ``isUnsafeCut(at:)`` of an offset strictly inside run `run`.
    @inline(__always)
    private func isUnsafeCut(at offset: Int, in run: Int) -> Bool {
        if !unsafeCuts.isEmpty { return unsafeCuts[offset] }
        return runs[run].columns.isUnsafeToBreak(offset - runs[run].range.lowerBound)
    }

    /// ``unsafeCuts`` of `runs` (a partition of `count` UTF-16 units), in one pass over each
    /// run's glyphs (clusters never decrease) instead of a search per offset. The first glyph at
    /// or after an offset strictly inside the run, as ``ShapedRun/isUnsafeToCut(at:)`` finds it:
    ///
    ///     before the first cluster or after the last one → none or the first glyph: safe
    ///     a cluster's own offset → its first glyph: unsafe when HarfBuzz flags that glyph
    ///     between two clusters → the next cluster's first glyph, a different cluster: unsafe
    static func unsafeCuts(of runs: [ShapedRun], count: Int) -> [Bool] {
        // No table when every run has one glyph a unit (its flags are the answer): one array a
        // paragraph fewer.
        guard runs.indices.contains(where: { runs[$0].range.count > 1 && !runs[$0].hasOneGlyphPerUnit }) else { return [] }
        var unsafe = [Bool](filledWith: false, count: count + 1)
        // Through buffers: this runs for every glyph of every paragraph shaped.
        unsafe.withUnsafeMutableBufferPointer { table in
            for run in runs.indices where runs[run].range.count > 1 {
                let lower = runs[run].range.lowerBound, upper = runs[run].range.upperBound
                let flags = runs[run].unsafeToBreak
                let flagged = !flags.isEmpty  // (no column: no glyph has the flag)
                if runs[run].hasOneGlyphPerUnit {
                    // Glyph g is unit lower + g (most runs of most scripts): no offset lies
                    // inside a cluster, and each one is unsafe when its glyph is flagged (what
                    // the loop below gives, copied at once).
                    if flagged, let table = table.baseAddress { flags.copy(1..<flags.count, to: table + lower + 1) }
                    continue
                }
                @inline(__always)
                func cuts<G, C: FixedWidthInteger, A>(_: UnsafeBufferPointer<G>, _ clusters: UnsafeBufferPointer<C>,
                                                       _: UnsafeBufferPointer<A>, _: UnsafeBufferPointer<Int32>) {
                    guard var previous = clusters.first.map(Int.init) else { return }
                    for glyph in 1..<clusters.count {
                        let cluster = Int(clusters[glyph])
                        // Most glyphs start the unit after the last one's (a ligature or a
                        // cluster here and there): no offset between them, and the unit is
                        // inside the run (after the first cluster, before the run's end).
                        if cluster == previous &+ 1 {
                            if flagged { table[cluster] = flags[glyph] }
                            previous = cluster
                            continue
                        }
                        guard cluster != previous else { continue }
                        // The first glyph of a cluster: its offset is unsafe when the glyph is
                        // flagged, and the offsets inside the cluster before it are unsafe.
                        if cluster > lower, cluster < upper { table[cluster] = flagged && flags[glyph] }
                        var offset = Swift.max(previous + 1, lower + 1)
                        let end = Swift.min(cluster, upper)
                        while offset < end {
                            table[offset] = true
                            offset += 1
                        }
                        previous = cluster
                    }
                }
                runs[run].columns.withUnsafeColumns(narrow: cuts, wide: cuts)
            }
        }
        return unsafe
    }
}
