// MARK: - Internals

/// A non-horizontal polygon edge, stored top endpoint first (y grows downwards).
struct Edge: Sendable {
    /// The top endpoint.
    var xTop: Double, yTop: Double
    /// The bottom endpoint (`yBot > yTop`).
    var xBot: Double, yBot: Double
    /// dx/dy, used to order edges that meet at one point.
    var slope: Double
    /// +1 when the polygon runs downwards along the edge, −1 when upwards.
    var winding: Int

    /// The edge from `a` to `b`, or nil when it is horizontal or not finite.
    init?(from a: Point, to b: Point) {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, a.y != b.y else {
            return nil
        }
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        xTop = top.x
        yTop = top.y
        xBot = bottom.x
        yBot = bottom.y
        slope = (xBot - xTop) / (yBot - yTop)
        winding = a.y < b.y ? 1 : -1
    }

    /// The x of the edge's line at `y`, clamped to the endpoints (exact at them).
    @inline(__always)
    func x(at y: Double) -> Double {
        if y <= yTop { return xTop }
        if y >= yBot { return xBot }
        return xTop + (xBot - xTop) * ((y - yTop) / (yBot - yTop))
    }
}

/// Edges sorted by their top y, with a max-tree over their bottom y, so that the edges meeting
/// a band are found without looking at the others.
///
/// - Complexity: building O(n log n); a query O((k + 1) log n) for k edges reported.
struct EdgeIndex: Sendable {
    /// The edges, by increasing `yTop`.
    let edges: [Edge]
    /// Leaves: `edges[i].yBot` at `leafCount + i` (−∞ padding); each inner node holds the
    /// largest value below it. Node 1 is the root.
    private let maxBottom: [Double]
    /// A power of two, at least `edges.count`.
    private let leafCount: Int

    init(edges unsorted: [Edge]) {
        edges = unsorted.sorted { $0.yTop < $1.yTop }
        var leaves = 1
        while leaves < edges.count { leaves *= 2 }
        leafCount = leaves
        var tree = [Double](repeating: -.infinity, count: 2 * leaves)
        for (i, edge) in edges.enumerated() { tree[leaves + i] = edge.yBot }
        var node = leaves - 1
        while node >= 1 {
            tree[node] = max(tree[2 * node], tree[2 * node + 1])
            node -= 1
        }
        maxBottom = tree
    }

    /// Indices into `edges`, increasing, of the edges with `yTop ≤ maxY` and `yBot ≥ minY`.
    func edges(meetingMinY minY: Double, maxY: Double) -> [Int] {
        var result: [Int] = []
        forEachEdge(meetingMinY: minY, maxY: maxY) { result.append($0) }
        return result
    }

    /// Calls `body` with the index of every edge with `yTop ≤ maxY` and `yBot ≥ minY`, in
    /// increasing order, allocating nothing (a band query runs it once per line band).
    func forEachEdge(meetingMinY minY: Double, maxY: Double, _ body: (Int) -> Void) {
        // The edges starting at or above maxY form a prefix [0, limit).
        var low = 0, high = edges.count
        while low < high {
            let mid = (low + high) / 2
            if edges[mid].yTop <= maxY { low = mid + 1 } else { high = mid }
        }
        let limit = low
        guard limit > 0 else { return }
        // Depth-first, left child first, over nodes that start before `limit` and reach minY,
        // walking the implicit tree by index (no stack): a node's children are 2n and 2n + 1,
        // and after a subtree the walk climbs past right children to the next right sibling.
        var node = 1, first = 0, size = leafCount
        while true {
            if first < limit, maxBottom[node] >= minY {
                if size > 1 {
                    node *= 2
                    size /= 2
                    continue
                }
                body(first)
            }
            while node & 1 == 1 {
                if node == 1 { return }
                node /= 2
                size *= 2
                first -= size / 2
            }
            node += 1
            first += size
        }
    }
}

/// A horizontal polygon edge: it bounds no slab of a band, but its margin capsule does.
struct HorizontalEdge: Sendable {
    /// Its y.
    var y: Double
    /// Its ends, `minX < maxX`.
    var minX: Double, maxX: Double
}
