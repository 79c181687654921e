import SeededRandom
import Testing
import TextKit

/// `CompactOffsets` keeps paragraph offsets in 32 bits, or nothing at all for an identity table
/// (element `i` is `i`). Whichever way it keeps them, it must read back exactly the offsets it was
/// given, and a paragraph must keep exactly the tables its text implies.
@Suite("Compact offsets")
struct CompactOffsetsTests {
    /// Random non-decreasing tables (a third of them identities, some identities but for one
    /// element): every read (subscript, iteration, the reader, the binary search) gives what the
    /// array gives, the identity is recognised exactly when the table is one, and tables compare
    /// by their elements whichever way each is kept.
    @Test func readsBackWhatItWasGiven() {
        var generator = SplitMix64(seed: 0xC0FF)
        for round in 0..<3_000 {
            let count = Int(generator.next() % 40) + 1
            var offsets: [Int32]
            switch round % 3 {
            case 0: offsets = (0..<count).map { Int32($0) }
            case 1:
                offsets = (0..<count).map { Int32($0) }
                let index = Int(generator.next() % UInt64(count))
                offsets[index] += index == count - 1 ? 1 : 0   // an identity but for the last element
                if index < count - 1, index > 0 { offsets[index] = offsets[index - 1] } // a repeated offset
            default:
                var value: Int32 = Int32(generator.next() % 3)
                offsets = (0..<count).map { _ in
                    defer { value += Int32(generator.next() % 3) }
                    return value
                }
            }
            let compact = CompactOffsets(narrow: offsets)
            let isIdentity = offsets == (0..<count).map { Int32($0) }
            #expect(compact.isIdentity == isIdentity, "\(offsets)")
            #expect(compact.count == offsets.count && compact.elementsEqual(offsets.map(Int.init)), "\(offsets)")
            compact.withReader { reader in
                #expect(reader.count == offsets.count && (0..<count).allSatisfy { reader[$0] == offsets[$0] }, "\(offsets)")
            }
            for probe in -1...(Int(offsets.last!) + 2) {
                let expected = offsets.firstIndex { Int($0) >= probe } ?? count
                #expect(compact.firstIndex(atOrAfter: probe) == expected, "\(offsets) probe \(probe)")
            }
            let explicit = CompactOffsets(offsets.map(Int.init))
            #expect(compact == explicit)
            if isIdentity {
                #expect(compact == CompactOffsets(identity: count))
                #expect(CompactOffsets(identity: count + 1) != compact)
            } else {
                #expect(compact != CompactOffsets(identity: count))
            }
        }
    }

    /// Every fixture text of every script, paragraph by paragraph: the scalar offsets are the
    /// table its UTF-16 implies (an identity exactly when it has no surrogate pair) and the
    /// grapheme boundaries are ICU's iterator's (an identity exactly when every unit is a cluster).
    @Test(arguments: ["arabic.txt", "chinese.txt", "combining.txt", "devanagari.txt", "emoji.txt", "hebrew.txt",
                      "japanese.txt", "korean.txt", "mixed.txt", "thai.txt"])
    func paragraphsKeepTheTablesTheirTextImplies(_ name: String) throws {
        let text = try ScriptFixtures.text(name)
        for line in text.split(separator: "\n") where !line.isEmpty {
            let paragraph = ScriptFixtures.paragraph(String(line))
            var expected: [Int] = []
            for (index, scalar) in line.unicodeScalars.enumerated() {
                expected += Array(repeating: index, count: UTF16.width(scalar))
            }
            expected.append(line.unicodeScalars.count)
            #expect(Array(paragraph.scalarOffsets) == expected, "\(name): \(line)")
            #expect(paragraph.scalarOffsets.isIdentity == (line.utf16.count == line.unicodeScalars.count))
            let iterator = paragraph.utf16.withUnsafeBufferPointer { ICU.iteratorGraphemeBoundaries($0) }
            #expect(Array(paragraph.graphemes) == iterator.map(Int.init), "\(name): \(line)")
            #expect(paragraph.graphemes.isIdentity == (iterator.count == paragraph.utf16.count + 1))
        }
    }
}
