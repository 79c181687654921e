import Testing
import TextKit
import SeededRandom

/// The character and point queries lay out only what they need and look only at the paragraphs
/// concerned; after any edits they must answer exactly what a search over every fragment of a
/// full layout answers (the reference below: the queries as they were before, on a snapshot).
@Suite("Per-paragraph queries equal whole-layout queries")
struct QueryEquivalenceTests {
    let base = IncrementalEquivalenceTests()
    static let words = IncrementalEquivalenceTests.words + ["\u{5E9}\u{5DC}\u{5D5}\u{5DD}", "\u{627}\u{644}\u{639}\u{631}\u{628}\u{64A}\u{629}"]

    // MARK: - The reference: every fragment of a full layout

    struct Reference {
        let q: QueryIndex
        let snapshot: LayoutSnapshot
        let containers: [TextContainer]
        /// The extra line fragment (its own computation is checked against fresh layouts in
        /// `ExtraLineFragmentTests`) and whether the text calls for one.
        let extra: (rect: ContainerRect, used: ContainerRect)?
        let endsWithBreak: Bool

        /// The reference for `manager`'s full layout.
        init(_ manager: LayoutManager) {
            snapshot = manager.snapshot()
            q = QueryIndex(snapshot: snapshot)
            containers = manager.textContainers
            extra = manager.extraLineFragmentRect.map { ($0, manager.extraLineFragmentUsedRect!) }
            let text = manager.textStorage!.string.unicodeScalars
            endsWithBreak = text.last.map { "\n\r\u{B}\u{C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) } ?? true
        }

        func caretRects(_ index: Int) -> [CaretRect] {
            guard index >= 0, index <= snapshot.textLength else { return [] }
            if index == snapshot.textLength, endsWithBreak {
                guard let (rect, used) = extra else { return [] }
                return [CaretRect(containerIndex: rect.containerIndex, rect: Rect(
                    x: used.rect.minX + used.rect.width / 2, y: rect.rect.minY, width: 0, height: rect.rect.height),
                    isPrimary: true)]
            }
            if let overflow = snapshot.overflowRange, index >= overflow.lowerBound { return [] }
            var carets: [CaretRect] = []
            func caret(_ fragment: QueryIndex.Fragment, x: Double, primary: Bool) -> CaretRect {
                CaretRect(containerIndex: fragment.container,
                          rect: Rect(x: x, y: fragment.lineRect.minY, width: 0, height: fragment.lineRect.height),
                          isPrimary: primary)
            }
            func containing(_ i: Int) -> Int? { q.fragments.indices.last { q.fragments[$0].characters.contains(i) } }
            let here = containing(index).flatMap { f in q.fragments[f].clusters.first { $0.characters.contains(index) }.map { (f, $0) } }
            let before = index > 0 ? containing(index - 1).flatMap { f in
                q.fragments[f].clusters.first { $0.characters.contains(index - 1) }.map { (f, $0) }
            } : nil
            if let (f, cluster) = here {
                carets.append(caret(q.fragments[f], x: QueryIndex.caretX(cluster, before: index), primary: true))
                if let (g, previous) = before, previous.rightToLeft != cluster.rightToLeft,
                   q.fragments[g].line == q.fragments[f].line, q.fragments[g].container == q.fragments[f].container {
                    carets.append(caret(q.fragments[g], x: QueryIndex.trailingX(previous), primary: false))
                }
            } else if let (g, previous) = before {
                carets.append(caret(q.fragments[g], x: QueryIndex.trailingX(previous), primary: true))
            } else if let f = containing(index) ?? lineEnding(at: index) {
                let used = q.fragments[f].usedRect
                carets.append(caret(q.fragments[f], x: used.minX + used.width / 2, primary: true))
            }
            return carets
        }

        /// For a character only a line holds (the break ending it): that line's last fragment
        /// in text order (the last in layout order on a tie).
        func lineEnding(at index: Int) -> Int? {
            let holding = q.fragments.indices.filter {
                snapshot.containers[q.fragments[$0].container].lines[q.fragments[$0].line].characterRange.contains(index)
            }
            guard let end = holding.map({ q.fragments[$0].characters.upperBound }).max() else { return nil }
            return holding.last { q.fragments[$0].characters.upperBound == end }
        }

        func characterIndex(_ point: Point, container index: Int, textLength: Int) -> Int {
            let candidates = q.fragments.filter { $0.container == index }
            guard !candidates.isEmpty else { return textLength }
            func vertical(_ f: QueryIndex.Fragment) -> Double {
                point.y < f.lineRect.minY ? f.lineRect.minY - point.y : max(0, point.y - f.lineRect.maxY)
            }
            let nearest = candidates.map(vertical).min()!
            func horizontal(_ f: QueryIndex.Fragment) -> Double {
                point.x < f.rect.minX ? f.rect.minX - point.x : max(0, point.x - f.rect.maxX)
            }
            // Below every line, the extra line fragment's insertion point is the end of the text.
            if let (rect, _) = extra, rect.containerIndex == index {
                let r = rect.rect
                if (point.y < r.minY ? r.minY - point.y : max(0, point.y - r.maxY)) < nearest { return textLength }
            }
            let fragment = candidates.filter { vertical($0) == nearest }.min { horizontal($0) < horizontal($1) }!
            func distance(_ c: QueryIndex.Cluster) -> Double { point.x < c.minX ? c.minX - point.x : max(0, point.x - c.maxX) }
            guard let cluster = fragment.clusters.min(by: { distance($0) < distance($1) }) else {
                return fragment.characters.lowerBound
            }
            let width = cluster.maxX - cluster.minX
            var fraction = width > 0 ? (point.x - cluster.minX) / width : 0
            fraction = min(1, max(0, cluster.rightToLeft ? 1 - fraction : fraction))
            return cluster.characters.lowerBound + Int((fraction * Double(cluster.characters.count)).rounded())
        }

        func usedRect(container index: Int) -> Rect {
            let used = q.fragments.filter { $0.container == index }.map(\.usedRect)
            guard let first = used.first else { return .zero }
            return used.dropFirst().reduce(first) { $0.union($1) }
        }

        /// Every fragment meeting the range, in layout order, each giving its share (the
        /// per-fragment computation is the library's: what is checked is which fragments).
        func selectionRects(_ range: Range<Int>) -> [ContainerRect] {
            q.fragments.filter { $0.characters.overlaps(range) }.flatMap {
                LayoutManager.selectionRects(in: $0, range: range)
            }
        }
    }

