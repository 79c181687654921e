/// The alpha channel of an image: one byte per pixel, rows top to bottom.
///
/// An image exclusion (CSS `shape-outside: url(…)` with `shape-image-threshold`, InDesign's
/// "alpha channel" wrap) is the set of pixels whose alpha is above a threshold, traced into a
/// polygon path by ``BezierPath/init(contoursOf:threshold:in:)``.
public struct AlphaMask: Hashable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width × height` alpha values (0 transparent … 255 opaque), row by row from the top.
    public let alpha: [UInt8]

    /// Creates a mask; `alpha` must hold `width × height` values.
    public init(width: Int, height: Int, alpha: [UInt8]) {
        precondition(width >= 0 && height >= 0 && alpha.count == width * height,
                     "AlphaMask needs width × height alpha values")
        self.width = width
        self.height = height
        self.alpha = alpha
    }

    /// The alpha of pixel (x, y); 0 outside the image.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return alpha[y * width + x]
    }
}

extension BezierPath {
    /// The outline of the pixels of `mask` whose opacity `alpha / 255` is greater than
    /// `threshold` (CSS `shape-image-threshold`; 0 keeps every pixel that is not fully
    /// transparent), with the image stretched onto `rect`. Even-odd fill.
    ///
    /// The outline follows pixel edges exactly (no smoothing), so the filled area is exactly the
    /// union of the kept pixels' squares: holes stay holes, diagonal neighbours touch at a
    /// corner. Collinear steps are merged, so a straight run of pixels is one segment.
    ///
    ///     for every kept pixel and each of its 4 sides whose neighbour is not kept:
    ///         add that side, directed clockwise around the pixel
    ///     while a side is unused: follow unused sides until none leaves the vertex (that is
    ///     the start again, as every vertex has as many sides in as out) → a subpath; at a
    ///     saddle (two ways out) turn right, so diagonal pixels touch without crossing
    ///
    /// - Complexity: O(w·h) time and memory.
    public init(contoursOf mask: AlphaMask, threshold: Double = 0, in rect: Rect) {
        self.init(fillRule: .evenOdd)
        let w = mask.width, h = mask.height
        guard w > 0, h > 0 else { return }
        let cutoff = threshold * 255
        var kept = [Bool](repeating: false, count: (w + 2) * (h + 2))  // with a border of 0
        for y in 0..<h {
            for x in 0..<w where Double(mask.alpha[y * w + x]) > cutoff {
                kept[(y + 1) * (w + 2) + x + 1] = true
            }
        }
        func isKept(_ x: Int, _ y: Int) -> Bool { kept[(y + 1) * (w + 2) + x + 1] }
        // Outgoing sides per grid vertex (w + 1) × (h + 1), as bits of `Step`.
        var out = [UInt8](repeating: 0, count: (w + 1) * (h + 1))
        func vertex(_ x: Int, _ y: Int) -> Int { y * (w + 1) + x }
        for y in 0..<h {
            for x in 0..<w where isKept(x, y) {
                if !isKept(x, y - 1) { out[vertex(x, y)] |= Step.right.rawValue }
                if !isKept(x + 1, y) { out[vertex(x + 1, y)] |= Step.down.rawValue }
                if !isKept(x, y + 1) { out[vertex(x + 1, y + 1)] |= Step.left.rawValue }
                if !isKept(x - 1, y) { out[vertex(x, y + 1)] |= Step.up.rawValue }
            }
        }
        let sx = rect.width / Double(w), sy = rect.height / Double(h)
        func point(_ x: Int, _ y: Int) -> Point {
            Point(x: rect.minX + Double(x) * sx, y: rect.minY + Double(y) * sy)
        }
        for start in out.indices where out[start] != 0 {
            var x = start % (w + 1), y = start / (w + 1)
            var step = Step.first(in: out[start])
            var corners: [(Int, Int)] = []
            var previous: Step?
            while out[vertex(x, y)] & step.rawValue != 0 {
                out[vertex(x, y)] &= ~step.rawValue
                if step != previous { corners.append((x, y)) }
                previous = step
                (x, y) = (x + step.dx, y + step.dy)
                let ways = out[vertex(x, y)]
                if ways == 0 { break }
                step = step.next(among: ways)
            }
            guard corners.count >= 2 else { continue }
            move(to: point(corners[0].0, corners[0].1))
            for corner in corners.dropFirst() { addLine(to: point(corner.0, corner.1)) }
            close()
        }
    }
}

// MARK: - Internals

/// One pixel side, as a step between grid vertices (y down).
enum Step: UInt8 {
    case right = 1, down = 2, left = 4, up = 8

    var dx: Int { self == .right ? 1 : self == .left ? -1 : 0 }
    var dy: Int { self == .down ? 1 : self == .up ? -1 : 0 }

    /// Some step among the bits of `ways` (right first).
    static func first(in ways: UInt8) -> Step {
        for step in [Step.right, .down, .left, .up] where ways & step.rawValue != 0 { return step }
        return .right
    }

    /// The step to take after `self` at a vertex with `ways` out: a right turn if possible
    /// (clockwise loops around kept pixels), else straight on, else a left turn.
    func next(among ways: UInt8) -> Step {
        let order: [Step] = switch self {
        case .right: [.down, .right, .up]
        case .down: [.left, .down, .right]
        case .left: [.up, .left, .down]
        case .up: [.right, .up, .left]
        }
        for step in order where ways & step.rawValue != 0 { return step }
        return Step.first(in: ways)
    }
}
