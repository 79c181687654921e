/// The glyphs of a line fragment, in visual order: a random-access collection of
/// ``PositionedGlyph`` values kept in flat arrays (12 to 16 bytes a glyph) instead of one
/// 56-byte value per glyph. The glyphs of a line laid out left to right in one shaped run read
/// ids, advances and, with ligatures, characters from the run, which they share with the
/// paragraph, and keep only their x (4 bytes a glyph), or nothing where x is read from the
/// paragraph's advances (exact sums, one glyph a cluster: most lines of most text).
///
/// Reading an element rebuilds exactly the value that was stored: glyph ids, character indices,
/// advances and positions come back bit for bit (a value kept in 32 bits is kept so only when it
/// converts back exactly; otherwise the whole column is kept in 64 bits).
///
/// Replacing an element in place is cheap for its id, character index, advance and x when they
/// are kept here; other changes, and insertions or removals, re-encode the collection (O(n)).
public struct PositionedGlyphs: Sendable {
    /// Per glyph, column after column: ids, character offsets from ``characterBase`` (no column
    /// when glyph `i` is character `characterBase + i`, as in most lines of text without
    /// ligatures or marks), advances, x; each column 1 word a glyph (Int32 or Float) or 2 (Int64
    /// or Double) as ``format`` says.
    /// Then the glyphs whose y is not ``baseline``: 3 words each (index, y), by index.
    ///
    /// (No field has a default value: with them, an initializer set each field twice and copied
    /// the glyphs out of its `self`, a retain and a release of each reference, every line.)
    private var words: [UInt32]
    private var format: Format
    /// The character index glyph offsets are measured from (the first glyph's).
    private var characterBase: Int
    /// The y of every glyph without an entry in the y exceptions.
    private var baseline: Double
    /// Added to the y of the glyphs off the baseline (``offsetY(by:)`` moves ``baseline`` itself).
    private var exceptionShift: Double
    /// Font and direction from glyph 0 on.
    private var firstRun: Run
    /// Further changes of font or direction, by start (empty for most fragments).
    private var laterRuns: [Run]
    /// The shaped run whose glyph ids and advances these glyphs are, when they are one stretch
    /// of one run, left to right, on the baseline (most lines of most text): then ``words``
    /// keeps only the x column, and ids and advances are read from the run's columns (shared
    /// with the paragraph, not copied: 4 bytes a glyph where a copy took 12, or 16 with a
    /// character column). Glyph `i` is character `characterBase + i`, or (not
    /// ``Format/identityCharacters``) the character of its cluster, counted from the first
    /// glyph's.
    private var source: Optional<RunSource>

    /// An empty collection.
    public init() {
        words = []
        format = Format()
        characterBase = 0
        baseline = 0
        exceptionShift = 0
        firstRun = Run(start: 0, fontIndex: 0, isRightToLeft: false)
        laterRuns = []
        source = nil
    }

    /// Stores `glyphs` compactly.
    public init(_ glyphs: some Collection<PositionedGlyph>) {
        self.init(Array(glyphs), baseline: glyphs.first?.position.y ?? 0)
    }
}

extension PositionedGlyphs: RandomAccessCollection, MutableCollection {
    /// The position of the first glyph (0).
    public var startIndex: Int { 0 }

    /// The position after the last glyph (the number of glyphs).
    public var endIndex: Int { Int(format.count) }

