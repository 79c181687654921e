/// Total-fit line breaking (Knuth & Plass, "Breaking Paragraphs into Lines", Software—Practice and
/// Experience 11, 1981), over line widths that change from line to line.
///
/// A paragraph is a list of ``Item``s: boxes (material of fixed width), glue (space that stretches
/// and shrinks) and penalties (possible breaks with a cost). The breaker chooses the break set that
/// minimizes the sum of the lines' demerits, where line `j` (0-based) must fill `lineWidth(j)`.
/// Widths come from a closure so a paragraph flowing past an exclusion is optimized with its real
/// widths; each "line" may be one slot (one fragment of a band split by an exclusion), the caller
/// mapping slot numbers to spans.
///
/// Conventions (the paper's §"The algorithm", TeX's numbers): a penalty cost of
/// ``forbiddenBreak`` (10 000) or more never breaks; ``forcedBreak`` (−10 000) or less always
/// breaks. A glue is a legal break only right after a box. Glue with infinite stretch (`.infinity`,
/// TeX's `fil`) makes a short line perfect. The last item must be a forced break; ``finish(_:)``
/// appends the usual `penalty(+∞)`, `glue(0, fil, 0)`, `penalty(−∞)` ending.
public enum KnuthPlass {
    /// One element of a paragraph (the paper's §"Boxes, glue and penalties").
    public enum Item: Sendable, Equatable {
        /// Unbreakable material of fixed width (a word, or part of one).
        case box(width: Double)
        /// Space of natural `width` that can grow by `stretch` or shrink by `shrink`; a legal
        /// break when it follows a box, vanishing at the break.
        case glue(width: Double, stretch: Double, shrink: Double)
        /// A possible break of the given `cost`; `width` is added to the line only when it breaks
        /// here (a hyphen). `flagged` marks hyphen breaks for the consecutive-hyphen demerits.
        case penalty(width: Double, cost: Double, flagged: Bool)
    }

    /// A penalty cost at or above which a break is forbidden.
    public static let forbiddenBreak = 10_000.0
    /// A penalty cost at or below which a break is forced.
    public static let forcedBreak = -10_000.0

    /// `items` followed by the paper's paragraph ending: `penalty(+∞)` (no break before the fill),
    /// `glue(0, fil, 0)` and a forced break.
    public static func finish(_ items: [Item]) -> [Item] {
        items + [.penalty(width: 0, cost: forbiddenBreak, flagged: false),
                 .glue(width: 0, stretch: .infinity, shrink: 0),
                 .penalty(width: 0, cost: forcedBreak, flagged: false)]
    }

