/// Prefix sums over a paragraph's items, so the natural width, stretch and shrink of any line are
/// O(1) (the paper's `Σw`, `Σy`, `Σz` running totals), and the rules that turn a line into an
/// adjustment ratio, a badness, a fitness class and demerits.
///
/// Filled once per paragraph by `init`; immutable.
struct LineMeasure {
    /// Per item: 0 box, 1 glue, 2 penalty.
    let kinds: [UInt8]
    /// Penalty width (0 for boxes and glue).
    let penaltyWidths: [Double]
    /// Penalty cost (0 for boxes and glue).
    let costs: [Double]
    /// Flagged penalty.
    let flagged: [Bool]
    /// Sums over items `0..<i` of box and glue widths, finite glue stretch, glue shrink, and the
    /// number of glues with infinite stretch.
    let width: [Double], stretch: [Double], shrink: [Double], fil: [Int]
    /// `lineStarts[b]`: the first item of the line after a break at `b` (discarding glue and
    /// non-forced penalties, the paper's "break width" rule).
    let lineStarts: [Int]
    /// Sums over items `0..<i` of the fully shrunk width (box width, glue width − shrink): a
    /// line's narrowest setting is `compressed[e] − compressed[s]` plus the penalty width at `e`.
    let compressed: [Double]
    /// `narrowestAhead[i]`: the least `compressed[e] + penalty width` over breaks `e ≥ i` (+∞ when
    /// none): a line that is overfull at a break can fit at a later one only if this drops below
    /// its width, which needs negative widths (or glue shrinking more than its width).
    let narrowestAhead: [Double]

    init(items: [KnuthPlass.Item]) {
        let n = items.count
        var kinds = [UInt8](repeating: 0, count: n)
        var penaltyWidths = [Double](repeating: 0, count: n), costs = penaltyWidths
        var flagged = [Bool](repeating: false, count: n)
        var width = [Double](repeating: 0, count: n + 1), stretch = width, shrink = width
        var fil = [Int](repeating: 0, count: n + 1)
        for (i, item) in items.enumerated() {
            width[i + 1] = width[i]; stretch[i + 1] = stretch[i]; shrink[i + 1] = shrink[i]; fil[i + 1] = fil[i]
            switch item {
            case .box(let w):
                width[i + 1] += w
            case .glue(let w, let y, let z):
                kinds[i] = 1
                width[i + 1] += w
                if y.isInfinite { fil[i + 1] += 1 } else { stretch[i + 1] += y }
                shrink[i + 1] += z
            case .penalty(let w, let p, let f):
                kinds[i] = 2; penaltyWidths[i] = w; costs[i] = p; flagged[i] = f
            }
        }
        var lineStarts = [Int](repeating: n, count: n)
        var next = n   // first item at or after i that is a box or a forced penalty
        for i in stride(from: n - 1, through: 0, by: -1) {
            lineStarts[i] = next
            if kinds[i] == 0 || (kinds[i] == 2 && costs[i] <= KnuthPlass.forcedBreak) { next = i }
        }
        self.kinds = kinds; self.penaltyWidths = penaltyWidths; self.costs = costs; self.flagged = flagged
        self.width = width; self.stretch = stretch; self.shrink = shrink; self.fil = fil
        self.lineStarts = lineStarts
        var compressed = [Double](repeating: 0, count: n + 1)
        for (i, item) in items.enumerated() {
            switch item {
            case .box(let w): compressed[i + 1] = compressed[i] + w
            case .glue(let w, _, let z): compressed[i + 1] = compressed[i] + w - z
            case .penalty: compressed[i + 1] = compressed[i]
            }
        }
        var narrowestAhead = [Double](repeating: .infinity, count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let breaks = (kinds[i] == 1 && i > 0 && kinds[i - 1] == 0) || (kinds[i] == 2 && costs[i] < KnuthPlass.forbiddenBreak)
            narrowestAhead[i] = min(narrowestAhead[i + 1], breaks ? compressed[i] + penaltyWidths[i] : .infinity)
        }
        self.compressed = compressed
        self.narrowestAhead = narrowestAhead
    }

    /// Whether a line starting at item `start` can still fit `width` at some break after `b` (the
    /// solver keeps an overfull node active while it can): with non-negative widths, never.
    func fitsLater(from start: Int, after b: Int, width target: Double) -> Bool {
        narrowestAhead[b + 1] - compressed[min(start, b)] <= target
    }

    /// The first item of the line that follows a break at `b`.
    func lineStart(after b: Int) -> Int { lineStarts[b] }

    /// Whether item `b` is a legal break (the paper: a penalty below +∞, or a glue right after a
    /// box); with `hyphenate` false, flagged penalties of nonzero width (hyphenation points) are not.
    func isBreak(_ b: Int, hyphenate: Bool) -> Bool {
        switch kinds[b] {
        case 1: return b > 0 && kinds[b - 1] == 0
        case 2: return costs[b] < KnuthPlass.forbiddenBreak && (hyphenate || !flagged[b] || penaltyWidths[b] == 0)
        default: return false
        }
    }

    /// Whether item `b` forces a break.
    func isForced(_ b: Int) -> Bool { kinds[b] == 2 && costs[b] <= KnuthPlass.forcedBreak }