    // MARK: - The test

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func queriesAfterRandomEditsMatchTheWholeLayout(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let (storage, manager) = base.randomWordsLayout(&rng, words: Self.words, count: 60, containers: 3)
        var partial = 0, checked = 0
        for step in 0..<120 {
            base.randomEdit(&rng, storage, manager, words: Self.words)
            // One query on the manager as the edit left it, then the same on a full layout.
            let now = storage.length
            let kind = Int.random(in: 0..<4, using: &rng)
            let containerIndex = Int.random(in: 0..<manager.textContainers.count, using: &rng)
            let container = manager.textContainers[containerIndex]
            let point = Point(x: Double.random(in: -10...container.size.width + 10, using: &rng),
                              y: Double.random(in: -10...container.size.height + 10, using: &rng))
            let at = Int.random(in: 0...now, using: &rng)
            let range = at..<min(now, at + Int.random(in: 1...40, using: &rng))
            func answer() -> String {
                switch kind {
                case 0: return "\(manager.caretRects(forCharacterIndex: at))"
                case 1: return "\(manager.characterIndex(for: point, in: container))"
                case 2: return "\(manager.selectionRects(forCharacterRange: range))"
                default: return "\(manager.usedRect(for: container))"
                }
            }
            let got = answer()
            if manager.firstUnlaidCharacterIndex < now { partial += 1 }
            let reference = Reference(manager)
            let expected: String
            switch kind {
            case 0: expected = "\(reference.caretRects(at))"
            case 1: expected = "\(reference.characterIndex(point, container: containerIndex, textLength: now))"
            case 2: expected = "\(reference.selectionRects(range))"
            default: expected = "\(reference.usedRect(container: containerIndex))"
            }
            #expect(got == expected, "seed \(seed) step \(step) query \(kind)")
            // And once more on the now complete layout.
            #expect(answer() == expected, "seed \(seed) step \(step) query \(kind), full layout")
            checked += 1
        }
        #expect(checked > 100)
        #expect(partial > 10, "seed \(seed): only \(partial) queries left text unlaid")
    }

    /// Hit testing in one tall container of a long document binary-searches the lines.
    @Test func hitTestingAndCaretsInALongSingleContainer() throws {
        let paragraph = try Fixtures.text("prose.txt")
        let text = String(repeating: paragraph + "\n", count: 20)
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: 300, height: 1_000_000))
        manager.addTextContainer(container)
        let reference = Reference(manager)
        let height = manager.usedRect(for: container).maxY
        for step in 0..<200 {
            let point = Point(x: Double(step * 37 % 320) - 10, y: Double(step) * height / 190 - 5)
            #expect(manager.characterIndex(for: point, in: container)
                    == reference.characterIndex(point, container: 0, textLength: storage.length), "\(point)")
            let index = step * 997 % (storage.length + 1)
            #expect(manager.caretRects(forCharacterIndex: index) == reference.caretRects(index), "\(index)")
        }
    }

    /// A character's fragment is the fragment of its first glyph.
    @Test func fragmentRectsForACharacterAreThoseOfItsGlyphs() throws {
        let text = try Fixtures.text("prose.txt")
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let first = TextContainer(size: Size(width: 260, height: 200))
        first.exclusionPaths = [BezierPath(ovalIn: Rect(x: 90, y: 40, width: 80, height: 80))]
        manager.addTextContainer(first)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 5_000)))
        var checked = 0
        for glyph in stride(from: 0, to: manager.numberOfGlyphs, by: 7) {
            let character = manager.glyph(at: glyph).characterIndex
            let rect = try #require(manager.lineFragmentRect(forCharacterAt: character))
            #expect(rect.rect == manager.lineFragmentRect(forGlyphAt: glyph))
            #expect(manager.lineFragmentUsedRect(forCharacterAt: character)?.rect == manager.lineFragmentUsedRect(forGlyphAt: glyph))
            #expect(manager.textContainer(forCharacterAt: character) === manager.textContainer(forGlyphAt: glyph))
            checked += 1
        }
        #expect(checked > 100)
        #expect(manager.lineFragmentRect(forCharacterAt: storage.length) == nil)
        #expect(manager.textContainer(forCharacterAt: 0) === first)
    }
}
