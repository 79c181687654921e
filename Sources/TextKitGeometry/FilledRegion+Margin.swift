#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FilledRegion {
    /// The exact x-projection over the band `minY ≤ y ≤ maxY` of the filled area grown by
    /// `margin` in every direction (its Minkowski sum with a disk: CSS `shape-margin`, round at
    /// corners), with the conventions of ``coveredSpans(minY:maxY:)``.
    ///
    /// The grown area is the filled area plus one capsule (segment ⊕ disk) per polygon edge:
    ///
    ///     spans ← coveredSpans(band)
    ///     for each edge (slanted or horizontal) within `margin` of the band (y-indexed):
    ///         capsule ← edge ⊕ disk(margin) = disk(a) ∪ disk(b) ∪ rectangle(a ± n·d, b ± n·d)
    ///         spans += [min x, max x] of (each piece ∩ band)   // the union is convex: one span
    ///     merge spans
    ///
    /// A disk's extent over the band is closed form (its chord at the nearest y of the band);
    /// the rectangle is clipped to the band and its vertices give the extent. Exact for
    /// polygons up to rounding; curves are exact for their flattening (within its tolerance).
    ///
    /// Every edge gets a capsule, so a region whose edges bound no area (a lone line, contours
    /// that cancel out) would grow: callers check ``isEmpty`` first (``ExclusionRegion`` does).
    ///
    /// - Complexity: O((k + i) log k) as ``coveredSpans(minY:maxY:)`` plus O(m log m) for the
    ///   m edges within `margin` of the band.
    public func coveredSpans(minY: Double, maxY: Double, margin: Double) -> [Span] {
        var spans: [Span] = []
        coveredSpans(minY: minY, maxY: maxY, margin: margin, into: &spans)
        return spans
    }

    /// ``coveredSpans(minY:maxY:margin:)`` written into `spans` (its contents replaced, its
    /// storage reused).
    package func coveredSpans(minY: Double, maxY: Double, margin: Double, into spans: inout [Span]) {
        coveredSpans(minY: minY, maxY: maxY, into: &spans)
        guard margin > 0, margin.isFinite, minY <= maxY, !index.edges.isEmpty else { return }
        let capsules = CapsuleBand(minY: minY, maxY: maxY, radius: margin)
        let edges = index.edges
        // Capsules of neighbouring edges overlap: joined as they come while the union stays
        // short (an outline's few spans), else appended and sorted once below.
        var sorted = true
        index.forEachEdge(meetingMinY: minY - margin, maxY: maxY + margin) { i in
            let edge = edges[i]
            guard let span = capsules.extent(Point(x: edge.xTop, y: edge.yTop), Point(x: edge.xBot, y: edge.yBot))
            else { return }
            if sorted && spans.count < 16 {
                Span.add(span, to: &spans)
            } else {
                sorted = false
                spans.append(span)
            }
        }
        var low = 0, high = horizontals.count
        while low < high {
            let mid = (low + high) / 2
            if horizontals[mid].y < minY - margin { low = mid + 1 } else { high = mid }
        }
        for edge in horizontals[low...] {
            if edge.y > maxY + margin { break }
            if let span = capsules.extent(Point(x: edge.minX, y: edge.y), Point(x: edge.maxX, y: edge.y)) {
                spans.append(span)
            }
        }
        Span.merge(&spans, joiningGapsUpTo: epsilon)
    }
}

// MARK: - Internals

/// The x-extent of capsules (segment ⊕ disk of `radius`) over one band.
struct CapsuleBand {
    let minY: Double, maxY: Double, radius: Double

    /// The projection of (capsule of segment ab) ∩ band, or nil when they do not meet (in a
    /// band of positive height, touching its top or bottom line only does not count).
    func extent(_ a: Point, _ b: Point) -> Span? {
        let top = Swift.min(a.y, b.y) - radius, bottom = Swift.max(a.y, b.y) + radius
        if maxY > minY {
            guard bottom > minY, top < maxY else { return nil }
        } else {
            guard bottom >= minY, top <= maxY else { return nil }
        }
        var low = Double.infinity, high = -Double.infinity
        // (No arrays: an extent is asked per edge per band, and this allocates nothing.)
        addDisk(a, low: &low, high: &high)
        addDisk(b, low: &low, high: &high)
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 0 {
            let nx = -dy / length * radius, ny = dx / length * radius
            let c0 = Point(x: a.x + nx, y: a.y + ny), c1 = Point(x: b.x + nx, y: b.y + ny)
            let c2 = Point(x: b.x - nx, y: b.y - ny), c3 = Point(x: a.x - nx, y: a.y - ny)
            addSide(c0, c1, low: &low, high: &high)
            addSide(c1, c2, low: &low, high: &high)
            addSide(c2, c3, low: &low, high: &high)
            addSide(c3, c0, low: &low, high: &high)
        }
        return low <= high ? Span(minX: low, maxX: high) : nil
    }

    /// Widens `low ... high` by the disk of `radius` around `center` over the band: its widest
    /// chord inside the band, at the band's y nearest the centre.
    @inline(__always)
    private func addDisk(_ center: Point, low: inout Double, high: inout Double) {
        let dy = Swift.max(0, minY - center.y, center.y - maxY)
        guard dy <= radius else { return }
        let half = (radius * radius - dy * dy).squareRoot()
        low = Swift.min(low, center.x - half)
        high = Swift.max(high, center.x + half)
    }

    /// Widens `low ... high` by what the side `p` → `q` of a capsule's rectangle gives its
    /// clipped outline: `p` when inside the band, and the side's crossings of the band's top
    /// and bottom lines.
    @inline(__always)
    private func addSide(_ p: Point, _ q: Point, low: inout Double, high: inout Double) {
        if p.y >= minY && p.y <= maxY {
            low = Swift.min(low, p.x)
            high = Swift.max(high, p.x)
        }
        guard p.y != q.y else { return }
        addCrossing(p, q, y: minY, low: &low, high: &high)
        addCrossing(p, q, y: maxY, low: &low, high: &high)
    }

    /// Widens `low ... high` by the x where `p` → `q` crosses the line at `y`, if it does.
    @inline(__always)
    private func addCrossing(_ p: Point, _ q: Point, y: Double, low: inout Double, high: inout Double) {
        guard (p.y - y) * (q.y - y) < 0 else { return }
        let x = p.x + (q.x - p.x) * ((y - p.y) / (q.y - p.y))
        low = Swift.min(low, x)
        high = Swift.max(high, x)
    }
}
