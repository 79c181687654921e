import TextKitGeometry

extension ContainerLayout {
    /// The free spans of every line's band, in container coordinates, as the layout's own band
    /// solver (``TextContainer/freeSpans(in:minY:height:minimumWidth:)``) gives them for this
    /// container's exclusions (margins, wrap sides, minimum fragment widths) and shape: what the
    /// line was offered across the full text width. One array per line, in the order of ``lines``.
    ///
    /// No minimum width of the container's own is applied, so this includes spans too narrow to
    /// receive text; the line fragments are the spans that did (paragraph indents aside).
    ///
    /// - Complexity: one band query per line, as layout makes it.
    public func freeSpansOfLines() -> [[Span]] {
        let bottom = size.height.isFinite ? size.height - textRect.maxY : 0
        let container = TextContainer(size: size, insets: EdgeInsets(
            top: textRect.minY, left: textRect.minX, bottom: bottom, right: size.width - textRect.maxX))
        container.lineFragmentPadding = lineFragmentPadding
        container.exclusions = exclusions
        container.shape = shape
        return lines.map { line in
            container.freeSpans(in: Span(minX: line.rect.minX, maxX: line.rect.maxX), minY: line.rect.minY,
                                height: line.rect.height, minimumWidth: 0)
        }
    }
}
