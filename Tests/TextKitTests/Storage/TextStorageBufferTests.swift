import Testing
import TextKit
import SeededRandom

/// The storage's gap buffer reads as the plain array of scalars it replaces, after any edits.
@Suite("TextStorage scalar buffer")
struct TextStorageBufferTests {
    static let alphabet = Array("ab c\nd\u{301}é\u{5D0}\u{1F600}".unicodeScalars)

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomEditsReadAsAnArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var model: [Unicode.Scalar] = Array("The quick brown fox\njumps over".unicodeScalars)
        let storage = TextStorage(string: String(String.UnicodeScalarView(model)))
        for step in 0..<2_000 {
            let lower = Int.random(in: 0...model.count, using: &rng)
            // Mostly short edits near each other (typing), sometimes long jumps and large pastes.
            let length = Int.random(in: 0...min(3, model.count - lower), using: &rng)
            let count = step % 97 == 0 ? 300 : Int.random(in: 0...3, using: &rng)
            let inserted = (0..<count).map { _ in Self.alphabet.randomElement(using: &rng)! }
            model.replaceSubrange(lower..<lower + length, with: inserted)
            storage.replaceCharacters(in: lower..<lower + length, with: String(String.UnicodeScalarView(inserted)))
            #expect(storage.length == model.count)
            if step % 50 == 0 {
                #expect(Array(storage.scalars) == model, "step \(step)")
                let a = Int.random(in: 0...model.count, using: &rng), b = Int.random(in: a...model.count, using: &rng)
                #expect(Array(storage.scalars.contiguousSlice(a..<b)) == Array(model[a..<b]), "slice \(a)..<\(b)")
            }
        }
        #expect(storage.string == String(String.UnicodeScalarView(model)))
        #expect(storage.scalars.indices.allSatisfy { storage.scalars[$0] == model[$0] })
    }

    @Test func sliceAcrossTheGapAndCopiesKeepTheirText() {
        let storage = TextStorage(string: "0123456789")
        storage.replaceCharacters(in: 5..<5, with: "x")
        let before = storage.scalars
        #expect(String(String.UnicodeScalarView(before.contiguousSlice(3..<8))) == "34x56")
        storage.replaceCharacters(in: 0..<2, with: "")
        #expect(String(String.UnicodeScalarView(Array(before))) == "01234x56789")
        #expect(storage.string == "234x56789")
        #expect(before != storage.scalars)
        #expect(storage.scalars == TextStorage(string: "234x56789").scalars)
    }

    @Test func paragraphsSplitTheSameFromTheBuffer() {
        let storage = TextStorage(string: "one\ntwo\r\nthree\u{2029}four")
        storage.replaceCharacters(in: 4..<4, with: "2\n")
        let array = Array(storage.scalars)
        #expect(storage.scalars.paragraphRanges() == referenceParagraphRanges(array))
        #expect(storage.scalars.paragraphRanges().count == 5)
    }

    /// The storage's paragraph split (one scan per separator, on each side of the gap) gives the
    /// ranges of a plain scalar-by-scalar split, from any start and with any minimum end.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func bufferSplitEqualsTheGeneralSplit(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces = "ab \n\r\u{85}\u{2029}\u{2028}\u{0B}\u{0C}é".unicodeScalars.map { String($0) } + ["\r\n"]
        let storage = TextStorage(string: "")
        for step in 0..<400 {
            let lower = Int.random(in: 0...storage.length, using: &rng)
            let inserted = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
            storage.replaceCharacters(in: lower..<min(storage.length, lower + Int.random(in: 0...2, using: &rng)),
                                      with: inserted.joined())
            let array = Array(storage.scalars)
            let start = Int.random(in: 0...array.count, using: &rng)
            let minimumEnd = Bool.random(using: &rng) ? Int.max : Int.random(in: 0...array.count + 1, using: &rng)
            #expect(storage.scalars.paragraphRanges(from: start, minimumEnd: minimumEnd)
                    == referenceParagraphRanges(array, from: start, minimumEnd: minimumEnd), "step \(step)")
        }
    }

    /// A split of at most n paragraphs (how the layout pass splits a batch ahead of it) gives
    /// the first n ranges of the whole split from the same start.
    @Test(arguments: [4, 5] as [UInt64])
    func countedSplitIsAPrefixOfTheWholeSplit(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let pieces = "ab \n\r\u{85}\u{2029}\u{2028}é".unicodeScalars.map { String($0) } + ["\r\n", "\n\n"]
        let storage = TextStorage(string: "")
        for step in 0..<300 {
            let lower = Int.random(in: 0...storage.length, using: &rng)
            let inserted = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
            storage.replaceCharacters(in: lower..<lower, with: inserted.joined())
            let start = Int.random(in: 0...storage.length, using: &rng)
            let count = Int.random(in: 1...6, using: &rng)
            #expect(storage.scalars.paragraphRanges(from: start, maximumCount: count)
                    == Array(storage.scalars.paragraphRanges(from: start).prefix(count)), "step \(step)")
        }
    }

    /// Paragraph ranges by reading every scalar: LF, CR, CR LF, NEL and U+2029 end a paragraph.
    private func referenceParagraphRanges(_ scalars: [Unicode.Scalar], from start: Int = 0,
                                          minimumEnd: Int = .max) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = start
        var index = start
        while index < scalars.count, start < minimumEnd || ranges.isEmpty {
            switch scalars[index].value {
            case 0x0A, 0x85, 0x2029:
                ranges.append(start..<index + 1)
                start = index + 1
            case 0x0D:
                let end = index + 1 < scalars.count && scalars[index + 1] == "\n" ? index + 2 : index + 1
                ranges.append(start..<end)
                start = end
                index = end - 1
            default:
                break
            }
            index += 1
        }
        if (start < scalars.count && start < minimumEnd) || ranges.isEmpty { ranges.append(start..<scalars.count) }
        return ranges
    }
}
