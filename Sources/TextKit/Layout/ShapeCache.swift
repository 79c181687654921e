
/// Shaped words, reused wherever the same word comes again in the same style (Android minikin's
/// `LayoutCache`, Chromium's word shape cache): English prose of a megabyte has a few thousand
/// distinct words, so most words are shaped once and copied afterwards.
///
/// A run is cut into segments, each a word with the spaces after it, and a segment's glyphs come
/// from the cache or from HarfBuzz shaping it alone. That gives exactly the glyphs of shaping the
/// whole run only when nothing HarfBuzz does crosses a space, so it is used only for styles whose
/// shape plan never touches the space glyph (``HarfBuzzFont/shapesSpaceAlone(rightToLeft:script:language:features:)``,
/// decided once per style), and only segments whose neighbours are spaces or nothing are cached
/// (one next to another item is shaped in place, with its real context). A segment never ends
/// before a combining mark or joiner, so clusters stay whole. Other styles are shaped run by run
/// as before.
///
/// One cache belongs to a layout manager and is shared by the threads shaping its paragraphs
/// (one lock). Glyph data are kept flat (one arena of words' UTF-16, one of glyphs), bounded by
/// ``maximumWords`` and ``maximumGlyphs``: a full cache is emptied and fills again.
///
/// Filled while shaping; never invalid (a word's glyphs depend only on its key), so edits do not
/// clear it.
final class ShapeCache: Sendable {
    /// The most words kept.
    static let maximumWords = 32_768
    /// The most glyphs kept, over all words.
    static let maximumGlyphs = 262_144
    /// Longer segments (UTF-16 units) are shaped in place, never cached.
    static let maximumWordLength = 48

    private let state = Locked(State())

    init() {}

