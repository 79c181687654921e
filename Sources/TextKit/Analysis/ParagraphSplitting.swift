/// The first stage of analysis: a text is laid out paragraph by paragraph, and LF, CR, CR LF,
/// NEL and U+2029 end a paragraph (U+2028 and the other vertical spaces end only a line).
extension TextStorage.UnicodeScalarView {
    /// Paragraph ranges (terminators included), split from `start` (a paragraph start) until a
    /// paragraph ends at or after `minimumEnd`, `maximumCount` paragraphs are split, or the text
    /// ends; the whole text by default. An empty text (or an empty last paragraph) gives one
    /// empty range.
    ///
    /// Finds each separator with one scan of the buffer on each side of its gap.
    package func paragraphRanges(from start: Int = 0, minimumEnd: Int = .max, maximumCount: Int = .max) -> [Range<Int>] {
        precondition(maximumCount > 0, "no paragraph asked for")
        var ranges: [Range<Int>] = []
        var start = start
        while start < count, start < minimumEnd || ranges.isEmpty, ranges.count < maximumCount {
            let separator = firstParagraphSeparator(from: start)
            guard separator < count else { break }
            var end = separator + 1
            if self[separator] == "\r", end < count, self[end] == "\n" { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        if (start < count && start < minimumEnd && ranges.count < maximumCount) || ranges.isEmpty {
            ranges.append(start..<count)
        }
        return ranges
    }

    /// The paragraph `range` (as ``paragraphRanges(from:minimumEnd:)`` gives it) without its terminator.
    package func contentRange(ofParagraph range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        if end > range.lowerBound, [0x0A, 0x85, 0x2029, 0x0D].contains(self[end - 1].value) {
            end -= 1
            if end > range.lowerBound, self[end - 1] == "\r", self[end] == "\n" { end -= 1 }
        }
        return range.lowerBound..<end
    }
}
