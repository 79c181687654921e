/// Moving a paragraph's lines down or up instead of laying them out again.
///
/// A paragraph is laid out in its own frame (``LayoutCursor/placed(at:)``): in the container it
/// starts in, its lines' y and line counts are measured from its start cursor. Where every band
/// its placement looked at answers alike when moved by some distance (no exclusion or shape
/// there, inside the text area, on the same side of the lowest exclusion, the same line count
/// when the container has a line limit), laying it out from the moved start gives the same lines
/// in its frame, bit for bit. Then moving it is a change of its start cursor: typing Return, or
/// joining two paragraphs, costs the paragraphs edited plus O(1) for each paragraph below.
extension LayoutManager.ParagraphState {
    /// How far a line's geometry is moved to place it in container coordinates: the start
    /// cursor's y in the container the paragraph starts in, 0 in later ones.
    func yOffset(of placed: LayoutManager.PlacedLine) -> Double {
        guard let startCursor, placed.container == startCursor.container else { return 0 }
        return startCursor.y
    }

    /// Line `index` in text offsets and container coordinates (as snapshots hold it).
    package func laidOutLine(_ index: Int) -> LineLayout {
        // In place: a copy of the placed line costs a retain and a release of each of its arrays.
        lines[index].line.offsetting(characters: range.lowerBound, y: yOffset(of: lines[index]))
    }

    /// The y range (in the paragraph's frame) of every band its placement looked at, when all of
    /// them are in the container it starts in and it did not overflow; nil otherwise (it is then
    /// never moved, only laid out again).
    func frameExtent() -> ClosedRange<Double>? {
        guard let startCursor, overflow == nil else { return nil }
        let container = startCursor.container
        guard relativeEnd.container == container, solverReach.map({ $0.container == container }) ?? true else {
            return nil
        }
        var top = Swift.min(0, relativeEnd.y), bottom = Swift.max(0, relativeEnd.y)
        if let solverReach { bottom = Swift.max(bottom, solverReach.y) }
        for line in lines {
            guard line.container == container, line.searchStart.container == container, line.reach.container == container
            else { return nil }
            top = Swift.min(top, line.searchStart.y, line.line.rect.minY)
            bottom = Swift.max(bottom, line.reach.y, line.line.rect.maxY)
        }
        guard top.isFinite, bottom.isFinite else { return nil }
        return top...bottom
    }
}

extension LayoutManager {
    /// What decides whether a container's bands answer alike at two heights (see
    /// ``ParagraphState/frameExtent()``).
    struct ShiftGeometry {
        var textRect: Rect
        var exclusionBounds: [Rect]
        var lowestExclusionBottom: Double
        var hasShape: Bool
        var maximumNumberOfLines: Int

        init(_ container: TextContainer) {
            textRect = container.textRect
            exclusionBounds = container.exclusionBounds
            lowestExclusionBottom = container.regions.reduce(container.textRect.minY) { Swift.max($0, $1.bounds.maxY) }
            hasShape = container.shape != nil
            maximumNumberOfLines = container.maximumNumberOfLines
        }

        /// Whether every band inside `extent` of a paragraph's frame starting at `origin` gets
        /// the answer it would get in the plain text area, and compares with the lowest exclusion
        /// as the bands at `other` do (conservatively: near-equal heights count as different).
        func isPlain(_ extent: ClosedRange<Double>, at origin: Double, sameSideAs other: Double) -> Bool {
            let margin = 1e-6
            let top = origin + extent.lowerBound, bottom = origin + extent.upperBound
            guard top >= textRect.minY - 1e-9, bottom + margin <= textRect.maxY else { return false }
            for bounds in exclusionBounds where !(bounds.maxY <= top || bounds.minY >= bottom + margin) { return false }
            let otherTop = other + extent.lowerBound, otherBottom = other + extent.upperBound
            if top >= lowestExclusionBottom { return otherTop >= lowestExclusionBottom }
            return bottom + margin < lowestExclusionBottom && otherBottom + margin < lowestExclusionBottom
        }
    }

    /// Whether a clean paragraph laid out from `old` gives the same lines in its frame when laid
    /// out from `new` (so moving its start cursor places it exactly as laying it out would).
    static func canMove(_ state: ParagraphState, from old: LayoutCursor, to new: LayoutCursor,
                        geometry: ShiftGeometry) -> Bool {
        guard old.container == new.container, (old.lines == 0) == (new.lines == 0), !geometry.hasShape,
              geometry.maximumNumberOfLines == 0 || old.lines == new.lines,
              let extent = state.extent else { return false }
        return geometry.isPlain(extent, at: old.y, sameSideAs: new.y)
            && geometry.isPlain(extent, at: new.y, sameSideAs: old.y)
    }

    /// Moves the clean paragraphs from `index` on, the first to start at `cursor` and each next
    /// where the one before now ends, as long as their lines stay the same there (see
    /// ``canMove(_:from:to:geometry:)``), at most `limit` of them; returns how many were moved.
    /// Paragraphs already starting where they should are passed over without counting. One pass
    /// over the states in place: after Return near the start of a long document this is the work
    /// left for every paragraph below.
    func moveParagraphs(from index: Int, to cursor: LayoutCursor, limit: Int) -> Int {
        // Before any set-up: on a first pass the next paragraph is never laid out yet.
        guard tuning.movesParagraphs, index < paragraphs.count, paragraphs[index].isMovable else { return 0 }
        let containers = textContainers
        var geometry: (container: Int, shape: ShiftGeometry)?
        var moved = 0
        var cursor = cursor
        let tracksDisplay = delegate != nil
        var damage: [(LayoutCursor, ClosedRange<Double>)] = []
        defer {
            for (start, extent) in damage {
                noteDisplayChange(inContainer: start.container, from: start.y + extent.lowerBound, to: start.y + extent.upperBound)
            }
        }
        paragraphs.withUnsafeMutableBufferPointer { states in
            var i = index
            while i < states.count, moved < limit, cursor.container < containers.count, states[i].isMovable,
                  let old = states[i].startCursor {
                if old != cursor {
                    if geometry?.container != cursor.container {
                        geometry = (cursor.container, ShiftGeometry(containers[cursor.container]))
                    }
                    guard Self.canMove(states[i], from: old, to: cursor, geometry: geometry!.shape) else { break }
                    if tracksDisplay {
                        damage.append((old, states[i].extent!))
                        damage.append((cursor, states[i].extent!))
                    }
                    states[i].startCursor = cursor
                    moved += 1
                }
                cursor = states[i].endCursor
                i += 1
            }
        }
        paragraphsMoved += moved
        return moved
    }
}
