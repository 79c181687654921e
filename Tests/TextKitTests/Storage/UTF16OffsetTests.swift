import Foundation
import SeededRandom
import Testing
import TextKit

/// UTF-16 offsets (`NSRange`, JavaScript) ↔ scalar offsets, on `TextStorage` and through
/// `UTF16OffsetIndex`, against Swift's own `String.utf16` view, on text of every script fixture.
@Suite struct UTF16OffsetTests {
    static let scripts = ["arabic.txt", "chinese.txt", "combining.txt", "devanagari.txt", "emoji.txt", "hebrew.txt",
                          "japanese.txt", "korean.txt", "mixed.txt", "thai.txt"]

    /// The scalars of every script fixture, plus astral letters and lone BMP edge cases, to draw from.
    static func pool() throws -> [Unicode.Scalar] {
        let texts = try scripts.map { try ScriptFixtures.text($0) }.joined()
        let extra = "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠀋𪚲 𓀀 \u{FFFF}\u{10000}\u{10FFFF}\u{E000}\u{D7FF} ab\r\n"
        return Array(texts.unicodeScalars) + Array(extra.unicodeScalars)
    }

    /// A random text of up to `count` scalars drawn in runs from `pool` (so that emoji
    /// sequences, marks and astral letters come together, and sometimes alone).
    static func randomText(_ pool: [Unicode.Scalar], count: Int, _ rng: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        while scalars.count < count {
            let start = Int.random(in: 0..<pool.count, using: &rng)
            let run = Int.random(in: 1...12, using: &rng)
            scalars.append(contentsOf: pool[start..<min(pool.count, start + run)])
        }
        return String(scalars)
    }

    /// The answers Swift's `String` views give: the UTF-16 offset of each scalar offset, and the
    /// scalar offset of each UTF-16 offset (nil between the halves of a pair).
    struct Expected {
        let utf16OfScalar: [Int]
        let scalarOfUTF16: [Int?]

