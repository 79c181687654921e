internal import CICUShim

/// A line-break opportunity found by ICU (UAX #14): a break is allowed before `offset`.
///
/// Eight bytes (a paragraph keeps one for every few characters): the offset in 32 bits, as every
/// offset inside a paragraph (``CompactOffsets``), and the kinds as flags.
package struct BreakOpportunity: Hashable, Sendable {
    private var offset32: Int32
    private var flags: UInt8

    /// UTF-16 offset into the analysed text.
    package var offset: Int {
        get { Int(offset32) }
        set {
            guard let narrow = Int32(exactly: newValue) else { preconditionFailure("paragraph offset \(newValue) past 2³¹") }
            offset32 = narrow
        }
    }

    /// A mandatory break (after LF, CR LF, NEL, U+2028, U+2029, form feed…).
    package var isMandatory: Bool {
        get { flags & 1 != 0 }
        set { flags = newValue ? flags | 1 : flags & ~1 }
    }

    /// A hyphenation point inside a word: a line broken here shows a hyphen.
    var isHyphenation: Bool {
        get { flags & 2 != 0 }
        set { flags = newValue ? flags | 2 : flags & ~2 }
    }

    /// Creates a value from its parts.
    package init(offset: Int, isMandatory: Bool, isHyphenation: Bool = false) {
        offset32 = 0
        flags = (isMandatory ? 1 : 0) | (isHyphenation ? 2 : 0)
        self.offset = offset
    }
}

