import Testing
import TextKit
import SeededRandom

/// Any sequence of edits, attribute changes and container changes followed by a query gives
/// exactly what a fresh full layout of the same storage and containers gives.
@Suite("Incremental equals full layout")
struct IncrementalEquivalenceTests {
    static let words = ["a", "word", "longer", "typesetting", "of", "the", "office", "flows", "around", "x",
                        "\n", "\n\n", " ", "supercalifragilistic", "é", "fi"]

    /// The layout of a fresh manager laying out a copy of `storage` into copies of `containers`.
    func freshLayout(_ storage: TextStorage, _ containers: [TextContainer]) -> LayoutSnapshot {
        Self.freshManager(storage, containers).snapshot()
    }

    /// A fresh manager for a copy of `storage` and copies of `containers` (their geometry, line
    /// limits and line break modes).
    static func freshManager(_ storage: TextStorage, _ containers: [TextContainer]) -> LayoutManager {
        let copy = TextStorage(string: storage.string, attributes: Fixtures.attributes())
        storage.enumerateAttributes(in: 0..<storage.length) { attributes, range in
            copy.setAttributes(attributes, range: range)
        }
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        copy.addLayoutManager(manager)
        for container in containers {
            let twin = TextContainer(size: container.size, insets: container.insets)
            twin.lineFragmentPadding = container.lineFragmentPadding
            twin.exclusions = container.exclusions
            twin.maximumNumberOfLines = container.maximumNumberOfLines
            twin.lineBreakMode = container.lineBreakMode
            manager.addTextContainer(twin)
        }
        return manager
    }

    func randomContainer(_ rng: inout SplitMix64) -> TextContainer {
        let container = TextContainer(size: Size(width: Double(Int.random(in: 80...260, using: &rng)),
                                                 height: Double(Int.random(in: 30...160, using: &rng))))
        container.lineFragmentPadding = Double(Int.random(in: 0...4, using: &rng))
        return container
    }

    /// Adds a random exclusion to a random container of `manager`, or removes its first one.
    func toggleRandomExclusion(_ rng: inout SplitMix64, in manager: LayoutManager) {
        let container = manager.textContainers.randomElement(using: &rng)!
        if Bool.random(using: &rng) || container.exclusionPaths.isEmpty {
            container.exclusionPaths.append(randomExclusion(&rng, in: container))
        } else {
            container.exclusionPaths.removeFirst()
        }
    }

    /// Grows or shrinks a random container of `manager` by up to 20 pt each way (at least
    /// `minimumWidth` wide and 20 pt tall).
    func resizeRandomContainer(_ rng: inout SplitMix64, in manager: LayoutManager, minimumWidth: Double = 40) {
        let container = manager.textContainers.randomElement(using: &rng)!
        container.size = Size(width: max(minimumWidth, container.size.width + Double(Int.random(in: -20...20, using: &rng))),
                              height: max(20, container.size.height + Double(Int.random(in: -20...20, using: &rng))))
    }

