internal import CICUShim

/// UAX #9 analysis of one paragraph: resolved levels and, per line, the visual runs (rule L1
/// applied by ICU's line object). Owns a copy of the text because ICU keeps a pointer to it.
package final class BidiParagraph {
    /// Resolved embedding level of every UTF-16 unit, or empty when ICU was not asked
    /// (``isResolvedWithoutICU``: every level is 0); ``level(at:)`` reads either.
    package let levels: [UInt8]
    /// The paragraph's level: 0 left to right, 1 right to left.
    package let paragraphLevel: UInt8
    /// Whether every level is 0 (plain left-to-right text: no reordering needed).
    package let isLeftToRightOnly: Bool
    /// Whether every unit has the same level (worked out once: the itemizer and its plain item
    /// both ask).
    let hasOneLevel: Bool
    /// Whether the levels were known without asking ICU: no unit may be right to left (every
    /// level 0, none stored), or the text is plain right to left (every level 1).
    package var isResolvedWithoutICU: Bool { text == nil }

    /// The copy of the text ICU reads; nil for plain left-to-right text (ICU is not asked).
    private let text: UnsafeMutableBufferPointer<UInt16>?
    private let para: OpaquePointer?

    /// The analysis of `source`: ``leftToRight`` when ICU need not be asked (see the
    /// initializer), so most paragraphs of most scripts allocate none.
    package static func resolving(_ source: UnsafeBufferPointer<UInt16>, direction: WritingDirection) -> BidiParagraph {
        isPlainLeftToRight(source, direction: direction)
            ? leftToRight : BidiParagraph(source, direction: direction, asksICU: false, mayBePlainLeftToRight: false)
    }

    /// The analysis of every paragraph resolved left to right without ICU: no levels, no ICU
    /// object, nothing that changes (so threads may share it).
    nonisolated(unsafe) private static let leftToRight = BidiParagraph(UnsafeBufferPointer(start: nil, count: 0),
                                                                        direction: .leftToRight)

    /// Text without R, AL or AN characters and without explicit embeddings, isolates or
    /// overrides resolves to level 0 throughout in a paragraph that is not forced right to left
    /// (W7 turns its European numbers into L): ICU would say the same.
    private static func isPlainLeftToRight(_ source: UnsafeBufferPointer<UInt16>, direction: WritingDirection) -> Bool {
        guard direction != .rightToLeft else { return false }
        // Most text has no unit from U+0590 on: its largest unit, found without an early exit
        // (the compiler vectorizes it), answers at once.
        var highest: UInt16 = 0
        for unit in source { highest = Swift.max(highest, unit) }
        return highest < 0x590 || !source.contains(where: Self.mayBeRightToLeft)
    }

    /// - Parameter asksICU: ask ICU even for text ``mayBeRightToLeft(_:)`` clears or that is
    ///   plain right to left (for tests).
    package convenience init(_ source: UnsafeBufferPointer<UInt16>, direction: WritingDirection, asksICU: Bool = false) {
        self.init(source, direction: direction, asksICU: asksICU, mayBePlainLeftToRight: true)
    }

    /// The analysis, `mayBePlainLeftToRight` false when ``isPlainLeftToRight(_:direction:)`` was
    /// asked already (``resolving(_:direction:)``).
    private init(_ source: UnsafeBufferPointer<UInt16>, direction: WritingDirection, asksICU: Bool,
                 mayBePlainLeftToRight: Bool) {
        if !asksICU, mayBePlainLeftToRight, Self.isPlainLeftToRight(source, direction: direction) {
            text = nil
            para = nil
            levels = []
            paragraphLevel = 0
            isLeftToRightOnly = true
            hasOneLevel = true
            return
        }
        if !asksICU, Self.isPlainRightToLeft(source, direction: direction) {
            text = nil
            para = nil
            levels = [UInt8](filledWith: 1, count: source.count)
            paragraphLevel = 1
            isLeftToRightOnly = false
            hasOneLevel = true
            return
        }
        let text = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(1, source.count))
        _ = text.initialize(from: source)
        self.text = text
        var status: Int32 = 0
        let para = tsicu_bidi_open(&status)
        let level: UInt8 = switch direction {
        case .natural: UInt8(TSICU_BIDI_DEFAULT_LTR)
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        var levels = [UInt8](filledWith: direction == .rightToLeft ? 1 : 0, count: source.count)
        if let para {
            tsicu_bidi_set_para(para, text.baseAddress, Int32(source.count), level, &status)
            if status <= 0, !source.isEmpty {
                levels.withUnsafeMutableBufferPointer { out in
                    tsicu_bidi_copy_levels(para, out.baseAddress, Int32(out.count), &status)
                }
            }
        }
        let paragraphLevel = para.map { tsicu_bidi_para_level($0) } ?? (direction == .rightToLeft ? 1 : 0)
        self.para = para
        self.levels = levels
        self.paragraphLevel = paragraphLevel & 1
        self.isLeftToRightOnly = self.paragraphLevel == 0 && !levels.contains { $0 != 0 }
        hasOneLevel = levels.isEmpty || !levels.contains { $0 != levels[0] }
    }

    /// The resolved embedding level of UTF-16 unit `index`.
    @inline(__always)
    package func level(at index: Int) -> UInt8 { levels.isEmpty ? 0 : levels[index] }

    /// Whether a UTF-16 unit may be (or start) a character of bidi class R, AL or AN, or an
    /// explicit embedding, override or isolate (RLM included): the blocks of right-to-left scripts
    /// (U+0590…U+08FF, U+FB1D…U+FDFF, U+FE70…U+FEFF, where unassigned code points default to R
    /// or AL too), the formatting characters, and every surrogate (the supplementary planes hold
    /// more). False for the rest of the BMP, Devanagari, Thai and CJK among it.
    @inline(__always)
    package static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        guard unit >= 0x590 else { return false }
        switch unit {
        case 0x590...0x8FF, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xD800...0xDFFF, 0xFB1D...0xFDFF,
             0xFE70...0xFEFF: return true
        default: return false
        }
    }

    deinit {
        if let para { tsicu_bidi_close(para) }
        text?.deallocate()
    }

    /// The visual runs of the line `range` (UTF-16 offsets), left to right on screen.
    package func visualRuns(_ range: Range<Int>) -> [(range: Range<Int>, rightToLeft: Bool)] {
        if isLeftToRightOnly || range.isEmpty { return [(range, false)] }
        var status: Int32 = 0
        guard let para, let line = tsicu_bidi_open(&status) else { return [(range, paragraphLevel == 1)] }
        defer { tsicu_bidi_close(line) }
        tsicu_bidi_set_line(para, Int32(range.lowerBound), Int32(range.upperBound), line, &status)
        guard status <= 0 else { return [(range, paragraphLevel == 1)] }
        let count = tsicu_bidi_count_runs(line, &status)
        guard status <= 0 else { return [(range, paragraphLevel == 1)] }
        var runs: [(range: Range<Int>, rightToLeft: Bool)] = []
        for index in 0..<count {
            var start: Int32 = 0, length: Int32 = 0
            let rtl = tsicu_bidi_visual_run(line, index, &start, &length) != 0
            let lower = range.lowerBound + Int(start)
            runs.append((lower..<lower + Int(length), rtl))
        }
        return runs
    }
}

