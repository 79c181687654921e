import Testing
import TextKit

/// The solver's public contract at its edges: negative widths, overfull ratios, the emergency
/// pass's rating of loose and glue-less lines, and optimality against greedy's breaks on real prose.
@Suite("Typography: Knuth–Plass edges")
struct TypographyKnuthPlassEdgeTests {
    /// A line that is overfull at one break fits again at a later one after a box of negative
    /// width: the start node must stay active (the old rule dropped it and fell to the emergency pass).
    @Test func negativeWidthBringsAnOverfullLineBack() throws {
        let items = KnuthPlass.finish([.box(width: 80), .glue(width: 10, stretch: 10, shrink: 3), .box(width: 40),
                                       .penalty(width: 0, cost: 0, flagged: false), .box(width: -40),
                                       .penalty(width: 0, cost: 0, flagged: false), .box(width: 30)])
        let result = try #require(KnuthPlass.breakLines(items) { _ in 100 })
        // 80 + 10 + 40 − 40 = 90 in 100 with stretch 10: r = 1, within the first pass.
        #expect(result.breaks == [5, 9])
        #expect(result.ratios == [1, 0])
        #expect(result.pass == .first)
        #expect(result.quality.overfullLines == 0)
    }

    /// Negative stretch (the ragged-right construction) cancels within a line and survives at its end.
    @Test func raggedConstructionMeasuresTheSlackAtTheLineEnd() throws {
        let words: [Double] = [30, 20, 40, 25, 35]
        var items: [KnuthPlass.Item] = []
        for (index, word) in words.enumerated() {
            if index > 0 { items += KnuthPlass.raggedBreak(space: 5, stretch: 20) }
            items.append(.box(width: word))
        }
        let result = try #require(KnuthPlass.breakLines(KnuthPlass.finish(items)) { _ in 100 })
        // 30 20 40 = 100: r = 0; then 25 35 on the last line.
        #expect(result.ratios == [0, 0])
        let (ratios, _) = KnuthPlass.evaluate(KnuthPlass.finish(items), breaks: [8, 18, items.count + 2]) { _ in 100 }
        // "30 20" leaves 45 of 100: r = 45 / 20; "40 25" leaves 30: r = 1.5.
        #expect(ratios == [2.25, 1.5, 0])
    }

    /// `evaluate` reports an overfull line's ratio unclamped (below −1, or −∞ without shrink).
    @Test func evaluateReportsOverfullRatiosBelowMinusOne() {
        let (tight, tightQuality) = KnuthPlass.evaluate([.box(width: 60), .glue(width: 10, stretch: 5, shrink: 2),
                                                         .box(width: 60), .penalty(width: 0, cost: KnuthPlass.forcedBreak,
                                                                                   flagged: false)],
                                                        breaks: [3]) { _ in 100 }
        #expect(tight == [-15])  // (100 − 130) / 2
        #expect(tightQuality.overfullLines == 1)
        let (bare, _) = KnuthPlass.evaluate([.box(width: 120), .penalty(width: 0, cost: KnuthPlass.forcedBreak, flagged: false)],
                                            breaks: [1]) { _ in 100 }
        #expect(bare == [-.infinity])
    }

    /// "The first two parameters" before a word that fills a line on its own: the emergency pass
    /// keeps the short words together instead of one word a line.
    @Test func emergencyPassDoesNotSetOneWordLines() throws {
        let words: [Double] = [20, 22, 21, 60, 280, 30, 40]
        var items: [KnuthPlass.Item] = []
        for (index, word) in words.enumerated() {
            if index > 0 { items.append(.glue(width: 4, stretch: 2, shrink: 4.0 / 3)) }
            items.append(.box(width: word))
        }
        let result = try #require(KnuthPlass.breakLines(KnuthPlass.finish(items)) { _ in 300 })
        #expect(result.pass == .emergency)
        #expect(result.breaks.count == 3)
        #expect(result.breaks.first == 7)   // after the four short words
    }

    /// A short word before a word that fills most of a line (a URL): the emergency pass rates the
    /// line with a space by how far that space really stretches, so it sets the first word alone
    /// (67 % full) and the short word with the long one, rather than end the first line after the
    /// short word with its one space stretched 44× (which rating every line with extra stretch
    /// preferred).
    @Test func emergencyPassRatesSpacesByTheirTrueStretch() throws {
        let items = KnuthPlass.finish([.box(width: 200), .glue(width: 3.5, stretch: 1.75, shrink: 3.5 / 3), .box(width: 20),
                                       .glue(width: 3.5, stretch: 1.75, shrink: 3.5 / 3), .box(width: 250)])
        let result = try #require(KnuthPlass.breakLines(items) { _ in 300 })
        #expect(result.pass == .emergency)
        #expect(result.breaks == [1, items.count - 1])
        #expect(result.ratios == [.infinity, 0])   // a word alone cannot stretch; the last line
    }

