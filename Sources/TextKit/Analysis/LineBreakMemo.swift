internal import CICUShim

/// The UAX #14 line break opportunities of the pieces of text a thread has met, so that ICU's
/// line breaker reads each piece once: in real text most words come back again and again, and
/// ICU's rules cost some 100 instructions a code unit.
///
/// A paragraph is cut into pieces where UAX #14 always breaks and the text on either side has
/// no say in the breaks of the other: after a run of spaces (U+0020) and before a character of
/// class AL, HL or NU, when the character before the spaces (with its combining marks, LB 9) is
/// one of AL, HL, NU, IS, EX, CL, CP, SY, HY, BA, PO or PR. LB 18 breaks there; the rules that
/// could forbid it look back across spaces only from OP, QU, B2 and ZW (LB 14–17, LB 8) or
/// forward to a character that is not AL, HL or NU (LB 13, 16, 17), and no rule that decides a
/// break inside one piece reads past the spaces that end it or before the letter that starts
/// it (LB 9, 25 and 30a look back only through marks, numbers and regional indicators). So a
/// piece's breaks, found by ICU in the piece alone, are those ICU finds in any paragraph the
/// piece is cut from (the tests hold this to ICU over every BMP code point beside spaces, the
/// Unicode test file and real text).
///
/// Most pieces of Latin text are plain words: ASCII letters and digits (classes AL and NU), at
/// most one of `.,:;!?)]}` after them (IS, EX, CP, CL) and spaces. UAX #14 has no break inside
/// one (LB 7, 13, 23, 25, 28), so they are neither looked up nor kept. ``lineBreaks(_:locale:pool:)``
/// looks each other piece up (pieces of at most 32 units with no control, NEL or separator:
/// their breaks are all soft) and has ICU break the pieces it does not know, each stretch of
/// them in one call, then keeps their breaks. The classes come from ICU
/// (``tsicu_line_break_traits``). Locales whose line rules ICU tailors (Chinese, Japanese,
/// Korean, and any `@` or `-u-` keywords) are not memoized.
///
/// Never shared between threads: each ``ShapingScratch`` keeps one.
package final class LineBreakMemo {
    /// A piece met: its hash, where its units are kept, its length (0: an empty slot) and its
    /// breaks (bit i: a break before unit i; never bit 0, and the piece's end is not a bit).
    private struct Slot {
        var hash: UInt32 = 0
        var start: UInt32 = 0
        var length: UInt32 = 0
        var breaks: UInt32 = 0
    }

    /// The longest piece kept (its breaks fill a 32-bit mask).
    static let longestPiece = 32
    /// The most pieces kept: more empty the memo (6 MB of slots and units at most).
    static let mostPieces = 1 << 16

    /// The slots, a power of two of them (none before the first piece), at most half full.
    private var slots: UnsafeMutablePointer<Slot>?
    private var slotMask = -1
    /// The units of the pieces kept, one after the other.
    private var units: UnsafeMutablePointer<UInt16>
    private var unitCapacity = 0
    private var unitCount = 0
    private var count = 0
    /// The locale the pieces were broken for, and whether it is one ``memoizes(_:)``.
    private var locale = ""
    private var localeMemoizes = true
    /// The traits of the ASCII units (``tsicu_line_break_traits``).
    private let asciiTraits: [UInt8]
    /// The traits of the BMP code units beyond ASCII met (made at the first).
    private let bmpTraits = CodeUnitMemo()

    /// An empty memo.
    package init() {
        asciiTraits = Self.asciiTraits
        units = .allocate(capacity: 0)
    }

    deinit {
        slots?.deallocate()
        units.deallocate()
        pieceStorage.deallocate()
    }

    private static let asciiTraits = (0..<0x80).map { UInt8(truncatingIfNeeded: tsicu_line_break_traits(UInt32($0))) }

    /// The number of pieces kept.
    package var pieceCount: Int { count }

    /// Whether ICU breaks text of `locale` by its root rules, which the pieces are cut by.
    package static func memoizes(_ locale: String) -> Bool {
        if locale.contains("@") || locale.lowercased().contains("-u-") { return false }
        let language = locale.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return !["ja", "zh", "yue", "ko"].contains(language)
    }

    /// The break opportunities of `text`, the same as `ICU.lineBreaks(text, locale:pool:)`: those
    /// of the pieces met before, and ICU's for the others (kept for next time).
    package func lineBreaks(_ text: UnsafeBufferPointer<UInt16>, locale: String,
                            pool: BreakIteratorPool?) -> [BreakOpportunity] {
        guard !text.isEmpty else { return [] }
        if locale != self.locale {
            empty()
            self.locale = locale
            localeMemoizes = Self.memoizes(locale)
        }
        guard localeMemoizes, text.count < Int(Int32.max) else { return ICU.lineBreaks(text, locale: locale, pool: pool) }
        if count >= Self.mostPieces { empty() }
        let unknown = cut(text)
        var out: [BreakOpportunity] = []
        out.reserveCapacity(text.count / 4 + 2)
        guard unknown > 0 else {
            for piece in pieces { Self.append(piece, to: &out) }
            return out
        }
        // ICU reads each stretch of pieces not known alone, as in a paragraph of its own (pieces
        // are cut where the text before has no say in the breaks after); the iterator starts on
        // the first stretch.
        let first = pieces.firstIndex { $0.state != .known }.unsafelyUnwrapped
        let firstStretch = UnsafeBufferPointer(rebasing: text[Int(pieces[first].start)..<Int(stretchEnd(from: first).end)])
        return ICU.withLineBreakCursor(firstStretch, locale: locale, pool: pool) { cursor in
            guard cursor != nil else { return ICU.lineBreaks(text, locale: locale, pool: nil) }
            var index = 0
            while index < pieces.count {
                guard pieces[index].state != .known else {
                    Self.append(pieces[index], to: &out)
                    index += 1
                    continue
                }
                // A stretch of pieces not known: ICU's breaks, and those of each piece kept.
                let (last, end) = stretchEnd(from: index)
                let start = Int(pieces[index].start)
                var next = out.count
                guard cursor!.appendBreaks(of: UnsafeBufferPointer(rebasing: text[start..<Int(end)]), shiftedBy: start,
                                           to: &out) else { return ICU.lineBreaks(text, locale: locale, pool: nil) }
                for piece in pieces[index...last] {
                    var breaks: UInt32 = 0, mandatory = false
                    // (The break at the piece's start, the end of the one before, is not its own.)
                    while next < out.count, out[next].offset < Int(piece.end) {
                        if out[next].offset > Int(piece.start) {
                            breaks |= 1 << UInt32(out[next].offset - Int(piece.start))
                            mandatory = mandatory || out[next].isMandatory
                        }
                        next += 1
                    }
                    if piece.state == .keepable, !mandatory { keep(text, piece, breaks: breaks) }
                }
                index = last + 1
            }
            return out
        }
    }

    /// Known pieces shorter than this together, between two not known, are broken by ICU with
    /// them: ICU's set-up for a text costs about what it costs to break as many units.
    static let shortestGap: Int32 = 16

    /// The stretch ICU breaks from piece `index` (not known) on: its last piece (not known) and
    /// its end.
    private func stretchEnd(from index: Int) -> (last: Int, end: Int32) {
        let pieces = pieces
        var last = index, gap: Int32 = 0
        for probe in index + 1..<pieces.count {
            if pieces[probe].state != .known {
                (last, gap) = (probe, 0)
            } else {
                gap += pieces[probe].end - pieces[probe].start
                if gap >= Self.shortestGap { break }
            }
        }
        return (last, pieces[last].end)
    }

    /// A piece of the paragraph being broken.
    private struct Piece {
        enum State: UInt8 { case known, keepable, notKept }
        var start: Int32
        var end: Int32
        var hash: UInt32
        /// The breaks of a known piece.
        var breaks: UInt32
        var state: State
    }

    /// The pieces of the paragraph being broken, in order (room for `pieceCapacity`).
    private var pieceStorage = UnsafeMutablePointer<Piece>.allocate(capacity: 0)
    private var pieceCapacity = 0
    private var cutCount = 0
    private var pieces: UnsafeMutableBufferPointer<Piece> { UnsafeMutableBufferPointer(start: pieceStorage, count: cutCount) }

    /// Cuts `text` into ``pieces``, looks each up and returns how many are not known.
    private func cut(_ text: UnsafeBufferPointer<UInt16>) -> Int {
        // A piece but the last has a character and a space: at most count / 2 + 1 pieces. (Room
        // made for a huge paragraph is given back at the next one of ordinary size.)
        if text.count / 2 + 1 > pieceCapacity || pieceCapacity > 1 << 16 && text.count / 2 + 1 <= 1 << 16 {
            pieceStorage.deallocate()
            pieceCapacity = max(64, text.count / 2 + 1)
            pieceStorage = .allocate(capacity: pieceCapacity)
        }
        cutCount = 0
        let starts = UInt8(TSICU_LB_STARTS_PIECE)
        return asciiTraits.withUnsafeBufferPointer { ascii in
            var unknown = 0
            var pieceStart = 0, lastNonSpace = -1, afterSpace = false
            // How far the piece is a plain word: ASCII of classes AL, HL and NU, then at most one
            // of IS, EX, CL and CP, then spaces (`Plain`).
            var plain = Plain.empty
            var index = 0
            while index < text.count {
                let unit = text[index]
                if unit == 0x20 {
                    if !afterSpace { (lastNonSpace, afterSpace) = (index - 1, true) }
                    index += 1
                    continue
                }
                let found = unit < 0x80 ? ascii[Int(unit)] : 0
                if afterSpace {
                    afterSpace = false
                    // A piece ends where a character that starts one follows spaces after a
                    // character that ends one (a plain word's last character does).
                    if lastNonSpace >= pieceStart, (unit < 0x80 ? found : traits(unit, ascii)) & starts != 0,
                       plain == .words || plain == .closed || endsPiece(text, lastNonSpace, pieceStart, ascii) {
                        unknown += look(up: text, pieceStart, index, plain: plain == .words || plain == .closed)
                        (pieceStart, plain) = (index, .empty)
                    } else {
                        plain = .not
                    }
                }
                plain = plain.next(found)
                index += 1
                // The rest of a plain word's letters and digits, or of a piece that is not plain
                // up to the next space, read in a loop of their own.
                if plain == .words {
                    while index < text.count, text[index] < 0x80, ascii[Int(text[index])] & starts != 0 { index += 1 }
                } else if plain == .not {
                    while index < text.count, text[index] != 0x20 { index += 1 }
                }
            }
            return unknown + look(up: text, pieceStart, text.count, plain: plain == .words || plain == .closed)
        }
    }

    /// How far a piece read so far is a plain word, which has no break inside: a run of letters
    /// and digits has none (LB 23, 25, 28), nor has the punctuation that closes it (LB 13),
    /// nor the spaces after (LB 7).
    private enum Plain: UInt8 {
        case empty, words, closed, not

        /// The state after a character with `traits` (``tsicu_line_break_traits``; 0 for any
        /// but ASCII).
        @inline(__always)
        func next(_ traits: UInt8) -> Plain {
            if traits & UInt8(TSICU_LB_STARTS_PIECE) != 0 { return self == .empty || self == .words ? .words : .not }
            return traits & UInt8(TSICU_LB_CLOSES_WORD) != 0 && self == .words ? .closed : .not
        }
    }

    /// Appends the piece `text[start..<end]` to ``pieces``, with its breaks when it is known (a
    /// plain word, or met before); returns 1 when it is not, else 0.
    @inline(__always)
    private func look(up text: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int, plain: Bool) -> Int {
        var piece = Piece(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), hash: 0,
                          breaks: 0, state: .notKept)
        defer {
            (pieceStorage + cutCount).initialize(to: piece)
            cutCount += 1
        }
        if plain {
            piece.state = .known
            return 0
        }
        guard end - start <= Self.longestPiece else { return 1 }
        var hash: UInt32 = 0x811C_9DC5
        for index in start..<end { hash = (hash ^ UInt32(text[index])) &* 0x0100_0193 }
        piece.hash = hash
        if let breaks = find(text, start, end - start, hash) {
            (piece.breaks, piece.state) = (breaks, .known)
            return 0
        }
        // Only soft breaks are kept: no piece with a unit after which UAX #14 breaks in every
        // case (BK, CR, LF, NL) or another control.
        let keepable = text[start..<end].allSatisfy { $0 >= 0x20 && $0 != 0x85 && $0 != 0x2028 && $0 != 0x2029 }
        piece.state = keepable ? .keepable : .notKept
        return 1
    }

    /// Appends a known piece's breaks and its end.
    @inline(__always)
    private static func append(_ piece: Piece, to out: inout [BreakOpportunity]) {
        var rest = piece.breaks
        while rest != 0 {
            out.append(BreakOpportunity(offset: Int(piece.start) + rest.trailingZeroBitCount, isMandatory: false))
            rest &= rest - 1
        }
        out.append(BreakOpportunity(offset: Int(piece.end), isMandatory: false))
    }

    /// Whether the character at `index` (not a space), with the marks it ends with, lets a break
    /// fall after the spaces that follow it.
    @inline(__always)
    private func endsPiece(_ text: UnsafeBufferPointer<UInt16>, _ index: Int, _ start: Int,
                                  _ ascii: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = index
        var found = traits(text[index], ascii)
        while found & UInt8(TSICU_LB_COMBINING) != 0 {
            guard index > start else { return false }
            index -= 1
            found = traits(text[index], ascii)
        }
        return found & UInt8(TSICU_LB_ENDS_PIECE) != 0
    }

    /// The traits of a code unit (a surrogate has none).
    @inline(__always)
    private func traits(_ unit: UInt16, _ ascii: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if unit < 0x80 { return ascii[Int(unit)] }
        return UInt8(truncatingIfNeeded: CodeUnitMemo.value(of: unit, in: bmpTraits.table) { tsicu_line_break_traits(UInt32($0)) })
    }

    /// The breaks of the piece `text[start..<start + length]` with `hash`, nil when not kept.
    @inline(__always)
    private func find(_ text: UnsafeBufferPointer<UInt16>, _ start: Int, _ length: Int, _ hash: UInt32) -> UInt32? {
        guard let slots else { return nil }
        var position = Int(hash) & slotMask
        while slots[position].length != 0 {
            let slot = slots[position]
            if slot.hash == hash, Int(slot.length) == length {
                if CodeUnits.same(units + Int(slot.start), text.baseAddress.unsafelyUnwrapped + start, count: length) {
                    return slot.breaks
                }
            }
            position = (position + 1) & slotMask
        }
        return nil
    }

    private func keep(_ text: UnsafeBufferPointer<UInt16>, _ piece: Piece, breaks: UInt32) {
        if 2 * (count + 1) > slotMask + 1 { growSlots() }
        let (start, length) = (Int(piece.start), Int(piece.end - piece.start))
        if unitCount + length > unitCapacity {
            let grown = max(4096, 2 * unitCapacity, unitCount + length)
            let bigger = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
            bigger.initialize(from: units, count: unitCount)
            units.deallocate()
            (units, unitCapacity) = (bigger, grown)
        }
        (units + unitCount).initialize(from: text.baseAddress.unsafelyUnwrapped + start, count: length)
        let slots = slots.unsafelyUnwrapped
        var position = Int(piece.hash) & slotMask
        while slots[position].length != 0 { position = (position + 1) & slotMask }
        slots[position] = Slot(hash: piece.hash, start: UInt32(unitCount), length: UInt32(length), breaks: breaks)
        unitCount += length
        count += 1
    }

    private func growSlots() {
        let capacity = max(256, 2 * (slotMask + 1))
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        grown.initialize(repeating: Slot(), count: capacity)
        let mask = capacity - 1
        if let old = slots {
            for index in 0...slotMask where old[index].length != 0 {
                var position = Int(old[index].hash) & mask
                while grown[position].length != 0 { position = (position + 1) & mask }
                grown[position] = old[index]
            }
            old.deallocate()
        }
        (slots, slotMask) = (grown, mask)
    }

    private func empty() {
        slots?.deallocate()
        (slots, slotMask, count, unitCount) = (nil, -1, 0, 0)
    }
}
