#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the inside of a path is decided where contours overlap or nest.
public enum FillRule: String, Hashable, Sendable, Codable {
    /// Inside where the winding number is not zero (SVG `nonzero`, the default).
    case nonZero = "nonzero"
    /// Inside where a ray crosses the outline an odd number of times (SVG `evenodd`).
    case evenOdd = "evenodd"
}

/// A shape made of straight and curved segments, in one or more subpaths.
///
/// Open subpaths are closed implicitly whenever the path is filled (for containment and band
/// extents), as in SVG and Text Kit.
public struct BezierPath: Hashable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight segment to a point.
        case line(to: Point)
        /// A quadratic Bézier segment.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier segment.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the current subpath with a straight segment to its start.
        case close
    }

    /// The commands, in order.
    public private(set) var elements: [Element] = []
    /// The rule that decides what is inside.
    public var fillRule: FillRule

    /// Creates an empty path.
    public init(fillRule: FillRule = .nonZero) {
        self.fillRule = fillRule
    }

    /// Creates a path from commands.
    public init(elements: [Element], fillRule: FillRule = .nonZero) {
        self.elements = elements
        self.fillRule = fillRule
    }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from (the origin for an empty path).
    public var currentPoint: Point {
        var start = Point.zero, current = Point.zero
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// Starts a new subpath.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }
    /// Adds a straight segment.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }
    /// Adds a quadratic Bézier segment.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }
    /// Adds a cubic Bézier segment.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Closes the current subpath.
    public mutating func close() { elements.append(.close) }
    /// Appends all subpaths of `other` (its fill rule is ignored).
    public mutating func append(_ other: BezierPath) { elements.append(contentsOf: other.elements) }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> BezierPath {
        if transform.isIdentity { return self }
        let t = transform.apply(to:)
        return BezierPath(elements: elements.map { element in
            switch element {
            case .move(let p): .move(to: t(p))
            case .line(let p): .line(to: t(p))
            case .quadCurve(let p, let c): .quadCurve(to: t(p), control: t(c))
            case .curve(let p, let c1, let c2): .curve(to: t(p), control1: t(c1), control2: t(c2))
            case .close: .close
            }
        }, fillRule: fillRule)
    }
}

// MARK: - Shapes

