import Foundation
import Testing
import TextKit
import SeededRandom

/// A fragment's compact glyph storage gives back exactly, bit for bit, the glyphs it was built
/// from (line assembly builds the same per-glyph values as before and stores them through
/// ``PositionedGlyphs/init(_:)``), whatever the values, and behaves as an array under mutation.
@Suite("Compact glyph storage")
struct PositionedGlyphsTests {
    /// Every field of a glyph, doubles as bit patterns (so -0 and 0, or a lost last bit, differ).
    struct Bits: Equatable, CustomStringConvertible {
        var id: UInt32, font: Int, x: UInt64, y: UInt64, advance: UInt64, character: Int, rightToLeft: Bool
        init(_ g: PositionedGlyph) {
            (id, font, x, y) = (g.glyphID, g.fontIndex, g.position.x.bitPattern, g.position.y.bitPattern)
            (advance, character, rightToLeft) = (g.advance.bitPattern, g.characterIndex, g.isRightToLeft)
        }
        var description: String {
            "(\(id), font \(font), x \(Double(bitPattern: x)), y \(Double(bitPattern: y)), " +
                "advance \(Double(bitPattern: advance)), character \(character), rtl \(rightToLeft))"
        }
    }

    func bits(_ glyphs: some Collection<PositionedGlyph>) -> [Bits] { glyphs.map(Bits.init) }

    /// Real fragments of every golden case (bidi, marks with offsets, several fonts, tabs,
    /// exclusions), stored again from their values and with values that do not fit 32 bits.
    @Test(arguments: GoldenCase.all)
    func goldenFragmentsRoundTrip(_ golden: GoldenCase) throws {
        let layout = try golden.read().options.layOut(file: golden.file)
        let snapshot = layout.snapshot
        var fragments = 0
        for line in snapshot.allLines {
            for fragment in line.fragments {
                fragments += 1
                let values = Array(fragment.glyphs)
                #expect(values.count == fragment.glyphs.count)
                #expect(bits(PositionedGlyphs(values)) == bits(values), "\(golden.name)")
                // Nudged off every float grid: kept in 64 bits, still exact.
                let nudged = values.map { glyph in
                    var glyph = glyph
                    glyph.position.x += 0.1
                    glyph.advance = glyph.advance / 3
                    glyph.characterIndex += 5_000_000_000
                    return glyph
                }
                #expect(bits(PositionedGlyphs(nudged)) == bits(nudged), "\(golden.name)")
            }
        }
        #expect(fragments > 0 || layout.text.isEmpty || snapshot.overflowRange?.lowerBound == 0, "\(golden.name)")
    }

