import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Fixtures/shapes")
struct FixtureTests {
    static let wellFormed = ["circle.svg", "star.svg", "ring.svg", "ring-nonzero.svg", "page-edge.svg",
                             "overlapping.svg", "transformed.svg", "full-page.svg", "freehand-stroke.svg"]

    @Test(arguments: wellFormed)
    func everyFixtureIsALetterPage(name: String) throws {
        let doc = try SVGDocument(contentsOfFile: fixture(name))
        #expect(doc.width == 612 && doc.height == 792)
        #expect(!doc.shapes.isEmpty)
    }

    @Test func circle() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("circle.svg"))
        let shape = try #require(doc.shapes.first)
        #expect(doc.shapes.count == 1 && shape.element == "circle" && shape.id == "circle")
        #expect((shape.line, shape.column) == (4, 3))
        for point in samples(shape.path) { #expect(abs(distance(point, pt(306, 300)) - 100) < 0.03) }
    }

    @Test func star() throws {
        let path = try #require(try SVGDocument(contentsOfFile: fixture("star.svg")).shapes.first?.path)
        let quads = path.elements.filter { if case .quadCurve = $0 { true } else { false } }
        #expect(quads.count == 10 && path.elements.last == .close)
        let radii = samples(path).map { distance($0, pt(306, 396)) }
        #expect(radii.max()! <= 200.01 && radii.max()! >= 199.99)
        #expect(radii.min()! < 80)  // the edges bow inwards past the inner points
    }

    /// Twice the signed area of each subpath of `path`, from sampled points.
    func signedAreas(_ path: BezierPath) -> [Double] {
        var areas: [Double] = []
        var subpath = BezierPath()
        for element in path.elements + [.move(to: .zero)] {
            if case .move = element, !subpath.isEmpty {
                let points = samples(subpath)
                areas.append(zip(points, points.dropFirst() + [points[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y })
                subpath = BezierPath()
            }
            subpath = BezierPath(elements: subpath.elements + [element])
        }
        return areas
    }

    @Test func ringEvenOdd() throws {
        let path = try #require(try SVGDocument(contentsOfFile: fixture("ring.svg")).shapes.first?.path)
        #expect(path.fillRule == .evenOdd)
        let areas = signedAreas(path)
        #expect(areas.count == 2)
        #expect(areas[0] > 0 && areas[1] > 0)  // same direction
        #expect(abs(abs(areas[0]) / 2 - Double.pi * 150 * 150) < 50)
        for point in samples(path) {
            let r = distance(point, pt(306, 396))
            #expect(abs(r - 150) < 0.01 || abs(r - 75) < 0.01)
        }
    }

    @Test func ringNonZero() throws {
        let path = try #require(try SVGDocument(contentsOfFile: fixture("ring-nonzero.svg")).shapes.first?.path)
        #expect(path.fillRule == .nonZero)
        let areas = signedAreas(path)
        #expect(areas.count == 2)
        #expect(areas[0] * areas[1] < 0)  // opposite directions
        #expect(abs(abs(areas[1]) / 2 - Double.pi * 75 * 75) < 20)
    }

    @Test func pageEdge() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("page-edge.svg"))
        #expect(doc.shapes.map(\.id) == ["left", "right"])
        #expect(sampledBounds(doc.shapes[0].path).minX == -50)
        #expect(abs(sampledBounds(doc.shapes[1].path).maxX - 692) < 1e-9)
    }

    @Test func overlapping() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("overlapping.svg"))
        #expect(doc.shapes.count == 2)
        let a = sampledBounds(doc.shapes[0].path), b = sampledBounds(doc.shapes[1].path)
        #expect(a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY)
    }

    @Test func transformed() throws {
        let shape = try #require(try SVGDocument(contentsOfFile: fixture("transformed.svg")).shapes.first)
        #expect(shape.id == "card" && (shape.line, shape.column) == (8, 9))
        // The rounded rect starts at (x + rx, y) = (-40, -40): scale (2, 1.5), rotate 30°, translate.
        func map(_ p: Point) -> Point {
            let x = p.x * 2, y = p.y * 1.5, c = cos(Double.pi / 6), s = sin(Double.pi / 6)
            return pt(x * c - y * s + 306, x * s + y * c + 396)
        }
        guard case .move(let start)? = shape.path.elements.first else { Issue.record(); return }
        #expect(near(start, map(pt(-40, -40)), 1e-9))
        let unrotated = BezierPath(roundedRect: Rect(x: -50, y: -40, width: 100, height: 80),
                                   cornerRadiusX: 10, cornerRadiusY: 10)
        #expect(near(samples(shape.path), samples(unrotated).map(map), 1e-9))
    }

    @Test func fullPage() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("full-page.svg"))
        #expect(doc.shapes.first?.path == BezierPath(rect: Rect(x: 0, y: 0, width: 612, height: 792)))
    }

    @Test func malformedFixtures() throws {
        let truncated = try #require(#expect(throws: SVGError.self) {
            _ = try SVGDocument(contentsOfFile: fixture("malformed/truncated.svg"))
        })
        #expect((truncated.line, truncated.column, truncated.message) == (5, 1, "malformed XML: expected a quoted attribute value"))
        let path = fixture("malformed/bad-path.svg")
        let bad = try #require(#expect(throws: SVGError.self) { _ = try SVGDocument(contentsOfFile: path) })
        #expect(bad.description == "\(path):4:28: error: expected a number after 'L', found 'x' in path data")
        let notSVG = try #require(#expect(throws: SVGError.self) {
            _ = try SVGDocument(contentsOfFile: fixture("malformed/not-svg.svg"))
        })
        #expect((notSVG.line, notSVG.column, notSVG.message) == (2, 1, "expected an <svg> root element, found <html>"))
    }
}

/// Whether two point lists match within `tolerance`.
func near(_ a: [Point], _ b: [Point], _ tolerance: Double) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { near($0, $1, tolerance) }
}
