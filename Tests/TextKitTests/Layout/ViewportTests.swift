import Testing
import TextKit
import SeededRandom

/// ``LayoutManager/enumerateFragments(in:of:_:)`` reports exactly the fragments of a full layout
/// whose lines meet the rectangle, with their glyphs and fonts, after random edits; with
/// noncontiguous layout it lays out only the screen asked for.
@Suite("Viewport fragments equal a full layout's")
struct ViewportTests {
    let base = IncrementalEquivalenceTests()

    /// A fragment as text: geometry, characters, and glyphs with their fonts resolved.
    static func describe(rect: Rect, usedRect: Rect, lineRect: Rect, baseline: Double, characters: Range<Int>,
                         glyphs: PositionedGlyphs, fonts: [UsedFont]) -> String {
        let glyphText = glyphs.map { "\($0.glyphID)@\($0.position.x),\($0.position.y)+\($0.advance)#\($0.characterIndex) \(fonts[$0.fontIndex].pointSize) \(fonts[$0.fontIndex].font.fileHash)" }
        return "\(rect) \(usedRect) \(lineRect) \(baseline) \(characters) \(glyphText)"
    }

    func expected(_ snapshot: LayoutSnapshot, container: Int, rect: Rect) -> [String] {
        snapshot.containers[container].lines.filter { $0.rect.minY < rect.maxY && $0.rect.maxY > rect.minY }.flatMap { line in
            line.fragments.map {
                Self.describe(rect: $0.rect, usedRect: $0.usedRect, lineRect: line.rect, baseline: line.baseline,
                              characters: $0.characterRange, glyphs: $0.glyphs, fonts: snapshot.fonts)
            }
        }
    }

    func reported(_ manager: LayoutManager, container: TextContainer, rect: Rect) -> [String] {
        var out: [String] = []
        manager.enumerateFragments(in: rect, of: container) { f in
            out.append(Self.describe(rect: f.rect, usedRect: f.usedRect, lineRect: f.lineRect, baseline: f.baseline,
                                     characters: f.characterRange, glyphs: f.glyphs, fonts: f.fonts))
            return true
        }
        return out
    }

    @Test(arguments: [61, 62, 63] as [UInt64])
    func viewportAfterRandomEditsMatchesAFullLayout(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let words = IncrementalEquivalenceTests.words
        let (storage, manager) = base.randomWordsLayout(&rng, words: words, count: 120, containers: 2)
        manager.textContainers[1].size.height = 2_000
        for step in 0..<50 {
            let length = storage.length
            switch Int.random(in: 0..<4, using: &rng) {
            case 0, 1:
                let at = Int.random(in: 0...length, using: &rng)
                storage.replaceCharacters(in: at..<at, with: words.randomElement(using: &rng)! + " ")
            case 2:
                base.toggleRandomExclusion(&rng, in: manager)
            default:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: Double(Int.random(in: 8...20, using: &rng))),
                                 for: \.font, range: start..<min(length, start + 30))
            }
            let index = Int.random(in: 0..<2, using: &rng)
            let container = manager.textContainers[index]
            let rect = Rect(x: 0, y: Double.random(in: -20...container.size.height, using: &rng), width: 10,
                            height: Double.random(in: 0...200, using: &rng))
            let answer = reported(manager, container: container, rect: rect)
            let full = base.freshLayout(storage, manager.textContainers)
            #expect(answer == expected(full, container: index, rect: rect), "seed \(seed) step \(step) rect \(rect)")
        }
    }

    @Test func aScreenOfALongDocumentLaysOutThatScreen() throws {
        let text = String(repeating: try Fixtures.text("debian-reference.txt") + "\n", count: 2)
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: 300, height: 10_000_000))
        manager.addTextContainer(container)
        manager.allowsNonContiguousLayout = true
        let screen = Rect(x: 0, y: 0, width: 300, height: 600)
        var estimated = false
        let first = reported(manager, container: container, rect: screen)
        manager.enumerateFragments(in: screen, of: container) { estimated = estimated || $0.isEstimated; return true }
        #expect(!estimated && !first.isEmpty)
        #expect(manager.firstUnlaidCharacterIndex < storage.length / 10)
        // Far down: laid out at an estimated position, without what lies between.
        let far = Rect(x: 0, y: manager.usageBoundsForTextContainer.height * 0.8, width: 300, height: 600)
        var characters: [Range<Int>] = []
        manager.enumerateFragments(in: far, of: container) { estimated = $0.isEstimated; characters.append($0.characterRange); return true }
        #expect(estimated && !characters.isEmpty)
        #expect(manager.firstUnlaidCharacterIndex < storage.length / 10)
        #expect(characters.first!.lowerBound > storage.length / 2)
        // The first screen is what a full layout has there.
        manager.ensureLayout()
        #expect(first == expected(manager.snapshot(), container: 0, rect: screen))
    }
}
