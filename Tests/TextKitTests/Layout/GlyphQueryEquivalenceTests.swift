import Testing
import TextKit
import SeededRandom

/// The glyph-index queries find their paragraph through per-paragraph glyph counts; after any
/// edits (typing, Return, joins, deletions, exclusion and container changes, overflow) they
/// must answer what numbering every glyph of a full layout answers (the reference below: the
/// queries as they were before, on a snapshot).
@Suite("Glyph-index queries equal a numbering of the whole layout")
struct GlyphQueryEquivalenceTests {
    let base = IncrementalEquivalenceTests()

    /// Every glyph of a snapshot, in order, with its fragment's geometry and cluster end.
    struct Reference {
        struct Entry {
            var glyph: PositionedGlyph
            var container: Int
            var lineRect: Rect
            var rect: Rect
            var usedRect: Rect
            var clusterEnd: Int
        }

        var entries: [Entry] = []
        /// Each fragment as `enumerateLineFragments` reports it, as text.
        var fragments: [String] = []
        /// Each fragment's container, rectangle and glyphs.
        var fragmentGlyphs: [(container: Int, rect: Rect, glyphs: Range<Int>)] = []

        init(_ snapshot: LayoutSnapshot) {
            for container in snapshot.containers {
                for line in container.lines {
                    for fragment in line.fragments {
                        let clusters = QueryIndex.clusters(of: fragment)
                        let start = entries.count
                        for glyph in fragment.glyphs {
                            let end = clusters.first { $0.characters.lowerBound == glyph.characterIndex }?.characters.upperBound
                            entries.append(Entry(glyph: glyph, container: container.index, lineRect: line.rect,
                                                 rect: fragment.rect, usedRect: fragment.usedRect,
                                                 clusterEnd: end ?? glyph.characterIndex + 1))
                        }
                        fragmentGlyphs.append((container.index, fragment.rect, start..<entries.count))
                        fragments.append(Self.describe(container: container.index, rect: fragment.rect,
                                                       usedRect: fragment.usedRect, glyphs: start..<entries.count,
                                                       characters: fragment.characterRange))
                    }
                }
            }
        }

        static func describe(container: Int, rect: Rect, usedRect: Rect, glyphs: Range<Int>, characters: Range<Int>) -> String {
            "\(container) \(rect) \(usedRect) \(glyphs) \(characters)"
        }

        func glyphRange(forCharacterRange range: Range<Int>) -> Range<Int> {
            var lower = Int.max, upper = Int.min
            for (index, entry) in entries.enumerated() where range.contains(entry.glyph.characterIndex)
                || (entry.glyph.characterIndex < range.lowerBound && entry.clusterEnd > range.lowerBound) {
                lower = min(lower, index)
                upper = max(upper, index + 1)
            }
            return lower <= upper ? lower..<upper : 0..<0
        }

        func characterRange(forGlyphRange range: Range<Int>) -> Range<Int> {
            guard !range.isEmpty else { return 0..<0 }
            let slice = entries[range]
            return slice.map(\.glyph.characterIndex).min()!..<slice.map(\.clusterEnd).max()!
        }

        func glyphRange(forBoundingRect rect: Rect, container: Int) -> Range<Int> {
            var lower = Int.max, upper = Int.min
            for (index, entry) in entries.enumerated() where entry.container == container && entry.lineRect.intersects(rect) {
                let box = Rect(x: entry.glyph.position.x, y: entry.lineRect.minY, width: max(entry.glyph.advance, 1e-9),
                               height: entry.lineRect.height)
                if box.intersects(rect) {
                    lower = min(lower, index)
                    upper = max(upper, index + 1)
                }
            }
            return lower <= upper ? lower..<upper : 0..<0
        }
    }

