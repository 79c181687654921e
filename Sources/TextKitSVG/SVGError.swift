/// An error in an SVG file or in path data, with its place.
///
/// `line` and `column` are 1-based; a column counts Unicode scalars from the start of the line.
/// Errors that have no place in the text (an unreadable file, a file over the size limit) use
/// line 0 and column 0.
public struct SVGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name or path as given by the caller (`"<string>"` for path data parsed alone).
    public var file: String
    /// The 1-based line of the offending character (0 when the error has no place).
    public var line: Int
    /// The 1-based column of the offending character (0 when the error has no place).
    public var column: Int
    /// What was expected and what was found, e.g. `expected a number after 'L', found 'x'`.
    public var message: String

    /// Creates an error at a place.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error in compiler style: `FILE:LINE:COLUMN: error: MESSAGE`.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Limits that protect the SVG importer against hostile or runaway input.
///
/// Exceeding any limit makes parsing fail with an ``SVGError``. The defaults are generous for
/// hand-made and exported drawings.
public struct SVGLimits: Hashable, Sendable {
    /// The most path elements (moves, lines, curves, closes) that one document or one path-data
    /// string may produce, after arcs and shapes are turned into Bézier segments.
    /// Default: 1,000,000.
    public var maxPathSegments: Int
    /// The deepest element nesting allowed; the root `<svg>` is at depth 1. Default: 256.
    public var maxDepth: Int
    /// The largest file, in bytes, that is read at all. Default: 64 MiB.
    public var maxFileSize: Int
    /// The largest absolute page coordinate (after transforms) of any point of a shape, control
    /// points included; a shape reaching further is an error at its element. Default: 10⁹ pt,
    /// 70,000 times the largest page: beyond it, curves are flattened so coarsely (their
    /// segments capped) that a band meets every one of their long edges, and each line would
    /// cost time in proportion to the whole path.
    public var maxCoordinate: Double

    /// Creates limits; every parameter has the documented default.
    public init(maxPathSegments: Int = 1_000_000, maxDepth: Int = 256,
                maxFileSize: Int = 64 * 1024 * 1024, maxCoordinate: Double = 1e9) {
        self.maxPathSegments = maxPathSegments
        self.maxDepth = maxDepth
        self.maxFileSize = maxFileSize
        self.maxCoordinate = maxCoordinate
    }
}

// MARK: - Internals

extension SVGLimits {
    /// ``maxCoordinate`` as error messages write it: 1000000000, not 1000000000.0.
    var maxCoordinateText: String {
        maxCoordinate == maxCoordinate.rounded() && abs(maxCoordinate) < 1e15
            ? String(Int(maxCoordinate)) : String(maxCoordinate)
    }
}

/// An error inside one attribute value or path-data string, at a UTF-8 byte offset of that value.
struct SVGScanError: Error {
    /// The byte offset of the offending character in the scanned value.
    var offset: Int
    /// The message, without place.
    var message: String
}

extension SVGScanError {
    /// The error as an ``SVGError`` for a value that stands alone on line 1.
    func standalone(in bytes: [UInt8], file: String = "<string>") -> SVGError {
        SVGError(file: file, line: 1, column: SVGScanner.column(of: offset, in: bytes, from: 0),
                 message: message)
    }
}
