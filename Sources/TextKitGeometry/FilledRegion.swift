/// A path's filled area (fill rule applied), prepared once for fast queries. Immutable, Sendable.
///
/// The path is flattened once (within the tolerance given) and its edges are indexed by y, so a
/// band query only looks at the edges that meet the band. All answers are exact for the
/// flattened polygons, up to floating-point rounding.
public struct FilledRegion: Sendable {
    /// The rule that decides what is inside (the path's).
    public let fillRule: FillRule
    /// The bounds of the flattened polygon (.zero when there is none).
    public let bounds: Rect
    /// The non-horizontal edges of the flattened polygons.
    let index: EdgeIndex
    /// Widths below this are rounding noise: gaps between coincident edges, touching spans.
    package let epsilon: Double
    /// The horizontal edges (which bound no slab, but matter for margins), by increasing y.
    let horizontals: [HorizontalEdge]
    /// For a complement region, the frame's winding (the fill is "inside the frame and not
    /// filled by the path"); nil for a plain region.
    let frameWinding: Int?
    /// The filled trapezoids between consecutive vertex y's, for fast band queries; nil when
    /// the region is too intricate for one (then every query sweeps).
    package let slabs: SlabTable?
    /// The edges `projectedSpans` reads: those of `index`, with the edges that overlap along
    /// one line merged into pieces that each border area (see `projectionEdges`).
    let projectionIndex: EdgeIndex
    /// The same for `horizontals`.
    let overlappingHorizontals: [Bool]

    /// Flattens `path` within `tolerance` (see `BezierPath.flattened(tolerance:)`) and indexes
    /// its edges. Points with non-finite coordinates are ignored.
    ///
    /// - Complexity: O(n log n) for n flattened edges.
    public init(path: BezierPath, tolerance: Double = 0.01) {
        self.init(polygons: path.flattened(tolerance: tolerance), fillRule: path.fillRule)
    }