/// The ICU calls textkit makes, converted to Swift values at once (no ICU handle escapes).
package enum ICU {
    /// UAX #14 line-break opportunities of `text`, in increasing order, ending with its length.
    ///
    /// Pitfall handled: ICU reports the break at the end of the text with a soft status even after
    /// a newline; the caller decides about paragraph ends.
    /// - Parameter pool: where to take an iterator from (nil opens one for the call).
    package static func lineBreaks(_ text: UnsafeBufferPointer<UInt16>, locale: String,
                           pool: BreakIteratorPool? = nil) -> [BreakOpportunity] {
        guard !text.isEmpty else { return [] }
        return withBreaker(kind: Int32(TSICU_BRK_LINE), locale: locale, text: text, pool: pool) { breaker in
            var out: [BreakOpportunity] = []
            // Prose has a break every six or so UTF-16 units: one allocation for most paragraphs.
            out.reserveCapacity(text.count / 4 + 2)
            appendLineBreaks(of: breaker, shiftedBy: 0, to: &out)
            return out
        } ?? [BreakOpportunity(offset: text.count, isMandatory: false)]
    }

    /// Grapheme-cluster boundaries (UAX #29) of `text`: 0, …, count (UTF-16 offsets, which fit 32
    /// bits inside a paragraph). `pool` as in ``lineBreaks(_:locale:pool:)``.
    /// UAX #29 word boundaries of `text` (UTF-16 offsets, from 0 to its count), each with
    /// whether the segment ending there is a word (letters, numbers, ideographs…) rather than
    /// spaces or punctuation (ICU's rule status ≥ UBRK_WORD_NONE_LIMIT, 100).
    package static func wordBoundaries(_ text: UnsafeBufferPointer<UInt16>, locale: String = "",
                                       pool: BreakIteratorPool? = nil) -> [(offset: Int, endsWord: Bool)] {
        guard !text.isEmpty else { return [(0, false)] }
        return withBreaker(kind: Int32(TSICU_BRK_WORD), locale: locale, text: text, pool: pool) { breaker in
            var out: [(offset: Int, endsWord: Bool)] = [(Int(tsicu_breaker_first(breaker)), false)]
            var position = tsicu_breaker_next(breaker)
            while position != Int32(TSICU_DONE) {
                out.append((Int(position), tsicu_breaker_rule_status(breaker) >= 100))
                position = tsicu_breaker_next(breaker)
            }
            return out
        } ?? [(0, false), (text.count, true)]
    }

    package static func graphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>, pool: BreakIteratorPool? = nil) -> [Int32] {
        graphemeOffsets(text, pool: pool).map { Int32(truncatingIfNeeded: $0) }
    }

    /// ``graphemeBoundaries(_:pool:)`` as a paragraph keeps them: an identity table (nothing
    /// stored) when every unit is a cluster of its own, as in most text.
    static func graphemeOffsets(_ text: UnsafeBufferPointer<UInt16>, pool: BreakIteratorPool? = nil) -> CompactOffsets {
        guard !text.isEmpty else { return CompactOffsets(identity: 1) }
        // Below U+0300 there are no marks, joiners, Hangul jamo or regional indicators: every
        // offset is a boundary but the one between CR and LF (GB3; GB4–GB5 break around controls).
        // Above it, a code unit whose Grapheme_Cluster_Break is Other (punctuation such as ’ “ —,
        // letters of Han, Kana, Hebrew, Arabic, Cyrillic, Greek …), LV or LVT (Hangul syllables)
        // obeys no rule but GB999 beside another such unit, as long as no joiner, mark or other
        // special unit is in the text (GB11's pictographs only join across a ZWJ, which is not
        // Other; GB6–GB8 join syllables to jamo only; surrogates are never plain here).
        // Most paragraphs: every unit below U+0300 and no CR, found by two plain maximum and
        // minimum reductions (the compiler vectorizes them; a condition in the loop would keep it
        // from doing so): the largest unit, and the least unit XOR CR (zero only for a CR).
        var highest: UInt16 = 0, carriageReturn = UInt16.max
        for unit in text {
            highest = Swift.max(highest, unit)
            carriageReturn = Swift.min(carriageReturn, unit ^ 0x0D)
        }
        if highest < 0x300, carriageReturn != 0 { return CompactOffsets(identity: text.count + 1) }
        // Otherwise unit by unit, the table read through its buffer (not looked up for each unit).
        let (firstSpecial, hasCRLF) = graphemePlain.withUnsafeBufferPointer { other -> (Int?, Bool) in
            var hasCRLF = false
            for index in text.indices {
                let unit = text[index]
                if unit >= 0x300 {
                    if !isGraphemePlain(unit, in: other) { return (index, hasCRLF) }
                } else if unit == 0x0A, index > 0, text[index - 1] == 0x0D {
                    hasCRLF = true
                }
            }
            return (nil, hasCRLF)
        }
        if let firstSpecial {
            return CompactOffsets(narrow: regionGraphemeBoundaries(text, firstSpecial: firstSpecial, pool: pool))
        }
        guard hasCRLF else { return CompactOffsets(identity: text.count + 1) }
        // Every offset but those between a CR and an LF, written in place.
        return CompactOffsets(narrow: [Int32](count: text.count + 1, filler: 0) { out in
            var kept = 0
            for index in 0...text.count
            where index == 0 || index == text.count || !(text[index - 1] == 0x0D && text[index] == 0x0A) {
                out[kept] = Int32(truncatingIfNeeded: index)
                kept += 1
            }
            return kept
        })
    }

    /// ``graphemeBoundaries(_:pool:)`` from ICU's character break iterator alone (no fast path).
    package static func iteratorGraphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>,
                                                   pool: BreakIteratorPool? = nil) -> [Int32] {
        guard !text.isEmpty else { return [0] }
        return withBreaker(kind: Int32(TSICU_BRK_CHARACTER), locale: "", text: text, pool: pool) { breaker in
            var out: [Int32] = [tsicu_breaker_first(breaker)]
            var position = tsicu_breaker_next(breaker)
            while position != Int32(TSICU_DONE) {
                out.append(position)
                position = tsicu_breaker_next(breaker)
            }
            return out
        } ?? (0...text.count).map { Int32(truncatingIfNeeded: $0) }
    }

    /// Whether the BMP code point `unit` (not a surrogate) has Grapheme_Cluster_Break Other, LV
    /// or LVT: between two such units no rule but GB999 applies.
    package static func isGraphemePlain(_ unit: UInt16) -> Bool {
        graphemePlain.withUnsafeBufferPointer { isGraphemePlain(unit, in: $0) }
    }

    /// ``isGraphemePlain(_:)`` read from `table` (``graphemePlain`` lent once for a whole text).
    @inline(__always)
    static func isGraphemePlain(_ unit: UInt16, in table: UnsafeBufferPointer<UInt64>) -> Bool {
        table[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    /// One bit per BMP code point: Grapheme_Cluster_Break is Other, LV or LVT (surrogates:
    /// never), from ICU's own property data, so the fast path of ``graphemeBoundaries(_:pool:)``
    /// agrees with ICU's character break iterator.
    static let graphemePlain: [UInt64] = (0..<1024).map { word in
        (0..<64).reduce(UInt64(0)) { bits, bit in
            let unit = UInt32(word * 64 + bit)
            let isPlain = !(0xD800...0xDFFF).contains(unit) && tsicu_grapheme_break_is_plain(unit) != 0
            return isPlain ? bits | (1 << UInt64(bit)) : bits
        }
    }

    /// The ICU script code of a code point (Common for unassigned or on failure).
    package static func script(of scalar: UInt32) -> Int32 {
        if scalar < 0x80 { return asciiScripts[Int(scalar)] }
        return lookUpScript(of: scalar)
    }

    /// The script of every ASCII code point, looked up once.
    private static let asciiScripts: [Int32] = (0..<0x80).map { lookUpScript(of: UInt32($0)) }

    private static func lookUpScript(of scalar: UInt32) -> Int32 {
        var status: Int32 = 0
        let script = tsicu_script(scalar, &status)
        return status > 0 ? Int32(TSICU_SCRIPT_COMMON) : script
    }

    /// The ISO 15924 code of an ICU script ("Latn").
    package static func scriptCode(_ script: Int32) -> String {
        script >= 0 && Int(script) < scriptCodes.count ? scriptCodes[Int(script)] : lookUpScriptCode(script)
    }

    /// The ISO 15924 code of every ICU script code below 256 (ICU 72 has about 200), looked up
    /// once: the itemizer names the script of every item.
    private static let scriptCodes: [String] = (0..<256).map { lookUpScriptCode($0) }

    /// The tag of an ICU script (``scriptCode(_:)`` packed: see ``ScriptTag``).
    package static func scriptTag(_ script: Int32) -> ScriptTag {
        script >= 0 && Int(script) < scriptTags.count ? scriptTags[Int(script)] : ScriptTag(lookUpScriptCode(script))
    }

    private static let scriptTags: [ScriptTag] = scriptCodes.map { ScriptTag($0) }

    private static func lookUpScriptCode(_ script: Int32) -> String {
        tsicu_script_short_name(script).map { String(cString: $0) } ?? "Zyyy"
    }

    /// Whether `script` is among the Script_Extensions of `scalar` (U+3001 IDEOGRAPHIC COMMA
    /// has Han, Hiragana, Katakana, Hangul, …).
    static func scalar(_ scalar: UInt32, hasScript script: Int32) -> Bool { tsicu_has_script(scalar, script) != 0 }

    /// Whether `scalar` belongs to the cluster before it: Grapheme_Extend (nonspacing and
    /// enclosing marks, joiners such as ZWNJ), a spacing mark (Mc), Join_Control or a
    /// Variation_Selector. ICU's tables (a few instructions each), in the Unicode version of the
    /// ICU that HarfBuzz's distribution ships with.
    package static func continuesCluster(_ scalar: UInt32) -> Bool { tsicu_continues_cluster(scalar) != 0 }

    /// The English name of an ICU script ("Devanagari", "Han").
    static func scriptName(_ script: Int32) -> String {
        tsicu_script_name(script).map { String(cString: $0).split(separator: "_").joined(separator: " ") } ?? "Common"
    }

    /// Bidi_Paired_Bracket_Type of a code point (UAX #9 BD14, BidiBrackets.txt).
    enum PairedBracketType { case none, open, close }

    /// Whether `scalar` is an opening or closing paired bracket.
    static func pairedBracketType(of scalar: UInt32) -> PairedBracketType {
        if scalar < 0x80 {
            // The only ASCII brackets (Bidi_Paired_Bracket_Type in BidiBrackets.txt).
            switch scalar {
            case 0x28, 0x5B, 0x7B: return .open
            case 0x29, 0x5D, 0x7D: return .close
            default: return .none
            }
        }
        return switch tsicu_paired_bracket_type(scalar) {
        case 1: .open
        case 2: .close
        default: .none
        }
    }

    /// The other bracket of a pair (Bidi_Paired_Bracket), or the code point itself.
    static func pairedBracket(of scalar: UInt32) -> UInt32 { tsicu_paired_bracket(scalar) }

    /// Whether `closing` closes a bracket whose pair is `expected`, counting the canonical
    /// equivalents U+2329/U+3008 and U+232A/U+3009 as the same bracket (UAX #9 BD16).
    static func bracketsMatch(_ expected: UInt32, _ closing: UInt32) -> Bool {
        func canonical(_ c: UInt32) -> UInt32 { c == 0x2329 ? 0x3008 : c == 0x232A ? 0x3009 : c }
        return canonical(expected) == canonical(closing)
    }

    static let commonScript = Int32(TSICU_SCRIPT_COMMON)
    static let inheritedScript = Int32(TSICU_SCRIPT_INHERITED)
    static let unknownScript = Int32(TSICU_SCRIPT_UNKNOWN)

    /// The visual order of items from their embedding levels (UAX #9 rule L2).
    static func visualOrder(levels: [UInt8]) -> [Int] {
        guard levels.count > 1 else { return Array(levels.indices) }
        var map = [Int32](filledWith: 0, count: levels.count)
        levels.withUnsafeBufferPointer { lv in
            map.withUnsafeMutableBufferPointer { m in
                tsicu_bidi_reorder_visual(lv.baseAddress, Int32(lv.count), m.baseAddress)
            }
        }
        return map.map(Int.init)
    }
}

/// Idle ICU break iterators by kind and locale, reused from paragraph to paragraph (opening an
/// iterator loads its rules, which costs more than iterating a paragraph). One pool belongs to
/// a layout manager's ``MeasuringContext`` and is shared by the threads shaping its paragraphs;
/// it keeps at most 8 iterators of each kind and locale (one per thread at work) and closes them
/// when it goes. An idle iterator still points at the last text it broke, which it never reads
/// again before its next `set_text`.
package final class BreakIteratorPool: Sendable {
    /// The idle iterators of one kind and locale. A layout uses two or three kinds and few
    /// locales, so the shelves are searched in order: cheaper than hashing the locale per call.
    private struct Shelf {
        var kind: Int32
        var locale: String
        var iterators: [OpaquePointer]
    }

    private struct Idle: @unchecked Sendable {
        var shelves: [Shelf] = []

        /// The index of the shelf of `kind` and `locale`, added when missing.
        mutating func shelf(kind: Int32, locale: String) -> Int {
            for index in shelves.indices where shelves[index].kind == kind && shelves[index].locale == locale {
                return index
            }
            shelves.append(Shelf(kind: kind, locale: locale, iterators: []))
            return shelves.count - 1
        }
    }

    private let idle = Locked(Idle())

    /// Creates an empty pool.
    package init() {}

    deinit {
        idle.withLock { idle in
            for shelf in idle.shelves { for iterator in shelf.iterators { tsicu_breaker_close(iterator) } }
        }
    }

    /// Runs `body` with a break iterator of `kind` and `locale` pointed at `text`: an idle one
    /// when there is one, else a new one; afterwards the iterator is kept for reuse or closed.
    /// Nil when ICU cannot open one.
    fileprivate func withIterator<T>(kind: Int32, locale: String, text: UnsafeBufferPointer<UInt16>,
                                     _ body: (OpaquePointer) -> T) -> T? {
        var (shelf, iterator) = idle.withLock { idle -> (Int, OpaquePointer?) in
            let shelf = idle.shelf(kind: kind, locale: locale)
            return (shelf, idle.shelves[shelf].iterators.popLast())
        }
        if let pooled = iterator {
            var status: Int32 = 0
            tsicu_breaker_set_text(pooled, text.baseAddress, Int32(text.count), &status)
            if status > 0 {
                tsicu_breaker_close(pooled)
                iterator = nil
            }
        }
        guard let iterator = iterator ?? ICU.openBreaker(kind: kind, locale: locale, text: text) else { return nil }
        let result = body(iterator)
        // Shelves are only ever appended: `shelf` still is this kind and locale's.
        let kept = idle.withLock { idle -> Bool in
            guard idle.shelves[shelf].iterators.count < 8 else { return false }
            idle.shelves[shelf].iterators.append(iterator)
            return true
        }
        if !kept { tsicu_breaker_close(iterator) }
        return result
    }
}

extension ICU {
    /// A new break iterator of `kind` and `locale` over `text`, or nil when ICU fails.
    fileprivate static func openBreaker(kind: Int32, locale: String, text: UnsafeBufferPointer<UInt16>) -> OpaquePointer? {
        var status: Int32 = 0
        let breaker = tsicu_breaker_open(kind, locale, text.baseAddress, Int32(text.count), &status)
        if status > 0, let failed = breaker {
            tsicu_breaker_close(failed)
            return nil
        }
        return breaker
    }

    /// Runs `body` with a break iterator over `text`, from `pool` when there is one, else one
    /// opened for the call and closed after it.
    static func withBreaker<T>(kind: Int32, locale: String, text: UnsafeBufferPointer<UInt16>,
                                           pool: BreakIteratorPool?, _ body: (OpaquePointer) -> T) -> T? {
        if let pool { return pool.withIterator(kind: kind, locale: locale, text: text, body) }
        guard let breaker = openBreaker(kind: kind, locale: locale, text: text) else { return nil }
        defer { tsicu_breaker_close(breaker) }
        return body(breaker)
    }
}

extension ICU {
    /// ICU's line break iterator, lent to a closure by ``withLineBreakCursor(_:locale:pool:_:)``
    /// to break several texts in turn (one take from the pool for all).
    package struct LineBreakCursor {
        fileprivate let breaker: OpaquePointer
        /// The text the iterator reads now.
        fileprivate var text: UnsafeBufferPointer<UInt16>

        /// Appends the break opportunities of `text` (as ``ICU/lineBreaks(_:locale:pool:)``
        /// finds them), each moved by `shift`, to `out`; false when ICU cannot read the text.
        package mutating func appendBreaks(of text: UnsafeBufferPointer<UInt16>, shiftedBy shift: Int,
                                           to out: inout [BreakOpportunity]) -> Bool {
            if text.baseAddress != self.text.baseAddress || text.count != self.text.count {
                var status: Int32 = 0
                tsicu_breaker_set_text(breaker, text.baseAddress, Int32(text.count), &status)
                guard status <= 0 else { return false }
                self.text = text
            }
            ICU.appendLineBreaks(of: breaker, shiftedBy: shift, to: &out)
            return true
        }
    }

    /// Appends the opportunities a line break iterator finds from where it stands to its text's
    /// end, each moved by `shift`, to `out`.
    fileprivate static func appendLineBreaks(of breaker: OpaquePointer, shiftedBy shift: Int,
                                             to out: inout [BreakOpportunity]) {
        var position = tsicu_breaker_next(breaker)
        while position != Int32(TSICU_DONE) {
            let status = tsicu_breaker_rule_status(breaker)
            out.append(BreakOpportunity(offset: shift + Int(position),
                                        isMandatory: status >= TSICU_LINE_HARD && status < TSICU_LINE_HARD_LIMIT))
            position = tsicu_breaker_next(breaker)
        }
    }

    /// Runs `body` with a line break cursor set to `text` (nil when ICU cannot open an
    /// iterator). `pool` as in ``lineBreaks(_:locale:pool:)``.
    package static func withLineBreakCursor<T>(_ text: UnsafeBufferPointer<UInt16>, locale: String, pool: BreakIteratorPool?,
                                               _ body: (inout LineBreakCursor?) -> T) -> T {
        var none: LineBreakCursor?
        return withBreaker(kind: Int32(TSICU_BRK_LINE), locale: locale, text: text, pool: pool) {
            var cursor: LineBreakCursor? = LineBreakCursor(breaker: $0, text: text)
            return body(&cursor)
        } ?? body(&none)
    }
}