    /// Random glyph sequences with awkward values round-trip, and element replacement, removal
    /// and insertion agree with an array doing the same.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomSequencesBehaveAsArrays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let model = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Self.randomGlyph(&rng) }
            let stored = PositionedGlyphs(model)
            #expect(bits(stored) == bits(model))
            editBoth(model, stored, &rng)
        }
    }

    /// Glyphs that read their run's ids and advances (a line of one run) take the same random
    /// edits as an array, and offsets of their characters and y as the snapshot makes them.
    @Test(arguments: [1, 2] as [UInt64])
    func glyphsReadingTheirRunBehaveAsArrays(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let snapshot = ScriptFixtures.layout(String(repeating: "Lorem ipsum dolor sit amet, consectetur. ", count: 12)).2
        let fragments = snapshot.allLines.flatMap(\.fragments).filter(\.glyphs.readsRunColumns)
        #expect(fragments.count > 3)
        for fragment in fragments {
            var stored = fragment.glyphs
            stored.offsetCharacterIndices(by: 3)
            stored.offsetY(by: 2.5)
            let model = fragment.glyphs.map { glyph in
                var glyph = glyph
                glyph.characterIndex += 3
                glyph.position.y += 2.5
                return glyph
            }
            #expect(bits(stored) == bits(model) && stored.readsRunColumns)
            editBoth(model, stored, &rng)
        }
    }

    /// A glyph with random, often awkward values (off the Float grid, huge, negative zero).
    static func randomGlyph(_ rng: inout SplitMix64) -> PositionedGlyph {
        let awkward: [Double] = [0, -0.0, 1e300, -1e-300, .pi, 0.1, 1.0 / 3, 12.0 / 2048, 1e-45, Double(Float.greatestFiniteMagnitude) * 2]
        func value() -> Double {
            Bool.random(using: &rng) ? Double(Int.random(in: -5000...5000, using: &rng)) * 12 / 2048
                : awkward.randomElement(using: &rng)!
        }
        return PositionedGlyph(glyphID: UInt32.random(in: 0...UInt32.max, using: &rng),
                               fontIndex: Int.random(in: 0...2, using: &rng),
                               position: Point(x: value(), y: Bool.random(using: &rng) ? 100 : value()),
                               advance: value(), characterIndex: Int.random(in: 0...1000, using: &rng)
                                   + (Int.random(in: 0...9, using: &rng) == 0 ? Int(Int32.max) * 4 : 0),
                               isRightToLeft: Int.random(in: 0...3, using: &rng) == 0)
    }

    /// Ten random edits (replacements, field changes, removals, insertions) made to both `model`
    /// and `stored`, which must hold the same glyphs after each.
    func editBoth(_ model: [PositionedGlyph], _ stored: PositionedGlyphs, _ rng: inout SplitMix64) {
        var (model, stored) = (model, stored)
        for _ in 0..<10 {
            switch Int.random(in: 0...4, using: &rng) {
            case 0 where !model.isEmpty:
                let index = Int.random(in: model.indices, using: &rng)
                let replacement = Self.randomGlyph(&rng)
                model[index] = replacement
                stored[index] = replacement
            case 1 where !model.isEmpty:
                // In-place field changes, as the layout manager's tests make them.
                let index = Int.random(in: model.indices, using: &rng)
                model[index].characterIndex += 7
                stored[index].characterIndex += 7
                model[index].fontIndex = 0
                stored[index].fontIndex = 0
            case 2 where !model.isEmpty:
                let index = Int.random(in: model.indices, using: &rng)
                model.remove(at: index)
                stored.remove(at: index)
            case 3:
                let index = Int.random(in: 0...model.count, using: &rng)
                let inserted = Self.randomGlyph(&rng)
                model.insert(inserted, at: index)
                stored.insert(inserted, at: index)
            default:
                model.removeAll { $0.fontIndex == 2 }
                stored.removeAll { $0.fontIndex == 2 }
            }
            #expect(bits(stored) == bits(model))
            #expect(stored == PositionedGlyphs(model))
            #expect(stored.hashValue == PositionedGlyphs(model).hashValue)
        }
    }

    /// Snapshot offsets and font renumbering touch no glyph data but give the same values as
    /// changing every glyph.
    @Test func characterOffsetsAndFontMapping() {
        let model = (0..<10).map { index in
            PositionedGlyph(glyphID: UInt32(index), fontIndex: index / 4, position: Point(x: Double(index), y: 5),
                            advance: 1, characterIndex: index, isRightToLeft: index == 9)
        }
        var stored = PositionedGlyphs(model)
        stored.offsetCharacterIndices(by: 100)
        stored.mapFontIndices { 2 - $0 }
        let expected = model.map { glyph in
            var glyph = glyph
            glyph.characterIndex += 100
            glyph.fontIndex = 2 - glyph.fontIndex
            return glyph
        }
        #expect(bits(stored) == bits(expected))
    }

    /// A typical fragment (DejaVu Sans at 12 pt, 2048 units per em: positions on a binary grid;
    /// one run) keeps nothing a glyph: it reads ids and advances from its run and x from the
    /// paragraph's advance prefix; a line with a ligature reads its characters from the run's
    /// clusters too, and a line of text with a surrogate pair keeps a character column (16 bytes
    /// a glyph).
    @Test func typicalFragmentIsCompact() throws {
        let snapshot = ScriptFixtures.layout("The quick brown fox jumps over the lazy dog. " + String(repeating: "Lorem ipsum dolor sit amet. ", count: 4)).2
        let fragment = try #require(snapshot.allLines.first?.fragments.first)
        #expect(fragment.glyphs.count > 20)
        #expect(!fragment.glyphs.storesCharacterColumn && fragment.glyphs.readsRunColumns && fragment.glyphs.readsRunX)
        #expect(fragment.glyphs.storedBytes == 0)
        #expect(fragment.glyphs.enumerated().allSatisfy { $0.element.characterIndex == fragment.glyphs[0].characterIndex + $0.offset })

        let ligatures = ScriptFixtures.layout("The official office fluffs its fine files. " + String(repeating: "Lorem ipsum. ", count: 4)).2
        let withLigature = try #require(ligatures.allLines.first?.fragments.first)
        #expect(withLigature.glyphs.count < withLigature.characterRange.count)
        #expect(!withLigature.glyphs.storesCharacterColumn && withLigature.glyphs.readsRunColumns)
        #expect(!withLigature.glyphs.hasIdentityCharacters && withLigature.glyphs.readsRunX)
        #expect(withLigature.glyphs.storedBytes == 0)
        // "ffi" is one glyph of three characters: the glyph after it is the fourth character on.
        let characters = withLigature.glyphs.map(\.characterIndex)
        #expect(characters == characters.sorted() && characters.last! < withLigature.characterRange.upperBound)
        #expect(zip(characters, characters.dropFirst()).contains { $1 - $0 == 3 })

        let astral = ScriptFixtures.layout("The official \u{1D400} office fluffs. " + String(repeating: "Lorem ipsum. ", count: 4)).2
        let withSurrogates = try #require(astral.allLines.first?.fragments.first)
        #expect(withSurrogates.glyphs.storesCharacterColumn && !withSurrogates.glyphs.readsRunColumns)
        #expect(withSurrogates.glyphs.storedBytes == 16 * withSurrogates.glyphs.count)
    }

    /// Glyphs whose characters run 0, 1, 2 … from the first keep no character column, whichever
    /// way they are stored or changed; reading them back gives exactly what was stored.
    @Test func identityCharactersRoundTrip() {
        var glyphs = (0..<12).map { index in
            PositionedGlyph(glyphID: UInt32(index + 3), fontIndex: 0, position: Point(x: Double(index) * 7.5, y: 10),
                            advance: 7.5, characterIndex: 40 + index)
        }
        var stored = PositionedGlyphs(glyphs)
        #expect(!stored.storesCharacterColumn && Array(stored) == glyphs)
        stored[4].characterIndex = 44                   // the same: stays without the column
        #expect(!stored.storesCharacterColumn && Array(stored) == glyphs)
        stored[4].characterIndex = 45                   // no longer 0, 1, 2 …: the column comes back
        glyphs[4].characterIndex = 45
        #expect(stored.storesCharacterColumn && Array(stored) == glyphs)
        stored.offsetCharacterIndices(by: 5)
        #expect(Array(stored).map(\.characterIndex) == glyphs.map { $0.characterIndex + 5 })
    }
}