    /// The glyph at `position`, rebuilt from the flat columns.
    ///
    /// - Complexity: O(1) for most fragments; O(log r + log y) with r changes of font or
    ///   direction and y glyphs off the baseline.
    public subscript(position: Int) -> PositionedGlyph {
        get {
            precondition(position >= 0 && position < Int(format.count), "glyph index out of range")
            let n = Int(format.count)
            let run = run(at: position)
            if let source {
                // (x in 32 bits: the glyphs are made so only when every x is exact as Float.)
                return words.withUnsafeBufferPointer { w in
                    let x = source.prefix.map { prefix in source.pen + (Double(prefix[source.unitsFollowGlyphs
                        ? source.firstUnit &+ position : Int(source.columns.cluster(source.first &+ position))])
                        - Double(prefix[source.firstUnit])) } ?? Double(Float(bitPattern: w[position]))
                    return PositionedGlyph(glyphID: source.columns.glyph(source.first &+ position), fontIndex: run.fontIndex,
                                           position: Point(x: x, y: y(at: position, w)),
                                           advance: Double(source.columns.advance(source.first &+ position)) * source.scale,
                                           characterIndex: characterBase + (format.identityCharacters ? position
                                               : Int(source.columns.cluster(source.first &+ position))
                                                 &- Int(source.columns.cluster(source.first))),
                                           isRightToLeft: run.isRightToLeft)
                }
            }
            return words.withUnsafeBufferPointer { w in
                let characterOffset = format.identityCharacters ? position : format.wideCharacters
                    ? Int(Int64(bitPattern: Self.word64(w, n + 2 * position)))
                    : Int(Int32(bitPattern: w[n + position]))
                let advanceStart = n * (1 + format.characterWords)
                let advance = format.wideAdvances ? Double(bitPattern: Self.word64(w, advanceStart + 2 * position))
                    : Double(Float(bitPattern: w[advanceStart + position]))
                let xStart = advanceStart + n * format.advanceWords
                let x = format.wideX ? Double(bitPattern: Self.word64(w, xStart + 2 * position))
                    : Double(Float(bitPattern: w[xStart + position]))
                return PositionedGlyph(glyphID: w[position], fontIndex: run.fontIndex,
                                       position: Point(x: x, y: y(at: position, w)), advance: advance,
                                       characterIndex: characterBase + characterOffset,
                                       isRightToLeft: run.isRightToLeft)
            }
        }
        set {
            precondition(position >= 0 && position < Int(format.count), "glyph index out of range")
            let old = self[position]
            let offset = newValue.characterIndex - characterBase
            guard source == nil, old.position.y.bitPattern == newValue.position.y.bitPattern,
                  format.wideCharacters || Int32(exactly: offset) != nil,
                  !format.identityCharacters || offset == position,
                  format.wideAdvances || Self.isExactAsFloat(newValue.advance),
                  format.wideX || Self.isExactAsFloat(newValue.position.x) else {
                // Something that does not fit the current columns: encode everything again.
                var glyphs = Array(self)
                glyphs[position] = newValue
                self = PositionedGlyphs(glyphs, baseline: baseline)
                return
            }
            let n = Int(format.count)
            words.withUnsafeMutableBufferPointer { w in
                w[position] = newValue.glyphID
                if format.identityCharacters {
                    // (Guarded above: the offset is the position.)
                } else if format.wideCharacters {
                    Self.setWord64(w, n + 2 * position, UInt64(bitPattern: Int64(offset)))
                } else {
                    w[n + position] = UInt32(bitPattern: Int32(offset))
                }
                let advanceStart = n * (1 + format.characterWords)
                if format.wideAdvances {
                    Self.setWord64(w, advanceStart + 2 * position, newValue.advance.bitPattern)
                } else {
                    w[advanceStart + position] = Float(newValue.advance).bitPattern
                }
                let xStart = advanceStart + n * format.advanceWords
                if format.wideX {
                    Self.setWord64(w, xStart + 2 * position, newValue.position.x.bitPattern)
                } else {
                    w[xStart + position] = Float(newValue.position.x).bitPattern
                }
            }
            if old.fontIndex != newValue.fontIndex || old.isRightToLeft != newValue.isRightToLeft {
                setRun(Run(start: position, fontIndex: newValue.fontIndex, isRightToLeft: newValue.isRightToLeft))
            }
        }
    }
}

extension PositionedGlyphs: RangeReplaceableCollection {
    /// Replaces the glyphs in `subrange` with `newElements`.
    ///
    /// - Complexity: O(n + m): the collection is encoded again.
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<PositionedGlyph>) {
        var glyphs = Array(self)
        glyphs.replaceSubrange(subrange, with: newElements)
        self = PositionedGlyphs(glyphs, baseline: isEmpty ? glyphs.first?.position.y ?? 0 : baseline)
    }
}

// MARK: - Internals

