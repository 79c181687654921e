import TextKit

/// The paint-only attributes of a text (foreground and background colour per character), in
/// runs: what a renderer needs from a ``TextStorage`` besides its characters.
///
/// A layout snapshot carries no colours (colour changes redo no layout), so the renderer looks
/// each glyph's colours up by its character index here.
public struct TextColors: Hashable, Sendable {
    /// A run of characters with the same colours.
    public struct Run: Hashable, Sendable {
        /// The characters (Unicode scalar offsets).
        public var range: Range<Int>
        /// The glyph colour (nil: the renderer's default).
        public var foreground: Color?
        /// The colour behind the glyphs (nil: none).
        public var background: Color?

        /// Creates a run.
        public init(range: Range<Int>, foreground: Color?, background: Color?) {
            self.range = range
            self.foreground = foreground
            self.background = background
        }
    }

    /// The runs, in increasing order, not overlapping; characters outside every run have no
    /// colours.
    public private(set) var runs: [Run]

    /// No colours: every glyph in the renderer's default colour, no backgrounds.
    public init() {
        runs = []
    }

    /// Colours from runs; they are sorted, and runs without colours are dropped.
    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.range.isEmpty && ($0.foreground != nil || $0.background != nil) }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The colours of `storage`'s attribute runs.
    ///
    /// - Complexity: O(r) for r attribute runs.
    public init(storage: TextStorage) {
        var runs: [Run] = []
        storage.enumerateAttributes(in: 0..<storage.length) { attributes, range in
            runs.append(Run(range: range, foreground: attributes.foregroundColor,
                            background: attributes.backgroundColor))
        }
        self.init(runs: runs)
    }

    /// The run holding character `index`, if any.
    ///
    /// - Complexity: O(log r).
    public func run(at index: Int) -> Run? {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low < runs.count && runs[low].range.contains(index) ? runs[low] : nil
    }

    /// The glyph colour of character `index` (nil: the default).
    public func foreground(at index: Int) -> Color? { run(at: index)?.foreground }

    /// The background colour of character `index` (nil: none).
    public func background(at index: Int) -> Color? { run(at: index)?.background }
}
