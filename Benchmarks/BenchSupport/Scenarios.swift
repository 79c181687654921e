import Foundation
import TextKit

/// The layouts the benchmarks and the peer runner time, set up the same way everywhere.
public enum Scenarios {
    /// The font file at `fontPath` (DejaVu Sans from the fixtures unless told), 12 pt.
    public static func attributes(size: Double = 12, fontPath: String = Corpus.fixtureFontPath) -> TextAttributes {
        TextAttributes(font: FontDescriptor(filePath: fontPath, size: size))
    }

    /// A font collection with the font file at `fontPath` loaded (the fixture's DejaVu Sans unless
    /// told; faces are cached per collection).
    public static func fontCollection(fontPath: String = Corpus.fixtureFontPath) -> (FontCollection, Font) {
        let collection = FontCollection(defaultFontPath: fontPath)
        do {
            return (collection, try collection.font(file: fontPath))
        } catch {
            fatalError("cannot load \(fontPath): \(error)")
        }
    }

    /// A storage in `font` and a layout manager with one container `width` wide and unlimited
    /// height, no line fragment padding (so lines are exactly `width`, as in the peers), not laid
    /// out yet.
    public static func column(_ text: String, width: Double = 400, collection: FontCollection,
                              font: Font) -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: attributes(fontPath: font.filePath))
        let manager = LayoutManager(fontCollection: collection, defaultFont: font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: width, height: .infinity))
        container.lineFragmentPadding = 0
        manager.addTextContainer(container)
        return (storage, manager)
    }

    /// The exclusions on every page of a pages scenario; the raw value is the name's middle
    /// part (`Pages_<rawValue>_1MB`).
    public enum PageExclusions: String, CaseIterable, Sendable {
        /// None.
        case plain
        /// 20 circles and ellipses (``curvedExclusions(_:)``).
        case curved20 = "20curvedExclusions"
        /// One wavy closed polygon of 100 segments in the middle of the page (``wavyPolygon(_:segments:)``).
        case wavy100 = "wavyPolygon100segments"
        /// The same wavy outline with 10,000 segments: per line, it must cost about what the
        /// 100-segment one costs (edges are indexed by y).
        case wavy10000 = "wavyPolygon10000segments"
    }

    /// US Letter, 72 pt margins, one column, no padding, with `exclusions` on every page.
    public static func pageSetup(_ exclusions: PageExclusions) -> PageSetup {
        var setup = PageSetup()
        setup.lineFragmentPadding = 0
        switch exclusions {
        case .plain: break
        case .curved20: setup.exclusionPaths = curvedExclusions(setup)
        case .wavy100: setup.exclusionPaths = [wavyPolygon(setup, segments: 100)]
        case .wavy10000: setup.exclusionPaths = [wavyPolygon(setup, segments: 10_000)]
        }
        return setup
    }

    /// A closed polygon around the middle of the text area: radius 150 pt with 7 waves of
    /// ±20 pt, its vertices evenly spaced in angle.
    public static func wavyPolygon(_ setup: PageSetup, segments: Int) -> BezierPath {
        let area = setup.columnFrame(0)
        let centre = Point(x: area.minX + area.width / 2, y: area.minY + area.height / 2)
        var path = BezierPath()
        for i in 0..<segments {
            let angle = 2 * Double.pi * Double(i) / Double(segments)
            let radius = 150 + 20 * sin(7 * angle)
            let point = Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.close()
        return path
    }

    /// 20 deterministic curved shapes over the text area of `setup`: 5 rows of 4, jittered,
    /// 18-34 pt radii, every third one a rotated ellipse.
    public static func curvedExclusions(_ setup: PageSetup) -> [BezierPath] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {  // SplitMix64 in [0, 1)
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let area = setup.columnFrame(0)
        var paths: [BezierPath] = []
        for row in 0..<5 {
            for col in 0..<4 {
                let shift = row % 2 == 0 ? 0.0 : 0.5
                let cx = area.minX + area.width * (Double(col) + 0.25 + shift * 0.5 + next() * 0.2) / 4
                let cy = area.minY + area.height * (Double(row) + 0.3 + next() * 0.4) / 5
                let rx = 18 + next() * 16
                let ry = 18 + next() * 16
                let index = row * 4 + col
                if index % 3 == 0 {
                    let oval = BezierPath(ovalIn: Rect(x: -rx, y: -ry * 0.6, width: 2 * rx, height: 1.2 * ry))
                    let angle = next() * .pi
                    paths.append(oval.applying(AffineTransform(rotationAngle: angle)
                        .concatenating(AffineTransform(translationX: cx, y: cy))))
                } else if index % 3 == 1 {
                    var circle = BezierPath()
                    circle.addArc(center: Point(x: cx, y: cy), radius: rx, startAngle: 0, endAngle: 2 * .pi,
                                  clockwise: false)
                    circle.close()
                    paths.append(circle)
                } else {
                    paths.append(BezierPath(ovalIn: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry)))
                }
            }
        }
        return paths
    }

    /// A storage in `font` and a layout manager with no containers yet (for ``LayoutManager/layOutPages(_:count:)``).
    public static func unplaced(_ text: String, collection: FontCollection, font: Font) -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: attributes(fontPath: font.filePath))
        let manager = LayoutManager(fontCollection: collection, defaultFont: font)
        storage.addLayoutManager(manager)
        return (storage, manager)
    }

    /// Lays `manager` out on pages (`automatic`, up to 100,000 pages).
    @discardableResult
    public static func layOutPages(_ manager: LayoutManager, exclusions: PageExclusions) -> PagedLayout {
        manager.layOutPages(pageSetup(exclusions), count: .automatic(maximum: 100_000))
    }
}
