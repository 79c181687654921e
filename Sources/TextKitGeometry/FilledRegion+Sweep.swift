// MARK: - Internals

extension FilledRegion {
    /// The projections of the filled trapezoids of the band `top < y < bottom` (unmerged).
    /// With `stopAtFirst`, returns as soon as one is found.
    package func bandSpans(top: Double, bottom: Double, stopAtFirst: Bool = false) -> [Span] {
        let meeting = index.edges(meetingMinY: top, maxY: bottom).map { index.edges[$0] }
        var sweep = BandSweep(edges: meeting, top: top, bottom: bottom, region: self,
                              stopAtFirst: stopAtFirst)
        sweep.run()
        return sweep.output
    }
}

/// A top-to-bottom sweep of one band (Bentley–Ottmann, restricted to the band).
///
/// Outline:
///
///     events ← every edge's first and last y inside the band, sorted
///     for each slab [y0, y1] between consecutive events:
///         drop the edges that end at y0, add those that start there,
///         reorder by x at y0 (ties: by slope, i.e. by x just below y0)
///         while two neighbours cross before y1: swap them at the crossing y
///     a "gap" is the space between two neighbouring edges; while both stay neighbours and the
///     winding in it stays filled, it is one trapezoid. When it ends (a neighbour changes, or it
///     stops being filled) over [ys, ye], it projects onto
///         [min(left.x(ys), left.x(ye)), max(right.x(ys), right.x(ye))]
///     and is emitted unless it has no area (coincident edges).
///
/// Only the gaps next to a swap are re-examined at a crossing, so a band with k edges crossing
/// i times costs O((k + i) log k), plus O(k) at each vertex y.
struct BandSweep {
    /// The edges meeting the band, by increasing `yTop`.
    private let edges: [Edge]
    /// Where each edge starts and ends inside the band.
    private let tops: [Double], bottoms: [Double]
    private let region: FilledRegion
    private let stopAtFirst: Bool

    /// Edge numbers, left to right, at the current y.
    private var order: [Int] = []
    /// The place of each edge in `order`.
    private var position: [Int]
    /// The winding number just right of `order[i]`.
    private var windingAfter: [Int] = []
    /// Per edge: whether a filled gap to its right is open, with which right neighbour, since
    /// which y.
    private var gapOpen: [Bool], gapRight: [Int], gapStart: [Double]
    /// Per edge: x at the start of the current slab (sort keys).
    private var keys: [Double]
    private var crossings = CrossingQueue()
    private var finished = false

    /// The projections found so far.
    private(set) var output: [Span] = []

    init(edges: [Edge], top: Double, bottom: Double, region: FilledRegion, stopAtFirst: Bool) {
        // Edges that only touch the band (a point on its limit) add no area.
        let inside = edges.filter { Swift.min($0.yBot, bottom) > Swift.max($0.yTop, top) }
        self.edges = inside
        tops = inside.map { Swift.max($0.yTop, top) }
        bottoms = inside.map { Swift.min($0.yBot, bottom) }
        self.region = region
        self.stopAtFirst = stopAtFirst
        position = Array(repeating: 0, count: inside.count)
        gapOpen = Array(repeating: false, count: inside.count)
        gapRight = Array(repeating: -1, count: inside.count)
        gapStart = Array(repeating: 0, count: inside.count)
        keys = Array(repeating: 0, count: inside.count)
    }

    mutating func run() {
        guard !edges.isEmpty else { return }
        var events = Array(Set(tops + bottoms))
        events.sort()
        var nextEdge = 0
        for e in 0..<(events.count - 1) {
            beginSlab(at: events[e], nextEdge: &nextEdge)
            if finished { return }
            sweepCrossings(from: events[e], to: events[e + 1])
            if finished { return }
        }
        let last = events[events.count - 1]
        for edge in order {
            closeGap(of: edge, at: last)
            if finished { return }
        }
    }

    // MARK: Slabs

    /// Updates the edge order at an event y and schedules the crossings of the slab below it.
    private mutating func beginSlab(at y: Double, nextEdge: inout Int) {
        var kept: [Int] = []
        kept.reserveCapacity(order.count + 2)
        for edge in order {
            if bottoms[edge] <= y {
                closeGap(of: edge, at: y)
            } else {
                kept.append(edge)
            }
        }
        var added: [Int] = []
        while nextEdge < edges.count && tops[nextEdge] <= y {
            added.append(nextEdge)
            nextEdge += 1
        }
        order = kept
        reorder(at: y, adding: added)
        windingAfter = Array(repeating: 0, count: order.count)
        var winding = 0
        for (i, edge) in order.enumerated() {
            position[edge] = i
            winding += edges[edge].winding
            windingAfter[i] = winding
        }
        for i in order.indices {
            refreshGap(at: i, y: y)
        }
        crossings.removeAll()
    }

