import Foundation
import Testing
import TextKit
import SeededRandom

/// With pages added until all text fits, no text is ever lost: whatever the text (prose with soft
/// hyphens, every script of the fixtures, long words, URLs), the column width (down to barely
/// wider than the widest grapheme cluster), the size, the breaking strategy, the alignment and
/// the exclusions, the layout has no overflow and its lines hold every character exactly once.
@Suite("No text lost")
struct NoTextLostTests {
    /// Sources of random paragraphs: real prose and every script sample of the fixtures.
    static let sources: [String] = {
        var texts = [try! Fixtures.text("prose.txt"), try! Fixtures.text("paragraphs.txt")]
        for name in ["arabic", "chinese", "combining", "devanagari", "emoji", "hebrew", "japanese", "korean",
                     "mixed", "thai"] {
            texts.append(try! ScriptFixtures.text("\(name).txt"))
        }
        return texts.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
    }()

    /// A random piece of text: a run of a source cut between grapheme clusters (soft hyphens
    /// inserted inside words of some), a long word, or a URL.
    static func randomParagraph(_ rng: inout SplitMix64) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
            let letters = Array("abcdefghijklmnopqrstuvwxyzéß")
            return String((0..<Int.random(in: 20...90, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
        case 1:
            return "see https://example.org/a/very/long/path/\(Int.random(in: 0...99_999, using: &rng))"
                + "/index.html?query=layout&page=2 for details"
        default:
            let source = Array(sources.randomElement(using: &rng)!)
            let length = Int.random(in: 10...160, using: &rng)
            let start = Int.random(in: 0..<max(1, source.count - length), using: &rng)
            var text = String(source[start..<min(source.count, start + length)])
            if Bool.random(using: &rng) { text = insertingSoftHyphens(text, &rng) }
            return text
        }
    }

    /// `text` with soft hyphens inside some of its Latin words.
    static func insertingSoftHyphens(_ text: String, _ rng: inout SplitMix64) -> String {
        var out = ""
        var previousIsLetter = false
        for character in text {
            let isLetter = character.isASCII && character.isLetter
            if isLetter, previousIsLetter, Int.random(in: 0..<4, using: &rng) == 0 { out.append("\u{AD}") }
            out.append(character)
            previousIsLetter = isLetter
        }
        return out
    }

    /// The widest grapheme cluster of `text`, shaped in its context and alone (a line may cut
    /// the text on either side of it: an Arabic letter then takes its wider isolated form).
    static func widestCluster(_ text: String, attributes: TextAttributes) -> Double {
        max(widestClusterInPlace(text, attributes: attributes),
            widestClusterInPlace(text.map(String.init).joined(separator: "\n"), attributes: attributes))
    }

    /// The widest grapheme cluster of `text` as shaped in a very wide container.
    static func widestClusterInPlace(_ text: String, attributes: TextAttributes) -> Double {
        let storage = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: 1e6, height: 1e6)))
        // Scalar index → index of its grapheme cluster.
        var cluster: [Int] = []
        for (index, character) in text.enumerated() {
            cluster.append(contentsOf: repeatElement(index, count: character.unicodeScalars.count))
        }
        var widths: [Int: Double] = [:]
        for line in manager.snapshot().allLines {
            for fragment in line.fragments {
                for glyph in fragment.glyphs { widths[cluster[glyph.characterIndex], default: 0] += glyph.advance }
            }
        }
        return widths.values.max() ?? 0
    }

    struct Case: CustomStringConvertible {
        var text: String
        var setup: PageSetup
        var attributes: TextAttributes
        var description: String {
            "--width \(setup.pageSize.width) --height \(setup.pageSize.height) --inset \(setup.margins.left) "
                + "exclusions \(setup.exclusions.map { ($0.path.bounds, $0.margin, $0.wrapSide) }), size \(attributes.font.size), "
                + "\(attributes.paragraphStyle.lineBreakStrategy), \(attributes.paragraphStyle.alignment), "
                + "\(setup.exclusions.count) exclusions, text \(text.debugDescription)"
        }
    }

    static func randomCase(_ rng: inout SplitMix64) -> Case {
        let text = (0..<Int.random(in: 1...4, using: &rng)).map { _ in randomParagraph(&rng) }.joined(separator: "\n")
        var style = ParagraphStyle()
        style.alignment = TextAlignment.allCases.randomElement(using: &rng)!
        style.lineBreakStrategy = Bool.random(using: &rng) ? .greedy : .optimal
        let size = [6.0, 9, 12, 17, 28, 40].randomElement(using: &rng)!
        var attributes = TextAttributes(font: FontDescriptor(filePath: Fixtures.fontPath, size: size),
                                        paragraphStyle: style)
        if Int.random(in: 0..<4, using: &rng) == 0 {
            attributes.language = "en-US"
            attributes.paragraphStyle.hyphenationFactor = 1
        }
        // Down to barely wider than the widest cluster (and the minimum fragment width, 1 em).
        let narrowest = max(widestCluster(text, attributes: attributes), size) * 1.01 + 1
        var setup = PageSetup()
        setup.margins = EdgeInsets(all: Double(Int.random(in: 0...20, using: &rng)))
        let column = Int.random(in: 0..<3, using: &rng) == 0 ? narrowest
            : Double.random(in: narrowest...max(narrowest, 420), using: &rng)
        setup.pageSize = Size(width: column + setup.margins.left + setup.margins.right,
                              height: Double.random(in: max(80, size * 6)...500, using: &rng))
        // Exclusions leave every page room for a line: the top of the column, three lines tall
        // (the tallest fallback fonts included), stays free.
        let free = setup.margins.top + size * 4.5
        for _ in 0..<Int.random(in: 0...2, using: &rng) where free + 20 < setup.pageSize.height {
            let w = Double.random(in: 10...setup.pageSize.width, using: &rng)
            let margin = Double(Int.random(in: 0...6, using: &rng))
            let top = free + margin
            let h = Double.random(in: 10...max(10, (setup.pageSize.height - top) * 0.8), using: &rng)
            let rect = Rect(x: Double.random(in: -w / 2...setup.pageSize.width - w / 2, using: &rng),
                            y: Double.random(in: top...max(top, setup.pageSize.height - h / 2), using: &rng),
                            width: w, height: h)
            let path = Bool.random(using: &rng) ? BezierPath(ovalIn: rect) : BezierPath(rect: rect)
            setup.exclusions.append(Exclusion(path: path, margin: margin,
                                              wrapSide: WrapSide.allCases.randomElement(using: &rng)!))
        }
        return Case(text: text, setup: setup, attributes: attributes)
    }

    @Test(arguments: 0..<6)
    func automaticPagesHoldEveryCharacterOnce(batch: UInt64) {
        var rng = SplitMix64(seed: 0x7E47_0000 + batch)
        for _ in 0..<50 {
            let test = Self.randomCase(&rng)
            let storage = TextStorage(string: test.text, attributes: test.attributes)
            let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
            storage.addLayoutManager(manager)
            _ = manager.layOutPages(test.setup, count: .automatic(maximum: 2_000))
            let snapshot = manager.snapshot()
            #expect(snapshot.overflowRange == nil, "\(test)")
            let problems = snapshot.invariantViolations(text: Array(test.text.unicodeScalars),
                                                        textContainers: manager.textContainers)
            #expect(problems.isEmpty, "\(problems.prefix(3)) — \(test)")
        }
    }

    /// The cases that first showed text lost: a word whose text before a soft hyphen fits the
    /// column but not with the hyphen (every paragraph after it was dropped), at two sizes.
    @Test(arguments: [(40.0, 90.0), (40.0, 84.5), (40.0, 98.0), (12.0, 27.0)])
    func aSoftHyphenThatDoesNotFitLosesNothing(size: Double, width: Double) {
        let text = "First paragraph.\nBrat\u{AD}wurst\nThird paragraph is lost too.\n"
        var setup = PageSetup()
        setup.pageSize = Size(width: width, height: 400)
        setup.margins = EdgeInsets(all: 0)
        for strategy in [LineBreakStrategy.greedy, .optimal] {
            var attributes = Fixtures.attributes(size: size)
            attributes.paragraphStyle.lineBreakStrategy = strategy
            let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, attributes: attributes)
            #expect(snapshot.overflowRange == nil)
            #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars),
                                                 textContainers: manager.textContainers).isEmpty)
            // No line shows the hyphen alone.
            let scalars = Array(text.unicodeScalars)
            for line in snapshot.allLines {
                #expect(line.characterRange.count != 1 || scalars[line.characterRange.lowerBound] != "\u{AD}")
            }
        }
    }

    /// A word too long for the bands beside an exclusion at the foot of the only container, with
    /// no wider band below it in that container: it is broken between clusters in the spans beside
    /// the exclusion, which are not left empty (Text Kit wraps such a word by character).
    @Test func anOverlongWordBesideAnExclusionAtTheFootIsBrokenThere() {
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 85)
        let word = String(repeating: "abcdefghijk", count: 5)
        let text = filler + word + String(repeating: " and the rest of the text", count: 8)
        let container = TextContainer(size: Size(width: 400, height: 600))
        container.lineFragmentPadding = 0
        container.exclusionPaths = [BezierPath(ovalIn: Rect(x: 120, y: 480, width: 160, height: 160))]
        let (storage, manager) = Fixtures.layout(text)
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        let wordStart = filler.unicodeScalars.count
        let lines = snapshot.allLines
        let first = try! #require(lines.firstIndex { $0.characterRange.contains(wordStart) })
        // The word starts beside the circle, on the line after the one before it.
        #expect(lines[first].rect.minY > 480)
        #expect(first > 0 && lines[first].rect.minY - lines[first - 1].rect.maxY < 1e-6)
        #expect(lines[first].fragments.count == 2)
        #expect(snapshot.invariantViolations(text: Array(storage.string.unicodeScalars)).isEmpty)
        // More text than before was placed in the container: the bands beside the circle hold text.
        #expect(lines.last!.rect.minY > 520)
    }

    /// Where a wider band exists below in the same container, the word still moves down to it
    /// rather than being broken.
    @Test func anOverlongWordMovesDownWhereAWiderBandExists() {
        let word = String(repeating: "abcdefghijk", count: 3)
        let text = "lorem ipsum " + word + " dolor"
        let container = TextContainer(size: Size(width: 300, height: 400))
        container.lineFragmentPadding = 0
        container.exclusionPaths = [BezierPath(rect: Rect(x: 60, y: 0, width: 180, height: 40))]
        let (_, manager) = Fixtures.layout(text)
        manager.addTextContainer(container)
        let lines = manager.snapshot().allLines
        let wordStart = "lorem ipsum ".unicodeScalars.count
        let line = try! #require(lines.first { $0.characterRange.contains(wordStart) })
        #expect(line.rect.minY >= 40 - 1e-6)
        #expect(line.characterRange.upperBound >= wordStart + word.count)
    }
}

