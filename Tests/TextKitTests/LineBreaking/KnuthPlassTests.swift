import Testing
import TextKit

@Suite("Typography: Knuth–Plass line breaking")
struct TypographyKnuthPlassTests {
    /// Seven words of width 3, spaces of width 1 that stretch 1 and shrink 1.
    static let threes: [KnuthPlass.Item] = KnuthPlass.finish(
        (0..<7).flatMap { i -> [KnuthPlass.Item] in
            (i == 0 ? [] : [.glue(width: 1, stretch: 1, shrink: 1)]) + [.box(width: 3)]
        })

    /// Widths 12, 7, 12, 12, … (a narrow line next to an exclusion). Worked by hand:
    /// 3 words fill 12 with r = ½ (badness 12.5, demerits 22.5² = 506.25); 2 words fill 7 exactly
    /// (r = 0, demerits 10² = 100); the last 2 words end on fil glue (100). 4 words on line 0
    /// (r = −1) cost 110² and 2 words on line 0 need r = 5 > ρ, 1 word on line 1 cannot stretch.
    @Test func handMadeParagraphWithANarrowLineBreaksWhereWorkedOut() throws {
        var parameters = KnuthPlass.Parameters()
        parameters.firstPassTolerance = 2
        let result = try #require(KnuthPlass.breakLines(Self.threes, parameters: parameters) { $0 == 1 ? 7 : 12 })
        #expect(result.breaks == [5, 9, 15])
        #expect(result.ratios == [0.5, 0, 0])
        #expect(result.totalDemerits == 706.25)
        #expect(result.pass == .first)
        #expect(result.quality == KnuthPlass.Quality(sumOfSquaredRatios: 0.25, veryLooseLines: 0, overfullLines: 0, lineCount: 3))
    }

    /// The example of the DocC article (`TextKit.docc/KnuthPlass.md`): every line fits its
    /// width with glue inside its limits, and the narrower first line holds less.
    @Test func articleExampleBreaksWithinTheWidths() throws {
        let words = [20.0, 25, 15, 30, 20, 25, 30, 15, 20]
        var items: [KnuthPlass.Item] = []
        for (index, width) in words.enumerated() {
            if index > 0 { items.append(.glue(width: 10, stretch: 5, shrink: 3)) }
            items.append(.box(width: width))
        }
        let paragraph = KnuthPlass.finish(items)
        let result = try #require(KnuthPlass.breakLines(paragraph, lineWidth: { $0 == 0 ? 80 : 100 }))
        #expect(result.pass == .first)
        #expect(result.breaks.last == paragraph.count - 1)
        #expect(result.ratios.dropLast().allSatisfy { $0 >= -1 && $0 <= 1 })
        let measured = KnuthPlass.evaluate(paragraph, breaks: result.breaks, lineWidth: { $0 == 0 ? 80 : 100 })
        #expect(measured.ratios == result.ratios)
        #expect(measured.quality.overfullLines == 0)
    }

    @Test func uniformWidthsGiveThreeThreeOne() throws {
        let result = try #require(KnuthPlass.breakLines(Self.threes) { _ in 12 })
        // [3 | 3 | 1]: 506.25 + 506.25 + 100; [4 | 3] costs 110² + 100.
        #expect(result.breaks == [5, 11, 15])
        #expect(result.totalDemerits == 1112.5)
    }

