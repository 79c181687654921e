extension LayoutSnapshot {
    /// Checks the layout's invariants and returns one sentence per violation (empty when sound):
    ///
    /// - every character is laid out exactly once, in order, or lies in ``overflowRange``;
    /// - fragments split their line's characters without gaps or overlaps, and every glyph comes
    ///   from a character of its fragment;
    /// - lines of a container do not overlap and lie inside its text area;
    /// - no visible glyph's box (advance × line height) leaves its fragment's rectangle minus the
    ///   padding, or meets an exclusion's filled area (trailing white space hangs and is exempt);
    /// - every attachment glyph has its placement, whose box (the object itself, which may be
    ///   taller than a glyph box when the line height multiple is below 1) meets no exclusion's
    ///   area and stays inside the container's shape;
    /// - with `leftToRightOnly`, glyphs appear in character order along every fragment.
    ///
    /// - Parameter text: the laid-out text, to tell visible glyphs from white space.
    ///
    /// Exclusions are checked with their full model: no visible glyph box meets an exclusion's
    /// area grown by its margin; none lies right of the leftmost covered x of a `left` exclusion
    /// over its line's band, left of the rightmost covered x of a `right` one, or between those
    /// of a `largest` one; none lies on a line whose band meets a `clear` exclusion's area; and
    /// none leaves the container's shape anywhere over its line's band.
    public func invariantViolations(text: [Unicode.Scalar], leftToRightOnly: Bool = false,
                                    tolerance: Double = 1e-6) -> [String] {
        let geometry = containers.map { container in
            ContainerGeometry(exclusions: container.exclusions.map { ExclusionRegion($0) },
                              shape: container.shape.map { shape in
                                  let box = shape.bounds
                                  return FilledRegion(complementOf: shape, within: Rect(
                                      x: box.minX - 1, y: box.minY - 1, width: box.width + 2, height: box.height + 2))
                              })
        }
        return violations(text: text, geometry: geometry, leftToRightOnly: leftToRightOnly, tolerance: tolerance)
    }

    /// The same checks with the exclusions and shapes of `textContainers` (the layout manager's
    /// chain, in order) instead of the snapshot's own copies, read from the regions the
    /// containers prepared (what preparing them again gives, without the work).
    public func invariantViolations(text: [Unicode.Scalar], textContainers: [TextContainer],
                                    leftToRightOnly: Bool = false, tolerance: Double = 1e-6) -> [String] {
        guard textContainers.count == containers.count else {
            return ["\(textContainers.count) text containers given for \(containers.count) laid-out containers"]
        }
        var copy = self
        for (index, container) in textContainers.enumerated() {
            copy.containers[index].exclusions = container.exclusions
            copy.containers[index].shape = container.shape
        }
        let geometry = textContainers.map { container in
            ContainerGeometry(exclusions: container.exclusionRegions, shape: container.shapeRegion?.outside)
        }
        return copy.violations(text: text, geometry: geometry, leftToRightOnly: leftToRightOnly, tolerance: tolerance)
    }

    // MARK: - Internals

    /// A container's exclusions and the outside of its shape, prepared for the checks.
    private struct ContainerGeometry {
        var exclusions: [ExclusionRegion]
        var shape: FilledRegion?
    }

    private func violations(text: [Unicode.Scalar], geometry: [ContainerGeometry], leftToRightOnly: Bool,
                            tolerance: Double) -> [String] {
        var problems: [String] = []
        var next = 0
        for (container, regions) in zip(containers, geometry) {
            var previousBottom = -Double.infinity
            for (lineIndex, line) in container.lines.enumerated() {
                let name = "container \(container.index) line \(lineIndex)"
                if line.characterRange.lowerBound != next {
                    problems.append("\(name) starts at character \(line.characterRange.lowerBound), expected \(next)")
                }
                next = line.characterRange.upperBound
                if line.rect.minY < previousBottom - tolerance { problems.append("\(name) overlaps the line above") }
                previousBottom = line.rect.maxY
                if line.rect.minY < container.textRect.minY - tolerance || line.rect.maxY > container.textRect.maxY + tolerance {
                    problems.append("\(name) leaves the container's text area")
                }
                var fragmentNext = line.characterRange.lowerBound
                // Fragments are listed left to right; in logical order (right to left lines reverse it).
                let logical = line.fragments.enumerated().sorted {
                    $0.element.characterRange.lowerBound < $1.element.characterRange.lowerBound
                }
                for (fragmentIndex, fragment) in logical {
                    if fragment.characterRange.lowerBound < fragmentNext
                        || fragment.characterRange.upperBound > line.characterRange.upperBound {
                        problems.append("\(name) fragment \(fragmentIndex) has characters outside its line or overlapping")
                    }
                    fragmentNext = max(fragmentNext, fragment.characterRange.upperBound)
                    problems += glyphProblems(fragment, line: line, container: container, regions: regions,
                                              text: text, name: "\(name) fragment \(fragmentIndex)",
                                              leftToRightOnly: leftToRightOnly, tolerance: tolerance)
                }
            }
        }
        let end = overflowRange?.lowerBound ?? textLength
        if next != end { problems.append("lines end at character \(next), but text or overflow starts at \(end)") }
        if let overflow = overflowRange, overflow.upperBound != textLength {
            problems.append("overflow ends at \(overflow.upperBound), not at the text's end \(textLength)")
        }
        return problems
    }

    private func glyphProblems(_ fragment: LineFragment, line: LineLayout, container: ContainerLayout,
                               regions: ContainerGeometry, text: [Unicode.Scalar], name: String,
                               leftToRightOnly: Bool, tolerance: Double) -> [String] {
        var problems: [String] = []
        let padding = container.lineFragmentPadding
        var lastCharacter = -1
        // Every glyph box spans the line's band: each exclusion's covered spans over it (the
        // band shrunk by the tolerance, as ExclusionRegion.intersects shrinks a box), once.
        let band = (minY: line.rect.minY + tolerance, maxY: line.rect.maxY - tolerance)
        lazy var covered = regions.exclusions.map { region in
            (spans: band.minY <= band.maxY ? region.coveredSpans(minY: band.minY, maxY: band.maxY) : [],
             wrapSide: region.exclusion.wrapSide)
        }
        for glyph in fragment.glyphs {
            guard fragment.characterRange.contains(glyph.characterIndex) else {
                problems.append("\(name): glyph from character \(glyph.characterIndex) outside \(fragment.characterRange)")
                continue
            }
            if leftToRightOnly, glyph.characterIndex < lastCharacter {
                problems.append("\(name): glyph for character \(glyph.characterIndex) after \(lastCharacter) (order)")
            }
            lastCharacter = glyph.characterIndex
            let scalar = text[glyph.characterIndex]
            if scalar.properties.isWhitespace || glyph.advance == 0 { continue }
            let box = Rect(x: glyph.position.x, y: line.rect.minY, width: glyph.advance, height: line.rect.height)
            if box.minX < fragment.rect.minX + padding - tolerance || box.maxX > fragment.rect.maxX - padding + tolerance {
                problems.append("\(name): glyph for character \(glyph.characterIndex) at x \(box.minX)…\(box.maxX) leaves \(fragment.rect.minX + padding)…\(fragment.rect.maxX - padding)")
            }
            for (index, exclusion) in covered.enumerated() {
                if let side = sideProblem(box, covered: exclusion.spans, wrapSide: exclusion.wrapSide,
                                          bandHasHeight: band.minY < band.maxY, tolerance: tolerance) {
                    problems.append("\(name): glyph for character \(glyph.characterIndex) \(side) exclusion \(index)")
                }
            }
            if let outside = regions.shape, outside.intersects(box, tolerance: tolerance) {
                problems.append("\(name): glyph for character \(glyph.characterIndex) leaves the container's shape")
            }
        }
        let attachmentGlyphs = fragment.glyphs.reduce(0) { $0 + ($1.isAttachment ? 1 : 0) }
        if attachmentGlyphs != fragment.attachments.count {
            problems.append("\(name): \(attachmentGlyphs) attachment glyphs but \(fragment.attachments.count) placements")
        }
        for placement in fragment.attachments where placement.rect.width > 0 && placement.rect.height > 0 {
            for (index, region) in regions.exclusions.enumerated() where region.intersects(placement.rect, tolerance: tolerance) {
                problems.append("\(name): attachment at character \(placement.characterIndex) meets exclusion \(index)")
            }
            if let outside = regions.shape, outside.intersects(placement.rect, tolerance: tolerance) {
                problems.append("\(name): attachment at character \(placement.characterIndex) leaves the container's shape")
            }
        }
        return problems
    }

    /// Why a visible glyph box breaks an exclusion's area or wrap side, or nil, from the spans
    /// the exclusion covers over the box's band shrunk by `tolerance` (the box must meet none
    /// of them, as ``ExclusionRegion/intersects(_:tolerance:)`` tells, which needs a band with
    /// height).
    private func sideProblem(_ box: Rect, covered: [Span], wrapSide: WrapSide, bandHasHeight: Bool,
                             tolerance: Double) -> String? {
        guard let first = covered.first, let last = covered.last else { return nil }
        if bandHasHeight, ExclusionRegion.meets(covered, box, tolerance: tolerance) { return "meets" }
        let leftOf = box.maxX <= first.minX + tolerance, rightOf = box.minX >= last.maxX - tolerance
        switch wrapSide {
        case .both: return nil
        case .clear: return "is beside clear"
        case .left: return leftOf ? nil : "is not left of left-wrapped"
        case .right: return rightOf ? nil : "is not right of right-wrapped"
        case .largest: return leftOf || rightOf ? nil : "is inside the hull of largest-wrapped"
        }
    }
}