/// Pages appended one by one (each pass starting after the clean prefix) give the layout that
/// the same number of pages given at once gives, line for line.
@Suite("Appended pages")
struct AppendedPagesTests {
    @Test(arguments: 0..<3)
    func appendingPagesEqualsAllPagesAtOnce(batch: UInt64) {
        var rng = SplitMix64(seed: 0xA99E_0000 + batch)
        for _ in 0..<12 {
            let test = NoTextLostTests.randomCase(&rng)
            let text = String(repeating: test.text + "\n", count: Int.random(in: 1...6, using: &rng))
            func layOut(_ count: PageCount) -> (PagedLayout, LayoutSnapshot) {
                let storage = TextStorage(string: text, attributes: test.attributes)
                let manager = LayoutManager(fontCollection: ScriptFixtures.fonts, defaultFont: ScriptFixtures.primary)
                storage.addLayoutManager(manager)
                let paged = manager.layOutPages(test.setup, count: count)
                return (paged, manager.snapshot())
            }
            let (appended, a) = layOut(.automatic(maximum: 2_000))
            let (_, b) = layOut(.fixed(appended.pages.count))
            #expect(a.overflowRange == b.overflowRange)
            #expect(firstDifference(a.allLines, b.allLines) == nil, "\(test)")
        }
    }
}
