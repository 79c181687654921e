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
    /// An outline of more than ``maximumContourCorners`` corners (a 4096 × 4096 checkerboard
    /// has 16.8 million) is traced on a coarser grid instead: blocks of 2 × 2 pixels, then 4 × 4,
    /// and so on until it has no more, a block kept when any of its pixels is. The area only
    /// grows (text never enters a kept pixel), by less than a block, and the path, the region
    /// and every band query stay bounded (the checkerboard's blocks are all kept: 4 corners).
    ///
    ///     count the corners: a grid vertex whose 2 × 2 pixels hold 1 or 3 kept ones is one,
    ///     two kept diagonal ones are two
    ///     while too many: merge 2 × 2 blocks, count again
    ///     for every kept pixel and each of its 4 sides whose neighbour is not kept:
    ///         add that side, directed clockwise around the pixel
    ///     while a side is unused: follow unused sides until none leaves the vertex (that is
    ///     the start again, as every vertex has as many sides in as out) → a subpath; at a
    ///     saddle (two ways out) turn right, so diagonal pixels touch without crossing
    ///
    /// - Complexity: O(w·h) time and memory (the coarser grids are a quarter of the one before).
    public init(contoursOf mask: AlphaMask, threshold: Double = 0, in rect: Rect) {
        self.init(contoursOf: mask, threshold: threshold, in: rect, maximumCorners: Self.maximumContourCorners)
    }

    /// ``init(contoursOf:threshold:in:)`` with another corner limit (tests).
    package init(contoursOf mask: AlphaMask, threshold: Double, in rect: Rect, maximumCorners: Int) {
        self.init(fillRule: .evenOdd)
        guard mask.width > 0, mask.height > 0 else { return }
        let cutoff = threshold * 255
        var grid = PixelGrid(width: mask.width, height: mask.height) { x, y in
            Double(mask.alpha[y * mask.width + x]) > cutoff
        }
        var block = 1
        while grid.cornerCount > maximumCorners && (grid.width > 1 || grid.height > 1) {
            grid = grid.coarsened()
            block *= 2
        }
        let w = grid.width, h = grid.height
        func isKept(_ x: Int, _ y: Int) -> Bool { grid.isKept(x, y) }
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
        let sx = rect.width / Double(mask.width), sy = rect.height / Double(mask.height)
        func point(_ x: Int, _ y: Int) -> Point {
            // A block past the image's last column or row ends at the image's edge.
            Point(x: rect.minX + Double(Swift.min(x * block, mask.width)) * sx,
                  y: rect.minY + Double(Swift.min(y * block, mask.height)) * sy)
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

extension BezierPath {
    /// The most corners ``init(contoursOf:threshold:in:)`` traces before it merges pixels into
    /// blocks: 262,144 (a path of about 15 MB, and as many region edges).
    public static let maximumContourCorners = 262_144
}

// MARK: - Internals

/// Which cells of a grid are kept, with a border of cells that are not.
struct PixelGrid {
    let width: Int, height: Int
    /// `(width + 2) × (height + 2)` cells, row by row, the border included.
    private var kept: [Bool]

    init(width: Int, height: Int, isKept: (Int, Int) -> Bool) {
        self.width = width
        self.height = height
        kept = [Bool](repeating: false, count: (width + 2) * (height + 2))
        for y in 0..<height {
            for x in 0..<width where isKept(x, y) { kept[(y + 1) * (width + 2) + x + 1] = true }
        }
    }

    /// Whether cell (x, y) is kept; cells outside the grid (−1 … width) are not.
    @inline(__always)
    func isKept(_ x: Int, _ y: Int) -> Bool { kept[(y + 1) * (width + 2) + x + 1] }

    /// The corners of the outline of the kept cells.
    var cornerCount: Int {
        var count = 0
        for y in 0...height {
            for x in 0...width {
                let a = isKept(x - 1, y - 1), b = isKept(x, y - 1), c = isKept(x - 1, y), d = isKept(x, y)
                let kept = (a ? 1 : 0) + (b ? 1 : 0) + (c ? 1 : 0) + (d ? 1 : 0)
                if kept == 1 || kept == 3 { count += 1 } else if kept == 2 && a == d { count += 2 }
            }
        }
        return count
    }

    /// The grid of 2 × 2 blocks, a block kept when any of its cells is.
    func coarsened() -> PixelGrid {
        PixelGrid(width: (width + 1) / 2, height: (height + 1) / 2) { x, y in
            isKept(2 * x, 2 * y) || isKept(2 * x + 1, 2 * y) || isKept(2 * x, 2 * y + 1)
                || isKept(2 * x + 1, 2 * y + 1)
        }
    }
}

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
