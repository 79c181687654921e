/// Break opportunities found by search: where widths never decrease along a paragraph's break
/// opportunities, those that fit a span are a prefix, and `fill` need not measure each.
extension LineBreaker {
    /// Whether the width of a line from any offset to the break opportunities after it never
    /// decreases from one opportunity to the next: no tabs, no hyphen drawn at any break (no
    /// soft hyphen, no hyphenation point) and no negative advance. (The content end of an
    /// opportunity, before its trailing white space, never decreases either.)
    /// Computed once per paragraph (``Paragraph/widthsNeverDecrease``): a page added to a long
    /// paragraph must not scan all of it again.
    package static func widthsNeverDecrease(_ paragraph: Paragraph) -> Bool { paragraph.widthsNeverDecrease }

    /// ``widthsNeverDecrease(_:)`` of a paragraph with these advance sums, tabs, soft hyphens
    /// and hyphenation points.
    static func widthsNeverDecrease(advancePrefix: CompactDoubles, hasTabs: Bool, hasSoftHyphens: Bool,
                                    hasHyphenationPoints: Bool) -> Bool {
        !hasTabs && !hasSoftHyphens && !hasHyphenationPoints && advancePrefix.isNondecreasing
    }

    /// Whether the search from `current` in a span `available` wide would end at the paragraph's
    /// end, told without its break opportunities: no mandatory break lies before it, and the
    /// rest of the paragraph fits (by its advances without its trailing white space, then cut
    /// and shaped as the line shows it). Every opportunity before the end then fits too (widths
    /// never decrease), so the search would take them all and check the last. Most short
    /// paragraphs are one such line and never find their opportunities (``Paragraph/breaks``).
    func fitsWhole(from current: Int, available: Double, origin: Double) -> Bool {
        guard !paragraph.hasMandatoryBreaks else { return false }
        let count = paragraph.utf16.count, contentEnd = paragraph.trimmingTrailingWhitespace(current, count)
        return paragraph.width(current..<contentEnd) <= available + 1e-9
            && paragraph.fittingWidth(current..<count, contentEnd: contentEnd, hyphenates: true) <= available + 1e-9
    }

    /// What the measuring loop of `fill` finds from `current` in a span `available` wide (the
    /// number of opportunities from `first` on that fit, whether the last of them is mandatory,
    /// the index it stopped at), when ``widthsNeverDecrease(_:)``: the opportunities that fit
    /// are then a prefix. Those that fit with their trailing white space (cheap to test: no
    /// trimming) are found by doubling steps and bisection, the few after them that fit only
    /// without it one by one; the loop's stop at a mandatory break is looked for among them.
    func searchCandidates(from current: Int, first: Int, available: Double,
                          in breaks: [BreakOpportunity]) -> (candidates: Int, mandatory: Bool, index: Int) {
        let limit = available + 1e-9
        // An upper bound of the loop's width (a trimmed end is never later, widths never decrease).
        func fitsUntrimmed(_ index: Int) -> Bool { paragraph.width(current..<breaks[index].offset) <= limit }
        var low = first - 1, high = first
        while high < breaks.count, fitsUntrimmed(high) {
            low = high
            high = first + 2 * (high - first) + 1
        }
        high = min(high, breaks.count)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if fitsUntrimmed(middle) { low = middle } else { high = middle }
        }
        // The loop's own test (its width for a break without a hyphen: `+ 0` changes no comparison).
        while high < breaks.count,
              paragraph.width(current..<paragraph.trimmingTrailingWhitespace(current, breaks[high].offset)) <= limit {
            high += 1
        }
        for index in first..<high where breaks[index].isMandatory {
            return (index - first + 1, true, index)
        }
        return (high - first, false, high)
    }

    /// The index of the first of `breaks` (the paragraph's) after `offset`.
    func firstBreak(after offset: Int, in breaks: [BreakOpportunity]) -> Int {
        var low = 0, high = breaks.count
        while low < high {
            let mid = (low + high) / 2
            if breaks[mid].offset <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
