import Testing
import TextKit
import SeededRandom

/// Containers of one geometry (the columns of every page) share their answers to band queries:
/// every answer must be what the regions give, also after a container that shared them changes.
@Suite("Shared band answers")
struct BandAnswersTests {
    static func randomExclusions(_ rng: inout SplitMix64) -> [Exclusion] {
        (0..<Int.random(in: 1...5, using: &rng)).map { _ in
            let x = Double.random(in: -20...180, using: &rng), y = Double.random(in: -20...280, using: &rng)
            let path = Bool.random(using: &rng)
                ? BezierPath(ovalIn: Rect(x: x, y: y, width: Double.random(in: 5...90, using: &rng),
                                          height: Double.random(in: 5...90, using: &rng)))
                : BezierPath(rect: Rect(x: x, y: y, width: Double.random(in: 5...90, using: &rng),
                                        height: Double.random(in: 5...90, using: &rng)))
            let sides: [WrapSide] = [.both, .left, .right, .largest, .clear]
            return Exclusion(path: path, margin: [0, 2.5, 7].randomElement(using: &rng)!,
                             wrapSide: sides.randomElement(using: &rng)!,
                             minimumFragmentWidth: Bool.random(using: &rng) ? nil : 12)
        }
    }

    /// Random bands (some asked again) of a page and of pages that adopted its geometry, with
    /// changes to one of them between rounds: each answer equals the regions' own.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func sharedAnswersEqualTheRegions(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let first = TextContainer(size: Size(width: 200, height: 300))
        first.lineFragmentPadding = 2
        first.exclusions = Self.randomExclusions(&rng)
        let pages = [first] + (0..<3).map { _ -> TextContainer in
            let page = TextContainer(size: Size(width: 200, height: 300))
            page.lineFragmentPadding = 2
            page.adoptGeometry(of: first)
            return page
        }
        var bands: [(Span, Double, Double, Double)] = []
        for round in 0..<40 {
            if round % 10 == 9 {
                // One page changes: its answers must follow, the others' stay right.
                let page = pages.randomElement(using: &rng)!
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: page.exclusions = Self.randomExclusions(&rng)
                case 1: page.size = Size(width: 200, height: Double.random(in: 150...300, using: &rng))
                case 2: page.lineFragmentPadding = [0, 2, 5].randomElement(using: &rng)!
                default: page.shape = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 300))
                }
            }
            for _ in 0..<30 {
                if bands.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                    let minX = Double.random(in: 0...60, using: &rng)
                    bands.append((Span(minX: minX, maxX: minX + Double.random(in: 20...140, using: &rng)),
                                  Double(Int.random(in: 0...290, using: &rng)), [12, 14.5, 17].randomElement(using: &rng)!,
                                  [0, 10, 30].randomElement(using: &rng)!))
                }
                let (proposed, minY, height, minimum) = bands.randomElement(using: &rng)!
                for page in pages {
                    #expect(page.freeSpans(in: proposed, minY: minY, height: height, minimumWidth: minimum)
                            == page.computeFreeSpans(in: proposed, minY: minY, height: height, minimumWidth: minimum),
                            "seed \(seed) round \(round): \(proposed) \(minY) \(height)")
                }
            }
        }
    }
}

/// What line placement reads of a container is kept in one value (``TextContainer/lineGeometry``),
/// set on every change: after any sequence of changes it equals the properties, and bands of a
/// container without exclusions or shape (answered from it alone) equal the regions' answers.
@Suite("Line geometry of a container")
struct LineGeometryTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func geometryFollowsEveryChange(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let container = TextContainer(size: Size(width: 200, height: 300))
        for step in 0..<300 {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: container.size = Size(width: Double.random(in: 0...300, using: &rng),
                                          height: Bool.random(using: &rng) ? .infinity : Double.random(in: 0...400, using: &rng))
            case 1: container.insets = EdgeInsets(top: Double.random(in: 0...30, using: &rng), left: Double.random(in: 0...30, using: &rng),
                                                  bottom: Double.random(in: 0...30, using: &rng), right: Double.random(in: 0...30, using: &rng))
            case 2: container.lineFragmentPadding = [0, 2, 5, 40].randomElement(using: &rng)!
            case 3: container.minimumFragmentWidth = [nil, 0, 12, 80].randomElement(using: &rng)!
            case 4: container.maximumNumberOfLines = Int.random(in: 0...3, using: &rng)
            case 5: container.lineBreakMode = LineBreakMode.allCases.randomElement(using: &rng)!
            case 6: container.exclusions = Bool.random(using: &rng) ? [] : BandAnswersTests.randomExclusions(&rng)
            default: container.shape = Bool.random(using: &rng) ? nil : BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 300))
            }
            let geometry = container.lineGeometry
            let insets = container.insets, size = container.size
            let height = size.height.isFinite ? max(0, size.height - insets.top - insets.bottom) : .infinity
            let textRect = Rect(x: insets.left, y: insets.top, width: max(0, size.width - insets.left - insets.right), height: height)
            #expect(geometry.textRect == textRect && container.textRect == textRect, "seed \(seed) step \(step)")
            #expect(geometry.lineFragmentPadding == container.lineFragmentPadding
                    && geometry.minimumFragmentWidth == container.minimumFragmentWidth
                    && geometry.maximumNumberOfLines == container.maximumNumberOfLines
                    && geometry.lineBreakMode == container.lineBreakMode
                    && geometry.hasRegions == (!container.exclusions.isEmpty || container.shape != nil), "seed \(seed) step \(step)")
            for _ in 0..<4 {
                let minX = Double.random(in: -10...200, using: &rng)
                let proposed = Span(minX: minX, maxX: minX + Double.random(in: 0...200, using: &rng))
                let minY = Double.random(in: -10...420, using: &rng), band = Double.random(in: 0...30, using: &rng)
                let minimum = [0, 10, 30, .nan].randomElement(using: &rng)!
                #expect(container.freeSpans(in: proposed, minY: minY, height: band, minimumWidth: minimum)
                        == container.computeFreeSpans(in: proposed, minY: minY, height: band, minimumWidth: minimum),
                        "seed \(seed) step \(step): \(proposed) \(minY) \(band) \(minimum)")
            }
        }
    }
}