extension BezierPath {
    /// A rectangle, drawn clockwise on screen from its top-left corner.
    public init(rect: Rect, fillRule: FillRule = .nonZero) {
        self.init(fillRule: fillRule)
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// An ellipse inscribed in `rect` (cubic segments, clockwise on screen; as many as
    /// ``arcSegmentCount(sweep:radius:)`` asks for, so the curve stays within 0.000 01 pt of the
    /// exact ellipse).
    public init(ovalIn rect: Rect, fillRule: FillRule = .nonZero) {
        self.init(roundedRect: rect, cornerRadiusX: rect.width / 2, cornerRadiusY: rect.height / 2,
                  fillRule: fillRule)
    }

    /// A rectangle with elliptical corners of radii `rx`, `ry` (clamped to half the sides, as SVG
    /// does); each corner within 0.000 01 pt of the exact quarter ellipse.
    public init(roundedRect rect: Rect, cornerRadiusX rx: Double, cornerRadiusY ry: Double,
                fillRule: FillRule = .nonZero) {
        let rx = min(max(rx, 0), rect.width / 2), ry = min(max(ry, 0), rect.height / 2)
        if rx == 0 || ry == 0 {
            self.init(rect: rect, fillRule: fillRule)
            return
        }
        self.init(fillRule: fillRule)
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        let quarter = Double.pi / 2
        move(to: Point(x: x0 + rx, y: y0))
        addLine(to: Point(x: x1 - rx, y: y0))
        appendArc(center: Point(x: x1 - rx, y: y0 + ry), radiusX: rx, radiusY: ry, rotation: 0,
                  startAngle: -quarter, sweep: quarter, end: Point(x: x1, y: y0 + ry))
        addLine(to: Point(x: x1, y: y1 - ry))
        appendArc(center: Point(x: x1 - rx, y: y1 - ry), radiusX: rx, radiusY: ry, rotation: 0,
                  startAngle: 0, sweep: quarter, end: Point(x: x1 - rx, y: y1))
        addLine(to: Point(x: x0 + rx, y: y1))
        appendArc(center: Point(x: x0 + rx, y: y1 - ry), radiusX: rx, radiusY: ry, rotation: 0,
                  startAngle: quarter, sweep: quarter, end: Point(x: x0, y: y1 - ry))
        addLine(to: Point(x: x0, y: y0 + ry))
        appendArc(center: Point(x: x0 + rx, y: y0 + ry), radiusX: rx, radiusY: ry, rotation: 0,
                  startAngle: 2 * quarter, sweep: quarter, end: Point(x: x0 + rx, y: y0))
        close()
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, measured from
    /// the +x axis towards +y, i.e. clockwise on screen when `clockwise` is true).
    ///
    /// If the path has a current subpath, a straight segment joins its current point to the arc's
    /// start; otherwise the arc starts a new subpath. Arcs are stored as cubic segments, as many as
    /// ``arcSegmentCount(sweep:radius:)`` asks for: within 0.000 01 pt of the exact arc for radii up
    /// to 10⁹ pt, far under the 0.01 pt flattening tolerance.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        addEllipticalArc(center: center, radiusX: radius, radiusY: radius, rotation: 0,
                         startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Adds an arc of an ellipse (center parameterization): the ellipse with radii `rx`, `ry`,
    /// rotated by `rotation` radians, from parametric angle `startAngle` to `endAngle`.
    public mutating func addEllipticalArc(center: Point, radiusX rx: Double, radiusY ry: Double,
                                          rotation: Double, startAngle: Double, endAngle: Double,
                                          clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            while sweep < 0 { sweep += full }
            if sweep > full { sweep = full }
        } else {
            while sweep > 0 { sweep -= full }
            if sweep < -full { sweep = -full }
        }
        let x = rx * cos(startAngle), y = ry * sin(startAngle)
        let start = Point(x: center.x + x * cos(rotation) - y * sin(rotation),
                          y: center.y + x * sin(rotation) + y * cos(rotation))
        if elements.isEmpty || elements.last == .close {
            move(to: start)
        } else {
            addLine(to: start)
        }
        if sweep == 0 { return }
        appendArc(center: center, radiusX: rx, radiusY: ry, rotation: rotation,
                  startAngle: startAngle, sweep: sweep, end: nil)
    }

    /// The number of cubic segments an elliptical arc of `sweep` radians and largest radius
    /// `radius` is cut into, so that each stays within ``arcTolerance`` of the exact arc.
    ///
    /// The standard cubic for a circular arc of angle θ (control points along the tangents at
    /// 4/3·tan(θ/4) of the radius) lies outside the circle by at most r·θ⁶/55,296 (0.027 % of r
    /// for a quarter circle); an ellipse is an affine image of a circle, so its largest radius
    /// bounds the error. Segments are equal fractions of 90° (so an arc that starts at a multiple
    /// of 90° has its extreme points at segment ends); at most 4,096 in all (radii over 10⁹ pt
    /// get the count of 10⁹).
    public static func arcSegmentCount(sweep: Double, radius: Double) -> Int {
        let r = Swift.min(Swift.max(abs(radius), 1e-9), 1e9)
        let widest = Swift.min(Double.pi / 2, pow(55_000 * arcTolerance / r, 1.0 / 6))
        // Whole fractions of a quarter turn, so arcs from a multiple of 90° (circles, ellipses,
        // corners) have their extreme points at segment ends, where they are exact.
        let perQuarter = (Double.pi / 2 / widest).rounded(.up)
        let count = (abs(sweep) / (Double.pi / 2) * perQuarter - 1e-9).rounded(.up)
        guard count.isFinite, count >= 1 else { return 1 }
        return Swift.min(Int(count), 4_096)
    }

    /// How far the cubic segments of arcs, circles, ellipses and rounded corners may lie from the
    /// exact curve: 0.000 01 pt, a thousandth of the flattening tolerance.
    public static let arcTolerance = 0.000_01

    /// Appends the cubic segments of an elliptical arc that starts at the current point (at
    /// parametric angle `startAngle`), ending exactly at `end` when given.
    private mutating func appendArc(center: Point, radiusX rx: Double, radiusY ry: Double,
                                    rotation: Double, startAngle: Double, sweep: Double, end: Point?) {
        let cosR = cos(rotation), sinR = sin(rotation)
        // cos and sin with the rounding at multiples of 90° removed (cos(π/2) is 6e-17, not 0),
        // so quarter points and their tangents are exact.
        func snapped(_ value: Double) -> Double {
            abs(value) < 1e-15 ? 0 : abs(abs(value) - 1) < 1e-15 ? (value < 0 ? -1 : 1) : value
        }
        func point(_ angle: Double) -> Point {
            let x = rx * snapped(cos(angle)), y = ry * snapped(sin(angle))
            return Point(x: center.x + x * cosR - y * sinR, y: center.y + x * sinR + y * cosR)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -rx * snapped(sin(angle)), y = ry * snapped(cos(angle))
            return Point(x: x * cosR - y * sinR, y: x * sinR + y * cosR)
        }
        let count = Self.arcSegmentCount(sweep: sweep, radius: Swift.max(abs(rx), abs(ry)))
        let step = sweep / Double(count)
        let alpha = 4.0 / 3.0 * tan(step / 4)
        for i in 0..<count {
            // Angles from the start, not accumulated, so rounding does not drift.
            let angle = startAngle + Double(i) * step
            let next = i + 1 == count ? startAngle + sweep : startAngle + Double(i + 1) * step
            let p0 = point(angle), d0 = derivative(angle), d1 = derivative(next)
            let p1 = i + 1 == count ? (end ?? point(next)) : point(next)
            addCurve(to: p1,
                     control1: Point(x: p0.x + alpha * d0.x, y: p0.y + alpha * d0.y),
                     control2: Point(x: p1.x - alpha * d1.x, y: p1.y - alpha * d1.y))
        }
    }
}