    /// The knobs of the demerits and of the passes; the defaults are TeX's plain-format values.
    public struct Parameters: Sendable, Equatable {
        /// Largest adjustment ratio of the first pass, which does not break at hyphenation points
        /// (flagged penalties of nonzero width); nil skips that pass. TeX's `\pretolerance` 100 ≈ 1.
        public var firstPassTolerance: Double? = 1
        /// Largest adjustment ratio of the second pass, which may hyphenate (the paper's ρ).
        /// TeX's `\tolerance` 200 ≈ 1.26.
        public var tolerance: Double = 2
        /// When the passes above find no feasible break set, run a last pass that always succeeds
        /// (TeX's third pass, with its badness uncapped): a line with spaces is rated by its true
        /// adjustment ratio however loose, so one space stretched far costs what it looks like
        /// (TeX's cap of 10 000 made every very loose line cost the same); a line that cannot
        /// stretch at all (a word alone) is rated as if it had ``emergencyStretch`` (TeX's
        /// `\emergencystretch`), and one filled under ``emergencyShortLineFill`` is a last resort;
        /// whenever no line fits at all, the latest node that ran out of room gets an overfull (or
        /// unstretchable) line (TeX's artificial demerits). Break sets are compared by their
        /// overfull lines, then their short unstretchable lines, then their demerits.
        public var emergencyPass = true
        /// Largest rated adjustment ratio of a line that cannot stretch in the emergency pass. Such
        /// a line of slack `s ≤ W` is rated `s / (emergencyStretch·W)`: the default 20 admits every
        /// one that fits. Lines that can stretch have no limit there.
        public var emergencyTolerance = 20.0
        /// Stretch the emergency pass gives a line that has none (a word alone), as a share of the
        /// line's width (0.05: a twentieth): such a line of slack `s` in width `W` is rated
        /// `s / (0.05·W)`, so that a nearly full one costs little and an emptier one more.
        public var emergencyStretch = 0.05
        /// In the emergency pass, a line that cannot stretch and whose natural width is under this
        /// share of its width (a short word alone) is chosen only when no break set avoids it:
        /// break sets with fewer such lines win whatever their other demerits.
        public var emergencyShortLineFill = 0.4
        /// The paper's line penalty `l`, added to every line's badness before squaring
        /// (TeX's `\linepenalty`).
        public var linePenalty = 10.0
        /// The paper's α: extra demerits when two consecutive lines end at flagged penalties
        /// (TeX's `\doublehyphendemerits`).
        public var consecutiveFlaggedDemerits = 10_000.0
        /// Extra demerits when the second-to-last line ends at a flagged penalty
        /// (TeX's `\finalhyphendemerits`).
        public var finalFlaggedDemerits = 5_000.0
        /// The paper's γ: extra demerits when a line's fitness class differs by more than one from
        /// the previous line's (TeX's `\adjdemerits`).
        public var fitnessDemerits = 10_000.0
        /// Demerits added to the reported total for each overfull line of the emergency pass (such
        /// lines are compared first, whatever the other demerits).
        public var overfullDemerits = 1e30
        /// Demerits added to the reported total for each short line that cannot stretch in the
        /// emergency pass (see ``emergencyShortLineFill``; compared before the other demerits).
        public var shortLineDemerits = 1e24
        /// Lines from this number on all have the width of this line: nodes reached after the same
        /// break with at least this many lines are merged, which keeps the active list small on
        /// long paragraphs (the paper's `j₀`). Exact when the claim holds. nil: widths may differ
        /// on every line (every line count is tracked separately).
        public var uniformWidthFromLine: Int? = nil
        /// Prune with an upper bound: a cheap beam pass (keeping ``boundingBeamWidth`` nodes per
        /// break) finds a feasible solution; the exact search then drops every node whose demerits
        /// plus a lower bound for the rest exceed that solution's demerits. Never changes the result.
        /// Used only without ``uniformWidthFromLine``: there it saves 3–4× the line evaluations on
        /// paragraphs of thousands of words, while with the hint the active list is already small
        /// and the bounding pass would double the work (measured on random paragraphs).
        public var pruneWithUpperBound = true
        /// New nodes per break the cheap bounding pass keeps.
        public var boundingBeamWidth = 4
        /// A cap on the new nodes made at one break (nil: none): beyond it only the cheapest are
        /// kept. Nodes at one break share their future, so this drops the worst ways of reaching
        /// it (mostly line counts far from the best); it bounds the work per break when
        /// ``uniformWidthFromLine`` is unknown. When it drops a node, ``Result/isOptimal`` is false.
        public var nodesPerBreakLimit: Int? = 32
        /// The cap of the emergency pass, which is always capped: there every line that fits is
        /// feasible, so the nodes at a break are many. On the real-prose fixture, justified at
        /// 300 pt, 11 pt, 8 gives the same lines as 32 in less than half the time; at other widths
        /// and sizes the sum of squared ratios moves by 5 % at most, either way (measured).
        public var emergencyNodesPerBreakLimit = 8

        /// TeX's plain-format values (see each property).
        public init() {}
    }

    /// Which pass found the breaks.
    public enum Pass: String, Sendable {
        /// Without hyphenation, within ``Parameters/firstPassTolerance``.
        case first
        /// With hyphenation, within ``Parameters/tolerance``.
        case second
        /// Lines as loose as needed, words alone, and overfull lines when nothing fits (see
        /// ``Parameters/emergencyPass``).
        case emergency
    }

    /// How good a set of lines is, comparable between greedy and optimal breaking.
    public struct Quality: Sendable, Equatable {
        /// Σ r² over the lines with a finite adjustment ratio r.
        public var sumOfSquaredRatios: Double
        /// Lines with r > 1 (more stretch than the glue's stretchability), including underfull
        /// lines that cannot stretch at all.
        public var veryLooseLines: Int
        /// Lines with r < −1: wider than their width even fully shrunk.
        public var overfullLines: Int
        /// Number of lines.
        public var lineCount: Int

        /// Measures with the given values (usually from ``KnuthPlass/quality(of:)``).
        public init(sumOfSquaredRatios: Double, veryLooseLines: Int, overfullLines: Int, lineCount: Int) {
            self.sumOfSquaredRatios = sumOfSquaredRatios
            self.veryLooseLines = veryLooseLines
            self.overfullLines = overfullLines
            self.lineCount = lineCount
        }
    }