    /// Puts `order` plus `added` in (x at y, slope) order. The previous order is nearly right
    /// (only ties at y can be out of place), so it is insertion-sorted, in O(k + moves); the
    /// added edges are sorted and merged in.
    private mutating func reorder(at y: Double, adding added: [Int]) {
        for edge in order { keys[edge] = edges[edge].x(at: y) }
        for edge in added { keys[edge] = edges[edge].x(at: y) }
        for i in order.indices.dropFirst() {
            let edge = order[i]
            var j = i
            while j > 0 && precedes(edge, order[j - 1]) {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = edge
        }
        guard !added.isEmpty else { return }
        let incoming = added.sorted { precedes($0, $1) }
        var merged: [Int] = []
        merged.reserveCapacity(order.count + incoming.count)
        var i = 0, j = 0
        while i < order.count || j < incoming.count {
            if j == incoming.count || (i < order.count && !precedes(incoming[j], order[i])) {
                merged.append(order[i])
                i += 1
            } else {
                merged.append(incoming[j])
                j += 1
            }
        }
        order = merged
    }

    @inline(__always)
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        keys[a] < keys[b] || (keys[a] == keys[b] && edges[a].slope < edges[b].slope)
    }

    // MARK: Crossings

    /// Swaps neighbours where they cross, in y order, until the end of the slab.
    private mutating func sweepCrossings(from y0: Double, to y1: Double) {
        for i in order.indices.dropLast() {
            scheduleCrossing(at: i, after: y0, before: y1)
        }
        var y = y0
        while let crossing = crossings.pop() {
            let p = position[crossing.left]
            guard p + 1 < order.count, order[p + 1] == crossing.right else { continue }
            y = Swift.max(y, crossing.y)
            order.swapAt(p, p + 1)
            position[order[p]] = p
            position[order[p + 1]] = p + 1
            windingAfter[p] = (p > 0 ? windingAfter[p - 1] : 0) + edges[order[p]].winding
            for i in Swift.max(0, p - 1)...(p + 1) {
                refreshGap(at: i, y: y)
                if finished { return }
            }
            if p > 0 { scheduleCrossing(at: p - 1, after: y, before: y1) }
            if p + 2 < order.count { scheduleCrossing(at: p + 1, after: y, before: y1) }
        }
    }

    /// Schedules the crossing of `order[i]` and `order[i + 1]` if it happens before `y1`.
    private mutating func scheduleCrossing(at i: Int, after y: Double, before y1: Double) {
        let left = edges[order[i]], right = edges[order[i + 1]]
        let overtake = left.x(at: y1) - right.x(at: y1)
        guard overtake > 0 else { return }
        let lead = right.x(at: y) - left.x(at: y)
        let crossingY = lead <= 0 ? y : y + (y1 - y) * (lead / (lead + overtake))
        guard crossingY < y1 else { return }
        crossings.push(Crossing(y: Swift.max(y, crossingY), left: order[i], right: order[i + 1]))
    }

    // MARK: Gaps

    /// Closes the gap right of `order[i]` if its neighbour or fill changed; opens a new one if
    /// it is filled.
    private mutating func refreshGap(at i: Int, y: Double) {
        let edge = order[i]
        let right = i + 1 < order.count ? order[i + 1] : -1
        let filled = right >= 0 && region.isFilled(windingAfter[i])
        if gapOpen[edge] {
            if filled && gapRight[edge] == right { return }
            closeGap(of: edge, at: y)
        }
        if filled {
            gapOpen[edge] = true
            gapRight[edge] = right
            gapStart[edge] = y
        }
    }

    /// Emits the trapezoid of the gap right of `edge`, from its start down to `y`.
    private mutating func closeGap(of edge: Int, at y: Double) {
        guard gapOpen[edge] else { return }
        gapOpen[edge] = false
        let start = gapStart[edge]
        guard y > start else { return }
        let left = edges[edge], right = edges[gapRight[edge]]
        let left0 = left.x(at: start), left1 = left.x(at: y)
        let right0 = right.x(at: start), right1 = right.x(at: y)
        guard Swift.max(right0 - left0, right1 - left1) > region.epsilon else { return }
        output.append(Span(minX: Swift.min(left0, left1), maxX: Swift.max(right0, right1)))
        if stopAtFirst { finished = true }
    }
}

/// Two neighbouring edges that swap places at `y`.
struct Crossing {
    var y: Double
    var left: Int
    var right: Int
}

/// A binary min-heap of crossings by y.
struct CrossingQueue {
    private var heap: [Crossing] = []

    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    mutating func push(_ crossing: Crossing) {
        heap.append(crossing)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].y < heap[parent].y else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Crossing? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if heap.isEmpty { return first }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].y < heap[smallest].y { smallest = left }
            if right < heap.count && heap[right].y < heap[smallest].y { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
