// MARK: - Internals

extension FilledRegion {
    /// The x-projection of the filled area over the band `top < y < bottom` (unmerged, in
    /// `output`), found from the edges alone, without computing where they cross.
    ///
    /// Every point of an edge borders filled area, since crossing one edge changes the
    /// winding by ±1 and one side of it is filled; so the part of each edge inside the band is
    /// covered (horizontal edges included). Between those parts, a vertical strip of the band
    /// meets no edge and is filled all along or not at all: one point per strip, on the band's
    /// middle line, decides.
    ///
    ///     E ← [min x, max x] of each edge's part in the band, merged
    ///     crossings ← the edges through y = (top + bottom) / 2, sorted by x, winding summed
    ///     for each gap between consecutive spans of E:
    ///         gap filled at its middle x (winding of the crossings left of it) → add the gap
    ///     output ← E ∪ filled gaps
    ///
    /// This is the union of the trapezoid projections ``bandSpans(top:bottom:stopAtFirst:)``
    /// finds (the same endpoints: edges evaluated at the band's limits, or their vertices), but
    /// in O(k log k) for k edges meeting the band, where the sweep costs O((k + i) log k) for
    /// their i crossings: a scribble of 1,000 random cubics crosses itself millions of times.
    ///
    /// Edges that overlap along one line (``overlappingEdges``) may border no area, and the
    /// edges of a complement region may border area that is not its fill (inside two contours):
    /// those bands are swept.
    func projectedSpans(top: Double, bottom: Double, into output: inout [Span]) {
        guard frameWinding == nil else {
            output += bandSpans(top: top, bottom: bottom)
            return
        }
        let middle = top + (bottom - top) / 2
        var parts: [Span] = []
        var crossings: [(x: Double, winding: Int)] = []
        for i in index.edges(meetingMinY: top, maxY: bottom) {
            let edge = index.edges[i]
            let y0 = Swift.max(edge.yTop, top), y1 = Swift.min(edge.yBot, bottom)
            guard y1 > y0 else { continue }  // touches the band's limit only
            if edge.yTop <= middle && middle < edge.yBot {
                crossings.append((edge.x(at: middle), edge.winding))
            }
            if !overlapping.isEmpty && overlapping[i] {
                output += bandSpans(top: top, bottom: bottom)
                return
            }
            let x0 = edge.x(at: y0), x1 = edge.x(at: y1)
            parts.append(Span(minX: Swift.min(x0, x1), maxX: Swift.max(x0, x1)))
        }
        // A horizontal edge inside the band separates what is above it from what is below.
        var low = 0, high = horizontals.count
        while low < high {
            let mid = (low + high) / 2
            if horizontals[mid].y <= top { low = mid + 1 } else { high = mid }
        }
        for i in low..<horizontals.count {
            let edge = horizontals[i]
            guard edge.y < bottom else { break }
            if !overlappingHorizontals.isEmpty && overlappingHorizontals[i] {
                output += bandSpans(top: top, bottom: bottom)
                return
            }
            parts.append(Span(minX: edge.minX, maxX: edge.maxX))
        }
        guard !parts.isEmpty else { return }
        Span.merge(&parts)
        crossings.sort { $0.x < $1.x }
        var next = 0, winding = 0
        for (i, part) in parts.enumerated() {
            output.append(part)
            guard i + 1 < parts.count else { break }
            let gapMiddle = part.maxX + (parts[i + 1].minX - part.maxX) / 2
            while next < crossings.count && crossings[next].x < gapMiddle {
                winding += crossings[next].winding
                next += 1
            }
            if isFilled(winding) { output.append(Span(minX: part.maxX, maxX: parts[i + 1].minX)) }
        }
    }

    /// Per edge (in the edge index), whether another edge lies along the same line over part of
    /// its length (a zero-area spike, a contour drawn back over itself, collinear vertices):
    /// such an edge may border no area, and a band it meets is swept instead. Empty when no
    /// edge overlaps another.
    ///
    ///     sort the edges by slope, then by where their line meets y = 0
    ///     a run of (nearly) equal slopes and intercepts is one line: sort it by top y and
    ///     flag the edges whose y range overlaps an earlier one's
    ///
    /// - Complexity: O(n log n) for n edges.
    static func overlappingEdges(of edges: [Edge]) -> [Bool] {
        func intercept(_ edge: Edge) -> Double { edge.xTop - edge.slope * edge.yTop }
        func close(_ a: Double, _ b: Double) -> Bool {
            abs(a - b) <= 1e-9 * Swift.max(1, abs(a), abs(b))
        }
        let order = edges.indices.sorted { a, b in
            let p = edges[a], q = edges[b]
            return p.slope != q.slope ? p.slope < q.slope : intercept(p) < intercept(q)
        }
        var flagged: [Bool] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count {
                let p = edges[order[end - 1]], q = edges[order[end]]
                guard close(p.slope, q.slope), close(intercept(p), intercept(q)) else { break }
                end += 1
            }
            if end - start > 1 {
                flagOverlaps(Array(order[start..<end]), count: edges.count, in: &flagged,
                             start: { edges[$0].yTop }, end: { edges[$0].yBot })
            }
            start = end
        }
        return flagged
    }

    /// ``overlappingEdges(of:)`` for the horizontal edges (sorted by y): whether another one on
    /// the same y overlaps it.
    static func overlappingHorizontals(_ edges: [HorizontalEdge]) -> [Bool] {
        var flagged: [Bool] = []
        var start = 0
        while start < edges.count {
            var end = start + 1
            while end < edges.count && edges[end].y == edges[start].y { end += 1 }
            if end - start > 1 {
                flagOverlaps(Array(start..<end), count: edges.count, in: &flagged,
                             start: { edges[$0].minX }, end: { edges[$0].maxX })
            }
            start = end
        }
        return flagged
    }

    /// Flags (in `flagged`, allocated for `count` items when first needed) every item of `group`
    /// whose interval `start ..< end` overlaps another's.
    private static func flagOverlaps(_ group: [Int], count: Int, in flagged: inout [Bool],
                                     start: (Int) -> Double, end: (Int) -> Double) {
        var reach = -Double.infinity, reacher = -1
        for i in group.sorted(by: { start($0) < start($1) }) {
            if start(i) < reach {
                if flagged.isEmpty { flagged = Array(repeating: false, count: count) }
                flagged[i] = true
                flagged[reacher] = true
            }
            if end(i) > reach { reach = end(i); reacher = i }
        }
    }
}