    /// The chosen breaks.
    public struct Result: Sendable, Equatable {
        /// Item index at which each line ends (a glue or penalty); the last is the final item.
        public var breaks: [Int]
        /// Each line's adjustment ratio r: glue `i` is set at `width + r·stretch` (r ≥ 0) or
        /// `width + r·shrink` (r < 0). ±infinity for a line that cannot stretch / shrink. Below −1
        /// for an overfull line (emergency pass only), not clamped: glue cannot shrink past r = −1
        /// (where TeX sets it), and the rest of the line sticks out.
        public var ratios: [Double]
        /// Sum of the lines' demerits.
        public var totalDemerits: Double
        /// The pass that succeeded.
        public var pass: Pass
        /// False when ``Parameters/nodesPerBreakLimit`` (or, in the emergency pass,
        /// ``Parameters/emergencyNodesPerBreakLimit``) dropped nodes (the result may be suboptimal).
        public var isOptimal: Bool
        /// Quality measures of the lines.
        public var quality: Quality
        /// Line-candidate evaluations made (all passes), for statistics.
        public var evaluations: Int
    }

    /// The optimal breaks of `items` into lines of `lineWidth(0)`, `lineWidth(1)`, ….
    ///
    /// Runs the first pass (no hyphenation), the second (hyphenation, larger tolerance), then the
    /// emergency pass, stopping at the first that finds a feasible break set. Returns nil only when
    /// every enabled pass fails (never with ``Parameters/emergencyPass``).
    /// - Precondition: the last item is a forced break.
    /// - Complexity: O(n · a) where a is the number of active nodes: the breakable items within one
    ///   line's reach, times the nodes per break (fitness classes × line counts still told apart,
    ///   at most ``Parameters/nodesPerBreakLimit``; see ``Parameters/uniformWidthFromLine``).
    public static func breakLines(_ items: [Item], parameters: Parameters = Parameters(),
                                  lineWidth: (Int) -> Double) -> Result? {
        guard case .penalty(_, let cost, _)? = items.last, cost <= forcedBreak else {
            preconditionFailure("KnuthPlass.breakLines: the last item must be a forced break")
        }
        return withoutActuallyEscaping(lineWidth) { lineWidth in
            var solver = KnuthPlassSolver(items: items, parameters: parameters, lineWidth: lineWidth)
            return run(&solver, parameters: parameters)
        }
    }

    /// Adjustment ratios and quality of any break set (greedy's, say) measured as ``breakLines``
    /// measures: line `j` ends at item `breaks[j]` and fills `lineWidth(j)`. An overfull line's
    /// ratio is reported below −1 (−∞ without shrink), not clamped to −1 as TeX sets its glue, so
    /// that ``Quality/overfullLines`` counts it.
    public static func evaluate(_ items: [Item], breaks: [Int], lineWidth: (Int) -> Double) -> (ratios: [Double], quality: Quality) {
        let measure = LineMeasure(items: items)
        var start = 0
        var ratios: [Double] = []
        for (line, end) in breaks.enumerated() {
            ratios.append(measure.ratio(from: start, to: end, width: lineWidth(line)))
            start = measure.lineStart(after: end)
        }
        return (ratios, quality(of: ratios))
    }

    /// Quality measures of a list of adjustment ratios.
    public static func quality(of ratios: [Double]) -> Quality {
        Quality(sumOfSquaredRatios: ratios.filter(\.isFinite).reduce(0) { $0 + $1 * $1 },
                veryLooseLines: ratios.filter { $0 > 1 }.count,
                overfullLines: ratios.filter { $0 < -1 }.count,
                lineCount: ratios.count)
    }

    // MARK: - Internals

    /// The passes in order; the first that succeeds gives the result.
    private static func run(_ solver: inout KnuthPlassSolver, parameters: Parameters) -> Result? {
        var passes: [(Pass, KnuthPlassSolver.Mode)] = []
        if let first = parameters.firstPassTolerance {
            passes.append((.first, .normal(tolerance: first, hyphenate: false)))
        }
        passes.append((.second, .normal(tolerance: parameters.tolerance, hyphenate: true)))
        if parameters.emergencyPass { passes.append((.emergency, .emergency)) }
        for (pass, mode) in passes {
            guard let solution = solver.solve(mode) else { continue }
            return Result(breaks: solution.breaks, ratios: solution.ratios, totalDemerits: solution.total,
                          pass: pass, isOptimal: solution.isOptimal,
                          quality: quality(of: solution.ratios), evaluations: solver.evaluations)
        }
        return nil
    }
}