        init(_ text: String) {
            var utf16OfScalar: [Int] = []
            for index in text.unicodeScalars.indices {
                utf16OfScalar.append(text.utf16.distance(from: text.utf16.startIndex, to: index))
            }
            utf16OfScalar.append(text.utf16.count)
            self.utf16OfScalar = utf16OfScalar
            scalarOfUTF16 = (0...text.utf16.count).map { offset in
                let index = String.Index(utf16Offset: offset, in: text)
                return index.samePosition(in: text.unicodeScalars).map {
                    text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0)
                }
            }
        }
    }

    /// Checks every conversion of `storage` and `index` at random offsets against `text`'s views.
    func check(_ storage: TextStorage, _ index: UTF16OffsetIndex, _ text: String, _ rng: inout SplitMix64,
               samples: Int = 60, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Expected(text)
        let scalarCount = storage.length, utf16Count = text.utf16.count
        #expect(storage.utf16Count == utf16Count && index.utf16Count == utf16Count, sourceLocation: sourceLocation)
        for _ in 0..<samples {
            let k = Int.random(in: 0...scalarCount, using: &rng)
            let u = expected.utf16OfScalar[k]
            #expect(storage.utf16Offset(forScalarOffset: k) == u && index.utf16Offset(forScalarOffset: k) == u,
                    "scalar \(k)", sourceLocation: sourceLocation)
            // Round trip: scalar → UTF-16 → scalar.
            #expect(storage.scalarOffset(forUTF16Offset: u) == k && index.scalarOffset(forUTF16Offset: u) == k,
                    sourceLocation: sourceLocation)

            let w = Int.random(in: 0...utf16Count, using: &rng)
            let scalar = expected.scalarOfUTF16[w]
            #expect(storage.scalarOffset(forUTF16Offset: w) == scalar && index.scalarOffset(forUTF16Offset: w) == scalar,
                    "UTF-16 \(w)", sourceLocation: sourceLocation)
            // Inside a pair: down is the pair's scalar, up the next one; elsewhere both are exact.
            let down = scalar ?? expected.scalarOfUTF16[w - 1]!, up = scalar ?? expected.scalarOfUTF16[w + 1]!
            for (rounding, answer) in [(TextStorage.UTF16Rounding.down, down), (.up, up)] {
                #expect(storage.scalarOffset(forUTF16Offset: w, rounding: rounding) == answer
                        && index.scalarOffset(forUTF16Offset: w, rounding: rounding) == answer,
                        "UTF-16 \(w) \(rounding)", sourceLocation: sourceLocation)
            }
            if let scalar {  // Round trip: UTF-16 → scalar → UTF-16.
                #expect(index.utf16Offset(forScalarOffset: scalar) == w, sourceLocation: sourceLocation)
            }

            // Ranges, as an NSRange of the same text would give them.
            let other = Int.random(in: 0...scalarCount, using: &rng)
            let range = min(k, other)..<max(k, other)
            let utf16 = expected.utf16OfScalar[range.lowerBound]..<expected.utf16OfScalar[range.upperBound]
            #expect(storage.utf16Range(forScalarRange: range) == utf16 && index.utf16Range(forScalarRange: range) == utf16,
                    sourceLocation: sourceLocation)
            #expect(storage.scalarRange(forUTF16Range: utf16) == range && index.scalarRange(forUTF16Range: utf16) == range,
                    sourceLocation: sourceLocation)
            let nsRange = NSRange(utf16.lowerBound..<utf16.upperBound)
            #expect((text as NSString).substring(with: nsRange) == String(text.unicodeScalars.dropFirst(range.lowerBound)
                .prefix(range.count)), sourceLocation: sourceLocation)
            let split = min(w, utf16.upperBound)..<max(w, utf16.upperBound)
            let splitExpected = expected.scalarOfUTF16[split.lowerBound].flatMap { lower in
                expected.scalarOfUTF16[split.upperBound].map { lower..<$0 }
            }
            #expect(storage.scalarRange(forUTF16Range: split) == splitExpected
                    && index.scalarRange(forUTF16Range: split) == splitExpected, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: scripts)
    func everyScriptFixtureAgreesWithSwiftsUTF16View(name: String) throws {
        let text = try ScriptFixtures.text(name)
        var rng = SplitMix64(seed: name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        let storage = TextStorage(string: text)
        check(storage, UTF16OffsetIndex(storage), text, &rng, samples: 200)
    }

    @Test func randomTextsAgreeWithSwiftsUTF16View() throws {
        let pool = try Self.pool()
        var rng = SplitMix64(seed: 0x0F16)
        for _ in 0..<40 {
            let text = Self.randomText(pool, count: Int.random(in: 0...300, using: &rng), &rng)
            let storage = TextStorage(string: text)
            check(storage, UTF16OffsetIndex(storage), text, &rng)
        }
    }

    /// The index follows random edits (alone, in batches, attribute changes) and still agrees.
    @Test func theIndexFollowsEdits() throws {
        let pool = try Self.pool()
        var rng = SplitMix64(seed: 0xED17)
        let storage = TextStorage(string: Self.randomText(pool, count: 200, &rng))
        let index = UTF16OffsetIndex(storage)
        _ = index.utf16Count  // built now, so that every edit updates it
        for round in 0..<120 {
            let batch = Int.random(in: 0..<3, using: &rng) == 0
            if batch { storage.beginEditing() }
            for _ in 0..<(batch ? Int.random(in: 1...4, using: &rng) : 1) {
                let a = Int.random(in: 0...storage.length, using: &rng), b = Int.random(in: 0...storage.length, using: &rng)
                if Int.random(in: 0..<5, using: &rng) == 0 {
                    storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: min(a, b)..<max(a, b))
                } else {
                    storage.replaceCharacters(in: min(a, b)..<max(a, b),
                                              with: Self.randomText(pool, count: Int.random(in: 0...6, using: &rng), &rng))
                }
            }
            if batch { storage.endEditing() }
            check(storage, index, storage.string, &rng, samples: 8)
            #expect(storage.string.utf16.count == index.utf16Count, "round \(round)")
        }
    }

    /// Another observer told that a batch is done sees the index already updated.
    @Test func theIndexIsCurrentWhenObserversAreToldOfAnEdit() {
        final class Probe: TextStorageObserver {
            var index: UTF16OffsetIndex?
            var counts: [Int] = []
            func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) { counts.append(index!.utf16Count) }
        }
        let storage = TextStorage(string: "ab")
        let probe = Probe()
        storage.addObserver(probe)  // told before the index
        let index = UTF16OffsetIndex(storage)
        probe.index = index
        _ = index.utf16Count
        storage.replaceCharacters(in: 1..<1, with: "\u{1F600}\u{1F601}")
        storage.beginEditing()
        storage.replaceCharacters(in: 0..<1, with: "\u{10000}")
        storage.replaceCharacters(in: 4..<4, with: "c")
        storage.endEditing()
        #expect(probe.counts == [6, 8])
        #expect(index.scalarOffset(forUTF16Offset: 2) == 1 && index.scalarOffset(forUTF16Offset: 1) == nil)
    }

    @Test func askingTheIndexInsideABatchThatChangedTheLengthTraps() async {
        await #expect(processExitsWith: .failure) {
            let storage = TextStorage(string: "a\u{1F600}")
            let index = UTF16OffsetIndex(storage)
            _ = index.utf16Count
            storage.beginEditing()
            storage.replaceCharacters(in: 0..<0, with: "xyz")
            _ = index.utf16Offset(forScalarOffset: 1)
        }
    }

    @Test func surrogatePairsByHand() {
        // "a😀b": a at 0, 😀 at UTF-16 1…2, b at 3.
        let storage = TextStorage(string: "a\u{1F600}b")
        let index = UTF16OffsetIndex(storage)
        #expect(storage.utf16Count == 4 && index.utf16Count == 4)
        #expect((0...3).map { storage.utf16Offset(forScalarOffset: $0) } == [0, 1, 3, 4])
        #expect((0...4).map { storage.scalarOffset(forUTF16Offset: $0) } == [0, 1, nil, 2, 3])
        #expect((0...4).map { index.scalarOffset(forUTF16Offset: $0) } == [0, 1, nil, 2, 3])
        #expect(storage.scalarOffset(forUTF16Offset: 2, rounding: .down) == 1)
        #expect(storage.scalarOffset(forUTF16Offset: 2, rounding: .up) == 2)
        #expect(index.scalarOffset(forUTF16Offset: 2, rounding: .up) == 2)
        #expect(storage.utf16Range(forScalarRange: 1..<2) == 1..<3)
        #expect(storage.scalarRange(forUTF16Range: 1..<3) == 1..<2)
        #expect(storage.scalarRange(forUTF16Range: 2..<3) == nil && index.scalarRange(forUTF16Range: 0..<2) == nil)
        let empty = TextStorage()
        #expect(empty.utf16Count == 0 && empty.scalarOffset(forUTF16Offset: 0) == 0 && UTF16OffsetIndex(empty).utf16Count == 0)
    }
}
