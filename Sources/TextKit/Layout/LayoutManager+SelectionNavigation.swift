/// Selection navigation (TextKit 2's `NSTextSelectionNavigation`): where a selection goes when an
/// editor moves or extends it by character, word, line, paragraph or document, or up and down
/// keeping its x; and where its caret is drawn, honouring its affinity at a soft line break.
///
/// Characters are grapheme clusters and words UAX #29 words (ICU), both within paragraphs;
/// lines are the lines as laid out. Left and right by character move visually: over the cluster
/// on that side of the caret in the line as drawn, whatever its direction (at the line's visual
/// end, on to the next or previous line as the paragraph's direction has it); by anything larger
/// they move backward or forward by the base direction of the head's paragraph.
extension LayoutManager {
    /// The selection `selection` becomes when moved (or, with `extending`, extended: its anchor
    /// stays) in `direction` by `destination`.
    ///
    /// - Moving a non-empty selection by a character collapses it to its end in that direction;
    ///   by anything larger, moves from that end.
    /// - `.line` forward goes to the end of the head's line (before a hard line break; at a soft
    ///   one, the upstream end of the line), backward to its start.
    /// - `.up` and `.down` (whatever `destination`) go to the nearest insertion point on the line
    ///   above or below at the selection's ``TextSelection/anchorPositionOffset`` (the head's
    ///   caret x when nil, which the result then keeps); above the first line to 0, below the last
    ///   to the text's length.
    ///
    /// Lays out through the lines concerned only.
    public func destinationSelection(for selection: TextSelection, direction: SelectionDirection,
                                     destination: SelectionDestination, extending: Bool) -> TextSelection {
        requireNoOpenEditingBatch()
        guard let storage = textStorage else { return selection }
        let length = storage.length
        var head = min(max(0, selection.head), length)
        let range = selection.range
        let forward: Bool
        switch direction {
        case .forward, .down: forward = true
        case .backward, .up: forward = false
        case .left, .right: forward = (direction == .right) != isRightToLeft(at: head, storage: storage)
        }
        if !extending, !selection.isInsertionPoint {
            head = forward ? range.upperBound : range.lowerBound
            if destination == .character, direction != .up, direction != .down {
                return TextSelection(insertionPoint: head)
            }
        }
        let moving = TextSelection(anchor: head, head: head, affinity: selection.affinity,
                                   anchorPositionOffset: selection.anchorPositionOffset)
        var target: (index: Int, affinity: SelectionAffinity, x: Double?)
        if direction == .up || direction == .down {
            target = verticalMove(from: moving, down: direction == .down, storage: storage)
        } else {
            switch destination {
            case .character where direction == .left || direction == .right:
                target = visualStep(from: moving, right: direction == .right, storage: storage)
                    ?? (characterStep(from: head, forward: forward, storage: storage), .downstream, nil)
            case .character: target = (characterStep(from: head, forward: forward, storage: storage), .downstream, nil)
            case .word: target = (wordStep(from: head, forward: forward, storage: storage), .downstream, nil)
            case .line: target = lineEdge(of: moving, end: forward, storage: storage)
            case .paragraph: target = (paragraphStep(from: head, forward: forward, storage: storage), .downstream, nil)
            case .document: target = (forward ? length : 0, .downstream, nil)
            }
        }
        let anchor = extending ? selection.anchor : target.index
        return TextSelection(anchor: anchor, head: target.index, affinity: target.affinity, anchorPositionOffset: target.x)
    }

    /// The carets of `selection`'s head (``caretRects(forCharacterIndex:)``), except that an
    /// upstream head is drawn after the character before it, at that character's trailing edge:
    /// at a soft line break, at the end of the line before rather than at the start of the next;
    /// at a boundary between directions, beside the character before rather than the one after.
    public func caretRects(for selection: TextSelection) -> [CaretRect] {
        let head = selection.head
        guard selection.affinity == .upstream, let storage = textStorage, head > 0, head <= storage.length,
              !Self.isHardLineBreak(storage.scalars[head - 1]),
              let fragment = fragment(containing: head - 1)?.fragment,
              let cluster = fragment.clusters.first(where: { $0.characters.contains(head - 1) }) else {
            return caretRects(forCharacterIndex: head)
        }
        let x = QueryIndex.trailingX(cluster)
        return [CaretRect(containerIndex: fragment.container,
                          rect: Rect(x: x, y: fragment.lineRect.minY, width: 0, height: fragment.lineRect.height),
                          isPrimary: true)]
    }

