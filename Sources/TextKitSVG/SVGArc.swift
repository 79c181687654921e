#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextKitGeometry

/// SVG's elliptical arc command, from endpoint to center parameterization (SVG 1.1 F.6).
enum SVGArc {
    /// The path elements that draw the arc of an `A` command from `start` to `end`.
    ///
    /// Per SVG 1.1 F.6.2: identical endpoints omit the arc (no elements); a zero radius gives a
    /// straight line; negative radii count as their absolute values. Radii too small to reach
    /// `end` are scaled up uniformly (F.6.6). The center is found as in F.6.5 and the arc is built
    /// with `BezierPath.addEllipticalArc`; its last point is replaced by `end` exactly, so
    /// rounding never opens a gap. An arc so flat that it cannot be told from its chord (its
    /// smallest radius of curvature over a million times the chord) is drawn as a line, which
    /// keeps huge radii from losing all precision.
    static func elements(from start: Point, to end: Point, radiusX: Double, radiusY: Double,
                         rotationDegrees: Double, largeArc: Bool, sweep: Bool)
        -> [BezierPath.Element] {
        if start == end { return [] }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return [.line(to: end)] }
        let phi = (rotationDegrees.truncatingRemainder(dividingBy: 360)) * Double.pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)

        // F.6.5.1: the midpoint-relative start point in the ellipse's axes.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy

        // F.6.6.2: scale radii up when the ellipse cannot reach both endpoints.
        // Ratios are formed before squaring so that huge radii do not overflow.
        var px = x1 / rx, py = y1 / ry
        let lambda = px * px + py * py
        if lambda > 1 {
            let scale = lambda.squareRoot()
            rx *= scale
            ry *= scale
            px = x1 / rx
            py = y1 / ry
        }

        let chord = 2 * (dx * dx + dy * dy).squareRoot()
        let minCurvatureRadius = min(rx, ry) * min(rx, ry) / max(rx, ry)
        if !largeArc, minCurvatureRadius > 1e6 * chord { return [.line(to: end)] }

        // F.6.5.2: the center in the ellipse's axes (numerator and denominator divided by rx²ry²).
        let sum = px * px + py * py
        let radicand = max(0, (1 - sum) / sum)
        let coefficient = (largeArc != sweep ? 1.0 : -1.0) * radicand.squareRoot()
        let cxPrime = coefficient * rx * y1 / ry
        let cyPrime = -coefficient * ry * x1 / rx

        // F.6.5.3: back to user space.
        let center = Point(x: cosPhi * cxPrime - sinPhi * cyPrime + (start.x + end.x) / 2,
                           y: sinPhi * cxPrime + cosPhi * cyPrime + (start.y + end.y) / 2)

        // F.6.5.5–6: start angle and sweep.
        let theta1 = angle(fromX: 1, fromY: 0, toX: (x1 - cxPrime) / rx, toY: (y1 - cyPrime) / ry)
        var delta = angle(fromX: (x1 - cxPrime) / rx, fromY: (y1 - cyPrime) / ry,
                          toX: (-x1 - cxPrime) / rx, toY: (-y1 - cyPrime) / ry)
        if !sweep, delta > 0 { delta -= 2 * Double.pi }
        if sweep, delta < 0 { delta += 2 * Double.pi }
        guard center.x.isFinite, center.y.isFinite, delta.isFinite, delta != 0 else {
            return [.line(to: end)]
        }

        var arc = BezierPath()
        arc.addEllipticalArc(center: center, radiusX: rx, radiusY: ry, rotation: phi,
                             startAngle: theta1, endAngle: theta1 + delta, clockwise: sweep)
        var elements = Array(arc.elements.dropFirst())  // the leading move to (about) `start`
        if case .curve(_, let c1, let c2)? = elements.last {
            elements[elements.count - 1] = .curve(to: end, control1: c1, control2: c2)
        } else {
            elements.append(.line(to: end))
        }
        return elements
    }

    // MARK: - Internals

    /// The signed angle from vector u to vector v, in (−π, π].
    private static func angle(fromX ux: Double, fromY uy: Double, toX vx: Double, toY vy: Double)
        -> Double {
        atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
}