extension PositionedGlyphs {
    /// Glyph count and column widths.
    private struct Format: Hashable, Sendable {
        /// Glyphs, and those whose y differs from the baseline.
        var count: Int32 = 0, yExceptionCount: Int32 = 0
        /// Whether glyph `i` is character `characterBase + i` (no character column).
        var identityCharacters = false
        var wideCharacters = false, wideAdvances = false, wideX = false

        var characterWords: Int { identityCharacters ? 0 : wideCharacters ? 2 : 1 }
        var advanceWords: Int { wideAdvances ? 2 : 1 }
        var xWords: Int { wideX ? 2 : 1 }
        /// Whether ids and advances are read from a run's columns (``source``): the words hold x
        /// only, or nothing when x comes from the paragraph's advances (`xFromRun`).
        var readsRun = false, xFromRun = false
        /// Words of the per-glyph columns.
        var columnWords: Int {
            Int(count) * (readsRun ? (xFromRun ? 0 : xWords) : 1 + characterWords + advanceWords + xWords)
        }
    }

    /// Stores `glyphs`; glyphs whose y is `baseline` take no room for it.
    init(_ glyphs: [PositionedGlyph], baseline: Double) {
        self.init()
        self.baseline = baseline
        guard let first = glyphs.first else { return }
        characterBase = first.characterIndex
        firstRun = Run(start: 0, fontIndex: first.fontIndex, isRightToLeft: first.isRightToLeft)
        let base = characterBase
        var format = Format()
        format.count = Int32(glyphs.count)
        precondition(Int(format.count) == glyphs.count, "too many glyphs in one fragment")
        var run = firstRun
        var identity = true
        glyphs.withUnsafeBufferPointer { g in
            for index in g.indices {
                let glyph = g[index]
                if glyph.characterIndex - base != index { identity = false }
                if Int32(exactly: glyph.characterIndex - base) == nil { format.wideCharacters = true }
                if !Self.isExactAsFloat(glyph.advance) { format.wideAdvances = true }
                if !Self.isExactAsFloat(glyph.position.x) { format.wideX = true }
                if glyph.position.y.bitPattern != baseline.bitPattern { format.yExceptionCount += 1 }
                if glyph.fontIndex != run.fontIndex || glyph.isRightToLeft != run.isRightToLeft {
                    run = Run(start: index, fontIndex: glyph.fontIndex, isRightToLeft: glyph.isRightToLeft)
                    laterRuns.append(run)
                }
            }
        }
        if identity { (format.identityCharacters, format.wideCharacters) = (true, false) }
        self.format = format
        let n = glyphs.count
        let advanceStart = n * (1 + format.characterWords)
        let xStart = advanceStart + n * format.advanceWords
        var yStart = format.columnWords
        let total = yStart + 3 * Int(format.yExceptionCount)
        words = [UInt32](count: total, filler: 0) { w in
            glyphs.withUnsafeBufferPointer { g in
                for index in g.indices {
                    let glyph = g[index]
                    w[index] = glyph.glyphID
                    let offset = glyph.characterIndex - base
                    if format.identityCharacters {
                        // No column.
                    } else if format.wideCharacters {
                        Self.setWord64(w, n + 2 * index, UInt64(bitPattern: Int64(offset)))
                    } else {
                        w[n + index] = UInt32(bitPattern: Int32(truncatingIfNeeded: offset))
                    }
                    if format.wideAdvances {
                        Self.setWord64(w, advanceStart + 2 * index, glyph.advance.bitPattern)
                    } else {
                        w[advanceStart + index] = Float(glyph.advance).bitPattern
                    }
                    if format.wideX {
                        Self.setWord64(w, xStart + 2 * index, glyph.position.x.bitPattern)
                    } else {
                        w[xStart + index] = Float(glyph.position.x).bitPattern
                    }
                    if glyph.position.y.bitPattern != baseline.bitPattern {
                        w[yStart] = UInt32(index)
                        Self.setWord64(w, yStart + 1, glyph.position.y.bitPattern)
                        yStart += 3
                    }
                }
            }
            return total
        }
    }