    // MARK: - Internals

    /// Whether the paragraph holding `index` (the one before at the end) runs right to left.
    private func isRightToLeft(at index: Int, storage: TextStorage) -> Bool {
        guard storage.length > 0 else { return false }
        let at = min(index, storage.length - 1)
        ensureLayout(forCharacterRange: at..<at + 1)
        guard let p = currentParagraph(containing: at) else { return false }
        return paragraphs[p].cache?.bidi.paragraphLevel == 1
    }

    /// The paragraph (terminator included) holding character `index` (< the text's length).
    func paragraphRange(holding index: Int, storage: TextStorage) -> Range<Int> {
        let scalars = storage.scalars
        func isStart(_ p: Int) -> Bool {
            guard p > 0 else { return true }
            switch scalars[p - 1].value {
            case 0x0A, 0x85, 0x2029: return true
            case 0x0D: return p == scalars.count || scalars[p] != "\n"
            default: return false
            }
        }
        var start = index
        while !isStart(start) { start -= 1 }
        return scalars.paragraphRanges(from: start, minimumEnd: index + 1).first { $0.contains(index) } ?? start..<index + 1
    }

    /// The UTF-16 units of `range` and, for each unit offset, the scalar offset (from
    /// `range.lowerBound`) it belongs to, plus one entry for the end.
    private func utf16(of range: Range<Int>, storage: TextStorage) -> (units: [UInt16], scalars: [Int]) {
        var units: [UInt16] = [], scalars: [Int] = []
        for index in range {
            for unit in UTF16.encode(storage.scalars[index])! {
                units.append(unit)
                scalars.append(index - range.lowerBound)
            }
        }
        scalars.append(range.count)
        return (units, scalars)
    }

    /// The next (or previous) grapheme cluster boundary from `index`.
    private func characterStep(from index: Int, forward: Bool, storage: TextStorage) -> Int {
        if forward ? index >= storage.length : index <= 0 { return index }
        let paragraph = paragraphRange(holding: forward ? index : index - 1, storage: storage)
        let (units, scalars) = utf16(of: paragraph, storage: storage)
        let boundaries = units.withUnsafeBufferPointer {
            ICU.graphemeBoundaries($0, pool: measuring.breakIterators).map { paragraph.lowerBound + scalars[Int($0)] }
        }
        return forward ? boundaries.first { $0 > index } ?? paragraph.upperBound
                       : boundaries.last { $0 < index } ?? paragraph.lowerBound
    }

