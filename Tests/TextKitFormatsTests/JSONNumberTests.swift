import Foundation
import Testing
@testable import TextKitFormats
import SeededRandom
import TestFixtures
import TextKit

/// The layout JSON's numbers: fixed point, rounded to 1/1000 half away from zero, trailing zeros
/// removed. The writer formats them without libm's `round` and two digits at a time; each must
/// give the bytes of the plain definition below, on values of every magnitude and at every tie.
@Suite("JSON numbers")
struct JSONNumberTests {
    /// The definition: `(value × 1000).rounded()`, its integer and fraction parts in decimal.
    static func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let scaled = (value * 1000).rounded()
        guard abs(scaled) < 9e15 else { return value.description }
        let milli = Int64(scaled)
        var text = String(milli.magnitude / 1000)
        var fraction = String(milli.magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return (milli < 0 ? "-" : "") + text
    }

    /// What the writer gives for one glyph (every field of it) and one number alone.
    static func written(_ value: Double, id: Int, character: Int) -> (glyph: String, number: String) {
        var buffer = JSONBuffer { _ in }
        buffer.glyph(id: id, font: 0, x: value, y: -value, advance: value / 7, character: character)
        let glyph = String(decoding: buffer.bytes, as: UTF8.self)
        var single = JSONBuffer { _ in }
        single.number(value)
        return (glyph, String(decoding: single.bytes, as: UTF8.self))
    }

    @Test func numbersAreTheDefinitionsBytes() {
        var generator = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 0.0005, -0.0005, 0.0015, 1.0005, 2.5e-4, 0.4995, 999.9995, 1e15, 8.99e12,
                                9e12, 1e13, 123_456.789_5, -0.000_49, .ulpOfOne, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -6...13, using: &generator)
            var value = pow(10, magnitude) * (Bool.random(using: &generator) ? 1 : -1)
            // Half of them on a tie of the last place kept (n + 0.5) / 1000, or next to one.
            if Bool.random(using: &generator) {
                value = ((value * 1000).rounded(.down) + 0.5) / 1000
                if Bool.random(using: &generator) { value = value.nextUp }
            }
            values.append(value)
        }
        for value in values {
            let id = Int.random(in: 0...70_000, using: &generator), character = Int.random(in: -5...2_000_000, using: &generator)
            let expected = "[\(id),0,\(Self.reference(value)),\(Self.reference(-value)),\(Self.reference(value / 7)),\(character)]"
            let (glyph, number) = Self.written(value, id: id, character: character)
            #expect(number == Self.reference(value), "\(value)")
            // (A value the glyph cannot take in fixed point sends it field by field: the same bytes.)
            #expect(glyph == expected, "\(value)")
        }
    }

    /// A glyph's y is formatted once while it repeats (a line's baseline): glyphs written one
    /// after another give the bytes of each written alone, y repeated, changed, and back.
    @Test func repeatedYGivesTheSameBytes() {
        var generator = SplitMix64(seed: 9)
        var buffer = JSONBuffer { _ in }
        var expected = ""
        let ys: [Double] = [712.5, 712.5, 700.125, 712.5, -3.0005, -3.0005, 1e-4, 123_456_789.25]
        for round in 0..<400 {
            let y = ys[round / 5 % ys.count], x = Double.random(in: -50...700, using: &generator)
            buffer.glyph(id: round, font: round % 3, x: x, y: y, advance: 7.25, character: round)
            expected += "[\(round),\(round % 3),\(Self.reference(x)),\(Self.reference(y)),7.25,\(round)]"
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
    }

    @Test func integersAreDecimal() {
        for value in [0, 1, 9, 10, 99, 100, 101, 999, 1000, 65_535, Int(Int32.max), Int.max, Int.min, -1, -10, -100] {
            var buffer = JSONBuffer { _ in }
            buffer.int(value)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
        }
    }
}

/// A large page's bytes go to the sink as they are, not copied through the writer's buffer:
/// the bytes must be those of copying every page through it, whatever the page sizes.
@Suite("JSON pages passed to the sink")
struct JSONPagePassThroughTests {
    @Test(arguments: [false, true])
    func passedPagesGiveTheSameBytes(pretty: Bool) throws {
        let prose = try Fixtures.text("prose.txt")
        // Full pages of prose (large), then a short last one, and pages of a few words (small).
        for text in [String(repeating: prose, count: 6), prose.split(separator: "\n").prefix(3).joined(separator: "\n")] {
            let (_, _, paged, snapshot) = Fixtures.paged(text)
            func written(passing: Bool) throws -> (bytes: [UInt8], chunks: [Int]) {
                var writer = LayoutJSONWriter(pretty: pretty)
                writer.passesPagesThrough = passing
                var bytes: [UInt8] = [], chunks: [Int] = []
                try writer.write(snapshot, pages: paged.pages, placements: paged.placements) {
                    bytes += $0
                    chunks.append($0.count)
                }
                return (bytes, chunks)
            }
            let passed = try written(passing: true), copied = try written(passing: false)
            #expect(passed.bytes == copied.bytes)
            if text.count > prose.count {
                // Pages of prose are more than half a flush each: some went through alone.
                #expect(passed.chunks != copied.chunks, "\(paged.pages.count) pages")
            }
        }
    }
}
