import Foundation
import Testing
import TextKit
import TextKitSVG

/// End-to-end layouts with margins, wrap sides, holes, shaped containers and image contours;
/// every one must satisfy the invariants against its full exclusion model.
@Suite struct ExclusionLayoutTests {
    static func text() throws -> String { Array(repeating: try Fixtures.text("prose.txt"), count: 4).joined(separator: "\n") }

    /// Lays out on one page and checks the invariants with the containers' full model.
    func layOut(_ setup: PageSetup) throws -> LayoutSnapshot {
        let text = try Self.text()
        let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, count: .fixed(1))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), textContainers: manager.textContainers,
                                             leftToRightOnly: true) == [])
        #expect(snapshot.allLines.count > 5)
        return snapshot
    }

    /// Visible glyph boxes in page coordinates (one page, one column at the default 72 pt
    /// margin); white space hangs and is left out.
    func boxes(_ snapshot: LayoutSnapshot) throws -> [Rect] {
        let scalars = Array(try Self.text().unicodeScalars)
        return snapshot.allLines.flatMap { line in
            line.fragments.flatMap {
                $0.glyphs.filter { $0.advance > 0 && !scalars[$0.characterIndex].properties.isWhitespace }
            }.map {
                Rect(x: $0.position.x + 72, y: line.rect.minY + 72, width: $0.advance, height: line.rect.height)
            }
        }
    }

    let square = BezierPath(rect: Rect(x: 250, y: 200, width: 100, height: 100))

    @Test func marginKeepsGlyphsAwayAndRoundsCorners() throws {
        var setup = PageSetup()
        setup.exclusions = [Exclusion(path: square, margin: 15)]
        let glyphs = try boxes(try layOut(setup))
        let grown = ExclusionRegion(Exclusion(path: square, margin: 15))
        #expect(!glyphs.contains { grown.intersects($0) })
        #expect(glyphs.contains { $0.maxX <= 235 && $0.minY > 190 && $0.maxY < 310 })  // left of it
        #expect(glyphs.contains { $0.minX >= 365 && $0.minY > 190 && $0.maxY < 310 })  // right of it
    }

    @Test func wrapSidesLeftRightLargest() throws {
        for (side, leftAllowed, rightAllowed) in [(WrapSide.left, true, false), (.right, false, true), (.largest, false, true)] {
            var setup = PageSetup()
            // x 150…250: 78 pt free on its left, 290 on its right (largest: right).
            setup.exclusions = [Exclusion(path: BezierPath(rect: Rect(x: 150, y: 200, width: 100, height: 100)),
                                          wrapSide: side)]
            let beside = try boxes(try layOut(setup)).filter { $0.maxY > 200 && $0.minY < 300 }
            #expect(beside.contains { $0.maxX <= 150 } == leftAllowed, "\(side)")
            #expect(beside.contains { $0.minX >= 250 } == rightAllowed, "\(side)")
        }
    }

    @Test func clearMakesLinesJumpBelow() throws {
        var setup = PageSetup()
        setup.exclusions = [Exclusion(path: square, margin: 5, wrapSide: .clear)]
        let snapshot = try layOut(setup)
        for line in snapshot.allLines {
            let top = line.rect.minY + 72, bottom = line.rect.maxY + 72
            #expect(bottom <= 195 + 1e-9 || top >= 305 - 1e-9)
        }
        #expect(snapshot.allLines.contains { $0.rect.minY + 72 >= 305 && $0.rect.minY + 72 < 307 })
    }

    @Test func textFlowsInsideARingsHole() throws {
        for rule in [FillRule.evenOdd, .nonZero] {
            var ring = BezierPath(rect: Rect(x: 120, y: 150, width: 380, height: 380), fillRule: rule)
            // The hole [170, 450] × [200, 480], wound the other way for nonzero.
            let hole = [Point(x: 170, y: 200), Point(x: 170, y: 480), Point(x: 450, y: 480), Point(x: 450, y: 200)]
            ring.move(to: hole[0])
            for p in hole.dropFirst() { ring.addLine(to: p) }
            ring.close()
            var setup = PageSetup()
            setup.exclusions = [Exclusion(path: ring)]
            let inHole = try boxes(try layOut(setup)).filter { $0.minX >= 170 && $0.maxX <= 450 && $0.minY >= 200 && $0.maxY <= 480 }
            #expect(inHole.count > 100, "\(rule)")
        }
    }

    @Test(arguments: ["circle.svg", "heart.svg", "balloon.svg"])
    func textFlowsInsideAShape(_ file: String) throws {
        let shape = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(file)")).shapes[0].path
        var setup = PageSetup()
        setup.shape = shape
        let glyphs = try boxes(try layOut(setup))
        let bounds = shape.bounds
        #expect(glyphs.allSatisfy { $0.minX >= bounds.minX - 1e-6 && $0.maxX <= bounds.maxX + 1e-6 })
        #expect(glyphs.allSatisfy { $0.minY >= bounds.minY - 1e-6 && $0.maxY <= bounds.maxY + 1e-6 })
    }

    @Test func shapeWithAnExclusionInside() throws {
        var setup = PageSetup()
        setup.shape = BezierPath(ovalIn: Rect(x: 106, y: 150, width: 400, height: 400))
        setup.exclusions = [Exclusion(path: BezierPath(ovalIn: Rect(x: 276, y: 320, width: 60, height: 60)), margin: 6)]
        _ = try layOut(setup)
    }

    @Test func imageContourExclusion() throws {
        // block.png: pixels 2..<7 × 3..<8 of 10 × 10, stretched onto 200 × 200 → [240, 340] × [260, 360].
        let mask = try TextKitTestsPNG.block()
        var setup = PageSetup()
        setup.exclusions = [Exclusion(path: BezierPath(contoursOf: mask, in: Rect(x: 200, y: 200, width: 200, height: 200)))]
        let glyphs = try boxes(try layOut(setup))
        #expect(!glyphs.contains { $0.intersects(Rect(x: 240, y: 260, width: 100, height: 100)) })
        #expect(glyphs.contains { $0.minX >= 340 && $0.minY > 260 && $0.maxY < 360 })
    }

    @Test func invariantsCatchAnIgnoredMargin() throws {
        let text = try Self.text()
        var setup = PageSetup()
        setup.exclusionPaths = [square]
        let (_, manager, _, snapshot) = Fixtures.paged(text, setup: setup, count: .fixed(1))
        let stricter = manager.textContainers.map { laid -> TextContainer in
            let c = TextContainer(size: laid.size)
            c.exclusions = laid.exclusions.map { Exclusion(path: $0.path, margin: 20) }
            return c
        }
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.invariantViolations(text: scalars, textContainers: manager.textContainers) == [])
        #expect(snapshot.invariantViolations(text: scalars, textContainers: stricter).contains { $0.contains("meets exclusion") })
    }
}

/// The PNG fixture as an alpha mask, built by hand (TextKitTests does not link libpng):
/// the same pixels as Fixtures/images/block.png.
enum TextKitTestsPNG {
    static func block() throws -> AlphaMask {
        AlphaMask(width: 10, height: 10, alpha: (0..<100).map { i in
            (2..<7).contains(i % 10) && (3..<8).contains(i / 10) ? 255 : 0
        })
    }
}
