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
    /// The magic number for approximating a quarter circle with one cubic: 4/3·(√2 − 1).
    static let kappa = 0.5522847498307936

    /// A rectangle, drawn clockwise on screen from its top-left corner.
    public init(rect: Rect, fillRule: FillRule = .nonZero) {
        self.init(fillRule: fillRule)
        move(to: Point(x: rect.minX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.minY))
        addLine(to: Point(x: rect.maxX, y: rect.maxY))
        addLine(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    /// An ellipse inscribed in `rect` (four cubic segments, clockwise on screen).
    public init(ovalIn rect: Rect, fillRule: FillRule = .nonZero) {
        self.init(roundedRect: rect, cornerRadiusX: rect.width / 2, cornerRadiusY: rect.height / 2,
                  fillRule: fillRule)
    }

    /// A rectangle with elliptical corners of radii `rx`, `ry` (clamped to half the sides, as SVG does).
    public init(roundedRect rect: Rect, cornerRadiusX rx: Double, cornerRadiusY ry: Double,
                fillRule: FillRule = .nonZero) {
        let rx = min(max(rx, 0), rect.width / 2), ry = min(max(ry, 0), rect.height / 2)
        if rx == 0 || ry == 0 {
            self.init(rect: rect, fillRule: fillRule)
            return
        }
        self.init(fillRule: fillRule)
        let k = Self.kappa, x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        move(to: Point(x: x0 + rx, y: y0))
        addLine(to: Point(x: x1 - rx, y: y0))
        addCurve(to: Point(x: x1, y: y0 + ry), control1: Point(x: x1 - rx + k * rx, y: y0),
                 control2: Point(x: x1, y: y0 + ry - k * ry))
        addLine(to: Point(x: x1, y: y1 - ry))
        addCurve(to: Point(x: x1 - rx, y: y1), control1: Point(x: x1, y: y1 - ry + k * ry),
                 control2: Point(x: x1 - rx + k * rx, y: y1))
        addLine(to: Point(x: x0 + rx, y: y1))
        addCurve(to: Point(x: x0, y: y1 - ry), control1: Point(x: x0 + rx - k * rx, y: y1),
                 control2: Point(x: x0, y: y1 - ry + k * ry))
        addLine(to: Point(x: x0, y: y0 + ry))
        addCurve(to: Point(x: x0 + rx, y: y0), control1: Point(x: x0, y: y0 + ry - k * ry),
                 control2: Point(x: x0 + rx - k * rx, y: y0))
        close()
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, measured from
    /// the +x axis towards +y, i.e. clockwise on screen when `clockwise` is true).
    ///
    /// If the path has a current subpath, a straight segment joins its current point to the arc's
    /// start; otherwise the arc starts a new subpath. Arcs are stored as cubic segments of at most
    /// 45° (22.5° for radii over 100 pt), whose radial error is below 5·10⁻⁶ of the radius
    /// (7·10⁻⁸ for the shorter segments): under the 0.01 pt flattening tolerance up to radii of
    /// about 150,000 pt.
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
        let cosR = cos(rotation), sinR = sin(rotation)
        func point(_ angle: Double) -> Point {
            let x = rx * cos(angle), y = ry * sin(angle)
            return Point(x: center.x + x * cosR - y * sinR, y: center.y + x * sinR + y * cosR)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -rx * sin(angle), y = ry * cos(angle)
            return Point(x: x * cosR - y * sinR, y: x * sinR + y * cosR)
        }
        let start = point(startAngle)
        if elements.isEmpty || elements.last == .close {
            move(to: start)
        } else {
            addLine(to: start)
        }
        if sweep == 0 { return }
        // Segments of at most 45° keep the cubic's radial error below 5e-6 of the radius.
        let maxRadius = max(abs(rx), abs(ry))
        let limit = maxRadius > 100 ? Double.pi / 8 : Double.pi / 4
        let count = max(1, Int((abs(sweep) / limit).rounded(.up)))
        let step = sweep / Double(count)
        let alpha = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<count {
            let next = angle + step
            let p0 = point(angle), p1 = point(next), d0 = derivative(angle), d1 = derivative(next)
            addCurve(to: p1,
                     control1: Point(x: p0.x + alpha * d0.x, y: p0.y + alpha * d0.y),
                     control2: Point(x: p1.x - alpha * d1.x, y: p1.y - alpha * d1.y))
            angle = next
        }
    }
}
