// MARK: - Internals

/// The filled trapezoids of a region, listed once per slab: the horizontal strips between
/// consecutive vertex y's of the flattened polygons.
///
/// Inside a slab no edge starts or ends, so the edges crossing it keep their order unless two of
/// them cross; when none cross, the filled area of the slab is a fixed list of trapezoids, each
/// bounded by a left and a right edge. A band query then only visits the slabs meeting the band:
///
///     for each slab [s0, s1] meeting the band [top, bottom]:
///         y0 ← max(s0, top), y1 ← min(s1, bottom)
///         slab has crossing edges → collect the sub-band [y0, y1] for the sweep (BandSweep)
///         else for each trapezoid (left, right):
///             emit [min(left.x(y0), left.x(y1)), max(right.x(y0), right.x(y1))]
///
/// A straight edge is monotone in y, so its extreme x over [y0, y1] is at y0 or y1: the spans are
/// the exact projections, as those of the sweep (which splits its trapezoids at the same y's).
///
/// Filled by ``init(index:epsilon:budget:isFilled:)`` when the region is built; never changes.
/// Regions whose slabs would list too many edges in all (many long edges spanning many vertex
/// y's, as in a star with thousands of spikes) get no table and keep using the sweep.
struct SlabTable: Sendable {
    /// Slab `i` is `ys[i] ... ys[i + 1]`; every vertex y of the region, increasing.
    private let ys: [Double]
    /// The trapezoids of slab `i` are `lefts[starts[i] ..< starts[i + 1]]` (with `rights`).
    private let starts: [Int32]
    /// Per trapezoid, the numbers (in the edge index) of its left and right edge.
    private let lefts: [Int32], rights: [Int32]
    /// Per slab, whether two of its edges cross inside it (its trapezoids are not listed).
    private let crossing: [Bool]
    /// Trapezoids no wider than this at both ends of their part in a band add nothing.
    private let epsilon: Double

    /// Builds the table for the edges of `index`, or nil when the slabs would list more than
    /// `budget` edges in all. `isFilled` tells whether a winding number (counted from the left)
    /// is inside; trapezoids no wider than `epsilon` at both ends are left out.
    ///
    /// - Complexity: O(n log n + s) for n edges and s edges listed over all slabs (≤ budget).
    init?(index: EdgeIndex, epsilon: Double, budget: Int, isFilled: (Int) -> Bool) {
        let edges = index.edges
        var levels = edges.flatMap { [$0.yTop, $0.yBot] }
        levels.sort()
        var ys: [Double] = []
        ys.reserveCapacity(levels.count)
        for y in levels where ys.last != y { ys.append(y) }
        var starts: [Int32] = [0], lefts: [Int32] = [], rights: [Int32] = []
        var crossing: [Bool] = []
        var active: [Int] = [], keys = [Double](repeating: 0, count: edges.count)
        var listed = 0, next = 0
        for i in 0..<Swift.max(0, ys.count - 1) {
            let y0 = ys[i], y1 = ys[i + 1], middle = (y0 + y1) / 2
            active.removeAll { edges[$0].yBot <= y0 }
            while next < edges.count && edges[next].yTop <= y0 {
                active.append(next)
                next += 1
            }
            listed += active.count
            guard listed <= budget else { return nil }
            // Insertion sort by x in the middle of the slab: the order of the slab above is
            // kept by the edges that continue, so this is nearly linear.
            for edge in active { keys[edge] = edges[edge].x(at: middle) }
            for j in active.indices.dropFirst() {
                let edge = active[j]
                var k = j
                while k > 0 && keys[active[k - 1]] > keys[edge] {
                    active[k] = active[k - 1]
                    k -= 1
                }
                active[k] = edge
            }
            // Neighbours in the same order at both ends never cross in between (straight
            // edges), and then no two edges of the slab do.
            let crosses = active.indices.dropLast().contains { j in
                let left = edges[active[j]], right = edges[active[j + 1]]
                return left.x(at: y0) > right.x(at: y0) || left.x(at: y1) > right.x(at: y1)
            }
            crossing.append(crosses)
            if !crosses {
                var winding = 0
                for j in active.indices.dropLast() {
                    winding += edges[active[j]].winding
                    guard isFilled(winding) else { continue }
                    let left = edges[active[j]], right = edges[active[j + 1]]
                    guard Swift.max(right.x(at: y0) - left.x(at: y0), right.x(at: y1) - left.x(at: y1)) > epsilon
                    else { continue }
                    lefts.append(Int32(active[j]))
                    rights.append(Int32(active[j + 1]))
                }
            }
            starts.append(Int32(lefts.count))
        }
        self.ys = ys
        self.starts = starts
        self.lefts = lefts
        self.rights = rights
        self.crossing = crossing
        self.epsilon = epsilon
    }

    /// Appends to `output` the projections of the filled trapezoids of the band
    /// `top < y < bottom` (unmerged, but a span overlapping the one before is joined to it), as
    /// ``FilledRegion/bandSpans(top:bottom:stopAtFirst:)`` would; slabs with crossing edges are
    /// handed to `sweep`, one call per run of consecutive such slabs.
    ///
    /// - Complexity: O(log v + t) for v vertex y's and t trapezoids in the band, plus the sweeps.
    func spans(top: Double, bottom: Double, edges: [Edge], into output: inout [Span],
               sweep: (_ top: Double, _ bottom: Double) -> [Span]) {
        // The first slab ending below `top`.
        var low = 0, high = ys.count
        while low < high {
            let mid = (low + high) / 2
            if ys[mid] <= top { low = mid + 1 } else { high = mid }
        }
        var slab = Swift.max(0, low - 1)
        var pending: (top: Double, bottom: Double)?
        while slab + 1 < ys.count && ys[slab] < bottom {
            let y0 = Swift.max(ys[slab], top), y1 = Swift.min(ys[slab + 1], bottom)
            defer { slab += 1 }
            guard y0 < y1 else { continue }
            if crossing[slab] {
                pending = (pending?.top ?? y0, y1)
                continue
            }
            if let run = pending {
                output += sweep(run.top, run.bottom)
                pending = nil
            }
            for t in Int(starts[slab])..<Int(starts[slab + 1]) {
                let left = edges[Int(lefts[t])], right = edges[Int(rights[t])]
                let left0 = left.x(at: y0), left1 = left.x(at: y1)
                let right0 = right.x(at: y0), right1 = right.x(at: y1)
                guard Swift.max(right0 - left0, right1 - left1) > epsilon else { continue }
                let span = Span(minX: Swift.min(left0, left1), maxX: Swift.max(right0, right1))
                if let last = output.last, span.minX <= last.maxX, span.maxX >= last.minX {
                    output[output.count - 1] = Span(minX: Swift.min(last.minX, span.minX),
                                                    maxX: Swift.max(last.maxX, span.maxX))
                } else {
                    output.append(span)
                }
            }
        }
        if let run = pending { output += sweep(run.top, run.bottom) }
    }
}
