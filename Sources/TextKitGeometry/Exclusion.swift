/// Which sides of an exclusion text may use on a line (InDesign's text wrap, CSS `wrap-flow`).
public enum WrapSide: String, Hashable, Sendable, Codable, CaseIterable {
    /// Text flows on both sides, and in holes (Text Kit's behaviour, the default).
    case both
    /// Text only on the exclusion's left on every line it meets; its right stays empty.
    case left
    /// Text only on the exclusion's right on every line it meets; its left stays empty.
    case right
    /// On each line, text only on the wider side (the left one on a tie); the other stays empty.
    case largest
    /// No text beside it at all: lines that meet it jump below it.
    case clear
}

/// An area text must not enter, with the options of professional text wrap.
///
/// The excluded area is the path's filled area (by its fill rule, open subpaths closed), grown
/// by `margin` in every direction (CSS `shape-margin`: the offset outline, round at corners).
/// `wrapSide` then decides which of the remaining parts of a line may hold text. A pen stroke
/// (an open path with a width) excludes the area it covers: ``init(stroking:width:lineCap:lineJoin:miterLimit:margin:wrapSide:minimumFragmentWidth:)``.
public struct Exclusion: Hashable, Sendable {
    /// The outline, in container (or page) coordinates.
    public var path: BezierPath
    /// How far the excluded area grows beyond the path's filled area, in points (≥ 0).
    public var margin: Double
    /// Which sides of the exclusion text may use.
    public var wrapSide: WrapSide
    /// Free spans bounded by this exclusion that are narrower than this get no text; nil means
    /// the container's own minimum.
    public var minimumFragmentWidth: Double?

    /// Creates an exclusion; a negative or non-finite margin counts as 0.
    public init(path: BezierPath, margin: Double = 0, wrapSide: WrapSide = .both,
                minimumFragmentWidth: Double? = nil) {
        self.path = path
        self.margin = margin.isFinite ? Swift.max(0, margin) : 0
        self.wrapSide = wrapSide
        self.minimumFragmentWidth = minimumFragmentWidth
    }

    /// An exclusion of the area a pen of `width` covers along `path` (an open freehand stroke,
    /// a line, a curve): its outline ``BezierPath/stroked(width:lineCap:lineJoin:miterLimit:tolerance:)``,
    /// which the nonzero rule fills. The defaults are a round pen, as a finger or a stylus draws.
    ///
    /// Unlike ``init(path:margin:wrapSide:minimumFragmentWidth:)``, which excludes the path's
    /// filled area (none for a lone open line, whatever the margin), this excludes the band
    /// along the path; `margin` grows that band. A width that is not positive and finite
    /// excludes nothing.
    public init(stroking path: BezierPath, width: Double, lineCap: LineCap = .round,
                lineJoin: LineJoin = .round, miterLimit: Double = 10, margin: Double = 0,
                wrapSide: WrapSide = .both, minimumFragmentWidth: Double? = nil) {
        self.init(path: path.stroked(width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit),
                  margin: margin, wrapSide: wrapSide, minimumFragmentWidth: minimumFragmentWidth)
    }

    /// The fill rule of ``path``.
    public var fillRule: FillRule {
        get { path.fillRule }
        set { path.fillRule = newValue }
    }

    /// The exclusion moved by `transform` (the margin is not scaled).
    public func applying(_ transform: AffineTransform) -> Exclusion {
        var copy = self
        copy.path = path.applying(transform)
        return copy
    }

    /// The bounds of the excluded area: the path's bounds grown by the margin (.zero when the
    /// path is empty).
    public var bounds: Rect {
        guard !path.isEmpty else { return .zero }
        let box = path.bounds
        return Rect(x: box.minX - margin, y: box.minY - margin,
                    width: box.width + 2 * margin, height: box.height + 2 * margin)
    }
}