    /// Stores glyphs whose columns the caller wrote (see ``words``): `columns` holds `count` ids,
    /// then `count` character offsets from `characterBase` (Int32; none when
    /// `identityCharacters`: glyph `i` is character `characterBase + i`), then `count` advances (Float,
    /// or Double in two words each when `wideAdvances`: some advance is not exact as Float) and
    /// `count` x (Float, or Double when `wideX`), every value exact. `runs` are the changes of
    /// font and direction from glyph 0 on, `yExceptions` the glyphs whose y is not `baseline`, by
    /// index. Gives what ``init(_:baseline:)`` gives for the same glyphs, storage included.
    init(narrowColumns columns: consuming [UInt32], count: Int, characterBase: Int, baseline: Double,
         firstRun: Run, laterRuns: [Run], yExceptions: [(index: Int, y: Double)], wideAdvances: Bool = false,
         wideX: Bool = false, identityCharacters: Bool = false) {
        self.init()
        precondition(count > 0 && columns.count == ((identityCharacters ? 1 : 2) + (wideAdvances ? 2 : 1) + (wideX ? 2 : 1)) * count
                     && Int32(exactly: count) != nil, "bad columns")
        format.identityCharacters = identityCharacters
        format.wideAdvances = wideAdvances
        format.wideX = wideX
        self.baseline = baseline
        self.characterBase = characterBase
        self.firstRun = firstRun
        self.laterRuns = laterRuns
        format.count = Int32(count)
        format.yExceptionCount = Int32(yExceptions.count)
        if !yExceptions.isEmpty {
            columns.reserveCapacity(columns.count + 3 * yExceptions.count)
            for (index, y) in yExceptions {
                columns.append(UInt32(index))
                columns.append(UInt32(truncatingIfNeeded: y.bitPattern))
                columns.append(UInt32(truncatingIfNeeded: y.bitPattern >> 32))
            }
        }
        words = columns
    }

    /// Glyphs `first ..< first + count` of a shaped run's `columns`, placed at `x` on `baseline`,
    /// glyph `i` being character `characterBase + i` (or, with `charactersFromClusters`, character
    /// `characterBase` plus its cluster less the first glyph's), in font `fontIndex`, left to
    /// right, each advance `scale` times its advance in font units. The caller vouches that every
    /// advance and x is exact as Float (as ``init(_:baseline:)`` would then keep them in 32 bits)
    /// and that the columns are no longer changed.
    init(count: Int, x: RunX, characterBase: Int, baseline: Double, fontIndex: Int, columns: GlyphColumns,
         first: Int, scale: Double, charactersFromClusters: Bool = false) {
        precondition(count > 0 && Int32(exactly: count) != nil && first >= 0 && first + count <= columns.count,
                     "bad glyph stretch")
        var format = Format()
        format.count = Int32(count)
        format.identityCharacters = !charactersFromClusters
        format.readsRun = true
        self.baseline = baseline
        self.characterBase = characterBase
        exceptionShift = 0
        firstRun = Run(start: 0, fontIndex: fontIndex, isRightToLeft: false)
        laterRuns = []
        // (The source made in place, each case its own: one made first and then completed and
        // stored was copied, a retain and a release of its columns and prefix, every line.)
        switch x {
        case .column(let column):
            precondition(column.count == count, "bad x column")
            words = column
            source = RunSource(columns: columns, first: first, scale: scale)
        case let .advances(pen, prefix, firstUnit, unitsFollowGlyphs):
            precondition(firstUnit >= 0 && firstUnit < prefix.count, "bad advance prefix")
            format.xFromRun = true
            words = []
            source = RunSource(columns: columns, first: first, scale: scale, prefix: prefix, pen: pen,
                               firstUnit: firstUnit, unitsFollowGlyphs: unitsFollowGlyphs)
        }
        self.format = format
    }

    /// Whether ids and advances (``readsRunColumns``), and x (``readsRunX``), are read from a
    /// shaped run's columns and the paragraph's advances rather than kept here.
    package var readsRunColumns: Bool { source != nil }
    package var readsRunX: Bool { format.xFromRun }

    /// Bytes of the flat storage (the per-glyph columns and the y exceptions; not the run's
    /// columns when the glyphs read them, which the paragraph keeps anyway).
    package var storedBytes: Int { words.count * MemoryLayout<UInt32>.stride }