    @Test(arguments: [41, 42, 43, 44] as [UInt64])
    func glyphQueriesAfterRandomEditsMatchTheWholeLayout(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let words = QueryEquivalenceTests.words + ["\n", "\n", "office", "affluent"]
        let (storage, manager) = base.randomWordsLayout(&rng, words: words, count: 80, containers: 3)
        manager.textContainers[2].size.height = Double(Int.random(in: 300...2_000, using: &rng))
        for step in 0..<100 {
            // Two chances in seven of a Return or a join, else a word, a deletion, an exclusion or
            // a container size.
            if Int.random(in: 0..<7, using: &rng) < 2 {
                base.splitOrJoinRandomParagraph(&rng, storage)
            } else {
                base.randomEdit(&rng, storage, manager, words: words)
            }
            // Some queries on the manager as the edit left it, then the same on a full layout.
            let reference = Reference(manager.snapshot())
            // The snapshot laid everything out: queries after a fresh edit are what counts.
            if Bool.random(using: &rng) {
                let at = Int.random(in: 0...storage.length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: "x")
                storage.replaceCharacters(in: at..<at + 1, with: "")
            }
            let note = "seed \(seed) step \(step)"
            let count = reference.entries.count
            #expect(manager.numberOfGlyphs == count, "\(note)")
            let now = storage.length
            for _ in 0..<3 {
                let at = Int.random(in: 0...now, using: &rng)
                let range = at..<min(now, at + Int.random(in: 0...60, using: &rng))
                #expect(manager.glyphRange(forCharacterRange: range) == reference.glyphRange(forCharacterRange: range),
                        "\(note): glyphRange(forCharacterRange: \(range))")
            }
            if count > 0 {
                let index = Int.random(in: 0..<count, using: &rng)
                #expect(manager.glyph(at: index) == reference.entries[index].glyph, "\(note): glyph \(index)")
                #expect(manager.lineFragmentRect(forGlyphAt: index) == reference.entries[index].rect, "\(note)")
                #expect(manager.lineFragmentUsedRect(forGlyphAt: index) == reference.entries[index].usedRect, "\(note)")
                #expect(manager.textContainer(forGlyphAt: index) === manager.textContainers[reference.entries[index].container],
                        "\(note)")
                let glyphs = index..<min(count, index + Int.random(in: 0...50, using: &rng))
                #expect(manager.characterRange(forGlyphRange: glyphs) == reference.characterRange(forGlyphRange: glyphs),
                        "\(note): characterRange(forGlyphRange: \(glyphs))")
            }
            let containerIndex = Int.random(in: 0..<manager.textContainers.count, using: &rng)
            let container = manager.textContainers[containerIndex]
            let rect = Rect(x: Double.random(in: -10...container.size.width, using: &rng),
                            y: Double.random(in: -10...container.size.height, using: &rng),
                            width: Double.random(in: 0...120, using: &rng), height: Double.random(in: 0...80, using: &rng))
            #expect(manager.glyphRange(forBoundingRect: rect, in: container)
                    == reference.glyphRange(forBoundingRect: rect, container: containerIndex), "\(note): rect \(rect)")
            if step % 10 == 0 {
                var fragments: [String] = []
                manager.enumerateLineFragments { info in
                    fragments.append(Reference.describe(container: info.containerIndex, rect: info.rect, usedRect: info.usedRect,
                                                        glyphs: info.glyphRange, characters: info.characterRange))
                    return true
                }
                #expect(fragments == reference.fragments, "\(note): fragments")
            }
        }
    }

    /// Fonts are numbered as the snapshot numbers them (by first use), also when the font of a
    /// later paragraph is not the first paragraph's.
    @Test func glyphFontIndicesAreTheSnapshots() {
        let storage = TextStorage(string: "First paragraph.\nSecond one, larger.\nThird.", attributes: Fixtures.attributes())
        storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 30), for: \.font, range: 17..<37)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 400, height: 1_000)))
        let snapshot = manager.snapshot()
        let reference = Reference(snapshot)
        for index in 0..<manager.numberOfGlyphs {
            #expect(manager.glyph(at: index) == reference.entries[index].glyph)
        }
        #expect(Set(reference.entries.map(\.glyph.fontIndex)) == [0, 1])
    }
}
