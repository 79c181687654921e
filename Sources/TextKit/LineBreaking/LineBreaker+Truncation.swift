/// Truncation: the last line a container with a line limit allows shows an ellipsis for the
/// text it hides (Text Kit's truncating line break modes).
extension LineBreaker {
    /// Whether this line is the last one the last container allows, text remains after it, and
    /// the container truncates.
    func truncates(_ container: TextContainer.LineGeometry, cursor: LayoutCursor, end: Int) -> Bool {
        container.lineBreakMode != .wordWrap && container.maximumNumberOfLines > 0
            && cursor.container == containers.count - 1 && containerLines(cursor) == container.maximumNumberOfLines - 1
            && (end < paragraph.utf16.count || hasFollowingText)
    }

    /// How the line from `start` ending at `end` is cut short, if it is: the paragraph's own
    /// single-line mode when text of the paragraph remains after the line (its newline aside),
    /// else the container's truncation of its last allowed line.
    func truncationMode(_ container: TextContainer.LineGeometry, cursor: LayoutCursor, end: Int,
                        mandatory: Bool) -> LineBreakMode?? {
        if style.lineBreakMode.isSingleLine, !mandatory, end < paragraph.utf16.count {
            switch style.lineBreakMode {
            case .truncatingHead: return .some(.truncatingHead)
            case .truncatingMiddle: return .some(.truncatingMiddle)
            case .truncatingTail: return .some(.truncatingTail)
            default: return .some(nil)  // clipping: hidden without an ellipsis
            }
        }
        return truncates(container, cursor: cursor, end: end) ? .some(container.lineBreakMode) : nil
    }

    /// What a truncated line starting at `start` shows: the widest head, tail or both whose
    /// width plus an ellipsis fits `available`, cut between grapheme clusters.
    /// A nil `mode` clips: the widest head that fits, nothing shown for the rest.
    func truncate(from start: Int, available: Double, mode: LineBreakMode?) -> Truncation? {
        let count = paragraph.utf16.count
        guard let ellipsis = paragraph.ellipsis(at: start) else { return nil }
        let room = available - (mode == nil ? 0 : ellipsis.advance)
        let boundaries = paragraph.graphemes.filter { $0 >= start && $0 <= count }
        func headWidth(_ end: Int) -> Double {
            paragraph.fittingWidth(start..<end, contentEnd: paragraph.trimmingTrailingWhitespace(start, end))
        }
        func tailWidth(_ begin: Int) -> Double { paragraph.fittingWidth(begin..<count, contentEnd: count) }
        let hidden: Range<Int>
        switch mode {
        case .truncatingHead:
            let begin = boundaries.first { tailWidth($0) <= room + 1e-9 } ?? count
            hidden = start..<begin
        case .truncatingMiddle:
            let end = boundaries.last { headWidth($0) <= room / 2 + 1e-9 } ?? start
            let left = room - headWidth(end)
            let begin = boundaries.first { $0 >= end && tailWidth($0) <= left + 1e-9 } ?? count
            hidden = end..<begin
        default:
            let end = boundaries.last { headWidth($0) <= room + 1e-9 } ?? start
            hidden = end..<count
        }
        return Truncation(hidden: hidden, glyph: mode == nil ? nil : ellipsis.glyph, advance: mode == nil ? 0 : ellipsis.advance,
                          font: ellipsis.font, pointSize: ellipsis.pointSize)
    }
}