    /// Counts since creation: segments found in the cache, and segments shaped and added.
    var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// The glyphs of `text[range]` shaped in `style`, in logical order (clusters are offsets into
    /// `text`), assembled word by word; nil when the style needs the run shaped whole.
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, style: RunStyle) -> ShapedGlyphs? {
        guard let script = style.script, !range.isEmpty else { return nil }
        let key = StyleKey(font: style.font, rightToLeft: style.rightToLeft, script: script,
                           language: style.language, features: style.features)
        guard let styleID = styleID(for: key) else { return nil }
        var out = ShapedGlyphs()
        out.reserve(range.count)
        var start = range.lowerBound
        while start < range.upperBound {
            let end = Self.segmentEnd(text, from: start, limit: range.upperBound)
            let segment = start..<end
            let before = start == 0 || text[start - 1] == 0x20
            let after = end == text.count || text[end - 1] == 0x20 || end < range.upperBound
            if before && after && segment.count <= Self.maximumWordLength {
                appendCached(text, segment, styleID: styleID, style: style, to: &out)
            } else {
                out.append(logical: style.font.shaper.shape(text, range: segment, rightToLeft: style.rightToLeft,
                                                            script: style.script, language: style.language,
                                                            features: style.features), rightToLeft: style.rightToLeft)
            }
            start = end
        }
        return out
    }

    // MARK: - Internals

    /// What decides a word's glyphs besides its text (glyphs are in font units, so not the size).
    private struct StyleKey: Hashable {
        var font: Font
        var rightToLeft: Bool
        var script: String
        var language: String?
        var features: [FontFeature]
    }

    private struct Word {
        var hash: UInt64
        var style: Int32
        var textStart: Int32
        var textCount: Int32
        var glyphStart: Int32
        var glyphCount: Int32
    }

    private struct State {
        /// Style ids; nil marks a style whose runs are shaped whole.
        var styles: [StyleKey: Int32?] = [:]
        /// Open addressing over `words`: index + 1, 0 when empty.
        var slots = [Int32](repeating: 0, count: 2 * ShapeCache.maximumWords)
        var words: [Word] = []
        var text: [UInt16] = []
        /// Every word's glyphs, clusters relative to the word's start.
        var glyphs = ShapedGlyphs()
        var hits = 0, misses = 0

        mutating func removeAllWords() {
            for index in slots.indices { slots[index] = 0 }
            words.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
            glyphs = ShapedGlyphs()
        }
    }

    /// The id of `key`, deciding (once, outside the lock) whether its runs can be shaped by word.
    private func styleID(for key: StyleKey) -> Int32? {
        if let known = state.withLock({ $0.styles[key] }) { return known }
        let usable = key.font.shaper.shapesSpaceAlone(rightToLeft: key.rightToLeft, script: key.script,
                                                      language: key.language, features: key.features)
        return state.withLock { state in
            if let known = state.styles[key] { return known }
            let id: Int32? = usable ? Int32(state.styles.count) : nil
            state.styles[key] = id
            return id
        }
    }

    /// The end of the segment starting at `start`: past the word, the spaces after it, and any
    /// combining mark or joiner that follows them (a cluster is never cut).
    private static func segmentEnd(_ text: UnsafeBufferPointer<UInt16>, from start: Int, limit: Int) -> Int {
        var index = start
        repeat {
            while index < limit, text[index] != 0x20 { index += 1 }
            while index < limit, text[index] == 0x20 { index += 1 }
        } while index < limit && continuesCluster(text, at: index)
        return index
    }

    /// Whether the character at `index` belongs to the cluster before it (a mark, a joiner, a
    /// variation selector, a trailing surrogate).
    private static func continuesCluster(_ text: UnsafeBufferPointer<UInt16>, at index: Int) -> Bool {
        let unit = text[index]
        if unit < 0x300 { return false }
        if UTF16.isTrailSurrogate(unit) { return true }
        var value = UInt32(unit)
        if UTF16.isLeadSurrogate(unit), index + 1 < text.count, UTF16.isTrailSurrogate(text[index + 1]) {
            value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { return true }
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.generalCategory == .spacingMark
            || properties.isJoinControl || properties.isVariationSelector
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, style: Int32) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: style))
        for index in range {
            hash = (hash ^ UInt64(text[index])) &* 0x0000_0100_0000_01b3
        }
        return hash ^ (hash >> 29)
    }

    /// Appends the glyphs of the segment, from the cache or shaped alone and then cached.
    private func appendCached(_ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>, styleID: Int32,
                              style: RunStyle, to out: inout ShapedGlyphs) {
        let hash = Self.hash(text, segment, style: styleID)
        let found = state.withLock { state -> Bool in
            guard let word = Self.find(state, text, segment, hash: hash, style: styleID) else { return false }
            state.hits += 1
            out.append(state.glyphs, Int(word.glyphStart)..<Int(word.glyphStart + word.glyphCount),
                       clusterOffset: Int32(segment.lowerBound))
            return true
        }
        if found { return }
        // Shaped alone: the segment is its own buffer, without context.
        let alone = UnsafeBufferPointer(rebasing: text[segment])
        var shaped = style.font.shaper.shape(alone, range: 0..<alone.count, rightToLeft: style.rightToLeft,
                                             script: style.script, language: style.language, features: style.features)
        if style.rightToLeft { shaped.reverse() }
        out.append(shaped, shaped.glyphs.indices, clusterOffset: Int32(segment.lowerBound))
        state.withLock { state in
            state.misses += 1
            guard Self.find(state, text, segment, hash: hash, style: styleID) == nil else { return }
            if state.words.count >= Self.maximumWords
                || state.glyphs.glyphs.count + shaped.glyphs.count > Self.maximumGlyphs {
                state.removeAllWords()
            }
            let word = Word(hash: hash, style: styleID, textStart: Int32(state.text.count), textCount: Int32(segment.count),
                            glyphStart: Int32(state.glyphs.glyphs.count), glyphCount: Int32(shaped.glyphs.count))
            state.text.append(contentsOf: text[segment])
            state.glyphs.append(shaped, shaped.glyphs.indices, clusterOffset: 0)
            state.words.append(word)
            let mask = state.slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while state.slots[slot] != 0 { slot = (slot + 1) & mask }
            state.slots[slot] = Int32(state.words.count)
        }
    }

    /// The cached word with this text and style (linear probing from its hash).
    private static func find(_ state: borrowing State, _ text: UnsafeBufferPointer<UInt16>, _ segment: Range<Int>,
                             hash: UInt64, style: Int32) -> Word? {
        let mask = state.slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while state.slots[slot] != 0 {
            let word = state.words[Int(state.slots[slot]) - 1]
            if word.hash == hash, word.style == style, Int(word.textCount) == segment.count {
                var same = true
                var stored = Int(word.textStart)
                for index in segment {
                    if state.text[stored] != text[index] {
                        same = false
                        break
                    }
                    stored += 1
                }
                if same { return word }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

extension ShapedGlyphs {
    mutating func reserve(_ count: Int) {
        glyphs.reserveCapacity(count); clusters.reserveCapacity(count); advances.reserveCapacity(count)
        offsetsX.reserveCapacity(count); offsetsY.reserveCapacity(count); unsafeToBreak.reserveCapacity(count)
    }

    /// HarfBuzz's visual order for a right-to-left run turned into logical order (or back).
    mutating func reverse() {
        glyphs.reverse(); clusters.reverse(); advances.reverse()
        offsetsX.reverse(); offsetsY.reverse(); unsafeToBreak.reverse()
    }

    /// Appends `source`'s glyphs `range`, adding `clusterOffset` to their clusters.
    mutating func append(_ source: ShapedGlyphs, _ range: Range<Int>, clusterOffset: Int32) {
        let start = clusters.count
        glyphs += source.glyphs[range]; clusters += source.clusters[range]; advances += source.advances[range]
        offsetsX += source.offsetsX[range]; offsetsY += source.offsetsY[range]
        unsafeToBreak += source.unsafeToBreak[range]
        if clusterOffset != 0 {
            clusters.withUnsafeMutableBufferPointer { all in
                for index in start..<all.count { all[index] &+= clusterOffset }
            }
        }
    }

    /// Appends HarfBuzz output (visual order when right to left) in logical order.
    mutating func append(logical shaped: ShapedGlyphs, rightToLeft: Bool) {
        var shaped = shaped
        if rightToLeft { shaped.reverse() }
        glyphs += shaped.glyphs; clusters += shaped.clusters; advances += shaped.advances
        offsetsX += shaped.offsetsX; offsetsY += shaped.offsetsY; unsafeToBreak += shaped.unsafeToBreak
    }
}
