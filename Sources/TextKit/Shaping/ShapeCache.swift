/// Shaped words, reused wherever the same word comes again in the same style (Android minikin's
/// `LayoutCache`, Chromium's word shape cache): English prose of a megabyte has a few thousand
/// distinct words, so most words are shaped once and copied afterwards.
///
/// A run is cut into segments, each a word with the spaces after it, and a segment's glyphs come
/// from the cache or from HarfBuzz shaping it alone. The cache is keyed by the word without those
/// spaces (so "end." at a paragraph's end finds "end. " shaped before): a word's spaces are the
/// style's space glyph, one each, kept once per style. That gives exactly the glyphs of shaping the
/// whole run only when nothing HarfBuzz does crosses a space, so it is used only for styles whose
/// shape plan never touches the space glyph, or only to position certain glyphs after it (then a
/// run with a word that has one of them is shaped whole; ``ShapingInput/wordShaping()``, decided
/// once per style). A segment at a run's edge, next to another item's text, is cached only in a
/// script whose shaping never reads the text around a run (``shapesWithoutContext(_:)``); in
/// a joining script such as Arabic it is shaped in place, with its real context. A segment never
/// ends before a combining mark or joiner, so clusters stay whole. In other styles a run is shaped
/// whole; one of at most ``maximumWordLength`` units in Chinese, Japanese or Korean
/// (``keepsRunsWhole(_:)``: a phrase between punctuation is often a run and comes back often) is
/// kept whole, keyed by its text.
///
/// One cache belongs to a font collection (``FontCollection/shapeCache``) and is shared by every
/// layout manager using it and the threads shaping their paragraphs (one lock), so a new layout
/// of a document, or a new document in the same fonts, finds the words shaped before. Each word's
/// text and glyphs lie together in one arena (``CachedWords``: a lookup reads two places), bounded
/// by ``maximumWords`` and ``maximumGlyphs``, in two generations: a word found only in the older one
/// is copied into the young one, and when the young one is full it becomes the older one (the
/// older one before it is forgotten). The words a text keeps using thus stay however many
/// distinct words pass through: 1 MB of fortunes (35,421 distinct words, more than a generation)
/// shapes 35,481 segments in its first layout and about 2,750 in each later one, where a cache
/// emptied whole when full shaped 39,189 and then about 37,000 in every layout.
///
/// Filled while shaping; never invalid (a word's glyphs depend only on its key), so edits do not
/// clear it.
package final class ShapeCache: Sendable {
    /// The most words a generation keeps (a power of two).
    package static let maximumWords = 32_768
    /// The most glyphs a generation keeps, over all its words.
    package static let maximumGlyphs = 262_144
    /// Longer segments (UTF-16 units) are shaped in place, never cached.
    static let maximumWordLength = 48

    private let state: Locked<State>

    /// An empty cache whose generations keep up to `wordsPerGeneration` words (a power of two)
    /// with `glyphsPerGeneration` glyphs in all (smaller bounds than the defaults are for tests).
    package init(wordsPerGeneration: Int = maximumWords, glyphsPerGeneration: Int = maximumGlyphs) {
        state = Locked(State(words: CachedWords(maximumWords: wordsPerGeneration, maximumGlyphs: glyphsPerGeneration),
                             older: CachedWords(maximumWords: wordsPerGeneration, maximumGlyphs: glyphsPerGeneration)))
    }

    /// Counts since creation: segments found in the cache (in either generation), segments shaped
    /// and added, the HarfBuzz buffers those were shaped in (the missing words of a run share
    /// one), words found in the older generation only and copied into the young one, and the
    /// times the young generation was full and became the older one.
    package var counts: (hits: Int, misses: Int, buffers: Int, promoted: Int, turns: Int) {
        state.withLock { ($0.hits, $0.misses, $0.buffers, $0.promoted, $0.turns) }
    }

    /// The words kept now in both generations (a word may be in both), and how many of them keep
    /// compact glyphs (``CachedGlyphs``).
    package var keptWords: (all: Int, compact: Int) {
        state.withLock { ($0.words.count + $0.older.count, $0.words.compactCount + $0.older.compactCount) }
    }

    /// The glyphs of `text[range]` shaped in `style`, in logical order (clusters are offsets into
    /// `text`), assembled word by word (or kept whole: see the type's discussion); nil when the
    /// run is to be shaped whole, outside the cache (the style's runs are not cut into words, or
    /// this run has a word a space before it may change). Offsets come back empty when every one
    /// is zero (as ``ShapedRun`` keeps them).
    ///
    /// The cached words are copied under the lock, up to ``wordsPerLock`` a hold, the missing ones
    /// between them leaving room for their glyphs; the lock is let go to shape the missing words
    /// (together, in one buffer) or a segment that must be shaped in place, so threads shaping
    /// other paragraphs are never held up by HarfBuzz. Words shaped are added under the next lock
    /// the run takes.
    ///
    /// `scratch` is where the run's glyphs are assembled (its records are replaced).
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, style: RunStyle,
               scratch out: GlyphAssembly) -> GlyphColumns? {
        guard let script = style.input.script, !range.isEmpty else { return nil }
        let cacheStyle = self.style(for: style.input, askedBefore: out), styleID = cacheStyle.id
        out.removeAll()
        let plan = cacheStyle.plan
        guard cacheStyle.byWord else {
            return Self.keepsRunsWhole(script) && range.count <= Self.maximumWordLength
                ? shapeWholeRun(text, range: range, style: style, styleID: styleID, plan: plan, to: out) : nil
        }
        var start = range.lowerBound
        var space: GlyphRecord?, contextGlyphs: [UInt32] = []
        while start < range.upperBound {
            var missing = 0, paused = false
            start = state.withLock { state in
                Self.addShapedWords(out, text, styleID: styleID, to: &state)
                (space, contextGlyphs) = (state.facts[Int(styleID)].space, state.facts[Int(styleID)].contextGlyphs)
                let found = Self.appendCachedWords(&state, text, from: start, in: range, style: cacheStyle, to: out)
                state.hits += found.hits
                (missing, paused) = (found.missing, found.paused)
                return found.reached
            }
            if missing > 0 {
                // The run's missing words are shaped in one buffer: a HarfBuzz call costs about
                // as much as shaping four glyphs, and text new to the cache misses a word or
                // more in most runs.
                guard Self.shapeMissing(text, count: missing, space: space, style: style, plan: plan,
                                        contextGlyphs: contextGlyphs, to: out) else { return nil }
                continue
            }
            if paused { continue }
            guard start < range.upperBound else { break }
            // A segment that is not cacheable: shaped in place, with its context.
            let end = Self.segmentEnd(text, from: start, limit: range.upperBound, style: styleID).end
            style.input.shapeRecords(text, range: start..<end, into: &out.shaped, plan: plan)
            if Self.containsAny(out.shaped, of: contextGlyphs) { return nil }
            out.append(out.shaped, clusterOffset: 0)
            start = end
        }
        if out.shapedWordCount > 0 { state.withLock { Self.addShapedWords(out, text, styleID: styleID, to: &$0) } }
        return out.columns()
    }

    /// Whether HarfBuzz shapes a run of `script` without reading the text around it: a run's
    /// glyphs then depend on its text and style alone. HarfBuzz reads a buffer's context only to
    /// join letters (its Arabic shaper, and the Universal Shaping Engine for joining scripts such
    /// as Mongolian or Adlam) and to put a dotted circle before a mark that begins the text (only
    /// with the beginning-of-text flag, which is never set here). Listed: scripts shaped by its
    /// default, Hebrew, Thai and Lao, Indic, Khmer, Myanmar and Hangul shapers, and Tibetan
    /// (the Universal Shaping Engine, without joining); others are assumed to read it.
    static func shapesWithoutContext(_ script: ScriptTag) -> Bool { contextFreeScripts.contains(script) }

    private static let contextFreeScripts: Set<ScriptTag> = [
        "Latn", "Grek", "Cyrl", "Armn", "Geor", "Ethi", "Cher", "Hebr", "Thai", "Laoo", "Tibt", "Deva", "Beng",
        "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Khmr", "Mymr", "Hani", "Hira", "Kana",
        "Hang", "Bopo",
    ]

    /// Whether a run of `script` in a style not shaped by word is kept whole (Chinese, Japanese,
    /// Korean: see the type's discussion); only scripts shaped without context.
    static func keepsRunsWhole(_ script: ScriptTag) -> Bool { wholeRunScripts.contains(script) }

    private static let wholeRunScripts: [ScriptTag] = ["Hani", "Hira", "Kana", "Hang", "Bopo"]

    /// A run kept whole (see the type's discussion): from the cache, or shaped with its context as
    /// ``ShapedRun`` shapes any run, then kept.
    private func shapeWholeRun(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, style: RunStyle,
                               styleID: Int32, plan: HarfBuzzFont.ShapePlan?, to out: GlyphAssembly) -> GlyphColumns {
        let hash = Self.hash(text, range, style: styleID)
        let found = state.withLock { state in
            guard let glyphs = state.find(text, range, hash: hash, style: styleID) else { return false }
            out.append(glyphs, clusterOffset: Int32(range.lowerBound))
            state.hits += 1
            return true
        }
        guard !found else { return out.columns() }
        style.input.shapeRecords(text, range: range, into: &out.shaped, plan: plan)
        out.append(out.shaped, clusterOffset: 0)
        // Kept as a word without spaces after it (clusters from the run's start, made so in place).
        for index in out.shaped.indices { out.shaped[index].cluster -= Int32(range.lowerBound) }
        let count = out.shaped.count
        out.keepShapedWord(ShapedWord(segment: range, wordEnd: range.upperBound, hash: hash, records: 0..<count,
                                      split: count))
        state.withLock { Self.addShapedWords(out, text, styleID: styleID, to: &$0) }
        return out.columns()
    }

    // MARK: - Internals

    struct State: ~Copyable {
        /// Style ids, and whether each style's runs are shaped word by word (else whole), found by
        /// hashing the input (each shaping thread asks only for inputs it has not met lately,
        /// ``GlyphAssembly/recentStyles``).
        var styles: [ShapingInput: CacheStyle] = [:]
        /// The words and their glyphs: the young generation, every word is added to, and the
        /// older one (``find(_:_:hash:style:)``, ``turn()``).
        var words: CachedWords, older: CachedWords
        /// What the cache knows of each style, indexed by style id (made with the style): its
        /// space glyph (cluster 0), once a segment ending in spaces was shaped in it, kept when the
        /// generations turn; and the glyphs a space before them may move
        /// (``WordShaping/byWord(contextGlyphs:)``).
        var facts: [(space: GlyphRecord?, contextGlyphs: [UInt32])] = []

        func space(_ style: Int32) -> GlyphRecord? { facts[Int(style)].space }
        var hits = 0, misses = 0, buffers = 0, promoted = 0, turns = 0

        init(words: consuming CachedWords, older: consuming CachedWords) {
            self.words = words
            self.older = older
        }
    }

    /// The cache's style for `key`: its id, its shape plan, and whether its runs can be shaped by
    /// word (the plan made and read outside the lock, by each thread that meets the style before
    /// it is kept; the first kept is the one every thread gets).
    func style(for key: ShapingInput) -> CacheStyle {
        if let known = state.withLock({ $0.styles[key] }) { return known }
        let plan = key.shapePlan(), shaping = key.wordShaping(plan: plan)
        return state.withLock { state in
            if let known = state.styles[key] { return known }
            var style = CacheStyle(id: Int32(state.styles.count), byWord: false,
                                   readsContext: !(key.script.map(Self.shapesWithoutContext) ?? false), plan: plan)
            var contextGlyphs: [UInt32] = []
            if case .byWord(let glyphs) = shaping { (style.byWord, contextGlyphs) = (true, glyphs) }
            state.facts.append((space: nil, contextGlyphs: contextGlyphs))
            state.styles[key] = style
            return style
        }
    }


    /// The end of the segment starting at `start`: past the word, the spaces after it, and any
    /// combining mark or joiner that follows them (a cluster is never cut); where its word (the
    /// key) ends, before the spaces that end the segment (a segment of spaces only is its own
    /// word); and the word's hash in `style` (``hash(_:_:style:)``).
    @inline(__always)
    static func segmentEnd(_ text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int,
                           style: Int32) -> (end: Int, wordEnd: Int, hash: UInt64) {
        var index = start, wordEnd = start
        repeat {
            // (Spaces followed by a mark belong to the word: the scan goes on past them.)
            index = nextSpace(text, from: index, limit: limit)
            wordEnd = index
            while index < limit, text[index] == 0x20 { index += 1 }
            // (Below U+0300 no unit continues a cluster: most words end without the call.)
        } while index < limit && text[index] >= 0x300 && continuesCluster(text, at: index)
        if wordEnd == start { wordEnd = index }
        return (index, wordEnd, hash(text, start..<wordEnd, style: style))
    }

    /// The offset of the first space (U+0020) of `text` from `start` on, `limit` when there is
    /// none before it: four units tested at once in a 64-bit word (a lane equal to the space,
    /// xor-ed with it, is zero; the lowest zero lane is found from the borrows of subtracting one
    /// from each lane), most words ending in the first eight units.
    @inline(__always)
    private static func nextSpace(_ text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int {
        var index = start
        if index + 4 <= limit, let base = text.baseAddress {
            let bytes = UnsafeRawPointer(base)
            repeat {
                let lanes = bytes.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self) ^ 0x0020_0020_0020_0020
                let zero = (lanes &- 0x0001_0001_0001_0001) & ~lanes & 0x8000_8000_8000_8000
                if zero != 0 { return index + zero.trailingZeroBitCount / 16 }
                index += 4
            } while index + 4 <= limit
        }
        while index < limit, text[index] != 0x20 { index += 1 }
        return index
    }

    /// A key's hash: from FNV-1a's basis mixed with the style id, ``digest64(_:)``'s word step on
    /// its UTF-16 units four at a time, then FNV-1a's step on the last ones one by one (a unit
    /// a step: a key's tail is at most three units, where bytes would take six steps); folded.
    @inline(__always)
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ key: Range<Int>, style: Int32) -> UInt64 {
        var hash = fnv1aOffsetBasis ^ UInt64(UInt32(bitPattern: style))
        var index = key.lowerBound
        if index + 4 <= key.upperBound, let base = text.baseAddress {
            let bytes = UnsafeRawPointer(base)
            repeat {
                hash = fnv1aWordStep(hash, bytes.loadUnaligned(fromByteOffset: 2 * index, as: UInt64.self))
                index += 4
            } while index + 4 <= key.upperBound
        }
        while index < key.upperBound {
            hash = fnv1aStep(hash, UInt64(text[index]))
            index += 1
        }
        return hash ^ (hash >> 29)
    }

    /// Whether the character at `index` belongs to the cluster before it (a mark, a joiner, a
    /// variation selector, a trailing surrogate).
    static func continuesCluster(_ text: UnsafeBufferPointer<UInt16>, at index: Int) -> Bool {
        let unit = text[index]
        if unit < 0x300 { return false }
        if UTF16.isTrailSurrogate(unit) { return true }
        var value = UInt32(unit)
        if UTF16.isLeadSurrogate(unit) {
            // (A lone surrogate continues whatever is before it.)
            guard index + 1 < text.count, UTF16.isTrailSurrogate(text[index + 1]) else { return true }
            value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
        }
        return ICU.continuesCluster(value)
    }

    /// Whether the segment is shaped alone and cached: it is short, and in a style whose shaping
    /// reads the text around a run, its neighbours are spaces or nothing (one next to another
    /// item is shaped in place, with its real context).
    @inline(__always)
    static func isCacheable(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>,
                                    in range: Range<Int>, readsContext: Bool) -> Bool {
        guard readsContext else { return segment.count <= maximumWordLength }
        let before = segment.lowerBound == 0 || text[segment.lowerBound - 1] == 0x20
        let after = segment.upperBound == text.count || text[segment.upperBound - 1] == 0x20
            || segment.upperBound < range.upperBound
        return before && after && segment.count <= maximumWordLength
    }

    /// A segment shaped alone, to be added to the cache: its range, where its word ends, the
    /// word's hash, and its glyph records among those of ``GlyphAssembly/shaped`` (clusters from
    /// the segment's start), the word's up to `split`, then those of its spaces.
    struct ShapedWord {
        var segment: Range<Int>, wordEnd: Int, hash: UInt64
        var records: Range<Int>, split: Int
    }

    /// Shapes the first `count` segments of ``GlyphAssembly/missing`` together, in one buffer
    /// without context (the text itself when they lie next to each other, else their text copied
    /// one after another, ``GlyphAssembly/missingText``), and puts their glyphs in their places
    /// (``GlyphAssembly/fillMissing(_:)``); each becomes a word of ``GlyphAssembly/shapedWords``,
    /// for ``addShapedWords(_:_:styleID:to:)``. The same glyphs as shaping each alone: the style's
    /// shaping touches no space (see the type's discussion), and every segment but a run's last
    /// ends with its spaces (so no two words run together; the last comes last). Once the
    /// style's space glyph is known (`space`), the last segment's spaces are not shaped but are
    /// that glyph. False (the run is to be shaped whole) when the glyphs include one of
    /// `contextGlyphs`.
    private static func shapeMissing(_ text: UnsafeBufferPointer<UInt16>, count: Int, space: GlyphRecord?,
                                     style: RunStyle, plan: HarfBuzzFont.ShapePlan?, contextGlyphs: [UInt32],
                                     to out: GlyphAssembly) -> Bool {
        let first = out.missing[0], last = out.missing[count - 1]
        let knownSpace = last.wordEnd < last.end ? space : nil
        let shapedEnd = knownSpace == nil ? last.end : last.wordEnd
        var length = 0, adjacent = true
        for k in 0..<count {
            if k > 0, out.missing[k].start != out.missing[k - 1].end { adjacent = false }
            length += out.missing[k].end - out.missing[k].start
        }
        let shapedLength = length - (last.end - shapedEnd)
        // (Two calls rather than one closure over the buffer: the closure copied the run's style,
        // a retain of each of its references, for every buffer.)
        if adjacent {
            style.input.shapeRecords(UnsafeBufferPointer(rebasing: text[first.start..<shapedEnd]), range: 0..<shapedLength,
                                     into: &out.shaped, plan: plan)
        } else {
            out.missingText.removeAll(keepingCapacity: true)
            for k in 0..<count {
                let segment = out.missing[k]
                out.missingText.append(contentsOf: text[segment.start..<(k == count - 1 ? shapedEnd : segment.end)])
            }
            out.missingText.withUnsafeBufferPointer { missingText in
                style.input.shapeRecords(missingText, range: 0..<shapedLength, into: &out.shaped, plan: plan)
            }
        }
        if containsAny(out.shaped, of: contextGlyphs) { return false }
        if let knownSpace {
            for offset in shapedLength..<length {
                var record = knownSpace
                record.cluster = Int32(offset)
                out.shaped.append(record)
            }
        }
        // Cut where each segment ends in the buffer (clusters only grow, in logical order), each
        // segment's clusters made relative to its start in place.
        out.shaped.withUnsafeMutableBufferPointer { records in
            var index = 0, segmentStart = 0
            for k in 0..<count {
                let segment = out.missing[k]
                let base = Int32(segmentStart), end = Int32(segmentStart + segment.end - segment.start)
                let wordLength = Int32(segment.wordEnd - segment.start)
                let first = index
                var split: Int?
                while index < records.count, records[index].cluster < end {
                    records[index].cluster -= base
                    if split == nil, records[index].cluster >= wordLength { split = index }
                    index += 1
                }
                out.keepShapedWord(ShapedWord(segment: segment.start..<segment.end, wordEnd: segment.wordEnd,
                                              hash: segment.hash, records: first..<index, split: split ?? index))
                segmentStart += segment.end - segment.start
            }
        }
        out.fillMissing(count)
        return true
    }

    /// Whether one of `records` has a glyph of `glyphs` (ascending).
    private static func containsAny(_ records: [GlyphRecord], of glyphs: [UInt32]) -> Bool {
        guard let lowest = glyphs.first, let highest = glyphs.last else { return false }
        return records.contains { record in
            guard record.glyph >= lowest, record.glyph <= highest else { return false }
            var (low, high) = (0, glyphs.count)
            while low < high {
                let middle = (low + high) / 2
                if glyphs[middle] < record.glyph { low = middle + 1 } else { high = middle }
            }
            return glyphs[low] == record.glyph
        }
    }

    /// Caches the words of ``GlyphAssembly/shapedWords`` (their glyphs in ``GlyphAssembly/shaped``)
    /// whose trailing spaces came out as one space glyph each, the style's (learning that glyph
    /// from the first such segment), and forgets them. Under the caller's lock.
    private static func addShapedWords(_ out: GlyphAssembly, _ text: UnsafeBufferPointer<UInt16>, styleID: Int32,
                                       to state: inout State) {
        guard out.shapedWordCount > 0 else { return }
        state.buffers += 1
        out.shaped.withUnsafeBufferPointer { records in
            for shaped in out.shapedWords[..<out.shapedWordCount] { add(shaped, records, text, styleID: styleID, to: &state) }
        }
        out.shapedWordCount = 0
    }

    /// Caches one word of ``addShapedWords(_:_:styleID:to:)``.
    private static func add(_ shaped: ShapedWord, _ records: UnsafeBufferPointer<GlyphRecord>,
                            _ text: UnsafeBufferPointer<UInt16>, styleID: Int32, to state: inout State) {
        state.misses += 1
        let word = shaped.segment.lowerBound..<shaped.wordEnd, wordLength = Int32(word.count)
        let split = shaped.split, trailing = split..<shaped.records.upperBound
        if !trailing.isEmpty {
            var space = records[split]
            space.cluster = 0
            let known = state.space(styleID) ?? space
            guard trailing.count == shaped.segment.upperBound - shaped.wordEnd,
                  trailing.allSatisfy({ records[$0].isSpace(known, at: wordLength + Int32($0 - split)) })
            else { return }
            state.facts[Int(styleID)].space = known
        }
        guard split - shaped.records.lowerBound <= CachedWords.maximumWordGlyphs,
              state.words.find(text, word, hash: shaped.hash, style: styleID) == nil else { return }
        let glyphs = UnsafeBufferPointer(rebasing: records[shaped.records.lowerBound..<split])
        if !state.words.insert(text, word, hash: shaped.hash, style: styleID, glyphs: glyphs) {
            state.turn()
            _ = state.words.insert(text, word, hash: shaped.hash, style: styleID, glyphs: glyphs)
        }
    }

    /// HarfBuzz output (visual order when right to left) as records in logical order.
    static func records(_ shaped: ShapedGlyphs, rightToLeft: Bool) -> [GlyphRecord] {
        let count = shaped.glyphs.count
        return (0..<count).map { k in
            let index = rightToLeft ? count - 1 - k : k
            return GlyphRecord(glyph: shaped.glyphs[index], cluster: shaped.clusters[index],
                               advance: shaped.advances[index],
                               offsetX: shaped.offsetsX.isEmpty ? 0 : shaped.offsetsX[index],
                               offsetY: shaped.offsetsY.isEmpty ? 0 : shaped.offsetsY[index],
                               unsafeToBreak: !shaped.unsafeToBreak.isEmpty && shaped.unsafeToBreak[index])
        }
    }
}
