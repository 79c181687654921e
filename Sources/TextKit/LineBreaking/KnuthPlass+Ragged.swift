extension KnuthPlass {
    /// One break opportunity of ragged (unjustified) text in the paper's ragged-right construction
    /// (§"Ragged right"; TeX's `\raggedright`): the space between words keeps its width, and a
    /// line that ends here gets `stretch` of room at its end, so a line's ratio is its slack over
    /// `stretch` and the demerits measure raggedness:
    /// ```
    /// penalty(+∞)  glue(0, +stretch, 0)  penalty(cost)  glue(space, −stretch, 0)
    /// ```
    /// Not broken, the two glues add `space` and no stretch; broken at the penalty, the line keeps
    /// the first glue's stretch and the next line drops the second glue. The leading `penalty(+∞)`
    /// keeps the first glue from being a break of its own.
    ///
    /// Centred text has the same break decisions (the paper's centring construction gives each
    /// line `stretch` at both ends: only the ratio's scale changes), so it can use these items too.
    /// - Parameters:
    ///   - space: the width of the space between the words (0 for a break without one).
    ///   - stretch: the room a line may leave at its end; a ratio of 1 leaves `stretch` unfilled.
    ///   - penaltyWidth, cost, flagged: the break's penalty (a hyphen: its width, a cost, flagged).
    public static func raggedBreak(space: Double, stretch: Double, penaltyWidth: Double = 0, cost: Double = 0,
                                   flagged: Bool = false) -> [Item] {
        [.penalty(width: 0, cost: forbiddenBreak, flagged: false),
         .glue(width: 0, stretch: stretch, shrink: 0),
         .penalty(width: penaltyWidth, cost: cost, flagged: flagged),
         .glue(width: space, stretch: -stretch, shrink: 0)]
    }

    /// The total demerits of any break set (greedy's, say) as `pass` of
    /// ``breakLines(_:parameters:lineWidth:)`` rates it, or nil when that pass could not choose it:
    /// a break is not legal there, a forced break is skipped, or a line is overfull or rated above
    /// the pass's tolerance. Breaks as in ``evaluate(_:breaks:lineWidth:)``.
    public static func demerits(_ items: [Item], breaks: [Int], pass: Pass, parameters: Parameters = Parameters(),
                                lineWidth: (Int) -> Double) -> Double? {
        let measure = LineMeasure(items: items)
        let n = items.count
        guard breaks.last == n - 1, zip(breaks, breaks.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        let chosen = Set(breaks)
        let tolerance: Double
        switch pass {
        case .first: tolerance = parameters.firstPassTolerance ?? parameters.tolerance
        case .second: tolerance = parameters.tolerance
        case .emergency: tolerance = .infinity   // LineMeasure.rating decides
        }
        for b in 0..<n where measure.isForced(b) && !chosen.contains(b) { return nil }
        var start = 0, previousFitness = 1, previousFlagged = false, total = 0.0
        for (line, b) in breaks.enumerated() {
            guard measure.isBreak(b, hyphenate: pass != .first), start <= b else { return nil }
            let width = lineWidth(line)
            let r = measure.ratio(from: start, to: b, width: width)
            guard case let (rated, short)? = measure.rating(from: start, to: b, width: width, ratio: r, tolerance: tolerance,
                                                            emergency: pass == .emergency, parameters: parameters)
            else { return nil }
            if short { total += parameters.shortLineDemerits }
            total += measure.demerits(ratio: rated, end: b, previousFlagged: previousFlagged,
                                      previousFitness: previousFitness, isLast: b == n - 1, capped: pass != .emergency,
                                      parameters: parameters)
            previousFitness = LineMeasure.fitness(rated)
            previousFlagged = measure.flagged[b]
            start = measure.lineStart(after: b)
        }
        return total
    }
}
