import TextKit
import SeededRandom

/// An independent, exhaustive Knuth–Plass reference: tries every set of legal breaks and scores it
/// with the paper's rules written out again from scratch (no shared code with the breaker).
struct BruteForceBreaker {
    var items: [KnuthPlass.Item]
    var parameters: KnuthPlass.Parameters
    var lineWidth: (Int) -> Double
    var tolerance: Double

    /// The least total demerits over every feasible break set, or nil when none is feasible.
    func bestTotal() -> Double? {
        let candidates = (0..<(items.count - 1)).filter(isLegalBreak)
        precondition(candidates.count <= 16, "too many breaks for brute force")
        var best: Double?
        for mask in 0..<(1 << candidates.count) {
            let breaks = candidates.indices.filter { mask & (1 << $0) != 0 }.map { candidates[$0] } + [items.count - 1]
            guard let total = total(of: breaks) else { continue }
            if best == nil || total < best! { best = total }
        }
        return best
    }

    /// The demerits of one break set, or nil when a line is infeasible or a forced break is skipped.
    func total(of breaks: [Int]) -> Double? {
        for (i, item) in items.enumerated() {
            if case .penalty(_, let cost, _) = item, cost <= KnuthPlass.forcedBreak, !breaks.contains(i) { return nil }
        }
        var start = 0, previousFitness = 1, previousFlagged = false, total = 0.0
        for (line, end) in breaks.enumerated() {
            var natural = 0.0, stretch = 0.0, shrink = 0.0, fil = false
            for item in items[start..<end] {
                switch item {
                case .box(let w): natural += w
                case .glue(let w, let y, let z):
                    natural += w; shrink += z
                    if y.isInfinite { fil = true } else { stretch += y }
                case .penalty: break
                }
            }
            var cost = 0.0, flagged = false
            if case .penalty(let w, let p, let f) = items[end] { natural += w; cost = p; flagged = f }
            let target = lineWidth(line)
            let r: Double
            if natural < target { r = fil ? 0 : stretch > 0 ? (target - natural) / stretch : .infinity }
            else if natural > target { r = shrink > 0 ? (target - natural) / shrink : -.infinity }
            else { r = 0 }
            guard r >= -1, r <= tolerance else { return nil }
            let badness = abs(r) >= 4.65 ? 10_000 : min(10_000, 100 * pow3(abs(r)))
            var d = (parameters.linePenalty + badness) * (parameters.linePenalty + badness)
            if cost > KnuthPlass.forcedBreak { d += cost >= 0 ? cost * cost : -cost * cost }
            if flagged && previousFlagged { d += parameters.consecutiveFlaggedDemerits }
            if end == items.count - 1 && previousFlagged { d += parameters.finalFlaggedDemerits }
            let fitness = r < -0.5 ? 0 : r <= 0.5 ? 1 : r <= 1 ? 2 : 3
            if abs(fitness - previousFitness) > 1 { d += parameters.fitnessDemerits }
            total += d
            previousFitness = fitness
            previousFlagged = flagged
            start = end + 1
            while start < items.count {
                if case .box = items[start] { break }
                if case .penalty(_, let p, _) = items[start], p <= KnuthPlass.forcedBreak { break }
                start += 1
            }
        }
        return total
    }

    private func isLegalBreak(_ i: Int) -> Bool {
        switch items[i] {
        case .box: return false
        case .glue: if i > 0, case .box = items[i - 1] { return true } else { return false }
        case .penalty(_, let cost, _): return cost < KnuthPlass.forbiddenBreak
        }
    }

    private func pow3(_ x: Double) -> Double { x * x * x }
}

/// The typography tests' generator: the target's SplitMix64, seeded.
typealias SeededGenerator = SplitMix64

/// Random paragraphs: words of integer widths, some split by hyphenation penalties, separated by
/// glue; `finish`ed.
enum RandomParagraph {
    static func make(words: Int, hyphenation: Bool, using rng: inout SeededGenerator) -> [KnuthPlass.Item] {
        var items: [KnuthPlass.Item] = []
        for word in 0..<words {
            if word > 0 {
                items.append(.glue(width: 1, stretch: [0.5, 1, 1.5].randomElement(using: &rng)!,
                                   shrink: [0.25, 0.5].randomElement(using: &rng)!))
            }
            let width = Double(Int.random(in: 1...6, using: &rng))
            if hyphenation, width >= 4, Bool.random(using: &rng) {
                items.append(.box(width: 2))
                items.append(.penalty(width: 0.5, cost: 50, flagged: true))
                items.append(.box(width: width - 2))
            } else {
                items.append(.box(width: width))
            }
        }
        return KnuthPlass.finish(items)
    }
}
