/// The region text flows into (Text Kit's `NSTextContainer`): a size, insets, line-fragment
/// padding and exclusion paths that text flows around on both sides.
///
/// Coordinates are the container's own: origin at its top-left corner, y down, in points.
/// Insets are inside the container; exclusion paths are in container coordinates.
public final class TextContainer {
    /// Creates a container. A height of `.infinity` means the container never fills up.
    public init(size: Size, insets: EdgeInsets = .zero) {
        self.size = size
        self.insets = insets
    }

    /// The container's size; `height` may be `.infinity`.
    public var size: Size { didSet { if size != oldValue { changed() } } }

    /// Space between the container's edges and its text.
    public var insets: EdgeInsets { didSet { if insets != oldValue { changed() } } }

    /// Space left empty at both ends of every line fragment (Text Kit's default is 5 pt).
    public var lineFragmentPadding: Double = 5 { didSet { if lineFragmentPadding != oldValue { changed() } } }

    /// Free spans narrower than this (after padding) get no text. Nil means one em of the
    /// paragraph's font, so text never lands in slivers beside an exclusion.
    public var minimumFragmentWidth: Double? { didSet { if minimumFragmentWidth != oldValue { changed() } } }

    /// Areas text must not enter, filled with each path's own fill rule (open subpaths are closed).
    public var exclusionPaths: [BezierPath] = [] {
        didSet {
            guard exclusionPaths != oldValue else { return }
            regions = exclusionPaths.map { FilledRegion(path: $0) }
            changed()
        }
    }

    /// The layout manager this container belongs to.
    public internal(set) weak var layoutManager: LayoutManager?

    /// The area inside the insets.
    public var textRect: Rect {
        let height = size.height.isFinite ? max(0, size.height - insets.top - insets.bottom) : .infinity
        return Rect(x: insets.left, y: insets.top, width: max(0, size.width - insets.left - insets.right),
                    height: height)
    }

    /// The free horizontal spans of the band `minY ..< minY + height` within `proposed`, in
    /// increasing x (Text Kit's `lineFragmentRect(forProposedRect:…remaining:)`, all at once).
    ///
    /// A span is what is left of `proposed` after removing the exact horizontal extent of every
    /// exclusion's filled area over the whole band. Spans whose width minus twice the padding is
    /// below `minimumWidth` are dropped. The band must lie inside ``textRect`` vertically, or
    /// the result is empty.
    public func freeSpans(in proposed: Span, minY: Double, height: Double, minimumWidth: Double) -> [Span] {
        let text = textRect
        guard proposed.width > 0, minY >= text.minY - 1e-9, minY + height <= text.maxY + 1e-9 else { return [] }
        var covered: [Span] = []
        for region in regions where !region.isEmpty {
            let bounds = region.bounds
            guard bounds.maxY > minY, bounds.minY < minY + height,
                  bounds.maxX > proposed.minX, bounds.minX < proposed.maxX else { continue }
            covered.append(contentsOf: region.coveredSpans(minY: minY, maxY: minY + height))
        }
        covered.sort { $0.minX < $1.minX }
        return proposed.subtracting(covered, minimumWidth: minimumWidth + 2 * lineFragmentPadding)
    }

    /// Whether the band `minY ..< minY + height` fits inside the text area vertically.
    public func contains(bandAt minY: Double, height: Double) -> Bool {
        let text = textRect
        return minY >= text.minY - 1e-9 && minY + height <= text.maxY + 1e-9
    }

    // MARK: - Internals

    /// The exclusion paths prepared for band queries (rebuilt when the paths change).
    private(set) var regions: [FilledRegion] = []

    private func changed() { layoutManager?.textContainerChanged(self) }
}