    @Test(arguments: 0..<6)
    func matchesBruteForceOnRandomParagraphs(batch: Int) throws {
        var rng = SeededGenerator(seed: UInt64(1000 + batch))
        for _ in 0..<25 {
            let items = RandomParagraph.make(words: Int.random(in: 3...9, using: &rng), hyphenation: true, using: &rng)
            let widths = (0..<12).map { _ in Double(Int.random(in: 6...16, using: &rng)) }
            let lineWidth: (Int) -> Double = { widths[min($0, widths.count - 1)] }
            var parameters = KnuthPlass.Parameters()
            parameters.firstPassTolerance = nil
            parameters.emergencyPass = false
            parameters.tolerance = [0.5, 1, 2, 10].randomElement(using: &rng)!
            parameters.linePenalty = [1, 10].randomElement(using: &rng)!
            parameters.fitnessDemerits = [0, 100, 10_000].randomElement(using: &rng)!
            parameters.consecutiveFlaggedDemerits = [0, 3000].randomElement(using: &rng)!
            let reference = BruteForceBreaker(items: items, parameters: parameters, lineWidth: lineWidth,
                                              tolerance: parameters.tolerance)
            guard reference.candidateCount <= 14 else { continue }
            let expected = reference.bestTotal()
            let result = KnuthPlass.breakLines(items, parameters: parameters, lineWidth: lineWidth)
            #expect((result == nil) == (expected == nil), "\(items)")
            guard let result, let expected else { continue }
            #expect(abs(result.totalDemerits - expected) <= 1e-6 * max(1, expected), "\(items) \(widths)")
            let own = try #require(reference.total(of: result.breaks))
            #expect(abs(own - result.totalDemerits) <= 1e-6 * max(1, own))
            #expect(KnuthPlass.evaluate(items, breaks: result.breaks, lineWidth: lineWidth).ratios == result.ratios)
        }
    }

    @Test func firstPassDoesNotHyphenateSecondPassDoes() throws {
        // 6 ␣ 4-4 ␣ 6 in lines of 12: unhyphenated, "6 8" overflows and "6" alone cannot
        // stretch; hyphenated, "6 4-" is exactly 12.
        let items = KnuthPlass.finish([
            .box(width: 6), .glue(width: 1, stretch: 1, shrink: 0.5),
            .box(width: 4), .penalty(width: 1, cost: 50, flagged: true), .box(width: 4),
            .glue(width: 1, stretch: 1, shrink: 0.5), .box(width: 6),
        ])
        let result = try #require(KnuthPlass.breakLines(items) { _ in 12 })
        #expect(result.pass == .second)
        #expect(result.breaks == [3, 9])
        #expect(result.ratios == [0, 0])
    }

    @Test func tooWideBoxFallsBackToTheEmergencyPassWithAnOverfullLine() throws {
        let items = KnuthPlass.finish([
            .box(width: 5), .glue(width: 1, stretch: 1, shrink: 0.5), .box(width: 20),
            .glue(width: 1, stretch: 1, shrink: 0.5), .box(width: 5),
        ])
        let result = try #require(KnuthPlass.breakLines(items) { _ in 10 })
        #expect(result.pass == .emergency)
        #expect(result.breaks.last == items.count - 1)
        #expect(result.quality.overfullLines == 1)
        #expect(result.quality.lineCount == 3)

        var strict = KnuthPlass.Parameters()
        strict.emergencyPass = false
        #expect(KnuthPlass.breakLines(items, parameters: strict) { _ in 10 } == nil)
    }

    @Test func emergencyPassSucceedsWhenNoLineCanStretchOrFit() throws {
        // Glue without stretch or shrink and a 3-wide slot no word fits: nothing is feasible.
        let items = KnuthPlass.finish([.box(width: 4), .glue(width: 1, stretch: 0, shrink: 0), .box(width: 4),
                                       .glue(width: 1, stretch: 0, shrink: 0), .box(width: 4)])
        let result = try #require(KnuthPlass.breakLines(items) { $0 == 1 ? 3 : 10 })
        #expect(result.pass == .emergency)
        #expect(result.breaks.last == items.count - 1)
    }