    /// The part of `frame` that `path` does NOT fill (the path's outside, cut to the frame):
    /// what a shaped text container queries, since the x where every y of a band is inside the
    /// shape is the complement of this region's ``coveredSpans(minY:maxY:)`` on that band.
    ///
    /// `frame` should contain the path's bounds; ``fillRule`` is the path's.
    ///
    /// - Complexity: O(n log n) for n flattened edges.
    public init(complementOf path: BezierPath, within frame: Rect, tolerance: Double = 0.01) {
        // Clockwise on screen: the left side runs upwards, so the frame adds −1 to the winding
        // counted from the left.
        let box = [Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY),
                   Point(x: frame.maxX, y: frame.maxY), Point(x: frame.minX, y: frame.maxY)]
        self.init(polygons: path.flattened(tolerance: tolerance) + [box], fillRule: path.fillRule,
                  frameWinding: -1)
    }

    /// Whether the region has no area at all (e.g. a lone line, or contours that cancel out).
    ///
    /// - Complexity: a sweep of the whole region that stops at the first piece of area: usually
    ///   fast, O((n + i) log n) at worst for n edges crossing i times.
    public var isEmpty: Bool {
        guard bounds.height > 0, bounds.width > 0 else { return true }
        return bandSpans(top: bounds.minY, bottom: bounds.maxY, stopAtFirst: true).isEmpty
    }

    /// Whether `point` is inside the filled area, by the fill rule.
    ///
    /// Points on the outline may go either way.
    public func contains(_ point: Point) -> Bool {
        guard bounds.contains(point) else { return false }
        var winding = 0
        for i in index.edges(meetingMinY: point.y, maxY: point.y) {
            let edge = index.edges[i]
            if edge.yTop <= point.y && point.y < edge.yBot && edge.x(at: point.y) > point.x {
                winding -= edge.winding  // counted from the left, as the sweep does
            }
        }
        return isFilled(winding)
    }

    /// The exact x-projection of (filled area ∩ the horizontal band minY ≤ y ≤ maxY): sorted,
    /// disjoint, merged spans. Every x for which SOME y in the band has (x, y) inside the filled
    /// area (closure) is covered; nothing else is. Zero-width results (touching a vertex only)
    /// may be dropped.
    ///
    /// Area that meets a band of positive height only along its top or bottom line adds nothing
    /// (a shape ending at y = 10 does not cover the band 10...20). A band with `minY == maxY`
    /// gives the cut of the filled area's closure at that y. An inverted band gives [].
    ///
    /// Between vertex y's where no edges cross, the filled area is a set of trapezoids, and each
    /// one projects onto [min(left x at top, left x at bottom), max(right x at top, right x at
    /// bottom)]; those are listed when the region is built (``SlabTable``). Where edges cross,
    /// the part of the band is projected from its edges: each edge's part in the band is covered
    /// (one side of every edge is filled), and each gap between those is filled or not all
    /// along, which one winding count on the band's middle line tells.
    ///
    /// - Complexity: O(log v + t log t) for v vertex y's and the t trapezoids in the band, when
    ///   no edges cross in it; else O(k log k) for the k edges meeting the band (however often
    ///   they cross).
    public func coveredSpans(minY: Double, maxY: Double) -> [Span] {
        var spans: [Span] = []
        coveredSpans(minY: minY, maxY: maxY, into: &spans)
        return spans
    }

    /// ``coveredSpans(minY:maxY:)`` written into `spans` (its contents replaced, its storage
    /// reused: a line breaker's band queries allocate nothing once it has grown).
    package func coveredSpans(minY: Double, maxY: Double, into spans: inout [Span]) {
        spans.removeAll(keepingCapacity: true)
        guard minY <= maxY, !index.edges.isEmpty else { return }
        if minY == maxY {
            spans += cutSpans(at: minY)
            Span.merge(&spans, joiningGapsUpTo: epsilon)
            return
        }
        let top = Swift.max(minY, bounds.minY), bottom = Swift.min(maxY, bounds.maxY)
        guard top < bottom else { return }
        if let slabs {
            var swept: [(top: Double, bottom: Double)] = []
            slabs.spans(top: top, bottom: bottom, edges: index.edges, into: &spans, swept: &swept)
            for band in swept { projectedSpans(top: band.top, bottom: band.bottom, into: &spans) }
        } else {
            projectedSpans(top: top, bottom: bottom, into: &spans)
        }
        Span.merge(&spans, joiningGapsUpTo: epsilon)
    }

    /// Whether the rectangle's interior meets the filled area's interior (used by tests as the
    /// invariant "no glyph box intersects an exclusion"); the rectangle is first shrunk by
    /// `tolerance` on every side, so touching does not count.
    ///
    /// A rectangle no taller or wider than 2 × `tolerance` never intersects.
    public func intersects(_ rect: Rect, tolerance: Double = 1e-6) -> Bool {
        let minX = rect.minX + tolerance, maxX = rect.maxX - tolerance
        let minY = rect.minY + tolerance, maxY = rect.maxY - tolerance
        guard minX < maxX, minY < maxY else { return false }
        guard minX < bounds.maxX, maxX > bounds.minX, minY < bounds.maxY, maxY > bounds.minY
        else { return false }
        return coveredSpans(minY: minY, maxY: maxY).contains { $0.maxX > minX && $0.minX < maxX }
    }
}

// MARK: - Internals

