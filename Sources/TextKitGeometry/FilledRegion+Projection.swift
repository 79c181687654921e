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
    /// Edges that overlap along one line may border no area (a spike drawn out and back): they
    /// are read from ``projectionIndex``, where each such line is one piece per stretch of
    /// equal net winding, and only the stretches that change the fill are kept. Horizontal
    /// edges that overlap, and the edges of a complement region (which may border area that is
    /// not its fill, inside two contours), make the band swept.
    func projectedSpans(top: Double, bottom: Double, into output: inout [Span]) {
        guard frameWinding == nil else {
            output += bandSpans(top: top, bottom: bottom)
            return
        }
        let middle = top + (bottom - top) / 2
        var parts: [Span] = []
        var crossings: [(x: Double, winding: Int)] = []
        let edges = projectionIndex.edges
        projectionIndex.forEachEdge(meetingMinY: top, maxY: bottom) { i in
            let edge = edges[i]
            let y0 = Swift.max(edge.yTop, top), y1 = Swift.min(edge.yBot, bottom)
            guard y1 > y0 else { return }  // touches the band's limit only
            if edge.yTop <= middle && middle < edge.yBot {
                crossings.append((edge.x(at: middle), edge.winding))
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

    /// The edges ``projectedSpans(top:bottom:into:)`` reads: `edges` with the edges along each
    /// of `lines` (``overlappingLines(of:)``: a zero-area spike, a contour drawn back over
    /// itself, the same curve drawn many times) replaced by the line's
    /// ``mergedLine(_:of:isFilled:)`` pieces, so every edge borders area.
    ///
    /// - Complexity: O(n + m log m) for n edges, m of them along the lines.
    static func projectionEdges(_ edges: [Edge], lines: [[Int]], isFilled: (Int) -> Bool) -> [Edge] {
        var merged = Array(repeating: false, count: edges.count)
        var result: [Edge] = []
        for line in lines {
            for i in line { merged[i] = true }
            result += mergedLine(line, of: edges, isFilled: isFilled)
        }
        for (i, edge) in edges.enumerated() where !merged[i] { result.append(edge) }
        return result
    }

    /// The edges `line` (numbers in `edges`, all along one line) as disjoint pieces: the line is
    /// cut at every end of its edges, each stretch winds by the sum of the windings of the edges
    /// over it (its net winding), and a stretch is kept (with that winding) only when the
    /// windings on its two sides differ in whether they are filled for some winding beside it,
    /// that is when `isFilled` tells 0 from the net (nonzero: net ≠ 0; even-odd: net odd). The
    /// x of a stretch are those of the edge over it that reaches lowest (one of them, so the
    /// pieces keep the edges' own vertices); neighbouring stretches of one edge and net winding
    /// are one piece.
    ///
    /// - Complexity: O(m log m) for m edges.
    static func mergedLine(_ line: [Int], of edges: [Edge], isFilled: (Int) -> Bool) -> [Edge] {
        var changes: [(y: Double, winding: Int)] = []
        for i in line {
            changes.append((edges[i].yTop, edges[i].winding))
            changes.append((edges[i].yBot, -edges[i].winding))
        }
        changes.sort { $0.y < $1.y }
        let starting = line.sorted { edges[$0].yTop < edges[$1].yTop }
        var pieces: [Edge] = []
        var net = 0, next = 0, change = 0, lowest = -1
        while change < changes.count {
            let y0 = changes[change].y
            while change < changes.count && changes[change].y == y0 {
                net += changes[change].winding
                change += 1
            }
            guard change < changes.count else { break }
            let y1 = changes[change].y
            // The edge started at or above y0 that reaches lowest covers the stretch, if any does.
            while next < starting.count && edges[starting[next]].yTop <= y0 {
                if lowest < 0 || edges[starting[next]].yBot > edges[lowest].yBot { lowest = starting[next] }
                next += 1
            }
            guard isFilled(net) != isFilled(0), lowest >= 0, edges[lowest].yBot >= y1 else { continue }
            let edge = edges[lowest]
            if var last = pieces.last, last.yBot == y0, last.winding == net, last.slope == edge.slope,
               last.xBot == edge.x(at: y0) {
                last.xBot = edge.x(at: y1)
                last.yBot = y1
                pieces[pieces.count - 1] = last
                continue
            }
            guard var piece = Edge(from: Point(x: edge.x(at: y0), y: y0), to: Point(x: edge.x(at: y1), y: y1))
            else { continue }
            piece.slope = edge.slope
            piece.winding = net
            pieces.append(piece)
        }
        return pieces
    }

    /// The lines along which edges overlap: per line, the numbers (in `edges`) of the edges
    /// along it, at least two of which overlap over part of their length.
    ///
    ///     sort the edges by slope, then by where their line meets y = 0
    ///     a run of (nearly) equal slopes and intercepts is one line: it is listed when, sorted
    ///     by top y, an edge's y range overlaps an earlier one's
    ///
    /// - Complexity: O(n log n) for n edges.
    static func overlappingLines(of edges: [Edge]) -> [[Int]] {
        func intercept(_ edge: Edge) -> Double { edge.xTop - edge.slope * edge.yTop }
        func close(_ a: Double, _ b: Double) -> Bool {
            abs(a - b) <= 1e-9 * Swift.max(1, abs(a), abs(b))
        }
        let order = edges.indices.sorted { a, b in
            let p = edges[a], q = edges[b]
            return p.slope != q.slope ? p.slope < q.slope : intercept(p) < intercept(q)
        }
        var lines: [[Int]] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count {
                let p = edges[order[end - 1]], q = edges[order[end]]
                guard close(p.slope, q.slope), close(intercept(p), intercept(q)) else { break }
                end += 1
            }
            if end - start > 1 {
                let line = Array(order[start..<end])
                if !overlaps(in: line, start: { edges[$0].yTop }, end: { edges[$0].yBot }).isEmpty { lines.append(line) }
            }
            start = end
        }
        return lines
    }

    /// Per horizontal edge (sorted by y), whether another one on the same y overlaps it (see
    /// ``overlappingLines(of:)``); empty when none does.
    static func overlappingHorizontals(_ edges: [HorizontalEdge]) -> [Bool] {
        var flagged: [Bool] = []
        var start = 0
        while start < edges.count {
            var end = start + 1
            while end < edges.count && edges[end].y == edges[start].y { end += 1 }
            if end - start > 1 {
                for i in overlaps(in: Array(start..<end), start: { edges[$0].minX }, end: { edges[$0].maxX }) {
                    if flagged.isEmpty { flagged = Array(repeating: false, count: edges.count) }
                    flagged[i] = true
                }
            }
            start = end
        }
        return flagged
    }

    /// The items of `group` whose interval `start ..< end` overlaps another's (some twice).
    private static func overlaps(in group: [Int], start: (Int) -> Double, end: (Int) -> Double) -> [Int] {
        var found: [Int] = []
        var reach = -Double.infinity, reacher = -1
        for i in group.sorted(by: { start($0) < start($1) }) {
            if start(i) < reach { found += [i, reacher] }
            if end(i) > reach { reach = end(i); reacher = i }
        }
        return found
    }
}
