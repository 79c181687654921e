import ArgumentParser
import TextKit
import TextKitFormats
import TextKitSVG

/// Page, font and paragraph options shared by the commands that lay out text.
struct LayoutOptions: ParsableArguments {
    @Argument(help: "A UTF-8 text file, a styled-text JSON file (docs/styled-input.md), or - for standard input.")
    var input: String

    @Option(name: .customLong("input-format"), help: "text, json, or auto (json for files ending in .json).")
    var inputFormat: InputFormat = .auto

    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "An SVG file whose shapes text flows around (repeatable). SVG user units are points, page coordinates.",
        valueName: "svg"))
    var exclusions: [String] = []

    @Option(help: "Margin around every --exclude shape, in points (data-textkit-margin overrides it).")
    var margin: Double = 0
    @Option(help: ArgumentHelp(
        "Sides of every --exclude shape and image text may use: both, left, right, largest or clear "
            + "(data-textkit-wrap overrides it).", valueName: "side"))
    var wrap: String = "both"
    @Option(name: .customLong("exclude-image"), help: ArgumentHelp(
        "A PNG whose alpha channel (above the threshold, default 0) text flows around, stretched onto "
            + "the page rectangle x,y,w,h in points (repeatable).", valueName: "png@x,y,w,h[,threshold]"))
    var imageExclusions: [String] = []
    @Option(help: ArgumentHelp("An SVG file with one shape (page coordinates) that text flows inside of.",
                               valueName: "svg"))
    var shape: String?

    @Option(help: "Page width in points.") var width: Double = 612
    @Option(help: "Page height in points.") var height: Double = 792
    @Option(help: "Page margin on every side, in points.") var inset: Double = 72
    @Option(help: "Columns per page.") var columns: Int = 1
    @Option(help: "Space between columns, in points.") var gutter: Double = 18
    @Flag(name: .customLong("balance-columns"), help: "End the last page's columns at nearly equal heights.")
    var balanceColumns = false
    @Option(help: ArgumentHelp("Number of pages, or auto to add pages until all text fits.", valueName: "n|auto"))
    var pages: String = "auto"

    @Option(help: "Font family, looked up with fontconfig.") var font: String?
    @Option(name: .customLong("font-file"), help: "A font file to use instead of a family.") var fontFile: String?
    @Option(help: "Font size in points.") var size: Double = 12
    @Option(name: .customLong("line-height"), help: "Line height as a multiple of the font's natural line height.")
    var lineHeight: Double = 1
    @Option(help: "left, right, center, justified or natural.") var align: TextAlignment = .natural
    @Option(help: "Line fragment padding at both ends of each fragment, in points.") var padding: Double = 0
    @Option(help: "The text's language, a BCP 47 tag (shaping, line breaking, hyphenation).") var language: String?
    @Flag(help: "Hyphenate words (needs --language and an installed hyphen-* dictionary).") var hyphenate = false
    @Option(help: "greedy (one line at a time) or optimal (Knuth–Plass over the whole paragraph).")
    var breaking: LineBreakStrategy = .greedy
    @Option(name: .customLong("word-stretch-limit"), help: ArgumentHelp(
        "Justification: the most width a space gains before letter-spacing starts, as a fraction of its width.",
        valueName: "fraction"))
    var wordStretchLimit: Double = ParagraphStyle().maximumWordSpacingStretch
    @Option(name: .customLong("letter-spacing-limit"), help: ArgumentHelp(
        "Justification's last resort: the most points added between a word's letters (0: never).",
        valueName: "pt"))
    var letterSpacingLimit: Double = ParagraphStyle().maximumLetterSpacing
    @Flag(name: .customLong("unlimited-word-spacing"), inversion: .prefixedNo, help: ArgumentHelp(
        "Whether a justified line the limits cannot fill still reaches its span's edge, its spaces stretched "
            + "past --word-stretch-limit (--no-unlimited-word-spacing leaves it short instead)."))
    var unlimitedWordSpacing = ParagraphStyle().allowsUnlimitedWordSpacing
    @Flag(name: .customLong("widows-orphans"), help: ArgumentHelp(
        "Widow and orphan control: never leave a paragraph's first line alone at the bottom of a column "
            + "or page, nor its last line alone at the top of the next."))
    var widowsOrphans = false
    @Flag(name: .customLong("require-glyphs"), help: ArgumentHelp(
        "Fail (status 69, no output written) when a character would be drawn as .notdef (a box) because "
            + "no installed font covers it."))
    var requireGlyphs = false
    @Option(name: .customLong("min-fragment-width"),
            help: "Free spans narrower than this get no text (default: one em).")
    var minimumFragmentWidth: Double?

    @Option(name: .customLong("max-input-bytes"), help: "Refuse inputs larger than this.")
    var maxInputBytes: Int = 256 << 20
    @Option(name: .customLong("max-pages"), help: "Most pages --pages auto may add.")
    var maxPages: Int = 10_000
    @Option(name: .customLong("max-path-segments"), help: "Most path segments one SVG file may produce.")
    var maxPathSegments: Int = SVGLimits().maxPathSegments
    @Option(name: .customLong("max-svg-depth"), help: "Deepest element nesting in an SVG file (the root is 1).")
    var maxSVGDepth: Int = SVGLimits().maxDepth
    @Option(name: .customLong("max-exclusions"), help: "Most exclusion shapes in all, from every --exclude and --exclude-image.")
    var maxExclusions: Int = 10_000
    @Option(name: .customLong("max-runs"), help: "Most attribute runs plus paragraph entries in a styled JSON input.")
    var maxRuns: Int = StyledTextReader().maximumEntries
    @Option(name: .customLong("max-image-pixels"), help: "Largest --exclude-image, in pixels (width × height).")
    var maxImagePixels: Int = 1 << 24

    mutating func validate() throws {
        let numbers: [(String, Double, Bool)] = [
            ("--width", width, false), ("--height", height, false), ("--inset", inset, true),
            ("--gutter", gutter, true), ("--size", size, false), ("--line-height", lineHeight, false),
            ("--padding", padding, true), ("--min-fragment-width", minimumFragmentWidth ?? 1, true),
            ("--margin", margin, true), ("--word-stretch-limit", wordStretchLimit, true),
            ("--letter-spacing-limit", letterSpacingLimit, true),
        ]
        for (name, value, zeroAllowed) in numbers {
            guard value.isFinite else { throw ValidationError("\(name) must be a finite number, not \(value)") }
            if zeroAllowed ? value < 0 : value <= 0 {
                throw ValidationError("\(name) must be \(zeroAllowed ? "zero or more" : "greater than zero"), not \(value)")
            }
        }
        guard size <= 100_000 else { throw ValidationError("--size must be at most 100000 pt, not \(size)") }
        guard columns >= 1, columns <= 1000 else { throw ValidationError("--columns must be between 1 and 1000") }
        guard width - 2 * inset > 0, height - 2 * inset > 0 else {
            throw ValidationError("--inset \(inset) leaves no room on a \(width)×\(height) page")
        }
        guard columnWidth > 0 else {
            throw ValidationError("--columns \(columns) with --gutter \(gutter) leave no room for text")
        }
        guard font == nil || fontFile == nil else { throw ValidationError("use --font or --font-file, not both") }
        if pages != "auto" {
            guard let count = Int(pages), count >= 1 else {
                throw ValidationError("--pages must be a positive whole number or auto, not '\(pages)'")
            }
            guard count <= maxPages else { throw ValidationError("--pages \(count) is more than --max-pages \(maxPages)") }
        }
        let limits = [("--max-pages", maxPages), ("--max-path-segments", maxPathSegments), ("--max-svg-depth", maxSVGDepth),
                      ("--max-exclusions", maxExclusions), ("--max-runs", maxRuns), ("--max-image-pixels", maxImagePixels)]
        for (name, value) in limits where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value)")
        }
        guard maxInputBytes >= 0 else { throw ValidationError("--max-input-bytes must be zero or more, not \(maxInputBytes)") }
        guard WrapSide(rawValue: wrap) != nil else {
            throw ValidationError("--wrap must be both, left, right, largest or clear, not '\(wrap)'")
        }
        for spec in imageExclusions { _ = try ImageExclusionSpec(parsing: spec) }
    }

    /// The parsed `--wrap`.
    var wrapSide: WrapSide { WrapSide(rawValue: wrap) ?? .both }

    /// The SVG limits of `--max-path-segments` and `--max-svg-depth`.
    var svgLimits: SVGLimits { SVGLimits(maxPathSegments: maxPathSegments, maxDepth: maxSVGDepth) }

    /// The width of one column.
    var columnWidth: Double { (width - 2 * inset - Double(columns - 1) * gutter) / Double(columns) }

    /// A fixed page count, or nil for auto.
    var pageCount: Int? { Int(pages) }
}

