/// Turns a ``TextStorage`` into positioned glyphs in a chain of ``TextContainer``s (Text Kit's
/// `NSLayoutManager`).
///
/// The pipeline, one stage per file: paragraphs are analysed with ICU (breaks, bidi, scripts),
/// itemized (`Itemizer`), shaped with HarfBuzz (`Paragraph`), broken into lines against each
/// container's free spans (`LineBreaker`) and placed (`LineAssembler`). Work is cached per
/// paragraph and invalidated by what an edit changed: paint-only attributes redo nothing,
/// paragraph styles and geometry re-break lines, characters and shaping attributes reshape only
/// the paragraphs they touch. Lines before the first changed line are kept, and relayout stops
/// as soon as a paragraph starts where it started before (the layout has re-synchronized): the
/// lines after it are reused as they are.
///
/// Layout queries (everything that lays out or reads the layout: the `ensureLayout` calls,
/// ``snapshot()``, ``overflowRange``, ``firstUnlaidCharacterIndex``, the extra line fragment
/// and every query by glyph, character or point) must not be made while the storage is in an
/// editing batch (``TextStorage/isEditing``): its edits reach the layout manager only when the
/// batch ends, so the layout could only answer for the old text. As Text Kit raises an
/// exception there, such a query stops the program with a precondition failure that says so.
/// Reading the storage itself is always allowed; right after ``TextStorage/endEditing()``
/// (and in any observer's ``TextStorageObserver/textStorage(_:didProcess:)``) queries answer
/// for the new text.
///
/// A layout manager is used from one thread at a time (shaping workers get copies of what they
/// need and touch none of its state), and none of its stored properties is lent `inout` across a
/// call that could reach it again: the properties read for every paragraph or line are marked
/// `@exclusivity(unchecked)`, which spares each read the run-time check of exclusive access
/// (about 80 instructions; some 25 a paragraph). The compiler still checks them statically.
public final class LayoutManager: TextStorageObserver {
    /// Creates a layout manager that finds fonts through `fontCollection`.
    ///
    /// - Parameter defaultFont: the font used when an attribute's font cannot be resolved; when
    ///   nil, the collection's "sans-serif" (or its default font file).
    public init(fontCollection: FontCollection = FontCollection(), defaultFont: Font? = nil,
                hyphenationDictionaries: HyphenationDictionaries = HyphenationDictionaries()) {
        self.fontCollection = fontCollection
        self.explicitDefaultFont = defaultFont
        self.hyphenationDictionaries = hyphenationDictionaries
        self.measuring = MeasuringContext(breakIterators: BreakIteratorPool(), hyphenation: hyphenationDictionaries,
                                          shapeCache: fontCollection.shapeCache)
    }

    /// Where fonts come from.
    public let fontCollection: FontCollection

    /// What measuring shares across paragraphs (ICU iterators, the dictionaries, shaped words);
    /// the shaped words are the font collection's (``FontCollection/shapeCache``), reused by
    /// every later paragraph in the same style, across edits and by other layout managers.
    let measuring: MeasuringContext

    /// Words shaped so far in the font collection's fonts (``measuring``'s cache).
    package var shapeCache: ShapeCache { measuring.shapeCache! }

    /// The hyphenation dictionaries paragraphs with a ``ParagraphStyle/hyphenationFactor`` use.
    public let hyphenationDictionaries: HyphenationDictionaries

    /// The storage laid out (set by ``TextStorage/addLayoutManager(_:)``); the layout manager
    /// keeps it alive.
    public internal(set) var textStorage: TextStorage? {
        didSet { invalidateAll() }
    }

    /// The containers text flows into, in order.
    @exclusivity(unchecked) public private(set) var textContainers: [TextContainer] = []

    /// Told which areas to redraw after each layout pass, and which characters to redraw when
    /// only their paint changed (see ``LayoutManagerDelegate``); not retained.
    @exclusivity(unchecked) public weak var delegate: LayoutManagerDelegate?

    /// Counts of the work done so far (reset them with ``resetStatistics()``).
    @exclusivity(unchecked) public internal(set) var statistics = LayoutStatistics()

    /// Problems met by the last layout (overflow, missing glyphs, unresolved fonts): the passes'
    /// warnings, then one ``LayoutWarning/Kind/missingGlyph`` warning per script of
    /// ``missingGlyphs`` (summed up when asked, not by every pass).
    public var warnings: [LayoutWarning] { passWarnings + missingGlyphWarnings() }

    /// The warnings layout passes raise (all but missing glyphs).
    var passWarnings: [LayoutWarning] = []

