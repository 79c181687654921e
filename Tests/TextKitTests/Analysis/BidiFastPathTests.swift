import SeededRandom
import Testing
import TextKit

/// `BidiParagraph` leaves ICU out when no unit of a paragraph that is not forced right to left
/// may be right to left (`BidiParagraph.mayBeRightToLeft`): every level is then 0; and when a
/// right-to-left paragraph is plain (`BidiParagraph.isPlainRightToLeft`): every level is then 1.
/// These tests hold both shortcuts to ICU's own answer.
@Suite("Bidi levels fast path")
struct BidiFastPathTests {
    /// Every BMP code point the shortcut clears, alone, after a letter, before a digit and
    /// between spaces, in a natural and a left-to-right paragraph: ICU resolves every unit to 0.
    @Test func everyClearedBMPCodePointResolvesToLevelZero() {
        var disagreements: [String] = []
        for value in UInt32(0)...0xFFFF where !BidiParagraph.mayBeRightToLeft(UInt16(value)) {
            let unit = UInt16(value)
            for text: [UInt16] in [[unit], [0x61, unit, 0x31], [0x20, unit, 0x20, 0x32, unit]] {
                for direction in [WritingDirection.natural, .leftToRight] {
                    let levels = icuLevels(text, direction)
                    if levels.contains(where: { $0 != 0 }) {
                        disagreements.append("U+\(String(value, radix: 16)) in \(text) (\(direction)): \(levels)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Random texts of cleared units (Latin, Devanagari, Thai, CJK, digits, punctuation, marks)
    /// and, in a quarter of them, units that may be right to left (Hebrew, Arabic, RLM,
    /// embeddings, isolates, a surrogate pair of an RTL script): the levels and paragraph level
    /// equal ICU's, and the shortcut is taken exactly when no unit may be right to left.
    @Test func randomTextsAgreeWithICU() {
        let cleared: [UInt16] = [0x20, 0x61, 0x5A, 0x31, 0x2E, 0x28, 0x915, 0x94D, 0x93F, 0xE01, 0xE33, 0x4E00, 0x3002,
                                 0x301, 0x200D, 0x200E, 0x2014, 0x20AC, 0xAC00, 0x0A, 0x09]
        let rightToLeft: [UInt16] = [0x5D0, 0x627, 0x661, 0x200F, 0x202B, 0x202E, 0x2067, 0x2069, 0xFB50, 0xFE8D,
                                     0xD802, 0xDD00]
        // Plain right-to-left text: Hebrew and Arabic letters, marks, spaces, punctuation, brackets,
        // separators, a tab, ZWJ; now and then a unit that is not (Latin, digits of both kinds, RLM …).
        let plainRightToLeft: [UInt16] = [0x5D0, 0x5E9, 0x627, 0x644, 0x5B4, 0x64E, 0x20, 0x2E, 0x2C, 0x28, 0x29, 0x61F,
                                          0x60C, 0x2D, 0x25, 0x09, 0x200D, 0xA0, 0xFB50, 0xFEFF, 0x2019]
        var generator = SplitMix64(seed: 0xB1D1)
        var rightToLeftShortcuts = 0
        for round in 0..<6_000 {
            let count = Int(generator.next() % 20) + 1
            let mixed = generator.next() % 4 == 0
            let text = (0..<count).map { _ -> UInt16 in
                if round % 3 == 2 {
                    return generator.next() % 16 == 0 ? (mixed ? rightToLeft : cleared)[Int(generator.next() % 12)]
                        : plainRightToLeft[Int(generator.next() % UInt64(plainRightToLeft.count))]
                }
                if mixed, generator.next() % 4 == 0 { return rightToLeft[Int(generator.next() % UInt64(rightToLeft.count))] }
                return cleared[Int(generator.next() % UInt64(cleared.count))]
            }
            for direction in [WritingDirection.natural, .leftToRight, .rightToLeft] {
                let (fast, icu, resolved) = text.withUnsafeBufferPointer {
                    (BidiParagraph($0, direction: direction), BidiParagraph($0, direction: direction, asksICU: true),
                     BidiParagraph.resolving($0, direction: direction))
                }
                let hex = text.map { String($0, radix: 16) }
                // What layout uses (the shared analysis when ICU is not asked) says the same.
                #expect(text.indices.map(resolved.level(at:)) == icu.levels && resolved.paragraphLevel == icu.paragraphLevel
                        && resolved.isLeftToRightOnly == icu.isLeftToRightOnly
                        && resolved.isResolvedWithoutICU == fast.isResolvedWithoutICU, "\(hex) \(direction)")
                #expect(text.indices.map(fast.level(at:)) == icu.levels && fast.paragraphLevel == icu.paragraphLevel,
                        "\(hex) \(direction)")
                #expect(fast.isLeftToRightOnly == icu.isLeftToRightOnly, "\(hex) \(direction)")
                let plainLeftToRight = direction != .rightToLeft && !text.contains(where: BidiParagraph.mayBeRightToLeft)
                let plainRightToLeft = text.withUnsafeBufferPointer { BidiParagraph.isPlainRightToLeft($0, direction: direction) }
                #expect(fast.isResolvedWithoutICU == (plainLeftToRight || plainRightToLeft), "\(hex) \(direction)")
                #expect(fast.levels.isEmpty == plainLeftToRight || text.isEmpty, "\(hex) \(direction)")
                if plainRightToLeft { rightToLeftShortcuts += 1 }
                for cut in [0, text.count / 2] {
                    let line = cut..<text.count
                    #expect(resolved.visualRuns(line).map { "\($0.range) \($0.rightToLeft)" }
                            == icu.visualRuns(line).map { "\($0.range) \($0.rightToLeft)" }, "\(hex) \(direction) \(line)")
                }
            }
        }
        #expect(rightToLeftShortcuts > 500)
    }

    /// Every BMP code point the right-to-left shortcut admits, between Hebrew letters, before
    /// and after Arabic ones, alone, and doubled at a paragraph's end, in a natural and a
    /// right-to-left paragraph: ICU resolves the same levels, and the lines' visual runs agree.
    @Test func everyPlainRightToLeftCodePointResolvesAsICUSays() {
        var disagreements: [String] = [], admitted = 0
        for value in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            let unit = UInt16(value)
            for text: [UInt16] in [[0x5D0, unit, 0x5D1], [unit, 0x627, unit, 0x20], [unit], [0x644, unit, unit]] {
                for direction in [WritingDirection.natural, .rightToLeft] {
                    let plain = text.withUnsafeBufferPointer { BidiParagraph.isPlainRightToLeft($0, direction: direction) }
                    guard plain else { continue }
                    admitted += 1
                    let (fast, icu) = text.withUnsafeBufferPointer {
                        (BidiParagraph($0, direction: direction), BidiParagraph($0, direction: direction, asksICU: true))
                    }
                    if fast.levels != icu.levels || fast.paragraphLevel != icu.paragraphLevel
                        || fast.visualRuns(0..<text.count).map(\.rightToLeft) != icu.visualRuns(0..<text.count).map(\.rightToLeft) {
                        disagreements.append("U+\(String(value, radix: 16)) in \(text) (\(direction)): \(icu.levels)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(admitted > 2_000)
    }

    private func icuLevels(_ text: [UInt16], _ direction: WritingDirection) -> [UInt8] {
        text.withUnsafeBufferPointer { BidiParagraph($0, direction: direction, asksICU: true).levels }
    }
}
