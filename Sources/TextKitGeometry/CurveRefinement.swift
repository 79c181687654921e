/// Emits the vertices of one flattened curve: equal parameter steps between the points where
/// the curve turns in x or y (each a vertex, exact), each step halved while the chord strays
/// sideways from the curve by more than the tolerance.
///
/// Why sideways: a band of lines asks how far a shape reaches along x between two heights. Near
/// a curve's top or bottom a chord within 0.01 pt of the curve (measured across it) can end
/// √(2 · r · 0.01) pt short of it along x (1 pt at r = 80); with the top as a vertex and the
/// steps beside it halved until the x distance at the same height is within `tolerance`, the
/// extent is within the tolerance (`ExactExtentTests` checks it against closed-form extents). Steps are only ever split, so the polyline also stays
/// within `tolerance` across the curve. The extra vertices are few (they shrink geometrically
/// towards the turning point) and come out of what is left of the path's segment budget; with
/// none left, the equal steps alone are used.
struct CurveRefinement {
    /// The flattening tolerance.
    let tolerance: Double
    /// Extra vertices still allowed for the whole path.
    private(set) var budget: Int
    /// Whether turning points are vertices: not for a path over its segment budget, whose curves
    /// get only their share of equal steps.
    let cutsAtTurns: Bool

    /// A refinement for a path's curves; `budget` nil: the path is over its segment budget.
    init(tolerance: Double, budget: Int?) {
        self.tolerance = tolerance
        self.budget = Swift.max(0, budget ?? 0)
        cutsAtTurns = budget != nil
    }

    /// Appends the vertices after the curve's start up to `end`: `count` equal steps over the
    /// parameter range, cut also at `turns` (parameters in (0, 1)), refined sideways.
    mutating func emit(count: Int, turns: [Double], end: Point, into builder: inout SubpathBuilder,
                       at point: (Double) -> Point) {
        var cuts = Set(cutsAtTurns ? turns.filter { $0 > 0 && $0 < 1 } : [])
        for step in 1..<Swift.max(1, count) { cuts.insert(Double(step) / Double(count)) }
        var previous = 0.0, previousPoint = point(0)
        for t in cuts.sorted() + [1] {
            let next = t == 1 ? end : point(t)
            refine(previous, previousPoint, t, next, depth: 0, into: &builder, at: point)
            previous = t
            previousPoint = next
        }
    }

    /// Emits the vertices from after `a` to `b`, splitting [a, b] while its chord strays sideways.
    private mutating func refine(_ a: Double, _ pa: Point, _ b: Double, _ pb: Point, depth: Int,
                                 into builder: inout SubpathBuilder, at point: (Double) -> Point) {
        if depth < 40, budget > 0, sidewaysDeviation(a, pa, b, pb, at: point) > tolerance {
            budget -= 1
            let m = (a + b) / 2, pm = point(m)
            refine(a, pa, m, pm, depth: depth + 1, into: &builder, at: point)
            refine(m, pm, b, pb, depth: depth + 1, into: &builder, at: point)
            return
        }
        builder.line(to: pb)
    }

    /// The largest distance along x between the curve over (a, b) and the chord at the same
    /// height, from three samples (the step runs one way in y: turning points are cuts). A chord
    /// with no height has no sideways measure (the equal steps bound it across).
    private func sidewaysDeviation(_ a: Double, _ pa: Point, _ b: Double, _ pb: Point,
                                   at point: (Double) -> Point) -> Double {
        let dy = pb.y - pa.y
        guard dy != 0, dy.isFinite else { return 0 }
        var worst = 0.0
        for fraction in [0.25, 0.5, 0.75] {
            let p = point(a + (b - a) * fraction)
            let u = Swift.min(1, Swift.max(0, (p.y - pa.y) / dy))
            worst = Swift.max(worst, abs(p.x - (pa.x + u * (pb.x - pa.x))))
        }
        return worst
    }
}
