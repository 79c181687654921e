import TextKit

extension ContainerLayout {
    /// The free spans of every line's band, in container coordinates: what is left of the band
    /// (the line's rectangle, the full text width) after removing the exact horizontal extent of
    /// every exclusion's filled area over the band, as the layout manager computed them.
    ///
    /// No minimum width is applied, so this includes spans too narrow to receive text; the line
    /// fragments are the spans that did. One array per line, in the order of ``lines``.
    ///
    /// - Complexity: O(e) to prepare e exclusion paths, then one band query per line and path.
    public func freeSpansOfLines() -> [[Span]] {
        let regions = exclusionPaths.filter { !$0.isEmpty }.map { FilledRegion(path: $0) }
        return lines.map { line in
            let band = line.rect
            var covered: [Span] = []
            for region in regions where !region.isEmpty {
                let bounds = region.bounds
                guard bounds.maxY > band.minY, bounds.minY < band.maxY,
                      bounds.maxX > band.minX, bounds.minX < band.maxX else { continue }
                covered.append(contentsOf: region.coveredSpans(minY: band.minY, maxY: band.maxY))
            }
            return Span(minX: band.minX, maxX: band.maxX).subtracting(covered)
        }
    }
}
