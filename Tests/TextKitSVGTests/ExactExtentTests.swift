#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TextKitGeometry
import TextKitSVG
import SeededRandom

/// Band extents of SVG circles, ellipses (also rotated) and elliptical arcs, with and without a
/// margin, against the exact geometry computed here from the parametric form (issue 15).
///
/// The promise: over any band [y0, y1], the extent the region answers is within δ = 0.01 pt,
/// measured along x, of the exact curve's extent over the same band, at any radius up to the
/// largest page side. The hard bands are those with a limit just inside a shape's top or bottom,
/// where a chord close to the curve can still be far from it along x; the test draws such bands
/// on purpose (`inside` from 0.0001 to 5 pt), besides random ones.
@Suite struct ExactExtentTests {
    static let delta = 0.01

    /// A closed convex outline: t in [0, 1) → point.
    typealias Outline = (Double) -> Point

    /// The exact right (`sign` 1) or left (`sign` −1, as −x) extent over [y0, y1] of the outline's
    /// filled area grown by `margin`: max over outline points p of ±p.x + √(margin² − dy²), dy
    /// the distance from p.y to the band; −∞ when nothing reaches the band.
    /// Samples are equally spaced, and denser around `extremes` (parameters of the outline's top
    /// and bottom, where a band limit can cut a peak narrower than a sample step).
    static func exactExtent(_ outline: Outline, y0: Double, y1: Double, margin: Double, sign: Double,
                            extremes: [Double] = []) -> Double {
        func dy(_ p: Point) -> Double { max(0, y0 - p.y, p.y - y1) }
        func at(_ t: Double) -> Point { outline(t - t.rounded(.down)) }
        func value(_ t: Double) -> Double {
            let p = outline(t - t.rounded(.down))
            let d = dy(p)
            if margin == 0 { return d == 0 ? sign * p.x : -.infinity }
            return d <= margin ? sign * p.x + (margin * margin - d * d).squareRoot() : -.infinity
        }
        let count = 2048
        var ts = (0...count).map { Double($0) / Double(count) }
        for extreme in extremes {
            ts += (-512...512).map { extreme + Double($0) / Double(count * 512) }
        }
        ts.sort()
        var best = -Double.infinity
        var bestT = 0.0
        for t in ts {
            let v = value(t)
            if v > best { best = v; bestT = t }
        }
        // Where the outline crosses a band limit (the extreme of an unthickened outline is often
        // there, and that of a thickened one near it): bisection on every sign change of y − limit.
        var windows = [bestT]
        for limit in [y0, y1] {
            for i in 0..<(ts.count - 1) {
                var a = ts[i], b = ts[i + 1]
                let fa = at(a).y - limit, fb = at(b).y - limit
                guard (fa <= 0) != (fb <= 0) else { continue }
                for _ in 0..<80 {
                    let m = (a + b) / 2
                    if (at(m).y - limit <= 0) == (fa <= 0) { a = m } else { b = m }
                }
                best = max(best, sign * at(a).x + margin)  // on the band's limit: dy = 0
                windows.append(a)
            }
        }
        // Refine around each: dense samples over two sample steps either side, then a
        // golden-section search around the best of them.
        let ratio = (5.0.squareRoot() - 1) / 2, step = 1 / Double(count)
        for center in windows {
            var top = -Double.infinity, at = center
            for j in -400...400 {
                let t = center + Double(j) * step / 200
                let v = value(t)
                if v > top { top = v; at = t }
            }
            var a = at - step / 200, b = at + step / 200
            for _ in 0..<60 {
                let c = b - ratio * (b - a), d = a + ratio * (b - a)
                if value(c) >= value(d) { b = d } else { a = c }
            }
            best = max(best, top, value((a + b) / 2))
        }
        return best
    }

