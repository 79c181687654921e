/// An item: a maximal UTF-16 range of one attribute run, script, bidi level and font.
package struct Item {
    package var range: Range<Int>
    /// The index of the item's attribute run in the paragraph's runs, whose attributes it is
    /// shaped with (``TextAttributes/shaping``; an index, not a copy of them: their font
    /// descriptor's strings, language and features cost a retain and a release each, every item).
    package var attributeIndex: Int
    package var font: Font
    package var script: ScriptTag?
    package var rightToLeft: Bool
    /// The attachment an item of exactly one U+FFFC cluster shows instead of glyphs, or nil.
    var attachment: TextAttachment? = nil
}

/// A character no font had a glyph for, as the itemizer found it.
package struct MissingCharacter: Hashable, Sendable {
    package var scalar: Unicode.Scalar
    /// The paragraph-relative scalar offset of its grapheme cluster.
    package var offset: Int
    /// The ICU script of the text around it (Common and Inherited resolved).
    var resolvedScript: Int32
    /// The script it is reported under (``FontScript/of(_:resolved:)``).
    package var script: FontScript { FontScript.of(scalar, resolved: resolvedScript) }
}

/// Splits a paragraph into items (Pango's `itemize.c`): attributes × script × bidi level × font.
///
/// Scripts come from ICU; Common and Inherited characters take the script of the text before them
/// (or after them at the paragraph start), except that a closing bracket takes the script of its
/// opening bracket (UAX #24), so "abc (שלום) def" keeps both brackets Latin. Fonts are chosen per grapheme cluster, so a cluster is
/// never split across fonts: the attribute's font if it covers every character of the cluster,
/// otherwise fontconfig's best font covering the cluster's first uncovered character. As in
/// Pango, a space chooses no font: it takes the font of the text before it (so Hindi or Chinese
/// in a fallback font keeps its spaces and stays one run), spaces at the start take the font of
/// the text after them, and spaces between fallback-font text and primary-font text of the same
/// script go with the primary font's. A U+FFFC cluster whose attributes carry an attachment is an
/// item of its own, in the primary font.
package struct Itemizer {
    let utf16: [UInt16]
    let scalarOffsets: CompactOffsets
    let graphemes: CompactOffsets
    /// The paragraph's bidi levels (``BidiParagraph/level(at:)``).
    let bidi: BidiParagraph
    let attributes: [(TextAttributes, Range<Int>)]
    let fonts: FontResolver
    /// The characters no font had, in text order (each drawn as the primary font's .notdef).
    private(set) var missing: [MissingCharacter] = []
    /// Whether runs of one-unit clusters the font covers (ASCII, and most of the BMP) grow an
    /// item without the per-cluster work (tests turn it off to compare with the general loop).
    package var takesCoveredStretches = true
    /// The calling thread's scripts of BMP code units asked of ICU before (nil: ICU is asked
    /// for each; see ``CodeUnitMemo``).
    package var scriptMemo: CodeUnitMemo?
    /// The font of the first attribute run, when resolved already (nil: ``items()`` and
    /// ``items(into:)`` call the resolver for it).
    var primary: Font?

    package init(utf16: [UInt16], scalarOffsets: CompactOffsets, graphemes: CompactOffsets, bidi: BidiParagraph,
         attributes: [(TextAttributes, Range<Int>)], fonts: FontResolver) {
        self.utf16 = utf16
        self.scalarOffsets = scalarOffsets
        self.graphemes = graphemes
        self.bidi = bidi
        self.attributes = attributes
        self.fonts = fonts
    }

    /// The items in text order: a plain paragraph's one item (``plainItem(_:graphemes:bidi:attributes:primary:)``),
    /// else those of the general loop.
    package mutating func items() -> [Item] {
        var items: [Item] = []
        guard !utf16.isEmpty else { return items }
        if primary == nil { primary = fonts.primaryFont(for: attributes[0].0.font) }
        if takesCoveredStretches, let primary,
           let item = Self.plainItem(utf16, graphemes: graphemes, bidi: bidi, attributes: attributes, primary: primary) {
            return [item]
        }
        self.items(into: &items)
        return items
    }

    /// The items of the general loop, written over `items` keeping its capacity (a shaping
    /// thread reuses one array): for a paragraph its caller found not plain (``Paragraph`` asks
    /// ``plainItem(_:graphemes:bidi:attributes:primary:)`` first, without making an itemizer).
    /// A plain paragraph gets the same one item here, the long way.
    mutating func items(into items: inout [Item]) {
        items.removeAll(keepingCapacity: true)
        guard !utf16.isEmpty else { return }
        let primary = self.primary ?? fonts.primaryFont(for: attributes[0].0.font)
        let levels = bidi.levels, oneLevel = bidi.hasOneLevel
        let scripts = resolvedScriptCodes()
        // Most paragraphs have one script and one level: stretches then need not check them.
        let oneScript = !scripts.contains { $0 != scripts[0] }
        items.reserveCapacity(8) // (grown from one, a paragraph of a few items copied them three times)
        // The loop reads the text and its tables through buffers taken once (taken for each
        // stretch, they cost a retain and a release of each array a cluster), from copies of the
        // itemizer's arrays: `font(for:)` may change the itemizer (what it found missing).
        let utf16 = utf16, graphemeTable = graphemes, scalarTable = scalarOffsets
        utf16.withUnsafeBufferPointer { units in
            scripts.withUnsafeBufferPointer { scriptCodes in
                levels.withUnsafeBufferPointer { levels in
                    graphemeTable.withReader { graphemes in
                        scalarTable.withReader { scalarOffsets in
                            let text = Text(units: units, scripts: scriptCodes, levels: levels, graphemes: graphemes,
                                            scalarOffsets: scalarOffsets)
                            itemize(text, primary: primary, oneScript: oneScript, oneLevel: oneLevel, into: &items)
                        }
                    }
                }
            }
        }
    }

    /// The paragraph as the general loop reads it: valid only inside the buffers' closures.
    private struct Text {
        let units: UnsafeBufferPointer<UInt16>
        let scripts: UnsafeBufferPointer<Int32>
        /// Empty when every level is 0 (``BidiParagraph/levels``).
        let levels: UnsafeBufferPointer<UInt8>
        let graphemes: CompactOffsets.Reader
        let scalarOffsets: CompactOffsets.Reader

        @inline(__always)
        func level(at index: Int) -> UInt8 { levels.isEmpty ? 0 : levels[index] }
    }

    /// The one item of a paragraph of one attribute run and one bidi level, every unit its own
    /// cluster, ASCII (so one script, as `asciiScriptCodes` resolves it) and in the primary font
    /// (most paragraphs of Latin text), or nil when the paragraph is not so: the general loop
    /// would grow one item over all of it. Static, on borrowed parts: a paragraph that takes it
    /// never makes an itemizer (which holds a reference to each part: a retain and a release
    /// of each, every paragraph).
    static func plainItem(_ utf16: [UInt16], graphemes: CompactOffsets, bidi: BidiParagraph,
                          attributes: [(TextAttributes, Range<Int>)], primary: Font) -> Item? {
        guard !utf16.isEmpty, attributes.count == 1, graphemes.count == utf16.count + 1 else { return nil }
        guard bidi.hasOneLevel else { return nil }
        guard let script = coveredASCIIScript(utf16, font: primary) else { return nil }
        return Item(range: 0..<utf16.count, attributeIndex: 0, font: primary,
                    script: script == ICU.commonScript ? nil : ICU.scriptTag(script),
                    rightToLeft: bidi.level(at: 0) & 1 == 1)
    }

    /// The general loop of ``items(into:)``: cluster by cluster, with stretches of clusters that
    /// need no questions taken at once.
    private mutating func itemize(_ text: Text, primary first: Font, oneScript: Bool, oneLevel: Bool,
                                  into items: inout [Item]) {
        func name(_ code: Int32) -> ScriptTag? { code == ICU.commonScript ? nil : ICU.scriptTag(code) }
        var primary = first
        var attributeIndex = 0
        // The item being grown; appended when the next cluster differs in any way.
        var start = 0, end = 0
        var itemAttributes = 0
        var itemFont = primary, itemScript = ICU.commonScript, itemLevel: UInt8 = 0
        // Spaces do not choose a font (Pango's `itemize.c`): a space joins the item before it in
        // that item's font (one with a U+0020, not a colour font), so a fallback font's text keeps
        // its own spaces and stays one run. An item of spaces alone takes the font of the text
        // after it; spaces ending a fallback font's item move to the primary font's item after them.
        var spacesOnly = false, trailingSpaces = 0
        func flush() {
            guard end > start else { return }
            items.append(Item(range: start..<end, attributeIndex: itemAttributes, font: itemFont,
                              script: name(itemScript), rightToLeft: itemLevel & 1 == 1))
        }
        let units = text.units, graphemes = text.graphemes
        var clusterStart = 0
        var next = 1 // index in `graphemes` of the end of the cluster at `clusterStart`
        while next < graphemes.count {
            let boundary = Int(graphemes[next])
            next += 1
            guard boundary > clusterStart else { continue }
            let cluster = clusterStart..<boundary
            let scalarIndex = Int(text.scalarOffsets[cluster.lowerBound])
            var attributesChanged = false
            while attributeIndex + 1 < attributes.count, attributes[attributeIndex].1.upperBound <= scalarIndex {
                attributeIndex += 1
                attributesChanged = true
                primary = fonts.primaryFont(for: attributes[attributeIndex].0.font)
            }
            let script = text.scripts[cluster.lowerBound], level = text.level(at: cluster.lowerBound)
            if units[cluster.lowerBound] == 0xFFFC, let attachment = attributes[attributeIndex].0.attachment {
                // An attachment: one item, never merged with its neighbours, no font lookup.
                flush()
                items.append(Item(range: cluster, attributeIndex: attributeIndex, font: primary,
                                  script: name(script), rightToLeft: level & 1 == 1, attachment: attachment))
                start = cluster.upperBound
                end = start
                clusterStart = boundary
                continue
            }
            let joins = end > start && script == itemScript && level == itemLevel
                && (!attributesChanged || attributes[itemAttributes].0.shapesLike(attributes[attributeIndex].0))
            let isSpace = cluster.count == 1 && Self.isSpaceSeparator(units[cluster.lowerBound])
            let font = isSpace && joins && !itemFont.hasColorGlyphs && itemFont.coversASCII(0x20)
                ? itemFont
                : font(for: cluster, primary: primary, previous: end > start ? itemFont : nil, script: script)
            if joins, font === itemFont || (spacesOnly && !isSpace && !font.hasColorGlyphs) {
                itemFont = font
                end = cluster.upperBound
            } else {
                // Spaces ending a fallback font's item go with the primary font's text after them.
                let moved = joins && font === primary && itemFont !== primary && !isSpace && !spacesOnly
                    ? trailingSpaces : 0
                end -= moved
                flush()
                start = cluster.lowerBound - moved
                end = cluster.upperBound
                itemAttributes = attributeIndex
                itemFont = font
                itemScript = script
                itemLevel = level
                spacesOnly = isSpace
                trailingSpaces = 0
            }
            if isSpace { trailingSpaces += 1 } else { trailingSpaces = 0; spacesOnly = false }
            clusterStart = boundary
            if takesCoveredStretches, !font.hasColorGlyphs {
                let attributeEnd = attributeIndex + 1 < attributes.count ? attributes[attributeIndex].1.upperBound : Int.max
                (clusterStart, next) = Self.coveredStretch(text, from: clusterStart, next: next, checksScript: !oneScript,
                                                           font: font, primary: primary, script: script,
                                                           level: oneLevel ? nil : level, attributeEnd: attributeEnd)
                if clusterStart > end {
                    // What the stretch added counts as the general loop would count it.
                    let spaces = units[end..<clusterStart].reversed().prefix { Self.isSpaceSeparator($0) }.count
                    if spaces == clusterStart - end { trailingSpaces += spaces } else { trailingSpaces = spaces; spacesOnly = false }
                }
                end = clusterStart
            }
        }
        flush()
    }

    /// How far the item in `font` can grow from `index` one cluster at a time (most text): over
    /// clusters that take the font with no more questions, of the item's script and level, inside
    /// the attribute run (scalars before `attributeEnd`). One-unit clusters: in the primary font,
    /// those it covers alone (``Font/coversAlone(_:)``; not U+FFFC, which may be an attachment);
    /// in a fallback font (an item of Chinese, Thai, Hebrew… text), those beyond ASCII without
    /// emoji presentation that need a glyph the primary font lacks and the fallback font has
    /// (`font(for:)` then reuses the font of the cluster before). Clusters of several units (a
    /// Devanagari syllable, a Thai consonant and its marks, a letter and its accent) by
    /// ``takesWhole(_:_:font:primary:)``. Each of them would get the same answer from the general
    /// loop (same attributes, script, level; `font(for:)` gives `font`), so it only saves the
    /// per-cluster work. Returns the new cluster start and its `graphemes` end index.
    /// `checksScript` is false when the whole paragraph has one script and `level` nil when it has
    /// one level (no check needed), `attributeEnd` `.max` in the last attribute run.
    private static func coveredStretch(_ text: Text, from index: Int, next: Int, checksScript: Bool, font: Font,
                                       primary: Font, script: Int32, level: UInt8?, attributeEnd: Int) -> (Int, Int) {
        let isPrimary = font === primary
        let checksLevel = level != nil, level = level ?? 0
        let utf16 = text.units, graphemes = text.graphemes
        /// Whether the cluster starting at `index` is of the item's script and level, inside its
        /// attribute run.
        @inline(__always)
        func staysInItem(_ index: Int) -> Bool {
            (!checksScript || text.scripts[index] == script)
                // (Read only with `checksLevel`: levels that vary are always stored.)
                && (!checksLevel || text.levels[index] == level)
                && (attributeEnd == .max || Int(text.scalarOffsets[index]) < attributeEnd)
        }
        var index = index, next = next
        stretch: while true {
            // One-unit clusters (most text), in a loop of their own.
            while next < graphemes.count, Int(graphemes[next]) == index + 1 {
                let unit = utf16[index]
                guard isPrimary ? unit != 0xFFFC && font.coversAlone(unit) : Self.takesFallback(unit, font, primary: primary),
                      staysInItem(index) else { break stretch }
                index += 1
                next += 1
            }
            guard next < graphemes.count else { break }
            let end = Int(graphemes[next])
            guard end > index, takesWhole(utf16, index..<end, font: isPrimary ? nil : font, primary: primary),
                  staysInItem(index) else { break }
            index = end
            next += 1
        }
        return (index, next)
    }

    /// Whether the cluster `utf16[cluster]` of several units takes `fallback` when the cluster
    /// before it did (nil: takes `primary`, in an item of the primary font), as `font(for:)`'s
    /// general path decides, on the units themselves: every unit in the BMP, no variation selector
    /// of presentation, the first neither U+FFFC (an attachment's) nor a space separator (a
    /// cluster of one is a space to the loop), the first that needs a glyph not of emoji
    /// presentation; every unit that needs a glyph in the font, and in a fallback font one of
    /// them the primary font lacks.
    private static func takesWhole(_ utf16: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>, font fallback: Font?,
                                   primary: Font) -> Bool {
        let first = utf16[cluster.lowerBound]
        guard first != 0xFFFC, !isSpaceSeparator(first) else { return false }
        let font = fallback ?? primary
        var lacksInPrimary = false, needed = 0
        for index in cluster {
            let unit = utf16[index]
            guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit), unit != 0xFE0E, unit != 0xFE0F
            else { return false }
            // (A unit that needs no glyph, a joiner or a selector, asks no font.)
            guard !mayNeedNoGlyph(UInt32(unit)) || needsGlyph(Unicode.Scalar(unit).unsafelyUnwrapped) else { continue }
            if needed == 0, hasEmojiPresentation(bmp: unit) { return false }
            needed += 1
            guard font.shaper.hasNominalGlyph(UInt32(unit)) else { return false }
            if fallback != nil, !lacksInPrimary { lacksInPrimary = !primary.shaper.hasNominalGlyph(UInt32(unit)) }
        }
        return fallback == nil || lacksInPrimary
    }

    /// Whether a one-unit cluster `unit` takes `fallback` when the cluster before it did: the
    /// answer of `font(for:)`'s one-unit path (``oneUnitScalar(_:primary:)``, then
    /// ``reusable(_:primary:for:)``), without its fallback look-up.
    /// (`fallback` is not the primary font and has no colour glyphs: the stretch's caller checked.)
    @inline(__always)
    private static func takesFallback(_ unit: UInt16, _ fallback: Font, primary: Font) -> Bool {
        // Each test of `oneUnitScalar`, `needsGlyph` and `reusable` in turn, on the unit itself:
        // this runs for every character of a Chinese, Thai or Devanagari stretch.
        unit >= 0x80 && !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit)
            && !hasEmojiPresentation(bmp: unit) && !primary.shaper.hasNominalGlyph(UInt32(unit))
            && (!mayNeedNoGlyph(UInt32(unit)) || needsGlyphAskingProperties(unit))
            && fallback.shaper.hasNominalGlyph(UInt32(unit))
    }

    /// ``needsGlyph(_:)`` of a BMP unit that is no surrogate, kept out of line: inlined, its
    /// property values made every stretch's loop reserve their room as it starts.
    @inline(never)
    private static func needsGlyphAskingProperties(_ unit: UInt16) -> Bool {
        needsGlyph(Unicode.Scalar(unit).unsafelyUnwrapped)
    }

    /// The scalar of a one-unit cluster the primary font does not take alone and that
    /// `font(for:)` decides without its general path: beyond ASCII, without emoji presentation,
    /// not a surrogate; nil for any other.
    @inline(__always)
    private static func oneUnitScalar(_ unit: UInt16, primary: Font) -> Unicode.Scalar? {
        guard unit >= 0x80, !primary.coversAlone(unit), !hasEmojiPresentation(bmp: unit) else { return nil }
        return Unicode.Scalar(unit)
    }

    /// The font of one grapheme cluster: a colour font when the cluster has emoji presentation
    /// and one covers it; else `primary` when it has every glyph the cluster needs; else the
    /// fallback font of the cluster before (`previous`) when it has them all, so punctuation
    /// shared by scripts (a danda after Devanagari) stays in the font of its text, as Pango
    /// keeps it; otherwise one fallback font for the whole cluster (covering all of it if a font
    /// does, else the first missing character); `primary` (its .notdef) when no font has that
    /// character.
    private mutating func font(for cluster: Range<Int>, primary: Font, previous: Font?, script: Int32) -> Font {
        // Fast path: a one-unit cluster the primary font covers (most text) that is not one of the
        // BMP characters with emoji presentation.
        if cluster.count == 1 {
            let unit = utf16[cluster.lowerBound]
            if primary.coversAlone(unit) { return primary }
            // Beyond ASCII and without emoji presentation, one scalar the primary font lacks, without
            // a selector: what the general path below does, without its arrays, asking each font once.
            if let scalar = Self.oneUnitScalar(unit, primary: primary) {
                guard Self.needsGlyph(scalar) else { return primary }
                if let previous = Self.reusable(previous, primary: primary, for: CollectionOfOne(scalar)) { return previous }
                if let fallback = fonts.fallbackFont(for: scalar, like: primary) { return fallback }
                missing.append(MissingCharacter(scalar: scalar, offset: Int(scalarOffsets[cluster.lowerBound]),
                                                resolvedScript: script))
                return primary
            }
        }
        // The cluster's scalars that need a glyph are read in place; an array is made only for
        // the rare clusters that need a font looked up (most clusters of several units, such as
        // a Devanagari syllable, take the primary font or the font of the cluster before).
        let scalars = NeededScalars(utf16: utf16, cluster: cluster)
        var firstNeeded: Unicode.Scalar?, firstMissing: Int?, neededCount = 0
        for scalar in scalars {
            if firstNeeded == nil { firstNeeded = scalar }
            if firstMissing == nil, !primary.hasGlyph(for: scalar) { firstMissing = neededCount }
            neededCount += 1
        }
        if Self.hasEmojiPresentation(first: firstNeeded, selector: scalars.selector), !primary.hasColorGlyphs,
           let emoji = fonts.collection.colorEmojiFont(for: Array(scalars)) {
            return emoji
        }
        guard let firstMissing else { return primary }
        if let previous = Self.reusable(previous, primary: primary, for: scalars) { return previous }
        var needed = Array(scalars)
        let first = needed.remove(at: firstMissing)
        if let fallback = fonts.collection.fallbackFont(for: [first] + needed, like: primary) { return fallback }
        needed.insert(first, at: firstMissing)
        let offset = Int(scalarOffsets[cluster.lowerBound])
        for scalar in needed where !primary.hasGlyph(for: scalar) {
            missing.append(MissingCharacter(scalar: scalar, offset: offset, resolvedScript: script))
        }
        return primary
    }

    /// The fallback font of the cluster before (`previous`) when it has every one of `scalars`:
    /// a text font other than the primary, so shared punctuation stays in the font of its text.
    static func reusable(_ previous: Font?, primary: Font, for scalars: some Sequence<Unicode.Scalar>) -> Font? {
        guard let previous, previous !== primary, !previous.hasColorGlyphs,
              scalars.allSatisfy(previous.hasGlyph(for:)) else { return nil }
        return previous
    }
}
