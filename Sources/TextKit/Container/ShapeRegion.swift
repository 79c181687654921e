import TextKitGeometry

/// Bounds the line breaker must get past before a container counts as full.
struct ExclusionBounds {
    /// The bounds, in container coordinates.
    var bounds: Rect
}

/// A container shape prepared for band queries: its outside, within a frame around it.
///
/// The x where every y of a band is inside the shape are the complement of the x-projection of
/// the shape's outside over the band (not the projection of the inside, which only needs one y).
struct ShapeRegion {
    /// The shape's bounds.
    let bounds: Rect
    /// The frame around the shape minus the shape's filled area.
    let outside: FilledRegion

    init(_ shape: BezierPath) {
        let box = shape.bounds
        bounds = box
        let frame = Rect(x: box.minX - 1, y: box.minY - 1, width: box.width + 2, height: box.height + 2)
        outside = FilledRegion(complementOf: shape, within: frame)
    }

    /// `proposed` cut to the shape's horizontal extent, or nil when the band is not inside the
    /// shape's vertical extent (then no x is inside the shape for every y of the band).
    func available(in proposed: Span, minY: Double, maxY: Double) -> Span? {
        guard minY >= bounds.minY, maxY <= bounds.maxY else { return nil }
        let low = max(proposed.minX, bounds.minX), high = min(proposed.maxX, bounds.maxX)
        return low < high ? Span(minX: low, maxX: high) : nil
    }
}