    /// Checks the region's answer on `bands` random bands against the exact extents.
    func check(_ path: BezierPath, _ outline: Outline, margin: Double, bounds: Rect, label: String,
               rng: inout SplitMix64) {
        let region = ExclusionRegion(Exclusion(path: path, margin: margin))
        let d = Self.delta
        // Random bands, and bands with an edge just inside the top or the bottom of the shape
        // grown by the margin (where a chord is nearly horizontal: its x error is largest there).
        let highest = Self.yExtreme(outline, sign: -1), lowest = Self.yExtreme(outline, sign: 1)
        let top = highest.y - margin, bottom = lowest.y + margin, extremes = [highest.t, lowest.t]
        for band in 0..<10 {
            let height = Double.random(in: 1...40, using: &rng)
            let inside = exp(Double.random(in: log(0.0001)...log(5), using: &rng))
            let y0 = band < 6 ? Double.random(in: (bounds.minY - margin - height)...(bounds.maxY + margin), using: &rng)
                : band < 8 ? top + inside - height : bottom - inside
            let y1 = y0 + height
            let spans = region.coveredSpans(minY: y0, maxY: y1)
            let innerRight = Self.exactExtent(outline, y0: y0 + d, y1: y1 - d, margin: margin, sign: 1, extremes: extremes)
            guard let first = spans.first, let last = spans.last else {
                #expect(innerRight == -.infinity, "\(label): nothing covered in \(y0)...\(y1)")
                continue
            }
            #expect(spans.count == 1, "\(label): a convex shape covers one span")
            let right = Self.exactExtent(outline, y0: y0, y1: y1, margin: margin, sign: 1, extremes: extremes)
            let left = -Self.exactExtent(outline, y0: y0, y1: y1, margin: margin, sign: -1, extremes: extremes)
            #expect(abs(last.maxX - right) <= d + 1e-6,
                    "\(label) band \(y0)...\(y1): right \(last.maxX), exact \(right) (off by \(last.maxX - right))")
            #expect(abs(first.minX - left) <= d + 1e-6,
                    "\(label) band \(y0)...\(y1): left \(first.minX), exact \(left) (off by \(first.minX - left))")
        }
    }

    /// The outline's least (`sign` −1) or greatest (`sign` 1) y and its parameter: dense
    /// samples, then a golden-section search around the best.
    static func yExtreme(_ outline: Outline, sign: Double) -> (y: Double, t: Double) {
        func value(_ t: Double) -> Double { sign * outline(t - t.rounded(.down)).y }
        let count = 4096
        let best = (0..<count).max { value(Double($0) / Double(count)) < value(Double($1) / Double(count)) } ?? 0
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = Double(best - 1) / Double(count), b = Double(best + 1) / Double(count)
        for _ in 0..<80 {
            let c = b - ratio * (b - a), e = a + ratio * (b - a)
            if value(c) >= value(e) { b = e } else { a = c }
        }
        return (sign * value((a + b) / 2), (a + b) / 2)
    }

    static func radius(_ rng: inout SplitMix64) -> Double {
        // Log-uniform from 1 pt to the largest page side.
        exp(Double.random(in: 0...log(14_400), using: &rng))
    }

    static func margin(_ rng: inout SplitMix64) -> Double {
        Bool.random(using: &rng) ? 0 : Double.random(in: 0.5...40, using: &rng)
    }

    @Test func circlesAndEllipses() throws {
        var rng = SplitMix64(seed: 0xC1C1E)
        for _ in 0..<40 {
            let rx = Self.radius(&rng), ry = Bool.random(using: &rng) ? rx : Self.radius(&rng)
            let cx = Double.random(in: -100...700, using: &rng), cy = Double.random(in: -100...900, using: &rng)
            let angle = Bool.random(using: &rng) ? 0 : Double.random(in: -90...90, using: &rng)
            let element = rx == ry && angle == 0
                ? #"<circle cx="\#(cx)" cy="\#(cy)" r="\#(rx)"/>"#
                : #"<ellipse cx="\#(cx)" cy="\#(cy)" rx="\#(rx)" ry="\#(ry)" transform="rotate(\#(angle) \#(cx) \#(cy))"/>"#
            let path = try #require(try document(svg(element)).shapes.first?.path)
            let phi = angle * Double.pi / 180
            let outline: Outline = { t in
                let x = rx * cos(2 * Double.pi * t), y = ry * sin(2 * Double.pi * t)
                return Point(x: cx + x * cos(phi) - y * sin(phi), y: cy + x * sin(phi) + y * cos(phi))
            }
            let reach = max(rx, ry)
            let bounds = Rect(x: cx - reach, y: cy - reach, width: 2 * reach, height: 2 * reach)
            let margin = Self.margin(&rng)
            check(path, outline, margin: margin, bounds: bounds, label: "\(element) margin \(margin)", rng: &rng)
        }
    }

    /// `M start A rx ry φ large sweep end Z`: the elliptical segment between the arc and its chord.
    @Test func ellipticalArcs() throws {
        var rng = SplitMix64(seed: 0xA8C)
        for _ in 0..<40 {
            let rx = Self.radius(&rng), ry = Self.radius(&rng)
            let cx = Double.random(in: 0...600, using: &rng), cy = Double.random(in: 0...800, using: &rng)
            let degrees = Double.random(in: -180...180, using: &rng), phi = degrees * Double.pi / 180
            let theta1 = Double.random(in: 0...(2 * Double.pi), using: &rng)
            let sweep = Double.random(in: 0.3...6, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            func arcPoint(_ angle: Double) -> Point {
                let x = rx * cos(angle), y = ry * sin(angle)
                return Point(x: cx + x * cos(phi) - y * sin(phi), y: cy + x * sin(phi) + y * cos(phi))
            }
            let start = arcPoint(theta1), end = arcPoint(theta1 + sweep)
            let d = "M \(start.x) \(start.y) A \(rx) \(ry) \(degrees) \(abs(sweep) > Double.pi ? 1 : 0) "
                + "\(sweep > 0 ? 1 : 0) \(end.x) \(end.y) Z"
            let path = try #require(try document(svg(#"<path d="\#(d)"/>"#)).shapes.first?.path)
            let outline: Outline = { t in
                if t < 0.5 { return arcPoint(theta1 + sweep * t * 2) }
                let u = (t - 0.5) * 2
                return Point(x: end.x + (start.x - end.x) * u, y: end.y + (start.y - end.y) * u)
            }
            let reach = max(rx, ry)
            let bounds = Rect(x: cx - reach, y: cy - reach, width: 2 * reach, height: 2 * reach)
            check(path, outline, margin: Self.margin(&rng), bounds: bounds, label: d, rng: &rng)
        }
    }
}