extension TextAlignment: ExpressibleByArgument {}
extension LineBreakStrategy: ExpressibleByArgument {}

/// How to read the input.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case auto, text, json
}

/// One `--exclude-image PNG@x,y,w,h[,threshold]`.
struct ImageExclusionSpec {
    var path: String
    var rect: Rect
    var threshold: Double

    /// Parses the option's value; the file name is everything before the last `@`.
    init(parsing spec: String) throws(ValidationError) {
        let usage = "--exclude-image expects PNG@x,y,w,h[,threshold], not '\(spec)'"
        guard let at = spec.lastIndex(of: "@"), at != spec.startIndex else { throw ValidationError(usage) }
        let numbers = spec[spec.index(after: at)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4 || numbers.count == 5, numbers.allSatisfy({ $0?.isFinite == true }) else {
            throw ValidationError(usage)
        }
        let values = numbers.map { $0! }
        guard values[2] > 0, values[3] > 0 else {
            throw ValidationError("--exclude-image needs a positive width and height, not '\(spec)'")
        }
        let threshold = values.count == 5 ? values[4] : 0
        guard (0...1).contains(threshold) else {
            throw ValidationError("--exclude-image threshold must be between 0 and 1, not \(threshold)")
        }
        path = String(spec[..<at])
        rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        self.threshold = threshold
    }
}