    /// Appends a container to the chain.
    public func addTextContainer(_ container: TextContainer) {
        insertTextContainer(container, at: textContainers.count)
    }

    /// Inserts a container into the chain; layout is redone from it on.
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        precondition(container.layoutManager == nil || container.layoutManager === self,
                     "a container belongs to one layout manager")
        textContainers.insert(container, at: index)
        container.layoutManager = self
        unrecordedContainers.append(container)
        heightSamples = nil
        widestLineFound = widestLineFound.map { max($0, Self.widestLine(in: container)) }
        invalidate(fromContainer: index)
    }

    /// Removes a container from the chain; layout is redone from its place on.
    public func removeTextContainer(at index: Int) {
        containerRecords[ObjectIdentifier(textContainers[index])] = nil
        textContainers[index].layoutManager = nil
        textContainers.remove(at: index)
        heightSamples = nil
        widestLineFound = nil
        invalidate(fromContainer: index)
    }

    /// Sets every count of ``statistics`` to zero.
    public func resetStatistics() { statistics = LayoutStatistics() }

    /// Lays out whatever is not laid out yet.
    ///
    /// Complexity: O(n) in the characters of the paragraphs that changed, plus those whose start
    /// moved; a constant per unchanged paragraph otherwise.
    public func ensureLayout() {
        requireNoOpenEditingBatch()
        guard let storage = textStorage, needsLayout else { return }
        runLayout(storage: storage, parallel: true, until: { _, _ in false })
        needsLayout = false
    }

    /// Whether layout may skip text before what is asked for (Text Kit's
    /// `allowsNonContiguousLayout`; off by default).
    ///
    /// When on, and the manager has one container without a line limit (an editor's text
    /// view), ``ensureLayout(forCharacterRange:)``, ``ensureLayout(forBoundingRect:in:)`` and the
    /// queries by character or point lay out text far past the laid-out part (more than about
    /// 50,000 characters) at an *estimated* position, from the average height per character so
    /// far, without laying out what lies between; ``hasNonContiguousLayout`` is then true. The
    /// estimated lines are exact relative to each other; their positions become exact when the
    /// text before them is laid out (``ensureLayout()``, ``snapshot()`` and the glyph-index
    /// queries always lay out exactly). When off, or with several containers (where the text of
    /// a container depends on all before it), layout always runs from the start.
    public var allowsNonContiguousLayout = false {
        didSet { if !allowsNonContiguousLayout { island = nil } }
    }

    /// Whether some of the current layout was placed at an estimated position (see
    /// ``allowsNonContiguousLayout``).
    public var hasNonContiguousLayout: Bool { !(island?.isEmpty ?? true) }

    /// Lays out the text from the start through the paragraph holding the end of `range`, and
    /// no further (Text Kit's `ensureLayout(forCharacterRange:)`): the rest of a long document is
    /// not even split into paragraphs. With ``allowsNonContiguousLayout``, a range far past the
    /// laid-out text is laid out at an estimated position instead.
    public func ensureLayout(forCharacterRange range: Range<Int>) {
        let target = max(range.lowerBound, range.upperBound - 1)
        ensureLayout(near: { _ in range.lowerBound }, until: { index, _ in self.paragraphs[index].range.upperBound > target })
    }

    /// Lays out the text from the start until the lines reach below `rect` in `container` (or a
    /// later container), and no further (Text Kit's `ensureLayout(forBoundingRect:in:)`). With
    /// ``allowsNonContiguousLayout``, a rectangle far below the laid-out text is laid out from the
    /// character estimated to lie at its top instead.
    public func ensureLayout(forBoundingRect rect: Rect, in container: TextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        ensureLayout(near: { end in self.estimatedCharacter(atY: rect.minY, after: end) }, until: { _, cursor in
            cursor.container > index || (cursor.container == index && cursor.y >= rect.maxY)
        })
    }

    /// The first character whose layout is not valid (Text Kit's `firstUnlaidCharacterIndex()`):
    /// every character before it is laid out, and no edit or container change has touched its
    /// layout since. The text's length when everything is laid out or overflowed; after an edit,
    /// at most the start of the first paragraph it changed (never past the text's end); after a
    /// container change, at most the first line it moved. Does not lay out.
    public var firstUnlaidCharacterIndex: Int {
        requireNoOpenEditingBatch()
        guard let storage = textStorage else { return 0 }
        if !needsLayout { return storage.length }
        return min(validThrough, storage.length)
    }

    /// The characters that did not fit in any container, or nil (lays out first).
    public var overflowRange: Range<Int>? {
        ensureLayout()
        guard let start = overflowStart, let length = textStorage?.length, start < length else { return nil }
        return start..<length
    }

    /// A value snapshot of the whole layout (lays out first).
    public func snapshot() -> LayoutSnapshot {
        ensureLayout()
        var remap: [Int: Int] = [:]
        var fonts: [UsedFont] = []
        var containers = textContainers.enumerated().map { index, container in
            ContainerLayout(index: index, size: container.size, textRect: container.textRect,
                            lineFragmentPadding: container.lineFragmentPadding,
                            exclusions: container.exclusions, shape: container.shape, lines: [])
        }
        // By index: a paragraph's state or a placed line copied into a loop variable costs a
        // retain and a release of each of its arrays.
        for p in textStorage == nil ? 0..<0 : paragraphs.indices {
            for index in paragraphs[p].lines.indices {
                var line = paragraphs[p].laidOutLine(index)
                for f in line.fragments.indices {
                    line.fragments[f].glyphs.mapFontIndices { old in
                        if let known = remap[old] { return known }
                        remap[old] = fonts.count
                        fonts.append(fontTable[old])
                        return fonts.count - 1
                    }
                }
                containers[paragraphs[p].lines[index].container].lines.append(line)
            }
        }
        return LayoutSnapshot(fonts: fonts, containers: containers, overflowRange: overflowRange,
                              textLength: textStorage?.length ?? 0)
    }

    /// Tells the manager that `container`'s geometry changed (called by the container itself).
    ///
    /// Only lines whose band, or the space searched above it, meets the changed area are laid
    /// out again: for an exclusion change, the bounds of the paths added or removed; for a change
    /// of size, insets or padding, the whole container.
    public func textContainerChanged(_ container: TextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        heightSamples = nil
        widestLineFound = nil
        let changed = changedBand(of: container, index: index)
        invalidateLines(inContainer: index, band: changed)
    }

    // MARK: - Internals

    /// Stops the program when the storage is in an editing batch: its edits have not reached
    /// this layout manager yet, so no layout answer could be right (Text Kit raises there).
    func requireNoOpenEditingBatch() {
        precondition(textStorage?.isEditing != true, """
            layout queried inside an editing batch of its text storage (between beginEditing() and \
            endEditing(), or in textStorage(_:willProcess:)): the batch's edits are not laid out yet; \
            query after endEditing()
            """)
    }

    /// Everything known about one paragraph. Filled by `runLayout`; `cache` is cleared by edits
    /// of its characters or shaping attributes, `validLines` by anything that moves its lines.
    ///
    /// Lines and cursors are kept in the paragraph's frame (``LayoutCursor/placed(at:)``): their
    /// characters are offsets in the paragraph, and in the container the paragraph starts in,
    /// their y and line counts are measured from ``startCursor``. Moving the paragraph down
    /// without laying it out again is a change of ``startCursor``
    /// (`LayoutManager+LineShifting.swift`).
    package struct ParagraphState {
        package var range: Range<Int>
        package var cache: Paragraph?
        var direction: WritingDirection?
        package var lines: [PlacedLine] = []
        /// How many leading `lines` are still right; the rest is laid out again.
        var validLines = 0
        /// The cursor the paragraph was laid out from, in container coordinates (nil: never laid out).
        package var startCursor: LayoutCursor?
        /// The cursor after the paragraph, in its frame.
        var relativeEnd = LayoutCursor(container: 0, y: 0)
        /// The cursor after the paragraph, in container coordinates.
        var endCursor: LayoutCursor {
            guard let startCursor else { return relativeEnd }
            return relativeEnd.placed(at: startCursor)
        }
        /// Where the paragraph stopped fitting (UTF-16 offset) and the cursor it was tried at
        /// (in its frame).
        var overflow: (offset: Int, cursor: LayoutCursor)?
        /// With optimal breaking (in the paragraph's frame): how far down the solver looked for line widths (past the
        /// chain's end when it ran out). A change between `startCursor` and it re-breaks the
        /// whole paragraph, even below its lines: the solver weighed breaks that would reach there.
        var solverReach: LayoutCursor?
        /// ``frameExtent()`` as of the last layout of the paragraph (set by `layOut`).
        var extent: ClosedRange<Double>?
        /// The glyphs of `lines` (set with them).
        var glyphCount = 0
        /// At least the largest container index any of `lines` reached (only grows while the
        /// paragraph keeps its lines): container insertions before it skip the paragraph at once.
        var maximumReach = -1

        init(range: Range<Int>) { self.range = range }

        /// Laid out, every line valid, nothing left over.
        var isClean: Bool { startCursor != nil && validLines == lines.count && overflow == nil }
        /// Whether its lines can be moved without laying it out again: shaped and clean.
        var isMovable: Bool { cache != nil && isClean }
    }

    /// A line with where it came from: container, UTF-16 start, the cursor its search began at
    /// and how far down its placement looked (see `LineBreaker.nextLine`), all in its
    /// paragraph's frame (see ``ParagraphState``).
    package struct PlacedLine {
        var container: Int
        var start: Int
        var searchStart: LayoutCursor
        var reach: LayoutCursor
        package var line: LineLayout
        /// What the line added to the quality statistics (taken back when it is laid out again).
        var quality = LineQuality()

        /// The geometry the line depends on, in container coordinates, for a paragraph that
        /// starts at `origin`: a line is laid out again when it changes.
        func searched(from origin: LayoutCursor) -> SearchedRegion {
            SearchedRegion(start: searchStart.placed(at: origin), reach: reach.placed(at: origin))
        }
    }

    @exclusivity(unchecked) package var paragraphs: [ParagraphState] = []
    /// Every paragraph from this index on is clean and starts where the one before it ended, so
    /// a full layout that reaches one of them at its recorded start can take all of them as they
    /// are (nil: not known). Set by a complete layout pass; an edit moves it past the paragraphs
    /// it split again; container changes, early stops and overflow clear it.
    var cleanAfter: Int?
    /// Every paragraph before this index is clean and starts where the one before it ended (the
    /// first at the top of the first container), so a full layout pass may start at it (nil: not
    /// known). Set by every layout pass for the paragraphs it went through; text edits and
    /// container geometry changes clear it; a container inserted or removed lowers it to the
    /// first paragraph whose placement reached that container. Appending pages thus lays out only
    /// the text that did not fit, not a pass over every paragraph before it.
    var cleanBefore: Int?
    /// For each paragraph before ``cleanBefore`` (at least), the highest container index any
    /// paragraph up to it started in or looked at: nondecreasing, so the first paragraph a
    /// container change reaches is found by bisection.
    @exclusivity(unchecked) var reachedContainers: [Int] = []
    var paragraphsSplit = false
    /// The text is split into `paragraphs` up to here (a paragraph boundary); the rest is split
    /// when layout reaches it.
    var splitEnd = 0
    /// After a partial layout: the characters before this are laid out. Set by layout passes
    /// only; ``validThrough`` follows it and is lowered by invalidation.
    var laidOutThrough = 0 { didSet { validThrough = laidOutThrough } }
    /// The characters before this are laid out and still valid (``firstUnlaidCharacterIndex``):
    /// set with ``laidOutThrough`` by each layout pass, lowered to the first character whose
    /// lines an edit or a container change invalidates.
    var validThrough = 0
    /// Set whenever something must be laid out again; clears the cached snapshot and query index.
    var needsLayout = true {
        didSet {
            if needsLayout {
                snapshotFontOrder = nil
                island = nil
                cachedExtraLine = nil
            }
        }
    }
    /// With noncontiguous layout: paragraphs laid out after the exact prefix from an estimated
    /// cursor (see `LayoutManager+Estimation.swift`); dropped by any change and by exact layout.
    package var island: Range<Int>?
    /// During a full layout pass: the batches of paragraphs being shaped in the background while
    /// lines are placed, in order, and the end of the last batch started (see `preshape`); empty
    /// and nil between passes.
    @exclusivity(unchecked) package var shapingAhead: [ShapingBatch] = []
    @exclusivity(unchecked) var lastShaped: Int?
    /// Paragraphs moved to a new start instead of being laid out again, since creation (see
    /// `LayoutManager+LineShifting.swift`).
    package var paragraphsMoved = 0
    /// The working memory the layout pass shapes paragraphs in (a layout manager is used from
    /// one thread at a time; the background workers have their own).
    let passScratch = ShapingScratch()
    /// Batches handed to the background workers since creation (tests check the pipeline ran).
    package var shapingBatchesStarted = 0
    /// Whether the workers may hold memos of this layout's fonts (a batch was started since the
    /// end of the last pass: ``drainShaping(warnings:)`` lets them go).
    @exclusivity(unchecked) var workersHoldFonts = false
    /// Thresholds and fast-path switches tests change to compare paths (see ``LayoutTuning``).
    @exclusivity(unchecked) package var tuning = LayoutTuning()
    /// Each paragraph's glyph count with prefix sums, for the glyph-index queries (nil: to be
    /// built from the paragraphs' counts; see `LayoutManager+GlyphQueries.swift`). Kept through
    /// layout passes paragraph by paragraph; dropped when paragraphs are split, joined or added.
    @exclusivity(unchecked) var glyphCounts: GlyphCounts?
    /// The fonts of the layout in the order a snapshot lists them (by first use), as far as a
    /// query needed them: manager font index to snapshot font index. Cleared with the layout.
    var snapshotFontOrder: (fonts: [Int: Int], paragraphsSeen: Int)?
    /// With a delegate: per container, the y range whose drawing the current pass changed (see
    /// `LayoutManager+DisplayInvalidation.swift`).
    var displayDamage: [Int: ClosedRange<Double>] = [:]
    /// The temporary attributes: sorted, disjoint, non-empty runs (see
    /// `LayoutManager+TemporaryAttributes.swift`).
    var temporaryRuns: [(range: Range<Int>, attributes: TemporaryAttributes)] = []
    /// The sample windows of ``usageBoundsForTextContainer`` (nil: to be taken); dropped by
    /// container and attribute changes.
    var heightSamples: HeightSamples?
    /// The widest line any container offers (``widestLine``), once found: raised as containers
    /// are added (pages, one at a time), found again after one is removed or changed.
    var widestLineFound: Double?
    /// The extra line fragment and the cursor it was placed from (see
    /// `LayoutManager+ExtraLineFragment.swift`); cleared when layout is needed.
    var cachedExtraLine: (start: LayoutCursor, fragment: ExtraLineFragment?)?
    @exclusivity(unchecked) var overflowStart: Int?
    @exclusivity(unchecked) var fontTable: [UsedFont] = []
    /// ``fontTable``'s indices by font object and size (equal fonts that are different objects,
    /// the same file at two paths, share the index of the first: ``index(of:size:)``).
    @exclusivity(unchecked) var fontIndices: [FontObjectKey: Int] = [:]
    /// The last two fonts ``index(of:size:)`` answered for, the latest first: the glyph runs of
    /// consecutive fragments are mostly in one font, or alternate between two (text in one
    /// script and words in another's fallback font), and this spares them a hash lookup each.
    /// Each keeps its font's identity beside the key (which keeps the font alive): the question
    /// of almost every line is answered by it and the size, without copying the key (a retain
    /// and a release of its font).
    @exclusivity(unchecked) var lastFontIndex: (key: UsedFont, identity: ObjectIdentifier, index: Int)?
    @exclusivity(unchecked) var previousFontIndex: (key: UsedFont, identity: ObjectIdentifier, index: Int)?
    let explicitDefaultFont: Font?
    /// The font descriptor ``defaultMetrics(for:)`` answered for last, and its answer.
    @exclusivity(unchecked) var lastDefaultMetrics: (font: FontDescriptor, metrics: LineMetrics)?
    var resolvedDefaultFont: Font?
    /// ``missingGlyphs`` and the shaping it was summed over (see `LayoutManager+FontReport.swift`).
    var missingGlyphCache: (key: MissingGlyphKey, value: [MissingGlyphs])?
    /// Paragraphs shaped so far (unlike ``statistics``, never reset): what tells the cache is stale.
    var shapingGeneration = 0
    /// The geometry each container had when it was last laid out.
    var containerRecords: [ObjectIdentifier: ContainerRecord] = [:]
    /// Containers inserted since the last layout pass, which records their geometry (a pass need
    /// not look at every container of a long chain to find the new ones).
    var unrecordedContainers: [TextContainer] = []
}

/// The thresholds of a layout manager and the switches that turn its fast paths off: tests lower
/// the thresholds and compare each fast path with the general one. Not part of the API.
package struct LayoutTuning {
    /// How far past the exact prefix (in characters) a query must reach before noncontiguous
    /// layout estimates instead of laying out what lies between.
    package var estimationDistance = 50_000
    /// Whether line assembly writes common fragments' glyphs straight into compact columns
    /// (``LineAssembler/writesColumnsDirectly``).
    package var placesGlyphsDirectly = true
    /// Whether greedy breaking searches the break opportunities that fit a line where widths
    /// never decrease (``LineBreaker/searchesCandidates``).
    package var searchesBreaksByWidth = true
    /// Whether a clean paragraph whose start moved is moved with it when its lines stay the same
    /// there, instead of being laid out again (`LayoutManager+LineShifting.swift`).
    package var movesParagraphs = true
}
