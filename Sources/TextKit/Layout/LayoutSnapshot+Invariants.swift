extension LayoutSnapshot {
    /// Checks the layout's invariants and returns one sentence per violation (empty when sound):
    ///
    /// - every character is laid out exactly once, in order, or lies in ``overflowRange``;
    /// - fragments split their line's characters without gaps or overlaps, and every glyph comes
    ///   from a character of its fragment;
    /// - lines of a container do not overlap and lie inside its text area;
    /// - no visible glyph's box (advance × line height) leaves its fragment's rectangle minus the
    ///   padding, or meets an exclusion's filled area (trailing white space hangs and is exempt);
    /// - with `leftToRightOnly`, glyphs appear in character order along every fragment.
    ///
    /// - Parameter text: the laid-out text, to tell visible glyphs from white space.
    public func invariantViolations(text: [Unicode.Scalar], leftToRightOnly: Bool = false,
                                    tolerance: Double = 1e-6) -> [String] {
        var problems: [String] = []
        var next = 0
        for container in containers {
            let regions = container.exclusionPaths.map { FilledRegion(path: $0) }
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
                for (fragmentIndex, fragment) in line.fragments.enumerated() {
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

    // MARK: - Internals

    private func glyphProblems(_ fragment: LineFragment, line: LineLayout, container: ContainerLayout,
                               regions: [FilledRegion], text: [Unicode.Scalar], name: String,
                               leftToRightOnly: Bool, tolerance: Double) -> [String] {
        var problems: [String] = []
        let padding = container.lineFragmentPadding
        var lastCharacter = -1
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
            for (index, region) in regions.enumerated() where region.intersects(box, tolerance: tolerance) {
                problems.append("\(name): glyph for character \(glyph.characterIndex) meets exclusion \(index)")
            }
        }
        return problems
    }
}