    func randomExclusion(_ rng: inout SplitMix64, in container: TextContainer) -> BezierPath {
        let w = Double.random(in: 10...80, using: &rng), h = Double.random(in: 10...60, using: &rng)
        let x = Double.random(in: -20...container.size.width, using: &rng)
        let y = Double.random(in: -20...container.size.height, using: &rng)
        let rect = Rect(x: x, y: y, width: w, height: h)
        return Bool.random(using: &rng) ? BezierPath(ovalIn: rect) : BezierPath(rect: rect)
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomEditsMatchAFreshLayout(seed: UInt64) {
        run(seed: seed, widowControl: false)
    }

    /// Widow and orphan control places a line by looking at the next lines and containers: each
    /// line records how far down its placement looked, and container changes there lay it out
    /// again. Seeds 3 and 7 once found lines left below a removed exclusion; seeds 1…30 with 800
    /// steps (and 5…16 without widow control) passed when that was fixed.
    @Test(arguments: Array(UInt64(1)...8))
    func randomEditsWithWidowControl(seed: UInt64) {
        run(seed: seed, widowControl: true)
    }

    func run(seed: UInt64, widowControl: Bool) {
        var rng = SplitMix64(seed: seed)
        let storage = TextStorage(string: "Start with some words.\nAnd a second paragraph.", attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        for _ in 0..<3 { manager.addTextContainer(randomContainer(&rng)) }
        for step in 0..<400 {
            let length = storage.length
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                let at = Int.random(in: 0...length, using: &rng)
                let text = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.words.randomElement(using: &rng)! }
                    .joined(separator: " ")
                storage.replaceCharacters(in: at..<at, with: text)
            case 4:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                let end = min(length, start + Int.random(in: 1...12, using: &rng))
                storage.replaceCharacters(in: start..<end, with: "")
            case 5:
                guard length > 0 else { continue }
                let start = Int.random(in: 0..<length, using: &rng)
                let range = start..<min(length, start + Int.random(in: 1...20, using: &rng))
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: storage.setValue(Color(red: 1, green: 0, blue: 0), for: \.foregroundColor, range: range)
                case 1: storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: Double.random(in: 6...20, using: &rng)),
                                         for: \.font, range: range)
                default:
                    var style = ParagraphStyle()
                    style.alignment = TextAlignment.allCases.randomElement(using: &rng)!
                    style.lineSpacing = Double(Int.random(in: 0...3, using: &rng))
                    style.paragraphSpacingBefore = Double(Int.random(in: 0...4, using: &rng))
                    style.lineBreakStrategy = Bool.random(using: &rng) ? .optimal : .greedy
                    style.preventsWidowsAndOrphans = widowControl && Bool.random(using: &rng)
                    storage.setValue(style, for: \.paragraphStyle, range: range)
                }
            case 6, 7:
                toggleRandomExclusion(&rng, in: manager)
            case 8:
                resizeRandomContainer(&rng, in: manager, minimumWidth: -.infinity)
            default:
                if manager.textContainers.count > 1, Bool.random(using: &rng) {
                    manager.removeTextContainer(at: Int.random(in: 0..<manager.textContainers.count, using: &rng))
                } else {
                    manager.insertTextContainer(randomContainer(&rng),
                                                at: Int.random(in: 0...manager.textContainers.count, using: &rng))
                }
            }
            // Query only sometimes, so several changes pile up between layouts.
            if Int.random(in: 0..<3, using: &rng) == 0 || step == 399 {
                let incremental = manager.snapshot()
                let freshManager = Self.freshManager(storage, manager.textContainers)
                let fresh = freshManager.snapshot()
                let difference = firstDifference(incremental.allLines, fresh.allLines)
                // The quality measures cover the lines laid out now, each line's taken back when
                // it is laid out again: the sums of the fresh layout's (their order aside).
                let (kept, anew) = (manager.statistics, freshManager.statistics)
                #expect(kept.shortLines == anew.shortLines && kept.veryLooseLines == anew.veryLooseLines,
                        "seed \(seed) step \(step)")
                #expect(abs(kept.raggedness - anew.raggedness) <= 1e-6 * max(1, anew.raggedness)
                        && abs(kept.squaredAdjustmentRatios - anew.squaredAdjustmentRatios)
                        <= 1e-6 * max(1, anew.squaredAdjustmentRatios), "seed \(seed) step \(step)")
                #expect(difference == nil, "seed \(seed) step \(step)")
                #expect(incremental.overflowRange == fresh.overflowRange, "seed \(seed) step \(step)")
                let violations = incremental.invariantViolations(text: Array(storage.scalars))
                #expect(violations.isEmpty, "seed \(seed) step \(step)")
                if !violations.isEmpty {
                    for line in incremental.allLines {
                        for fragment in line.fragments where fragment.glyphs.contains(where: { violations.first!.contains("character \($0.characterIndex) ") }) {
                            let text = String(String.UnicodeScalarView(storage.scalars[fragment.characterRange]))
                            print("DEBUG fragment", fragment.rect, fragment.usedRect, "text:", text.debugDescription)
                            for g in fragment.glyphs { print("DEBUG  ", g.glyphID, g.position.x, g.advance, g.characterIndex) }
                        }
                    }
                    return
                }
                if difference != nil { return }
            }
        }
    }
}