    /// One grapheme to the right (or left) of the head in its line as drawn: the caret's slot
    /// between clusters (in visual order) is found, then the cluster beside it is entered, in its
    /// own direction (a ligature of several graphemes is crossed one at a time; inside one, the
    /// step follows its direction); nil at the line's visual end or in an empty line: a logical
    /// step then.
    private func visualStep(from selection: TextSelection, right: Bool,
                            storage: TextStorage) -> (index: Int, affinity: SelectionAffinity, x: Double?)? {
        guard let line = headLine(of: selection, storage: storage) else { return nil }
        let clusters = fragments(of: line).flatMap(\.fragment.clusters)
        guard !clusters.isEmpty else { return nil }
        func leftIndex(_ c: QueryIndex.Cluster) -> Int { c.rightToLeft ? c.characters.upperBound : c.characters.lowerBound }
        func rightIndex(_ c: QueryIndex.Cluster) -> Int { c.rightToLeft ? c.characters.lowerBound : c.characters.upperBound }
        let n = clusters.count, head = selection.head
        /// One grapheme into (or through) cluster `c` the way `right` goes, from `from`.
        func step(in c: QueryIndex.Cluster, from: Int) -> Int {
            let forward = right != c.rightToLeft
            let next = characterStep(from: from, forward: forward, storage: storage)
            return forward ? min(next, c.characters.upperBound) : max(next, c.characters.lowerBound)
        }
        if let inside = clusters.first(where: { $0.characters.lowerBound < head && head < $0.characters.upperBound }) {
            return (step(in: inside, from: head), .downstream, nil)
        }
        // Slot k lies between clusters k - 1 and k; the head may be at several (a direction
        // boundary): the one nearest its caret.
        let slots = (0...n).filter { k in
            (k > 0 && rightIndex(clusters[k - 1]) == head) || (k < n && leftIndex(clusters[k]) == head)
        }
        guard !slots.isEmpty else { return nil }
        let caretX = caretRects(for: selection).first { $0.isPrimary }?.rect.minX ?? 0
        func slotX(_ k: Int) -> Double {
            ((k > 0 ? clusters[k - 1].maxX : clusters[0].minX) + (k < n ? clusters[k].minX : clusters[n - 1].maxX)) / 2
        }
        // Downstream, the caret is beside the character at the head; upstream, beside the one
        // before (see ``caretRects(for:)``).
        let beside = selection.affinity == .upstream ? head - 1 : head
        let preferred = slots.filter { k in
            (k > 0 && rightIndex(clusters[k - 1]) == head && clusters[k - 1].characters.contains(beside))
                || (k < n && leftIndex(clusters[k]) == head && clusters[k].characters.contains(beside))
        }
        let slot = (preferred.isEmpty ? slots : preferred).min { abs(slotX($0) - caretX) < abs(slotX($1) - caretX) }!
        guard right ? slot < n : slot > 0 else { return nil }
        let crossed = right ? clusters[slot] : clusters[slot - 1]
        let index = step(in: crossed, from: right ? leftIndex(crossed) : rightIndex(crossed))
        // Past the whole cluster, the caret is at its far edge: the trailing one (upstream) when
        // the cluster ends there in the text, the leading one when it starts there.
        return (index, index == crossed.characters.upperBound ? .upstream : .downstream, nil)
    }

    /// The end of the next word (forward) or the start of the previous one, across paragraphs;
    /// the text's end or start when there is none.
    private func wordStep(from index: Int, forward: Bool, storage: TextStorage) -> Int {
        var index = index
        while forward ? index < storage.length : index > 0 {
            let paragraph = paragraphRange(holding: forward ? index : index - 1, storage: storage)
            let (units, scalars) = utf16(of: paragraph, storage: storage)
            let boundaries = units.withUnsafeBufferPointer {
                ICU.wordBoundaries($0, pool: measuring.breakIterators).map {
                    (offset: paragraph.lowerBound + scalars[$0.offset], endsWord: $0.endsWord)
                }
            }
            if forward, let end = boundaries.first(where: { $0.endsWord && $0.offset > index }) { return end.offset }
            if !forward, let word = boundaries.indices.dropFirst().last(where: {
                boundaries[$0].endsWord && boundaries[$0 - 1].offset < index
            }) {
                return boundaries[word - 1].offset
            }
            index = forward ? paragraph.upperBound : paragraph.lowerBound
        }
        return index
    }

    /// The end of the paragraph's text (before its terminator) or its start; from there, the next
    /// paragraph's end or the previous one's start.
    private func paragraphStep(from index: Int, forward: Bool, storage: TextStorage) -> Int {
        if forward {
            var at = index
            while at < storage.length {
                let paragraph = paragraphRange(holding: at, storage: storage)
                let end = storage.scalars.contentRange(ofParagraph: paragraph).upperBound
                if end > index { return end }
                at = paragraph.upperBound
            }
            return storage.length
        }
        guard index > 0 else { return 0 }
        let paragraph = paragraphRange(holding: index - 1, storage: storage)
        if paragraph.lowerBound < index { return paragraph.lowerBound }
        return paragraph.lowerBound > 0 ? paragraphRange(holding: paragraph.lowerBound - 1, storage: storage).lowerBound : 0
    }

    /// Whether `index` starts a line that a soft break began (not the first line of a paragraph,
    /// nor one after a line separator), so that it is also the end of the line before.
    func isSoftLineStart(_ index: Int, storage: TextStorage) -> Bool {
        guard index > 0, index < storage.length, !Self.isHardLineBreak(storage.scalars[index - 1]) else { return false }
        ensureLayout(forCharacterRange: index..<index + 1)
        guard let p = currentParagraph(containing: index) else { return false }
        let offset = paragraphs[p].range.lowerBound
        return paragraphs[p].lines.dropFirst().contains { $0.line.characterRange.lowerBound + offset == index }
    }

