/// The extra line fragment (Text Kit's `extraLineFragmentRect`, `extraLineFragmentUsedRect` and
/// `extraLineFragmentTextContainer`): the empty line after a hard line break that ends the text,
/// or the one line of an empty text, where the insertion point at the text's end is drawn.
///
/// It is placed as the line an empty paragraph there would get: from where the last line left
/// the cursor (after the paragraph spacing, plus the spacing before a new paragraph, when a
/// paragraph separator ends the text; right below the last line after a line separator), with
/// the font and paragraph style of the text's last character (the storage's default attributes
/// for an empty text), moving down past exclusions and on to the next container like any line,
/// and nowhere (nil) when no container has room for it.
extension LayoutManager {
    /// The extra line fragment's rectangle (the free span its band has, as for any line
    /// fragment), or nil when there is none: the text does not end with a hard line break
    /// (paragraph separator, U+2028, vertical tab or form feed) and is not empty, or the text
    /// overflowed, or no container has room for it. Lays out through the end of the text (with
    /// ``allowsNonContiguousLayout``, possibly at an estimated position). It holds no character:
    /// ``lineFragmentRect(forCharacterAt:)`` never returns it.
    public var extraLineFragmentRect: ContainerRect? {
        extraLineFragment().map { ContainerRect(containerIndex: $0.container, rect: $0.rect) }
    }

    /// The used part of the extra line fragment (nil when there is none): twice the container's
    /// line fragment padding wide, with the insertion point in its middle (Text Kit's
    /// `extraLineFragmentUsedRect`), placed by the paragraph's alignment and direction.
    public var extraLineFragmentUsedRect: ContainerRect? {
        extraLineFragment().map { ContainerRect(containerIndex: $0.container, rect: $0.usedRect) }
    }

    /// The container that holds the extra line fragment (nil when there is none).
    public var extraLineFragmentTextContainer: TextContainer? {
        extraLineFragment().map { textContainers[$0.container] }
    }

    // MARK: - Internals

    /// The extra line fragment's place.
    struct ExtraLineFragment: Equatable {
        var container: Int
        var rect: Rect
        var usedRect: Rect
        /// The height of its line (the caret's height).
        var lineRect: Rect
    }

    /// The Unicode scalars after which a line ends: paragraph separators and the other
    /// mandatory breaks (UAX #14 classes BK, CR, LF, NL).
    static func isHardLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether the text has an extra line fragment when there is room for it: it is empty or
    /// ends with a hard line break.
    var endsWithHardLineBreak: Bool {
        guard let storage = textStorage else { return false }
        return storage.length == 0 || Self.isHardLineBreak(storage.scalars[storage.length - 1])
    }

    /// Lays out through the end of the text and places the extra line fragment.
    func extraLineFragment() -> ExtraLineFragment? {
        guard let storage = textStorage, endsWithHardLineBreak else { return nil }
        ensureLayout(forCharacterRange: max(0, storage.length - 1)..<storage.length)
        return laidOutExtraLineFragment()
    }

    /// The extra line fragment when the end of the text is laid out now (nil when it is not, or
    /// there is none); does not lay out.
    func laidOutExtraLineFragment() -> ExtraLineFragment? {
        guard let storage = textStorage, endsWithHardLineBreak, splitEnd == storage.length,
              let last = paragraphs.indices.last, current.position(of: last) != nil else { return nil }
        // Not laid out, or overflowed (an overflow leaves the paragraph's `overflow` set, and the
        // paragraphs after it without lines).
        let state = paragraphs[last]
        guard let startCursor = state.startCursor, state.overflow == nil, !state.lines.isEmpty else { return nil }
        let empty = storage.length == 0
        let attributes = empty ? storage.runs.defaultAttributes : storage.runs.attributes(at: storage.length - 1).value
        // After a paragraph separator (or in an empty text) the line starts a paragraph; after
        // another hard line break it is the last paragraph's next line.
        let startsParagraph = empty || storage.scalars.contentRange(ofParagraph: state.range).upperBound < storage.length
        var start = empty ? startCursor : state.endCursor
        if !startsParagraph {
            start.y -= paragraphAttributes(state.range, storage: storage).paragraphStyle.paragraphSpacing
        }
        if let cached = cachedExtraLine, cached.start == start { return cached.fragment }
        var direction = attributes.paragraphStyle.baseWritingDirection
        if !startsParagraph, direction == .natural, let level = state.cache?.bidi.paragraphLevel {
            direction = level == 1 ? .rightToLeft : .leftToRight
        }
        let fragment = placeExtraLineFragment(from: start, attributes: attributes, direction: direction,
                                              startsParagraph: startsParagraph)
        cachedExtraLine = (start, fragment)
        return fragment
    }

    /// Breaks and assembles an empty line from `start` as a paragraph in `attributes` would.
    private func placeExtraLineFragment(from start: LayoutCursor, attributes: TextAttributes,
                                        direction: WritingDirection, startsParagraph: Bool) -> ExtraLineFragment? {
        let job = ShapingJob(content: [], attributes: [(attributes, 0..<0)], direction: direction)
        let (paragraph, _) = Self.shape(job, fonts: fontCollection, fallback: defaultFont(), context: measuring)
        let style = attributes.paragraphStyle
        var cursor = start
        if startsParagraph { cursor.y += style.paragraphSpacingBefore }
        let breaker = LineBreaker(paragraph: paragraph, style: style, containers: textContainers,
                                  defaultMetrics: defaultMetrics(for: attributes.font), minimumWidth: attributes.font.size)
        var reach = cursor
        guard case .line(let broken) = breaker.nextLine(from: 0, cursor: &cursor, isFirstLine: startsParagraph,
                                                         reach: &reach) else { return nil }
        let padding = textContainers[broken.container].lineFragmentPadding
        let assembler = LineAssembler(paragraph: paragraph, style: style, padding: padding,
                                      writesColumnsDirectly: tuning.placesGlyphsDirectly) { font, size in
            self.index(of: font, size: size)
        }
        let line = assembler.assemble(broken, isLastLine: true)
        guard let fragment = line.fragments.first else { return nil }
        return ExtraLineFragment(container: broken.container, rect: fragment.rect, usedRect: fragment.usedRect,
                                 lineRect: line.rect)
    }
}
