/// One paragraph's Knuth–Plass search: the passes of ``KnuthPlass/breakLines(_:parameters:lineWidth:)``.
///
/// The paper's main loop (§"The algorithm"), with nodes told apart by (break, line class, fitness):
/// ```
/// active ← { start node: before item 0, 0 lines, fitness decent, 0 demerits }
/// for each legal break b, in order:
///     for each active node a:
///         r ← ratio of the line from a to b, in width(lines(a))
///         if b is forced, or r < −1 and no later break fits: deactivate a
///         if −1 ≤ r ≤ ρ:
///             t ← demerits(a) + demerits of the line
///             if t + lowerBound(rest after b) > upperBound: skip   // pruning, exact
///             best[class(lines(a) + 1), fitness(r)] ← min(…, (t, a))
///     emergency pass (lines rated by LineMeasure.rating), nothing feasible and
///     nothing left active:
///         best ← the latest deactivated node, with an overfull line to b
///     active ← active + one node per entry of best
///     active empty → this pass fails
/// answer ← the cheapest node at the last item; follow the links back
/// ```
/// `class(j) = min(j, uniformWidthFromLine)`: line counts past the point where widths stop
/// changing need not be told apart (the paper's `j₀`). Without that hint the line counts reaching
/// one break spread as the paragraph grows; `nodesPerBreakLimit` keeps the cheapest nodes of each
/// break (a beam over one break's nodes, which share their future) so the work stays linear.
///
/// Upper-bound pruning (Typst's idea): a beam search that keeps the few cheapest active nodes finds
/// a feasible solution of demerits U; every node of an optimal solution has demerits-so-far plus a
/// lower bound of its remainder ≤ optimum ≤ U, so dropping nodes above U keeps the optimum and
/// every tie-break, in the normal passes. The emergency pass is not pruned: its overfull rule
/// depends on the active list running empty.
struct KnuthPlassSolver {
    enum Mode {
        case normal(tolerance: Double, hyphenate: Bool)
        case emergency
    }

    struct Solution {
        var breaks: [Int]
        var ratios: [Double]
        var total: Double
        var isOptimal: Bool
    }

    /// Line evaluations made so far, over every search.
    private(set) var evaluations = 0

    init(items: [KnuthPlass.Item], parameters: KnuthPlass.Parameters, lineWidth: @escaping (Int) -> Double) {
        self.measure = LineMeasure(items: items)
        self.parameters = parameters
        self.lineWidth = lineWidth
        self.bounds = LineMeasure.remainderBounds(measure, linePenalty: parameters.linePenalty)
    }

    /// The best break set of one pass, or nil when it has none.
    mutating func solve(_ mode: Mode) -> Solution? {
        var bound = Double.infinity
        if parameters.pruneWithUpperBound, parameters.uniformWidthFromLine == nil, case .normal = mode {
            guard let cheap = search(mode, bound: .infinity, limit: max(1, parameters.boundingBeamWidth)) else {
                // The beam found nothing: fall through to the unbounded exact search.
                return search(mode, bound: .infinity, limit: parameters.nodesPerBreakLimit)
            }
            bound = cheap.total
        }
        if case .emergency = mode {
            // Every line that fits is feasible here, so line counts spread fast: always capped.
            return search(mode, bound: bound, limit: max(1, parameters.emergencyNodesPerBreakLimit))
        }
        return search(mode, bound: bound, limit: parameters.nodesPerBreakLimit)
    }

    // MARK: - Internals

    private let measure: LineMeasure
    private let parameters: KnuthPlass.Parameters
    private let lineWidth: (Int) -> Double
    /// `bounds[i]`: lower bound of the demerits of lines ending at items ≥ i.
    private let bounds: [Double]
    /// `lineWidth(j)` for j < count; grown on demand so the closure runs once per line.
    private var widths: [Double] = []

    private struct Node {
        var position: Int      // the break's item index; −1 for the start
        var line: Int          // line class of the number of lines ended here
        var fitness: Int
        var total: Double
        var lastResorts: LastResorts
        var previous: Int      // index in `nodes`; −1 for the start
        var ratio: Double
    }

    private struct Candidate {
        var key: Int           // line class · 4 + fitness
        var total: Double
        var lastResorts: LastResorts
        var from: Int
        var ratio: Double

        /// Whether this is cheaper than `other`: fewer last-resort lines, then fewer demerits.
        func isCheaper(than other: Candidate) -> Bool { (lastResorts, total) < (other.lastResorts, other.total) }
    }

    /// The emergency pass's last-resort lines on the way to a node, compared before demerits:
    /// overfull lines first, then short lines that cannot stretch.
    private struct LastResorts: Comparable {
        var overfull = 0, short = 0

        static func < (a: Self, b: Self) -> Bool { (a.overfull, a.short) < (b.overfull, b.short) }
    }

    private mutating func width(_ line: Int) -> Double {
        while widths.count <= line { widths.append(lineWidth(widths.count)) }
        return widths[line]
    }