    /// The line of `selection`'s head (the line before at an upstream soft break), laid out; nil
    /// at the text's end after a hard break (the extra line fragment) or when not laid out.
    private func headLine(of selection: TextSelection, storage: TextStorage) -> LineAddress? {
        let length = storage.length
        guard length > 0 else { return nil }
        var index = selection.head
        if selection.affinity == .upstream, isSoftLineStart(index, storage: storage) { index -= 1 }
        if index == length {
            if Self.isHardLineBreak(storage.scalars[length - 1]) { return nil }
            index = length - 1
        }
        ensureLayout(forCharacterRange: index..<index + 1)
        guard let p = currentParagraph(containing: index) else { return nil }
        let offset = paragraphs[p].range.lowerBound
        guard let line = paragraphs[p].lines.lastIndex(where: { $0.line.characterRange.lowerBound + offset <= index })
        else { return nil }
        return LineAddress(paragraph: p, line: line)
    }

    /// The characters of a line, in text offsets.
    private func characters(of line: LineAddress) -> Range<Int> {
        let range = paragraphs[line.paragraph].lines[line.line].line.characterRange
        let offset = paragraphs[line.paragraph].range.lowerBound
        return range.lowerBound + offset..<range.upperBound + offset
    }

    /// The end of the head's line before any hard break ending it (upstream at a soft break), or
    /// its start.
    private func lineEdge(of selection: TextSelection, end: Bool,
                          storage: TextStorage) -> (index: Int, affinity: SelectionAffinity, x: Double?) {
        guard let line = headLine(of: selection, storage: storage) else { return (selection.head, .downstream, nil) }
        let range = characters(of: line)
        guard end else { return (range.lowerBound, .downstream, nil) }
        var index = range.upperBound
        if index > range.lowerBound, Self.isHardLineBreak(storage.scalars[index - 1]) {
            index -= 1
            if index > range.lowerBound, storage.scalars[index] == "\n", storage.scalars[index - 1] == "\r" { index -= 1 }
            return (index, .downstream, nil)
        }
        return (index, isSoftLineStart(index, storage: storage) ? .upstream : .downstream, nil)
    }

    /// The insertion point on the line above or below the head's at the remembered x.
    private func verticalMove(from selection: TextSelection, down: Bool,
                              storage: TextStorage) -> (index: Int, affinity: SelectionAffinity, x: Double?) {
        let length = storage.length
        let x = selection.anchorPositionOffset ?? caretRects(for: selection).first { $0.isPrimary }?.rect.minX ?? 0
        guard let line = headLine(of: selection, storage: storage) else {
            // On the extra line fragment: only up leads somewhere, the text's last line.
            guard !down, length > 0, let last = headLine(of: TextSelection(insertionPoint: length - 1), storage: storage)
            else { return (down ? length : selection.head, .downstream, x) }
            return landing(on: last, x: x, storage: storage)
        }
        let range = characters(of: line)
        if down { ensureLayout(forCharacterRange: min(range.upperBound, max(0, length - 1))..<min(length, range.upperBound + 1)) }
        let current = current
        guard let next = down ? self.line(after: line, in: current) : self.line(before: line, in: current) else {
            if down, laidOutExtraLineFragment() != nil { return (length, .downstream, x) }
            return (down ? length : 0, .downstream, x)
        }
        return landing(on: next, x: x, storage: storage)
    }

    /// The insertion point nearest to `x` on `line`, upstream at the end of a soft-broken line.
    private func landing(on line: LineAddress, x: Double, storage: TextStorage) -> (index: Int, affinity: SelectionAffinity, x: Double?) {
        let placed = placedLine(line)
        let range = characters(of: line)
        var index = characterIndex(for: Point(x: x, y: placed.line.rect.minY + placed.line.rect.height / 2), in: textContainers[placed.container])
        index = min(max(index, range.lowerBound), range.upperBound)
        if index == range.upperBound, index > range.lowerBound, Self.isHardLineBreak(storage.scalars[index - 1]) {
            index -= 1
        }
        let affinity: SelectionAffinity = index == range.upperBound && isSoftLineStart(index, storage: storage) ? .upstream : .downstream
        return (index, affinity, x)
    }
}