    @Test func oneWordInANarrowSlotIsUnderfullRatherThanOverfull() throws {
        // Slot 1 is 6 wide: one 5-wide word cannot stretch (no glue), two overflow. Lines of 17
        // hold three words exactly.
        let items = KnuthPlass.finish((0..<7).flatMap { i -> [KnuthPlass.Item] in
            (i == 0 ? [] : [.glue(width: 1, stretch: 1, shrink: 0.5)]) + [.box(width: 5)]
        })
        let result = try #require(KnuthPlass.breakLines(items) { $0 == 1 ? 6 : 17 })
        #expect(result.pass == .emergency)
        #expect(result.breaks == [5, 7, 15])
        #expect(result.quality.overfullLines == 0)
        #expect(result.ratios[1] == .infinity)
    }

    @Test func forcedBreaksInsideTheParagraphAreHonoured() throws {
        var items = Array(Self.threes.dropLast(3))
        items.insert(contentsOf: [.glue(width: 0, stretch: .infinity, shrink: 0),
                                  .penalty(width: 0, cost: KnuthPlass.forcedBreak, flagged: false)], at: 3)
        items = KnuthPlass.finish(items)
        let result = try #require(KnuthPlass.breakLines(items) { _ in 12 })
        #expect(result.breaks.first == 4)
    }

    @Test(arguments: 0..<4)
    func pruningKeepsResultsIdentical(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(77 + seed))
        for _ in 0..<15 {
            let items = RandomParagraph.make(words: Int.random(in: 40...250, using: &rng), hyphenation: true, using: &rng)
            let narrowFrom = Int.random(in: 0...5, using: &rng), narrowTo = narrowFrom + Int.random(in: 1...8, using: &rng)
            let lineWidth: (Int) -> Double = { line in
                line >= narrowFrom && line < narrowTo ? Double(14 + (line * 7) % 9) : 30
            }
            var exact = KnuthPlass.Parameters()
            exact.pruneWithUpperBound = false
            exact.nodesPerBreakLimit = nil
            exact.tolerance = [1.5, 3].randomElement(using: &rng)!
            var pruned = exact
            pruned.pruneWithUpperBound = true
            var merged = pruned
            merged.uniformWidthFromLine = narrowTo
            let reference = KnuthPlass.breakLines(items, parameters: exact, lineWidth: lineWidth)
            let bounded = KnuthPlass.breakLines(items, parameters: pruned, lineWidth: lineWidth)
            let both = KnuthPlass.breakLines(items, parameters: merged, lineWidth: lineWidth)
            #expect(bounded?.breaks == reference?.breaks)
            #expect(bounded?.totalDemerits == reference?.totalDemerits)
            #expect(both?.breaks == reference?.breaks)
            #expect(both?.totalDemerits == reference?.totalDemerits)
        }
    }

    @Test func fiveThousandWordsFinish() throws {
        var rng = SeededGenerator(seed: 5000)
        let items = RandomParagraph.make(words: 5000, hyphenation: true, using: &rng)
        let lineWidth: (Int) -> Double = { line in (10..<40).contains(line) ? 40 + Double(abs(line - 25)) * 2 : 70 }
        var parameters = KnuthPlass.Parameters()
        parameters.uniformWidthFromLine = 40
        let merged = try #require(KnuthPlass.breakLines(items, parameters: parameters, lineWidth: lineWidth))
        #expect(merged.breaks.last == items.count - 1)
        #expect(merged.isOptimal)
        // Without the uniform-width hint every line count is tracked; still finishes.
        let tracked = try #require(KnuthPlass.breakLines(items, lineWidth: lineWidth))
        #expect(tracked.breaks.last == items.count - 1)
        if tracked.isOptimal { #expect(tracked.totalDemerits == merged.totalDemerits) }
    }
}

extension BruteForceBreaker {
    /// How many legal breaks the paragraph has (excluding its end).
    var candidateCount: Int {
        (0..<(items.count - 1)).filter { i in
            switch items[i] {
            case .box: return false
            case .glue: if i > 0, case .box = items[i - 1] { return true } else { return false }
            case .penalty(_, let cost, _): return cost < KnuthPlass.forbiddenBreak
            }
        }.count
    }
}