    /// Whether x is kept in 64 bits (some x is not exact as Float).
    package var storesWideX: Bool { format.wideX }

    /// Whether a column of character offsets is kept (none when glyph `i` is character
    /// `characterBase + i`, or when characters are read from the run's clusters).
    package var storesCharacterColumn: Bool { !format.identityCharacters && source == nil }

    /// Whether glyph `i` is character `characterBase + i` (however the glyphs are kept).
    package var hasIdentityCharacters: Bool { format.identityCharacters }

    /// Bytes the flat storage holds allocated (its capacity; tests check no room goes unused).
    package var allocatedBytes: Int { words.capacity * MemoryLayout<UInt32>.stride }

    /// Adds `delta` to every glyph's character index.
    package mutating func offsetCharacterIndices(by delta: Int) {
        characterBase += delta
    }

    /// Adds `delta` to every glyph's y, in O(1): a line laid out in its paragraph's frame, placed
    /// in its container. Each glyph's y becomes exactly `y + delta` when the collection was not
    /// moved before.
    package mutating func offsetY(by delta: Double) {
        guard delta != 0 else { return }
        baseline += delta
        exceptionShift += delta
    }

    /// Calls `body` with the font index of each run of glyphs in one font and direction, in glyph
    /// order (O(changes of font); nothing for an empty collection).
    package func forEachFontRun(_ body: (Int) -> Void) {
        guard !isEmpty else { return }
        body(firstRun.fontIndex)
        for run in laterRuns { body(run.fontIndex) }
    }

    /// Replaces every glyph's font index `f` with `transform(f)`, in glyph order (O(changes of
    /// font); nothing is called for an empty collection).
    package mutating func mapFontIndices(_ transform: (Int) -> Int) {
        guard !isEmpty else { return }
        firstRun.fontIndex = transform(firstRun.fontIndex)
        for index in laterRuns.indices { laterRuns[index].fontIndex = transform(laterRuns[index].fontIndex) }
    }

    /// The font and direction of glyph `position`.
    private func run(at position: Int) -> Run {
        guard let first = laterRuns.first, position >= first.start else { return firstRun }
        var low = 0, high = laterRuns.count
        while low < high {
            let mid = (low + high) / 2
            if laterRuns[mid].start <= position { low = mid + 1 } else { high = mid }
        }
        return laterRuns[low - 1]
    }

    /// The y of glyph `position`: the baseline unless it is among the exceptions.
    private func y(at position: Int, _ w: UnsafeBufferPointer<UInt32>) -> Double {
        guard format.yExceptionCount > 0 else { return baseline }
        var low = 0, high = Int(format.yExceptionCount)
        let start = format.columnWords
        while low < high {
            let mid = (low + high) / 2
            let index = Int(w[start + 3 * mid])
            if index == position {
                let y = Double(bitPattern: Self.word64(w, start + 3 * mid + 1))
                return exceptionShift == 0 ? y : y + exceptionShift
            }
            if index < position { low = mid + 1 } else { high = mid }
        }
        return baseline
    }

    /// Gives glyph `run.start` alone `run`'s font and direction, merging equal neighbours.
    private mutating func setRun(_ run: Run) {
        let position = run.start
        var runs = [firstRun] + laterRuns
        var owner = 0
        while owner + 1 < runs.count, runs[owner + 1].start <= position { owner += 1 }
        let end = owner + 1 < runs.count ? runs[owner + 1].start : Int(format.count)
        var pieces: [Run] = []
        if runs[owner].start < position { pieces.append(runs[owner]) }
        pieces.append(run)
        if position + 1 < end {
            pieces.append(Run(start: position + 1, fontIndex: runs[owner].fontIndex,
                              isRightToLeft: runs[owner].isRightToLeft))
        }
        runs.replaceSubrange(owner...owner, with: pieces)
        var merged: [Run] = []
        for next in runs {
            if let last = merged.last, last.fontIndex == next.fontIndex, last.isRightToLeft == next.isRightToLeft {
                continue
            }
            merged.append(next)
        }
        firstRun = merged[0]
        laterRuns = Array(merged.dropFirst())
    }
}