    /// One search over the breaks; `limit` caps the new nodes per break (keeping the cheapest).
    private mutating func search(_ mode: Mode, bound: Double, limit: Int?) -> Solution? {
        let n = measure.kinds.count
        let uniform = parameters.uniformWidthFromLine ?? Int.max
        let (tolerance, hyphenate, emergency): (Double, Bool, Bool)
        switch mode {
        case .normal(let t, let h): (tolerance, hyphenate, emergency) = (t, h, false)
        case .emergency: (tolerance, hyphenate, emergency) = (.infinity, true, true)   // LineMeasure.rating decides
        }
        let slack = bound.isFinite ? 1e-9 * max(1, abs(bound)) : 0
        var nodes = [Node(position: -1, line: 0, fitness: 1, total: 0, lastResorts: LastResorts(), previous: -1, ratio: 0)]
        var active = [0]
        var truncated = false
        var candidates: [Candidate] = []
        var candidateSlots: [Int: Int] = [:]     // key → index in `candidates`
        var kept: [Int] = []
        for b in 0..<n where measure.isBreak(b, hyphenate: hyphenate) {
            let forced = measure.isForced(b)
            let isLast = b == n - 1
            candidates.removeAll(keepingCapacity: true)
            candidateSlots.removeAll(keepingCapacity: true)
            kept.removeAll(keepingCapacity: true)
            var dropped = -1
            for a in active {
                let node = nodes[a]
                let start = node.position < 0 ? 0 : measure.lineStart(after: node.position)
                if start > b { kept.append(a); continue }       // an empty line: not a candidate
                evaluations += 1
                let lineWidth = width(node.line)
                let r = measure.ratio(from: start, to: b, width: lineWidth)
                // An overfull line ends its node only when no later break can bring it back
                // (with negative widths one can).
                if forced || (r < -1 && !measure.fitsLater(from: start, after: b, width: lineWidth)) {
                    if r < -1 || emergency, dropped < 0 || node.position > nodes[dropped].position
                        || (node.position == nodes[dropped].position && node.total < nodes[dropped].total) { dropped = a }
                } else {
                    kept.append(a)
                }
                // Feasible: −1 ≤ r ≤ ρ; in the emergency pass, as LineMeasure.rating says (any
                // looseness, a word alone, a short word alone as a last resort), with the badness
                // uncapped so that a looser line always costs more.
                guard case let (rated, short)? = measure.rating(from: start, to: b, width: lineWidth, ratio: r,
                                                                tolerance: tolerance, emergency: emergency,
                                                                parameters: parameters) else { continue }
                let previousFlagged = node.position >= 0 && measure.flagged[node.position]
                let d = measure.demerits(ratio: rated, end: b, previousFlagged: previousFlagged,
                                         previousFitness: node.fitness, isLast: isLast, capped: !emergency,
                                         parameters: parameters)
                let total = node.total + d
                if total + bounds[b + 1] > bound + slack { continue }
                let key = min(node.line + 1, uniform) * 4 + LineMeasure.fitness(rated)
                var lastResorts = node.lastResorts
                if short { lastResorts.short += 1 }
                let candidate = Candidate(key: key, total: total, lastResorts: lastResorts, from: a, ratio: r)
                if let slot = candidateSlots[key] {
                    if candidate.isCheaper(than: candidates[slot]) { candidates[slot] = candidate }
                } else {
                    candidateSlots[key] = candidates.count
                    candidates.append(candidate)
                }
            }
            if emergency, candidates.isEmpty, kept.isEmpty, dropped >= 0 {
                // The emergency rule (TeX's "artificial demerits"): nothing fits, so the node that
                // was just deactivated and started latest (the least overflow; the cheapest of
                // those) gets a line to b anyway: overfull, or underfull at a forced break.
                let node = nodes[dropped]
                let start = node.position < 0 ? 0 : measure.lineStart(after: node.position)
                let r = measure.ratio(from: start, to: b, width: width(node.line))
                var lastResorts = node.lastResorts
                lastResorts.overfull += 1
                candidates.append(Candidate(key: min(node.line + 1, uniform) * 4, total: node.total, lastResorts: lastResorts,
                                            from: dropped, ratio: r))
            }
            if let limit, candidates.count > limit {
                truncated = true
                candidates.sort { ($0.lastResorts, $0.total, $0.key) < ($1.lastResorts, $1.total, $1.key) }
                candidates.removeLast(candidates.count - limit)
            }
            candidates.sort { $0.key < $1.key }
            for candidate in candidates {
                nodes.append(Node(position: b, line: candidate.key / 4, fitness: candidate.key % 4, total: candidate.total,
                                  lastResorts: candidate.lastResorts, previous: candidate.from, ratio: candidate.ratio))
                kept.append(nodes.count - 1)
            }
            swap(&active, &kept)
            if active.isEmpty { return nil }
        }
        guard let best = active.filter({ nodes[$0].position == n - 1 })
                .min(by: { (nodes[$0].lastResorts, nodes[$0].total, $0) < (nodes[$1].lastResorts, nodes[$1].total, $1) })
        else { return nil }
        var breaks: [Int] = [], ratios: [Double] = []
        var index = best
        while nodes[index].position >= 0 {
            breaks.append(nodes[index].position)
            ratios.append(nodes[index].ratio)
            index = nodes[index].previous
        }
        let lastResorts = nodes[best].lastResorts
        let total = nodes[best].total + Double(lastResorts.overfull) * parameters.overfullDemerits
            + Double(lastResorts.short) * parameters.shortLineDemerits
        return Solution(breaks: breaks.reversed(), ratios: ratios.reversed(), total: total, isOptimal: !truncated)
    }
}