    /// A short word alone on a line (under `emergencyShortLineFill`) is a last resort: a line whose
    /// one space is stretched hundreds of times beats it, though its demerits are far larger.
    @Test func emergencyPassSetsAShortWordAloneOnlyAsALastResort() throws {
        let items = KnuthPlass.finish([.box(width: 200), .glue(width: 3.5, stretch: 0.1, shrink: 1), .box(width: 20),
                                       .glue(width: 3.5, stretch: 0.1, shrink: 1), .box(width: 290)])
        let result = try #require(KnuthPlass.breakLines(items) { _ in 300 })
        #expect(result.breaks == [3, items.count - 1])   // "200 20" / "290"
        #expect(result.totalDemerits < KnuthPlass.Parameters().shortLineDemerits)
        // With nothing else possible (the long word does not fit beside the short one), it is set.
        let forced = KnuthPlass.finish([.box(width: 290), .glue(width: 3.5, stretch: 1.75, shrink: 1), .box(width: 20),
                                        .glue(width: 3.5, stretch: 1.75, shrink: 1), .box(width: 290)])
        let alone = try #require(KnuthPlass.breakLines(forced) { _ in 300 })
        #expect(alone.breaks == [1, 3, forced.count - 1])
        #expect(alone.totalDemerits >= KnuthPlass.Parameters().shortLineDemerits)
        #expect(alone.quality.overfullLines == 0)
    }

    /// Greedy's breaks are a feasible solution of the optimizer's own pass, so the optimum can never
    /// cost more (random paragraphs of the real-prose fixture, ragged and justified items).
    @Test(arguments: [false, true])
    func optimalNeverCostsMoreThanGreedy(justified: Bool) throws {
        let paragraphs = try Fixtures.text("debian-reference.txt").split(separator: "\n")
        var rng = SeededGenerator(seed: justified ? 7 : 8)
        var compared = 0
        for _ in 0..<60 {
            let words = paragraphs.randomElement(using: &rng)!.split(separator: " ").map { Double($0.count) * 6 }
            let width = Double(Int.random(in: 200...500, using: &rng))
            var items: [KnuthPlass.Item] = []
            for (index, word) in words.enumerated() {
                if index > 0 {
                    items += justified ? [.glue(width: 3.5, stretch: 1.75, shrink: 3.5 / 3)]
                        : KnuthPlass.raggedBreak(space: 3.5, stretch: 40)
                }
                items.append(.box(width: min(word, width)))
            }
            items = KnuthPlass.finish(items)
            var parameters = KnuthPlass.Parameters()
            parameters.uniformWidthFromLine = 0   // every line as wide: the search is exact
            let optimal = try #require(KnuthPlass.breakLines(items, parameters: parameters) { _ in width })
            #expect(optimal.isOptimal)
            let greedy = Self.firstFit(items, width: width)
            if let cost = KnuthPlass.demerits(items, breaks: greedy, pass: optimal.pass, parameters: parameters,
                                              lineWidth: { _ in width }) {
                #expect(optimal.totalDemerits <= cost * (1 + 1e-12))
                compared += 1
            } else {
                // Only a pass before the emergency one can reject greedy's lines (as too loose).
                #expect(optimal.pass != .emergency)
            }
        }
        #expect(compared >= 20)
    }

    /// First fit over items: each line ends at the last legal break before it would be overfull
    /// (at the first one when even that is overfull), or at a forced break.
    static func firstFit(_ items: [KnuthPlass.Item], width: Double) -> [Int] {
        func isBox(_ i: Int) -> Bool { if case .box = items[i] { return true } else { return false } }
        func forced(_ i: Int) -> Bool {
            if case .penalty(_, let cost, _) = items[i] { return cost <= KnuthPlass.forcedBreak } else { return false }
        }
        func legal(_ i: Int) -> Bool {
            switch items[i] {
            case .box: return false
            case .glue: return i > 0 && isBox(i - 1)
            case .penalty(_, let cost, _): return cost < KnuthPlass.forbiddenBreak
            }
        }
        var breaks: [Int] = [], start = 0
        while true {
            var natural = 0.0, shrink = 0.0, chosen: Int?
            for i in start..<items.count {
                if legal(i) || forced(i) {
                    var penaltyWidth = 0.0
                    if case .penalty(let w, _, _) = items[i] { penaltyWidth = w }
                    let fits = natural + penaltyWidth - shrink <= width - 1e-9
                    if fits || chosen == nil { chosen = i }
                    if !fits || forced(i) { break }
                }
                switch items[i] {
                case .box(let w): natural += w
                case .glue(let w, _, let z): natural += w; shrink += z
                case .penalty: break
                }
            }
            let end = chosen!
            breaks.append(end)
            if end == items.count - 1 { return breaks }
            start = end + 1
            while start < items.count, !isBox(start), !forced(start) { start += 1 }
        }
    }
}
