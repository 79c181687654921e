import Foundation
import Testing
import TextKit
import TextKitSVG

/// Text laid out around pen strokes (Apple's ExclusionPathView: the user draws with a finger and
/// text flows around the stroke): no glyph enters the band the pen covers, and text stays on
/// both sides of it.
@Suite struct StrokeLayoutTests {
    static func text() throws -> String { Array(repeating: try Fixtures.text("prose.txt"), count: 4).joined(separator: "\n") }

    /// Lays out one page around `exclusions`, checks the invariants with the containers' full
    /// model, and returns the visible glyph boxes in page coordinates (72 pt page margins).
    func glyphBoxes(around exclusions: [Exclusion]) throws -> [Rect] {
        let text = try Self.text()
        var setup = PageSetup()
        setup.exclusions = exclusions
        let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, count: .fixed(1))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), textContainers: manager.textContainers,
                                             leftToRightOnly: true) == [])
        let scalars = Array(text.unicodeScalars)
        return snapshot.allLines.flatMap { line in
            line.fragments.flatMap {
                $0.glyphs.filter { $0.advance > 0 && !scalars[$0.characterIndex].properties.isWhitespace }
            }.map {
                Rect(x: $0.position.x + 72, y: line.rect.minY + 72, width: $0.advance, height: line.rect.height)
            }
        }
    }

    @Test func noGlyphInsideAStrokedLine() throws {
        // A diagonal pen stroke across the text column: a 2-point open path, which as a plain
        // exclusion covers nothing.
        let line = BezierPath(elements: [.move(to: Point(x: 120, y: 180)), .line(to: Point(x: 480, y: 420))])
        for (cap, join) in [(LineCap.butt, LineJoin.miter), (.round, .round), (.square, .bevel)] {
            let stroke = Exclusion(stroking: line, width: 20, lineCap: cap, lineJoin: join)
            let band = ExclusionRegion(stroke)
            let boxes = try glyphBoxes(around: [stroke])
            #expect(!boxes.contains { band.intersects($0) }, "\(cap) \(join)")
            // The stroke crosses lines that keep text on both of its sides.
            let beside = boxes.filter { $0.minY > 250 && $0.maxY < 350 }
            #expect(beside.contains { $0.maxX < 250 } && beside.contains { $0.minX > 330 }, "\(cap) \(join)")
        }
        // Without the stroke, text runs where the band is.
        let band = ExclusionRegion(Exclusion(stroking: line, width: 20))
        #expect(try glyphBoxes(around: [Exclusion(path: line, margin: 10)]).contains { band.intersects($0) })
    }

    @Test func noGlyphInsideTheFreehandFixtureStroke() throws {
        let document = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/freehand-stroke.svg"))
        let exclusions = document.shapes.map { $0.exclusion() }
        let regions = exclusions.map { ExclusionRegion($0) }
        let boxes = try glyphBoxes(around: exclusions)
        #expect(boxes.count > 1000)
        #expect(!boxes.contains { box in regions.contains { $0.intersects(box) } })
        // Lines the stroke crosses keep text on both its sides: at y 337…365 the pen's band lies
        // within x 236…254.
        let beside = boxes.filter { $0.minY > 330 && $0.maxY < 370 }
        #expect(beside.contains { $0.maxX < 236 } && beside.contains { $0.minX > 254 })
    }

    @Test func aMarginWidensTheStrokesBand() throws {
        let line = BezierPath(elements: [.move(to: Point(x: 300, y: 150)), .line(to: Point(x: 300, y: 500))])
        let stroke = Exclusion(stroking: line, width: 4, margin: 12)
        let boxes = try glyphBoxes(around: [stroke])
        // 2 for the pen, 12 for the margin: nothing within 14 of x = 300 between y 150 and 500.
        let near = boxes.filter { $0.maxY > 150 + 14 && $0.minY < 500 - 14 && $0.maxX > 286 + 1e-6 && $0.minX < 314 - 1e-6 }
        #expect(near.isEmpty, "\(near.prefix(3))")
        #expect(boxes.contains { $0.minY > 200 && $0.maxY < 450 && $0.maxX <= 286 })
        #expect(boxes.contains { $0.minY > 200 && $0.maxY < 450 && $0.minX >= 314 })
    }
}
