/// What measuring a paragraph shares with the other paragraphs of a layout manager: ICU break
/// iterators, hyphenation dictionaries and shaped words. None of it is global: each layout
/// manager owns one context, shared by the threads shaping its paragraphs (each part locks
/// itself); its shaped words are its font collection's, shared with other layout managers. A part left nil is simply not shared: iterators are opened per call, no
/// hyphenation points are added, every run is shaped whole.
package struct MeasuringContext: Sendable {
    /// Idle ICU break iterators, reused from paragraph to paragraph.
    var breakIterators: BreakIteratorPool?
    /// Dictionaries for paragraphs whose style turns hyphenation on.
    var hyphenation: HyphenationDictionaries?
    /// Words shaped before, reused where that gives the same glyphs.
    var shapeCache: ShapeCache?

    /// Creates a value from its parts.
    package init(breakIterators: BreakIteratorPool? = nil, hyphenation: HyphenationDictionaries? = nil, shapeCache: ShapeCache? = nil) {
        self.breakIterators = breakIterators
        self.hyphenation = hyphenation
        self.shapeCache = shapeCache
    }
}
