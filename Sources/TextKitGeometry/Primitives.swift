#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A point in a plane whose y axis points down (page coordinates, in points).
public struct Point: Hashable, Sendable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (grows downwards).
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height.
public struct Size: Hashable, Sendable, Codable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A zero size.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle given by its top-left origin and its size.
public struct Rect: Hashable, Sendable, Codable {
    /// The top-left corner.
    public var origin: Point
    /// The width and height (not negative for a standardized rectangle).
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x.
    public var minX: Double { origin.x }
    /// The smallest y (the top edge).
    public var minY: Double { origin.y }
    /// The largest x.
    public var maxX: Double { origin.x + size.width }
    /// The largest y (the bottom edge).
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// Whether the rectangle has no area.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// The rectangle shrunk by `insets` (it never gets a negative size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Whether the interiors of the two rectangles overlap (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest rectangle that contains both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `point` lies inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}

/// Distances from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable, Codable {
    /// Distance from the top edge.
    public var top: Double
    /// Distance from the left edge.
    public var left: Double
    /// Distance from the bottom edge.
    public var bottom: Double
    /// Distance from the right edge.
    public var right: Double

    /// Creates insets from the four distances.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    public static let zero = EdgeInsets(all: 0)
}

/// An affine transform `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (SVG's `matrix(a b c d e f)`).
public struct AffineTransform: Hashable, Sendable, Codable {
    /// Matrix entries, in SVG's order.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    /// A scale about the origin.
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// A rotation about the origin by `angle` radians (clockwise on screen, since y points down).
    public init(rotationAngle angle: Double) {
        let cs = cos(angle), sn = sin(angle)
        self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// A horizontal skew by `angle` radians (SVG `skewX`).
    public init(skewXAngle angle: Double) { self.init(a: 1, b: 0, c: tan(angle), d: 1, tx: 0, ty: 0) }
    /// A vertical skew by `angle` radians (SVG `skewY`).
    public init(skewYAngle angle: Double) { self.init(a: 1, b: tan(angle), c: 0, d: 1, tx: 0, ty: 0) }

    /// The transform that applies `self` first, then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The image of `point`.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Whether the transform is the identity.
    public var isIdentity: Bool { self == .identity }
}
