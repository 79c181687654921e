/// How the last allowed line of the last container shows text that does not fit
/// (Text Kit's `NSLineBreakMode`).
public enum LineBreakMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lines break between words; what does not fit is overflow.
    case wordWrap
    /// The line ends with "…" where the rest of its paragraph is hidden.
    case truncatingTail
    /// The line starts with "…" and shows the end of its paragraph.
    case truncatingHead
    /// The line shows the start and the end of its paragraph with "…" between them.
    case truncatingMiddle
}

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
        lineGeometry = LineGeometry(size: size, insets: insets)
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

    /// Areas text must not enter, with margins, wrap sides and minimum fragment widths (see
    /// ``Exclusion``), in container coordinates.
    public var exclusions: [Exclusion] = [] {
        didSet {
            guard exclusions != oldValue else { return }
            exclusionRegions = adoptedExclusionRegions ?? exclusions.map { ExclusionRegion($0) }
            adoptedExclusionRegions = nil
            changed()
        }
    }

    /// The plain case of ``exclusions`` (Text Kit's `exclusionPaths`): areas filled with each
    /// path's own fill rule (open subpaths are closed), text on both sides. Reading lists every
    /// exclusion's path; setting replaces all exclusions with plain ones.
    public var exclusionPaths: [BezierPath] {
        get { exclusions.map(\.path) }
        set { exclusions = newValue.map { Exclusion(path: $0) } }
    }

    /// A shape text flows inside of, instead of the whole text rectangle (container
    /// coordinates); nil for a plain rectangular container. Text only goes where every y of its
    /// line's band is inside the shape (by the shape's fill rule) and inside ``textRect``;
    /// exclusions still apply.
    public var shape: BezierPath? {
        didSet {
            guard shape != oldValue else { return }
            shapeRegion = adoptedShapeRegion ?? shape.map(ShapeRegion.init)
            adoptedShapeRegion = nil
            changed()
        }
    }

    /// The most lines this container takes (0: no limit); later text goes to the next container.
    public var maximumNumberOfLines = 0 { didSet { if maximumNumberOfLines != oldValue { changed() } } }

    /// What happens to text that does not fit the last line of the last container when
    /// ``maximumNumberOfLines`` cuts it short: wrap (it overflows) or truncate with an ellipsis.
    public var lineBreakMode: LineBreakMode = .wordWrap { didSet { if lineBreakMode != oldValue { changed() } } }

    /// The layout manager this container belongs to.
    public internal(set) weak var layoutManager: LayoutManager?

    /// The area inside the insets.
    public var textRect: Rect { lineGeometry.textRect }

    /// What placing a line reads of the container, kept in one value (set whenever the container
    /// changes): read once a line, instead of once a property (each read of a class's property
    /// is checked for exclusive access).
    package struct LineGeometry {
        /// ``TextContainer/textRect``.
        package var textRect: Rect
        /// ``TextContainer/lineFragmentPadding``.
        package var lineFragmentPadding = 5.0
        /// ``TextContainer/minimumFragmentWidth``.
        package var minimumFragmentWidth: Double?
        /// ``TextContainer/maximumNumberOfLines``.
        package var maximumNumberOfLines = 0
        /// ``TextContainer/lineBreakMode``.
        package var lineBreakMode = LineBreakMode.wordWrap
        /// Whether the container has exclusions or a shape.
        package var hasRegions = false

        init(size: Size, insets: EdgeInsets) {
            let height = size.height.isFinite ? max(0, size.height - insets.top - insets.bottom) : .infinity
            textRect = Rect(x: insets.left, y: insets.top, width: max(0, size.width - insets.left - insets.right),
                            height: height)
        }

        /// Whether the band `minY ..< minY + height` fits inside the text area vertically.
        package func contains(bandAt minY: Double, height: Double) -> Bool {
            minY >= textRect.minY - 1e-9 && minY + height <= textRect.maxY + 1e-9
        }
    }

    /// The container's ``LineGeometry`` (read for every line; never lent `inout`, so not
    /// checked for exclusive access at run time: see ``LayoutManager``).
    @exclusivity(unchecked) package private(set) var lineGeometry: LineGeometry

    /// The free horizontal spans of the band `minY ..< minY + height` within `proposed`, in
    /// increasing x (Text Kit's `lineFragmentRect(forProposedRect:…remaining:)`, all at once).
    ///
    /// A span is what is left of `proposed` (cut to the inside of ``shape`` over the whole band,
    /// if there is one) after removing, for every exclusion, the exact horizontal extent of its
    /// margin-grown area over the whole band, widened by its wrap side (see
    /// ``ExclusionRegion/blockedSpans(in:minY:maxY:)``; a `clear` exclusion meeting the band
    /// leaves no span at all, so the line breaker moves down). Spans whose width minus twice
    /// the padding is below the minimum are dropped: `minimumWidth`, or beside an exclusion
    /// with its own ``Exclusion/minimumFragmentWidth``, the largest minimum of the exclusions
    /// that bound the span. The band must lie inside ``textRect`` vertically, or the result is
    /// empty.
    ///
    /// - Complexity: per exclusion meeting the band, that of
    ///   ``FilledRegion/coveredSpans(minY:maxY:margin:)``.
    public func freeSpans(in proposed: Span, minY: Double, height: Double, minimumWidth: Double) -> [Span] {
        let geometry = lineGeometry
        guard geometry.hasRegions else {
            // The whole proposed span (what `computeFreeSpans` gives without regions), one read.
            guard proposed.width > 0, geometry.contains(bandAt: minY, height: height),
                  proposed.width >= minimumWidth + 2 * geometry.lineFragmentPadding else { return [] }
            // Line after line the same span: one array, shared (a new one a line cost an
            // allocation and a release). Bit for bit the same: -0 is not 0 here.
            if let last = lastWholeSpan.first, last.minX.bitPattern == proposed.minX.bitPattern,
               last.maxX.bitPattern == proposed.maxX.bitPattern {
                return lastWholeSpan
            }
            lastWholeSpan = [proposed]
            return lastWholeSpan
        }
        // Only bands that meet exclusions or a shape cost enough to remember.
        let key = BandAnswers.Key(proposed, minY: minY, height: height, minimumWidth: minimumWidth,
                                  textRect: geometry.textRect, padding: geometry.lineFragmentPadding)
        return bandAnswers.spans(for: key) {
            computeFreeSpans(in: proposed, minY: minY, height: height, minimumWidth: minimumWidth)
        }
    }

    /// The last whole span ``freeSpans(in:minY:height:minimumWidth:)`` gave without regions
    /// (read for every line: not checked for exclusive access, see ``LayoutManager``).
    @exclusivity(unchecked) private var lastWholeSpan: [Span] = []

    /// ``freeSpans(in:minY:height:minimumWidth:)`` asked of the regions (never from the shared
    /// answers; tests compare the two).
    package func computeFreeSpans(in proposed: Span, minY: Double, height: Double, minimumWidth: Double) -> [Span] {
        let text = textRect
        guard proposed.width > 0, minY >= text.minY - 1e-9, minY + height <= text.maxY + 1e-9 else { return [] }
        let maxY = minY + height
        var available = proposed
        // The blocked spans, and when an exclusion with its own minimum width blocks part of the
        // band, the minimum that goes with each (nil: the container's).
        var spans: [Span] = [], minimums: [Double?]?
        if let shapeRegion {
            guard let inside = shapeRegion.available(in: proposed, minY: minY, maxY: maxY) else { return [] }
            available = inside
            spans = shapeRegion.outside.coveredSpans(minY: minY, maxY: maxY)
        }
        // By index, with the bounds apart. (The call still runs on a copy of the region, each of
        // its arrays retained and released: read through a buffer or a class constant too.)
        var covered: [Span] = []
        let regions = exclusionRegions
        for (index, bounds) in exclusionBounds.enumerated() where bounds.maxY > minY && bounds.minY < maxY {
            let before = spans.count
            regions[index].appendBlockedSpans(in: available, minY: minY, maxY: maxY, to: &spans, covered: &covered)
            let minimum = exclusionMinimums[index]
            if minimum != nil, minimums == nil { minimums = Array(repeating: nil, count: before) }
            minimums?.append(contentsOf: repeatElement(minimum, count: spans.count - before))
        }
        guard !spans.isEmpty else {
            return available.width >= minimumWidth + 2 * lineFragmentPadding ? [available] : []
        }
        if minimums == nil, !minimumWidth.isNaN {
            // Every side needs the container's minimum: the parts of `available` at least that
            // wide (a NaN minimum takes the general way, which compares as it always did).
            spans.sort { $0.minX < $1.minX }
            return available.subtracting(sorted: spans, minimumWidth: minimumWidth + 2 * lineFragmentPadding)
        }
        let blocked = zip(spans, minimums ?? Array(repeating: nil, count: spans.count)).map { (span: $0, minimum: $1) }
        // A side bounded by exclusions needs the largest of their minimums (theirs, or the
        // container's when they set none); a side bounded by the container needs its own.
        func requirement(atX x: Double, leftOfIt: Bool) -> Double {
            var needed: Double?
            for (span, minimum) in blocked where (leftOfIt ? span.maxX : span.minX) == x {
                needed = max(needed ?? -.infinity, minimum ?? minimumWidth)
            }
            return needed ?? minimumWidth
        }
        return available.subtracting(spans).filter { free in
            let needed = max(requirement(atX: free.minX, leftOfIt: true), requirement(atX: free.maxX, leftOfIt: false))
            return free.width >= needed + 2 * lineFragmentPadding
        }
    }

    /// Whether the band `minY ..< minY + height` fits inside the text area vertically.
    public func contains(bandAt minY: Double, height: Double) -> Bool {
        lineGeometry.contains(bandAt: minY, height: height)
    }

    // MARK: - Internals

    /// The exclusions prepared for band queries (rebuilt when they change).
    package private(set) var exclusionRegions: [ExclusionRegion] = [] {
        didSet {
            exclusionBounds = exclusionRegions.map(\.bounds)
            exclusionMinimums = exclusionRegions.map(\.exclusion.minimumFragmentWidth)
        }
    }

    /// The bounds of each of ``exclusionRegions`` (margins included), set with them.
    private(set) var exclusionBounds: [Rect] = []

    /// The ``Exclusion/minimumFragmentWidth`` of each of ``exclusionRegions``, set with them.
    private(set) var exclusionMinimums: [Double?] = []

    /// The shape prepared for band queries.
    private(set) var shapeRegion: ShapeRegion?

    /// What the line breaker must get past before giving up on the container: the excluded
    /// areas (margins included) and the shape.
    var regions: [ExclusionBounds] {
        exclusionBounds.map { ExclusionBounds(bounds: $0) }
            + (shapeRegion.map { [ExclusionBounds(bounds: $0.bounds)] } ?? [])
    }

    /// Band answers for this geometry, shared with the containers that adopted it (see
    /// ``BandAnswers``); replaced, never cleared, when this container's geometry changes.
    private var bandAnswers = BandAnswers()

    private func changed() {
        var geometry = LineGeometry(size: size, insets: insets)
        geometry.lineFragmentPadding = lineFragmentPadding
        geometry.minimumFragmentWidth = minimumFragmentWidth
        geometry.maximumNumberOfLines = maximumNumberOfLines
        geometry.lineBreakMode = lineBreakMode
        geometry.hasRegions = !exclusionRegions.isEmpty || shapeRegion != nil
        lineGeometry = geometry
        bandAnswers = BandAnswers()
        layoutManager?.textContainerChanged(self)
    }

    /// Regions prepared by another container with the same geometry, taken instead of being
    /// computed again (see ``adoptGeometry(of:)``).
    private var adoptedExclusionRegions: [ExclusionRegion]?
    private var adoptedShapeRegion: ShapeRegion?

    /// Sets ``exclusions`` to those of `regions`, taking the regions as prepared instead of
    /// flattening and indexing the exclusions again (containers given the same exclusions in
    /// another order).
    package func setExclusions(prepared regions: [ExclusionRegion]) {
        adoptedExclusionRegions = regions
        exclusions = regions.map(\.exclusion)
        adoptedExclusionRegions = nil
    }

    /// Takes `other`'s exclusions and shape together with their prepared regions, so identical
    /// columns on many pages flatten and index their exclusions once.
    package func adoptGeometry(of other: TextContainer) {
        setExclusions(prepared: other.exclusionRegions)
        adoptedShapeRegion = other.shapeRegion
        shape = other.shape
        adoptedShapeRegion = nil
        // The same regions answer the same bands (the key holds the rest of the geometry).
        bandAnswers = other.bandAnswers
    }
}