extension BidiParagraph {
    /// Whether every level of `source` is 1 without asking ICU: the paragraph is right to left
    /// (forced, or natural with a first strong character that is R or AL) and every unit is R,
    /// AL or a class that then takes the paragraph's level: NSM (W1: the class of the R before
    /// it, or of sos), CS, ES and ET (W4–W6: neutral without a European or Arabic number), WS,
    /// ON, BN and S (N1–N2 between R, sos and eos; L1 for trailing white space and separators).
    /// Text with L, EN, AN, B, an explicit embedding, override or isolate, a surrogate or a unit
    /// outside the blocks of ``plainRightToLeftKinds`` asks ICU. Most paragraphs of Hebrew and
    /// Arabic without digits or Latin words are plain.
    package static func isPlainRightToLeft(_ source: UnsafeBufferPointer<UInt16>, direction: WritingDirection) -> Bool {
        guard direction != .leftToRight, !source.isEmpty else { return false }
        var strong = direction == .rightToLeft
        return plainRightToLeftKinds.withUnsafeBufferPointer { kinds in
            for unit in source {
                let kind = kindIndex(unit).map { kinds[$0] } ?? 0
                if kind == 0 { return false }
                if kind == 2 { strong = true }
            }
            return strong
        }
    }

    /// Where unit `unit`'s kind is kept in ``plainRightToLeftKinds``: U+0000…U+08FF, the general
    /// punctuation U+2000…U+206F and the presentation forms U+FB1D…U+FEFF (nil elsewhere).
    @inline(__always)
    private static func kindIndex(_ unit: UInt16) -> Int? {
        switch unit {
        case 0..<0x900: Int(unit)
        case 0x2000..<0x2070: 0x900 + Int(unit - 0x2000)
        case 0xFB1D..<0xFF00: 0x970 + Int(unit - 0xFB1D)
        default: nil
        }
    }

    /// ICU's ``tsicu_bidi_plain_right_to_left_kind`` of each unit ``kindIndex(_:)`` covers.
    private static let plainRightToLeftKinds: [UInt8] = {
        var kinds = [UInt8](repeating: 0, count: 0x970 + (0xFF00 - 0xFB1D))
        for range in [0..<0x900, 0x2000..<0x2070, 0xFB1D..<0xFF00] as [Range<UInt32>] {
            for value in range {
                kinds[kindIndex(UInt16(value))!] = UInt8(tsicu_bidi_plain_right_to_left_kind(value))
            }
        }
        return kinds
    }()
}
