/// What a view learns from its layout manager so that it redraws only what changed (Text Kit's
/// `NSLayoutManagerDelegate` display calls and `invalidateDisplay(forCharacterRange:)`). Every
/// method has an empty default.
public protocol LayoutManagerDelegate: AnyObject {
    /// After a layout pass that changed lines: for each container concerned, one rectangle as
    /// wide as its text area, from the top of the highest line that was laid out, moved or
    /// removed to the bottom of the lowest (the old and the new places of moved lines both
    /// count). Lines outside it are drawn exactly as before.
    func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayIn rects: [ContainerRect])

    /// Characters whose drawing changed without any change of layout: paint-only attributes
    /// (colours, underlines, links), temporary attributes, and
    /// ``LayoutManager/invalidateDisplay(forCharacterRange:)``.
    func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayForCharacterRange range: Range<Int>)

    /// After each layout pass (Text Kit's `layoutManager(_:didCompleteLayoutFor:atEnd:)`): the
    /// last container the pass placed text in (nil when none), and whether layout reached the
    /// end of the text.
    func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutFor container: TextContainer?, atEnd: Bool)
}

extension LayoutManagerDelegate {
    /// Does nothing.
    public func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayIn rects: [ContainerRect]) {}
    /// Does nothing.
    public func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayForCharacterRange range: Range<Int>) {}
    /// Does nothing.
    public func layoutManager(_ layoutManager: LayoutManager, didCompleteLayoutFor container: TextContainer?,
                              atEnd: Bool) {}
}

extension LayoutManager {
    /// Tells the delegate that the characters of `range` must be drawn again (Text Kit's
    /// `invalidateDisplay(forCharacterRange:)`); lays nothing out.
    public func invalidateDisplay(forCharacterRange range: Range<Int>) {
        delegate?.layoutManager(self, didInvalidateDisplayForCharacterRange: range)
    }

    // MARK: - Internals

    /// Adds the y range `low...high` of container `container` to what the next report says
    /// changed (nothing is kept without a delegate).
    func noteDisplayChange(inContainer container: Int, from low: Double, to high: Double) {
        guard delegate != nil, low <= high, low.isFinite || high.isFinite else { return }
        let known = displayDamage[container]
        displayDamage[container] = Swift.min(low, known?.lowerBound ?? low)...Swift.max(high, known?.upperBound ?? high)
    }

    /// Adds the bands of paragraph `state`'s lines (from `first` on) to the damage.
    func noteDisplayChange(ofLinesOf state: ParagraphState, from first: Int = 0) {
        guard delegate != nil, first < state.lines.count else { return }
        for placed in state.lines[first...] {
            let rect = placed.line.rect.movedDown(by: state.yOffset(of: placed))
            noteDisplayChange(inContainer: placed.container, from: rect.minY, to: rect.maxY)
        }
    }

    /// Reports the damage gathered by a pass and the pass's end to the delegate.
    func reportLayoutPass(storage: TextStorage) {
        guard let delegate else { return }
        let damage = displayDamage
        displayDamage = [:]
        if !damage.isEmpty {
            let rects = damage.keys.sorted().compactMap { index -> ContainerRect? in
                guard index < textContainers.count else { return nil }
                let text = textContainers[index].textRect
                let band = damage[index]!
                let top = Swift.max(band.lowerBound, text.minY), bottom = Swift.min(band.upperBound, text.maxY)
                guard bottom >= top else { return nil }
                return ContainerRect(containerIndex: index, rect: Rect(x: text.minX, y: top, width: text.width, height: bottom - top))
            }
            if !rects.isEmpty { delegate.layoutManager(self, didInvalidateDisplayIn: rects) }
        }
        let last = paragraphs[..<currentParagraphCount].last { !$0.lines.isEmpty }?.lines.last?.container
        delegate.layoutManager(self, didCompleteLayoutFor: last.map { textContainers[$0] },
                               atEnd: laidOutThrough >= storage.length)
    }
}