extension FilledRegion {
    /// A region made of closed polygons (each vertex listed once).
    package init(polygons: [[Point]], fillRule: FillRule, frameWinding: Int? = nil) {
        self.fillRule = fillRule
        self.frameWinding = frameWinding
        var box = BoundsAccumulator()
        var edges: [Edge] = []
        var flat: [HorizontalEdge] = []
        var largest = 0.0
        for polygon in polygons {
            let points = polygon.filter { $0.x.isFinite && $0.y.isFinite }
            for (i, point) in points.enumerated() {
                box.add(point)
                largest = Swift.max(largest, abs(point.x), abs(point.y))
                let next = points[(i + 1) % points.count]
                if let edge = Edge(from: point, to: next) {
                    edges.append(edge)
                } else if point.y == next.y, point.x != next.x {
                    flat.append(HorizontalEdge(y: point.y, minX: Swift.min(point.x, next.x),
                                               maxX: Swift.max(point.x, next.x)))
                }
            }
        }
        bounds = box.rect ?? .zero
        index = EdgeIndex(edges: edges)
        horizontals = flat.sorted { $0.y < $1.y }
        epsilon = 1e-12 * Swift.max(1, largest)
        // A complement region's bands are always swept: its projection edges are never read.
        let lines = frameWinding != nil ? [] : Self.overlappingLines(of: index.edges)
        projectionIndex = lines.isEmpty ? index : EdgeIndex(edges: Self.projectionEdges(index.edges, lines: lines) { winding in
            Self.isFilled(winding, by: fillRule)
        })
        overlappingHorizontals = Self.overlappingHorizontals(horizontals)
        slabs = SlabTable(index: index, epsilon: epsilon, budget: Self.slabBudget(edges: edges.count)) { winding in
            Self.isFilled(winding, by: fillRule, frameWinding: frameWinding)
        }
    }

    /// The most edges a ``SlabTable`` may list over all its slabs: a few per edge, so a region
    /// whose long edges span thousands of vertex y's sweeps instead of using memory quadratic
    /// in its size.
    static func slabBudget(edges: Int) -> Int { 32 * edges + 1024 }

    /// How many edges ``projectedSpans(top:bottom:into:)`` reads from (those of lines drawn
    /// over each other merged): what tests check it by.
    package var projectionEdgeCount: Int { projectionIndex.edges.count }

    /// Whether a winding number means inside.
    @inline(__always)
    func isFilled(_ winding: Int) -> Bool {
        Self.isFilled(winding, by: fillRule, frameWinding: frameWinding)
    }

    /// Whether a winding number means inside a region filled by `rule`, the complement of the
    /// path's fill within a frame when `frameWinding` is the frame's winding.
    @inline(__always)
    static func isFilled(_ winding: Int, by rule: FillRule, frameWinding: Int?) -> Bool {
        guard let frame = frameWinding else { return isFilled(winding, by: rule) }
        // Outside the frame the winding is 0, and 0 − frame is filled by both rules.
        return !isFilled(winding - frame, by: rule)
    }

    /// Whether a winding number (counted from either side) means inside by `rule`.
    @inline(__always)
    static func isFilled(_ winding: Int, by rule: FillRule) -> Bool {
        switch rule {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }

    /// The cut of the filled area's closure by the line at `y`: the filled intervals just above
    /// and just below the line, evaluated on it.
    func cutSpans(at y: Double) -> [Span] {
        let meeting = index.edges(meetingMinY: y, maxY: y).map { index.edges[$0] }
        var result: [Span] = []
        // Just below y, an edge with a smaller slope is further left; just above, a larger one.
        for below in [true, false] {
            var crossing: [(x: Double, key: Double, winding: Int)] = []
            for edge in meeting {
                let through = below ? (edge.yTop <= y && y < edge.yBot)
                                    : (edge.yTop < y && y <= edge.yBot)
                if through {
                    crossing.append((edge.x(at: y), below ? edge.slope : -edge.slope, edge.winding))
                }
            }
            crossing.sort { $0.x < $1.x || ($0.x == $1.x && $0.key < $1.key) }
            var winding = 0
            for (i, edge) in crossing.enumerated().dropLast() {
                winding += edge.winding
                let right = crossing[i + 1].x
                if isFilled(winding) && right - edge.x > epsilon {
                    result.append(Span(minX: edge.x, maxX: right))
                }
            }
        }
        return result
    }
}
