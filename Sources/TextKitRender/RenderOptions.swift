import TextKit

/// An output format of ``LayoutRenderer``.
public enum RenderFormat: String, Hashable, Sendable, CaseIterable {
    /// Scalable vector graphics: glyph outlines from FreeType as `<symbol>`s placed with `<use>`.
    case svg
    /// A raster image at ``RenderOptions/dotsPerInch``.
    case png
    /// A PDF document with subsetted embedded fonts, so its text can be selected and searched.
    case pdf

    /// The format a file name's extension names (case-insensitive), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}

/// Debug overlays drawn over a layout: the picture that explains it at a glance.
public struct DebugOverlays: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Exclusion paths, filled translucent red and outlined.
    public static let exclusions = DebugOverlays(rawValue: 1)
    /// Line fragment rectangles (the free spans that received text), outlined blue.
    public static let fragments = DebugOverlays(rawValue: 2)
    /// The baseline of every line fragment, in red.
    public static let baselines = DebugOverlays(rawValue: 4)
    /// Every free span of every line's band, filled translucent green, including spans too
    /// narrow to receive text (see `ContainerLayout.freeSpansOfLines()`, the layout's own band answers).
    public static let spans = DebugOverlays(rawValue: 8)
    /// All overlays.
    public static let all: DebugOverlays = [.exclusions, .fragments, .baselines, .spans]

    /// The overlay called `name` (`exclusions`, `fragments`, `baselines`, `spans`, `all`), or nil.
    public init?(name: String) {
        switch name.lowercased() {
        case "exclusions": self = .exclusions
        case "fragments": self = .fragments
        case "baselines": self = .baselines
        case "spans": self = .spans
        case "all": self = .all
        default: return nil
        }
    }
}

/// How ``LayoutRenderer`` draws.
public struct RenderOptions: Hashable, Sendable {
    /// Raster resolution: pixels per inch, 72 points to the inch (PNG only).
    public var dotsPerInch = 144.0
    /// Overlays drawn over the text.
    public var overlays: DebugOverlays = []
    /// The text colour where the storage sets none.
    public var defaultForegroundColor = Color.black
    /// The page colour (nil: transparent PNG and SVG pages; PDF pages are never painted).
    public var pageColor: Color? = Color(red: 1, green: 1, blue: 1)
    /// Space between pages stacked in one image, in points.
    public var pageGap = 12.0
    /// The colour of the space between stacked pages.
    public var pageGapColor = Color(red: 0.8, green: 0.8, blue: 0.8)

    /// The default options: 144 dpi, no overlays, black text on white pages.
    public init() {}

    /// Pixels per point at ``dotsPerInch``.
    public var pixelsPerPoint: Double { dotsPerInch / 72 }
}

/// Which pages one output holds.
public enum RenderedPages: Hashable, Sendable {
    /// Every page: one PDF page each, or stacked top to bottom in one SVG or PNG image.
    case all
    /// One page (0-based).
    case page(Int)
}
