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
///         slab has crossing edges → leave the sub-band [y0, y1] to the sweep (BandSweep)
///         slab inside the band → emit each trapezoid's projection, computed when built
///         else for each trapezoid (left, right):
///             emit [min(left.x(y0), left.x(y1)), max(right.x(y0), right.x(y1))]
///     merge what was emitted
///
/// The whole slabs of a band are many when the outline has many vertices (a 10,000-segment
/// path), so a segment tree over the slabs stores, per node, the union of its slabs'
/// projections when it is short: a band then costs O(log v) nodes instead of one visit per slab.
///
/// A straight edge is monotone in y, so its extreme x over [y0, y1] is at y0 or y1: the spans are
/// the exact projections, as those of the sweep (which splits its trapezoids at the same y's).
///
/// Filled by ``init(index:epsilon:budget:isFilled:)`` when the region is built; never changes.
/// Regions whose slabs would list too many edges in all (many long edges spanning many vertex
/// y's, as in a star with thousands of spikes) get no table and keep using the sweep.
package struct SlabTable: Sendable {
    /// Slab `i` is `ys[i] ... ys[i + 1]`; every vertex y of the region, increasing.
    private let ys: [Double]
    /// The trapezoids of slab `i` are `lefts[starts[i] ..< starts[i + 1]]` (with `rights`).
    private let starts: [Int32]
    /// Per trapezoid, the number (in the edge index) of its left edge.
    private let lefts: [Int32]
    /// Per trapezoid, the number (in the edge index) of its right edge.
    private let rights: [Int32]
    /// Per trapezoid, its projection over its whole slab (what a band containing the slab gets).
    private let extents: [Span]
    /// Per slab, whether two of its edges cross inside it (its trapezoids are not listed).
    private let crossing: [Bool]
    /// Trapezoids no wider than this at both ends of their part in a band add nothing.
    private let epsilon: Double
    /// A segment tree over the slabs: node 1 covers all `leafCount` leaves (slab `i` is leaf
    /// `leafCount + i`, the rest are empty), node `k` has children `2k` and `2k + 1`. A node
    /// stores the union of its slabs' projections, `unionSpans[unionStart[k] ..<][..<
    /// unionCount[k]]`, when none of them has crossing edges and the union has at most
    /// ``maximumUnion`` spans; else `unionCount[k]` is −1.
    private let leafCount: Int
    /// Per tree node, where its union starts in `unionSpans`.
    private let unionStart: [Int32]
    /// Per tree node, how many spans its union has (−1: not stored, descend).
    private let unionCount: [Int8]
    /// The stored unions, node after node.
    private let unionSpans: [Span]

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
        var starts: [Int32] = [0], lefts: [Int32] = [], rights: [Int32] = [], extents: [Span] = []
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
            // By x in the middle of the slab. The order of the slab above is kept by the edges
            // that continue, and the standard sort (a merge sort that finds sorted runs) is then
            // nearly linear; when many edges start at once (100,000 long edges at the first
            // vertex y), or reorder, it is O(a log a) where an insertion sort was quadratic.
            for edge in active { keys[edge] = edges[edge].x(at: middle) }
            active.sort { keys[$0] < keys[$1] }
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
                    guard let extent = Self.projection(left, right, y0, y1, epsilon: epsilon) else { continue }
                    lefts.append(Int32(active[j]))
                    rights.append(Int32(active[j + 1]))
                    extents.append(extent)
                }
            }
            starts.append(Int32(lefts.count))
        }
        self.ys = ys
        self.starts = starts
        self.lefts = lefts
        self.rights = rights
        self.extents = extents
        self.crossing = crossing
        self.epsilon = epsilon
        // The tree, leaves first, then each node from its children.
        let count = crossing.count
        var leaves = 1
        while leaves < count { leaves *= 2 }
        var unionStart = [Int32](repeating: 0, count: 2 * leaves)
        var unionCount = [Int8](repeating: -1, count: 2 * leaves)
        var unionSpans: [Span] = [], union: [Span] = []
        for node in stride(from: 2 * leaves - 1, through: 1, by: -1) {
            union.removeAll(keepingCapacity: true)
            if node >= leaves {
                let slab = node - leaves
                if slab < count {
                    guard !crossing[slab] else { continue }
                    for t in Int(starts[slab])..<Int(starts[slab + 1]) { Span.add(extents[t], to: &union) }
                }
            } else {
                let left = 2 * node, right = left + 1
                guard unionCount[left] >= 0, unionCount[right] >= 0 else { continue }
                for child in left...right {
                    let start = Int(unionStart[child])
                    for span in unionSpans[start..<start + Int(unionCount[child])] { Span.add(span, to: &union) }
                }
            }
            guard union.count <= Self.maximumUnion else { continue }
            unionStart[node] = Int32(unionSpans.count)
            unionCount[node] = Int8(union.count)
            unionSpans += union
        }
        leafCount = leaves
        self.unionStart = unionStart
        self.unionCount = unionCount
        self.unionSpans = unionSpans
    }

    /// Adds to `output` (sorted, disjoint spans, none touching) the projections of the filled
    /// trapezoids of the band `top < y < bottom`, joining those that overlap or touch, as
    /// ``FilledRegion/bandSpans(top:bottom:stopAtFirst:)`` would, except in slabs with crossing
    /// edges: those are appended to `swept`, one sub-band per run of consecutive such slabs, for
    /// the caller to sweep.
    ///
    ///     slabs first ..< end meet the band
    ///     a first or last slab the band cuts → its trapezoids clipped to the band
    ///     the whole slabs between → the unions stored in the tree's nodes that cover them
    ///     (down to single slabs where a node's union is not stored)
    ///
    /// - Complexity: O(log v) for v vertex y's when the tree's nodes hold the unions (a shape
    ///   that crosses each line a few times), else up to O(log v + t) for the t trapezoids in
    ///   the band.
    func spans(top: Double, bottom: Double, edges: [Edge], into output: inout [Span],
               swept: inout [(top: Double, bottom: Double)]) {
        let count = ys.count - 1
        guard count > 0 else { return }
        // The slab holding `top`, and the end of the slabs starting above `bottom`.
        var low = 0, high = ys.count
        while low < high {
            let mid = (low + high) / 2
            if ys[mid] <= top { low = mid + 1 } else { high = mid }
        }
        let first = Swift.max(0, low - 1)
        low = first
        high = count
        while low < high {
            let mid = (low + high) / 2
            if ys[mid] < bottom { low = mid + 1 } else { high = mid }
        }
        var lo = first, hi = low
        var runs = SweptRuns()
        if lo < hi && !(top <= ys[lo] && ys[lo + 1] <= bottom) {
            addPart(of: lo, top: top, bottom: bottom, edges: edges, output: &output, runs: &runs)
            lo += 1
        }
        var last: Int?
        if lo < hi && !(top <= ys[hi - 1] && ys[hi] <= bottom) {
            last = hi - 1
            hi -= 1
        }
        if lo < hi { visitWhole(lo..<hi, output: &output, runs: &runs) }
        if let last {
            addPart(of: last, top: top, bottom: bottom, edges: edges, output: &output, runs: &runs)
        }
        runs.close()
        if !runs.bands.isEmpty { swept += runs.bands }
    }

    /// The most spans a tree node's union may have to be stored; beyond, queries descend.
    static let maximumUnion = 4

    /// Adds the projections of slab `slab` over the band (which cuts it) to `output`.
    private func addPart(of slab: Int, top: Double, bottom: Double, edges: [Edge], output: inout [Span],
                         runs: inout SweptRuns) {
        let y0 = Swift.max(ys[slab], top), y1 = Swift.min(ys[slab + 1], bottom)
        guard y0 < y1 else { return }
        if crossing[slab] {
            runs.extend(y0, y1)
            return
        }
        runs.close()
        for t in Int(starts[slab])..<Int(starts[slab + 1]) {
            if let part = Self.projection(edges[Int(lefts[t])], edges[Int(rights[t])], y0, y1, epsilon: epsilon) {
                Span.add(part, to: &output)
            }
        }
    }

    /// Adds the projections of the whole slabs `slabs` to `output`, from left to right: the
    /// nodes that cover them exactly (each the largest inside `slabs`), found bottom-up without
    /// recursion, each added as ``visit(_:covering:slabs:output:runs:)`` adds it.
    ///
    ///     left, right ← the leaves of slabs.lowerBound and slabs.upperBound
    ///     while left < right:
    ///         left is a right child → it covers slabs only: add it, left ← its right neighbour
    ///         right is a right child → its left neighbour covers slabs only: keep it for later
    ///         left, right ← their parents
    ///     add the nodes kept, last kept first
    private func visitWhole(_ slabs: Range<Int>, output: inout [Span], runs: inout SweptRuns) {
        var left = slabs.lowerBound + leafCount, right = slabs.upperBound + leafCount
        // At most one node is kept per tree level.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: Int.bitWidth) { kept in
            var count = 0
            while left < right {
                if left & 1 == 1 {
                    add(node: left, slabs: slabs, output: &output, runs: &runs)
                    left += 1
                }
                if right & 1 == 1 {
                    right -= 1
                    kept[count] = right
                    count += 1
                }
                left >>= 1
                right >>= 1
            }
            while count > 0 {
                count -= 1
                add(node: kept[count], slabs: slabs, output: &output, runs: &runs)
            }
        }
    }

    /// Adds tree node `node`, whose slabs all lie in `slabs`: its stored union, or its parts.
    private func add(node: Int, slabs: Range<Int>, output: inout [Span], runs: inout SweptRuns) {
        let level = Int.bitWidth - 1 - node.leadingZeroBitCount
        let size = leafCount >> level
        let first = (node - (1 << level)) * size
        visit(node, covering: first..<first + size, slabs: slabs, output: &output, runs: &runs)
    }

    /// Adds the projections of the whole slabs `slabs ∩ covering` (the slabs of tree node
    /// `node`) to `output`, from left to right, so runs of crossing slabs stay together.
    private func visit(_ node: Int, covering: Range<Int>, slabs: Range<Int>, output: inout [Span],
                       runs: inout SweptRuns) {
        guard covering.overlaps(slabs) else { return }
        let stored = unionCount[node] >= 0
        if stored && slabs.contains(covering.lowerBound) && covering.upperBound <= slabs.upperBound {
            runs.close()
            let start = Int(unionStart[node])
            // By index: a slice of the array would retain and release it.
            for index in start..<start + Int(unionCount[node]) { Span.add(unionSpans[index], to: &output) }
            return
        }
        if covering.count == 1 {
            let slab = covering.lowerBound
            if crossing[slab] {
                runs.extend(ys[slab], ys[slab + 1])
                return
            }
            runs.close()
            for t in Int(starts[slab])..<Int(starts[slab + 1]) { Span.add(extents[t], to: &output) }
            return
        }
        let middle = (covering.lowerBound + covering.upperBound) / 2
        visit(2 * node, covering: covering.lowerBound..<middle, slabs: slabs, output: &output, runs: &runs)
        visit(2 * node + 1, covering: middle..<covering.upperBound, slabs: slabs, output: &output, runs: &runs)
    }

    /// The projection of the trapezoid between `left` and `right` over `y0 ... y1`, or nil when
    /// it is no wider than `epsilon` at both ends (rounding noise, as in the sweep).
    @inline(__always)
    private static func projection(_ left: Edge, _ right: Edge, _ y0: Double, _ y1: Double,
                                   epsilon: Double) -> Span? {
        let left0 = left.x(at: y0), left1 = left.x(at: y1)
        let right0 = right.x(at: y0), right1 = right.x(at: y1)
        guard Swift.max(right0 - left0, right1 - left1) > epsilon else { return nil }
        return Span(minX: Swift.min(left0, left1), maxX: Swift.max(right0, right1))
    }
}

/// The parts of a band query left to the sweep: runs of consecutive slabs with crossing edges,
/// each one sub-band, in the order the query meets them.
struct SweptRuns {
    /// The finished runs.
    private(set) var bands: [(top: Double, bottom: Double)] = []
    /// The run still growing, if any.
    private var pending: (top: Double, bottom: Double)?

    /// Adds the part `y0 ... y1` of a slab with crossing edges (just below the last one added).
    mutating func extend(_ y0: Double, _ y1: Double) { pending = (pending?.top ?? y0, y1) }

    /// Ends the growing run, if any (a slab without crossings comes next, or the query ends).
    mutating func close() {
        guard let run = pending else { return }
        bands.append(run)
        pending = nil
    }
}