    /// The adjustment ratio of the line of items `start..<end` broken at `end` (the paper's r):
    /// ```
    /// L ← natural width (+ penalty width when breaking at a penalty)
    /// L < W: r ← 0 with infinite stretch, (W − L) / Y with Y > 0, else +∞
    /// L > W: r ← (W − L) / Z with Z > 0, else −∞
    /// ```
    ///
    /// `extraStretch` is added to the line's stretch (the emergency pass's stretch).
    func ratio(from start: Int, to end: Int, width target: Double, extraStretch: Double = 0) -> Double {
        let from = min(start, end)
        var natural = width[end] - width[from]
        if kinds[end] == 2 { natural += penaltyWidths[end] }
        if natural < target {
            if fil[end] - fil[from] > 0 { return 0 }
            let y = stretch[end] - stretch[from] + extraStretch
            return y > 0 ? (target - natural) / y : .infinity
        }
        if natural > target {
            let z = shrink[end] - shrink[from]
            return z > 0 ? (target - natural) / z : -.infinity
        }
        return 0
    }

    /// The natural width of the line of items `start..<end` broken at `end` (with the penalty's
    /// width when breaking at a penalty).
    func naturalWidth(from start: Int, to end: Int) -> Double {
        let from = min(start, end)
        return width[end] - width[from] + (kinds[end] == 2 ? penaltyWidths[end] : 0)
    }

    /// How a pass rates a line whose true adjustment ratio is `r`: the ratio its demerits use and
    /// whether it is a short line that cannot stretch, or nil when the line is not feasible in
    /// that pass. The first and second passes (`emergency` false) take `r` itself within
    /// `−1 ... tolerance`; the emergency pass:
    /// ```
    /// r < −1                      → not feasible (overfull)
    /// r finite (the line can stretch, or fits exactly) → r itself, however loose
    /// r = +∞ (nothing can stretch: one word alone, or words joined without spaces)
    ///                             → s / (emergencyStretch · W), s the slack, up to
    ///                               emergencyTolerance; short when its natural width is under
    ///                               emergencyShortLineFill · W
    /// ```
    /// A line with spaces is rated by how far its spaces really stretch, so one space stretched to
    /// thirteen times its stretch costs what it looks like; a word alone gets a finite rating (it
    /// has no spaces to stretch, only a ragged end), and a short one is a last resort: the solver
    /// compares the number of short lines before any demerits.
    func rating(from start: Int, to end: Int, width target: Double, ratio r: Double, tolerance: Double,
                emergency: Bool, parameters p: KnuthPlass.Parameters) -> (ratio: Double, isShort: Bool)? {
        guard r >= -1 else { return nil }
        guard emergency else { return r <= tolerance ? (r, false) : nil }
        if r.isFinite { return (r, false) }
        let rated = ratio(from: start, to: end, width: target, extraStretch: p.emergencyStretch * target)
        guard rated <= p.emergencyTolerance else { return nil }
        return (rated, naturalWidth(from: start, to: end) < p.emergencyShortLineFill * target)
    }

    /// The paper's badness 100·|r|³, capped at TeX's 10 000 (`inf_bad`) unless `capped` is false
    /// (the emergency pass: a looser line is always worse).
    static func badness(_ r: Double, capped: Bool = true) -> Double {
        let a = abs(r)
        if !capped && a.isFinite { return 100 * a * a * a }
        return a >= 4.65 ? 10_000 : min(10_000, 100 * a * a * a)
    }

    /// Fitness class (the paper's §"Fitness classes"): 0 tight (r < −½), 1 decent (|r| ≤ ½),
    /// 2 loose (½ < r ≤ 1), 3 very loose (r > 1).
    static func fitness(_ r: Double) -> Int {
        r < -0.5 ? 0 : r <= 0.5 ? 1 : r <= 1 ? 2 : 3
    }

    /// Demerits of a line ending at `end` with ratio `r` (the paper's formula):
    /// ```
    /// d ← (l + b)² + p²   when p ≥ 0
    ///     (l + b)² − p²   when −∞ < p < 0
    ///     (l + b)²        when p = −∞ (forced)
    /// d += α   when this and the previous line end at flagged penalties
    /// d += final-flagged demerits   when this is the last line and the previous ends flagged
    /// d += γ   when the fitness classes differ by more than one
    /// ```
    func demerits(ratio r: Double, end: Int, previousFlagged: Bool, previousFitness: Int,
                  isLast: Bool, capped: Bool = true, parameters p: KnuthPlass.Parameters) -> Double {
        let base = p.linePenalty + Self.badness(r, capped: capped)
        var d = base * base
        if kinds[end] == 2 {
            let cost = costs[end]
            if cost > KnuthPlass.forcedBreak { d += cost >= 0 ? cost * cost : -cost * cost }
            if flagged[end] && previousFlagged { d += p.consecutiveFlaggedDemerits }
        }
        if isLast && previousFlagged { d += p.finalFlaggedDemerits }
        if abs(Self.fitness(r) - previousFitness) > 1 { d += p.fitnessDemerits }
        return d
    }

    /// A lower bound of the demerits of any lines after item `b`, for upper-bound pruning: only
    /// breaks at negative finite penalties can make a line's demerits negative, by at most
    /// `l² − p²` each (a Σ over the rest of the paragraph, `bounds[b + 1]`).
    static func remainderBounds(_ measure: LineMeasure, linePenalty: Double) -> [Double] {
        let n = measure.kinds.count
        var bounds = [Double](repeating: 0, count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            var least = 0.0
            if measure.kinds[i] == 2, measure.costs[i] < 0, measure.costs[i] > KnuthPlass.forcedBreak {
                let l = max(0, linePenalty)
                least = min(0, l * l - measure.costs[i] * measure.costs[i])
            }
            bounds[i] = bounds[i + 1] + least
        }
        return bounds
    }
}
