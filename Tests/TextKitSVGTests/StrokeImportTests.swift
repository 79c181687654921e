import Testing
import TextKitGeometry
import TextKitSVG

/// Strokes in SVG: an unfilled shape with a stroke excludes the stroke's area; filled shapes
/// and invisible ones keep their filled area (see `SVGDocument`).
@Suite struct StrokeImportTests {
    /// The only shape of a document with `body`.
    func shape(_ body: String) throws -> SVGShape {
        let shapes = try document(svg(body)).shapes
        #expect(shapes.count == 1)
        return try #require(shapes.first)
    }

    let diagonal = BezierPath(elements: [.move(to: pt(100, 100)), .line(to: pt(300, 200))])
    let zigzag: BezierPath = {
        var path = BezierPath()
        path.move(to: pt(10, 10))
        path.addLine(to: pt(60, 50))
        path.addLine(to: pt(110, 10))
        return path
    }()

    @Test func aLineWithAWidthExcludesItsStroke() throws {
        let line = try shape(#"<line x1="100" y1="100" x2="300" y2="200" stroke="black" stroke-width="10"/>"#)
        #expect(line.path == diagonal.stroked(width: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 4))
        #expect(!FilledRegion(path: line.path).isEmpty)
        // A line has no inside, so its fill does not matter; without a stroke it covers nothing.
        #expect(try shape(#"<line x1="100" y1="100" x2="300" y2="200" fill="red" stroke="black" stroke-width="10"/>"#).path
                == line.path)
        #expect(FilledRegion(path: try shape(#"<line x1="100" y1="100" x2="300" y2="200"/>"#).path).isEmpty)
        #expect(FilledRegion(path: try shape(#"<line x1="100" y1="100" x2="300" y2="200" stroke-width="9"/>"#).path).isEmpty)
    }

    @Test func anUnfilledPolylineExcludesItsStrokeWithItsCapsAndJoins() throws {
        let body = ##"<polyline points="10 10 60 50 110 10" fill="none" stroke="#000" stroke-width="6" "##
            + #"stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="2"/>"#
        #expect(try shape(body).path == zigzag.stroked(width: 6, lineCap: .round, lineJoin: .bevel, miterLimit: 2))
        let styled = #"<polyline points="10 10 60 50 110 10" style="fill: none; stroke: red; stroke-width: 6px; "#
            + #"stroke-linecap: square; stroke-linejoin: round"/>"#
        #expect(try shape(styled).path == zigzag.stroked(width: 6, lineCap: .square, lineJoin: .round, miterLimit: 4))
        // SVG 2's miter-clip and arcs fall back on miter.
        let arcs = #"<polyline points="10 10 60 50 110 10" fill="none" stroke="red" stroke-linejoin="arcs"/>"#
        #expect(try shape(arcs).path == zigzag.stroked(width: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4))
    }

    @Test func filledAndInvisibleShapesKeepTheirFilledArea() throws {
        let outline = zigzag
        // Filled (the default) with a stroke: the filled area only, as before.
        #expect(try shape(#"<polyline points="10 10 60 50 110 10" stroke="black" stroke-width="6"/>"#).path == outline)
        // Unfilled without a stroke, or with a zero-width one: an invisible wrap outline.
        #expect(try shape(#"<polyline points="10 10 60 50 110 10" fill="none"/>"#).path == outline)
        #expect(try shape(#"<polyline points="10 10 60 50 110 10" fill="none" stroke="red" stroke-width="0"/>"#).path
                == outline)
        #expect(try shape(#"<polyline points="10 10 60 50 110 10" fill="none" stroke="none" stroke-width="3"/>"#).path
                == outline)
    }

    @Test func paintIsInheritedFromGroupsAndOverridden() throws {
        let shapes = try document(svg("""
            <g fill="none" stroke="blue" stroke-width="4" stroke-linecap="square">
              <polyline points="10 10 60 50 110 10"/>
              <polyline points="10 10 60 50 110 10" stroke="none"/>
              <g style="stroke-width: 8" stroke-linecap="inherit">
                <polyline points="10 10 60 50 110 10" fill="inherit" stroke-linejoin="round"/>
              </g>
              <polyline points="10 10 60 50 110 10" fill="black"/>
            </g>
            """)).shapes
        #expect(shapes.count == 4)
        #expect(shapes[0].path == zigzag.stroked(width: 4, lineCap: .square, lineJoin: .miter, miterLimit: 4))
        #expect(shapes[1].path == zigzag)
        #expect(shapes[2].path == zigzag.stroked(width: 8, lineCap: .square, lineJoin: .round, miterLimit: 4))
        #expect(shapes[3].path == zigzag)
    }

    @Test func theStrokeIsTransformedWithItsShape() throws {
        // scale(2): the 5-wide stroke becomes 10 wide, as SVG draws it.
        let line = try shape(#"<line x1="50" y1="50" x2="150" y2="100" stroke="black" stroke-width="5" transform="scale(2)"/>"#)
        let region = FilledRegion(path: line.path)
        // From the middle (200, 150) of (100, 100)–(300, 200) along its normal (−1, 2) / √5.
        func off(_ distance: Double) -> Point { pt(200 - distance / 5.0.squareRoot(), 150 + 2 * distance / 5.0.squareRoot()) }
        let inside = region.contains(off(4.9)) && region.contains(off(-4.9)), outside = region.contains(off(5.1))
        #expect(inside && !outside)
        // A non-uniform scale stretches the pen: 10 wide across a vertical line scaled by 3 in x.
        let stretched = try shape(#"<line x1="10" y1="0" x2="10" y2="100" stroke="black" stroke-width="10" stroke-linecap="round" transform="scale(3 1)"/>"#)
        #expect(FilledRegion(path: stretched.path).coveredSpans(minY: 40, maxY: 60) == [Span(minX: 15, maxX: 45)])
        // Curves are flattened finely enough for the scale: within 0.01 pt after scale(100).
        let curve = try shape(#"<path d="M 0 0 Q 1 2 2 0" fill="none" stroke="black" stroke-width="0.1" "#
            + #"stroke-linejoin="round" transform="scale(100)"/>"#)
        let crest = FilledRegion(path: curve.path).coveredSpans(minY: 104.95, maxY: 104.95)
        #expect(crest.count == 1 && abs(crest[0].minX + crest[0].maxX - 200) < 0.05)
    }

    @Test func useStrokesWithTheUsesPaint() throws {
        let shapes = try document(svg("""
            <defs><polyline id="z" points="10 10 60 50 110 10"/></defs>
            <use href="#z" fill="none" stroke="black" stroke-width="6" stroke-linejoin="round"/>
            <use href="#z" x="200"/>
            <g fill="none" stroke="black" stroke-width="2"><use href="#w" y="100"/></g>
            <polyline id="w" points="10 10 60 50 110 10" stroke-width="6"/>
            """)).shapes
        #expect(shapes.count == 4)
        #expect(shapes[0].path == zigzag.stroked(width: 6, lineCap: .butt, lineJoin: .round, miterLimit: 4))
        #expect(shapes[1].path == zigzag.applying(AffineTransform(translationX: 200, y: 0)))
        // The target's own stroke-width wins over the inherited one; fill and stroke come from the group.
        #expect(shapes[2].path == zigzag.stroked(width: 6, lineCap: .butt, lineJoin: .miter, miterLimit: 4)
            .applying(AffineTransform(translationX: 0, y: 100)))
        #expect(shapes[3].path == zigzag)
    }

    @Test func percentagesAreOfTheViewportsNormalizedDiagonal() throws {
        // √((300² + 400²) / 2) = 353.55…; 2% of it is 7.07.
        let line = try document(svg(#"<line x1="0" y1="50" x2="100" y2="50" stroke="red" stroke-width="2%"/>"#,
                                    root: #"width="300" height="400""#)).shapes[0]
        let expected = 0.02 * ((300.0 * 300 + 400 * 400) / 2).squareRoot()
        let stroke = BezierPath(elements: [.move(to: pt(0, 50)), .line(to: pt(100, 50))])
            .stroked(width: expected, lineCap: .butt, lineJoin: .miter, miterLimit: 4)
        #expect(near(line.path.elements, stroke.elements, 1e-12))
        // Absolute units: 3pt is 4 user units.
        let points = try shape(#"<line x1="0" y1="50" x2="100" y2="50" stroke="red" stroke-width="3pt"/>"#)
        #expect(near(points.path.elements, BezierPath(elements: [.move(to: pt(0, 50)), .line(to: pt(100, 50))])
            .stroked(width: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 4).elements, 1e-12))
    }

    @Test func badStrokeValuesAreErrorsAtTheValue() throws {
        func failure(_ body: String) -> (Int, Int, String)? {
            documentError(svg(body)).map { ($0.line, $0.column, $0.message) }
        }
        #expect(failure(#"<line stroke-width="-1" x2="5"/>"#)! ==
                (2, 21, "stroke-width must not be below 0 in attribute 'stroke-width'"))
        #expect(failure(#"<line stroke-width="2em" x2="5"/>"#)! ==
                (2, 22, "unsupported unit 'em' for stroke-width (use plain numbers, px, pt, pc, in, cm, mm or %) in attribute 'stroke-width'"))
        #expect(failure(#"<line style="stroke-width: wide" x2="5"/>"#)! ==
                (2, 28, "expected a number for stroke-width, found 'w' in attribute 'style'"))
        #expect(failure(#"<line stroke-miterlimit="0.5" x2="5"/>"#)! ==
                (2, 26, "stroke-miterlimit must not be below 1 in attribute 'stroke-miterlimit'"))
        #expect(failure(#"<g stroke-linecap="pointy"><line x2="5"/></g>"#)! ==
                (2, 20, "expected 'butt', 'round', 'square' or 'inherit' for stroke-linecap, found 'pointy' in attribute 'stroke-linecap'"))
        #expect(failure(#"<line stroke-linejoin="sharp" x2="5"/>"#)! ==
                (2, 24, "expected 'miter', 'round', 'bevel', 'miter-clip', 'arcs' or 'inherit' for stroke-linejoin, found 'sharp' in attribute 'stroke-linejoin'"))
    }

    @Test func strokesCountTowardsTheSegmentLimit() throws {
        let text = svg(#"<polyline points="0 0 10 10 20 0 30 10" fill="none" stroke="black" stroke-width="4"/>"#)
        let stroked = try #require(try document(text).shapes.first)
        let needed = 4 + stroked.path.elements.count  // the polyline's own elements, then the stroke's
        #expect(try document(text, limits: SVGLimits(maxPathSegments: needed)).shapes.count == 1)
        let error = try #require(documentError(text, limits: SVGLimits(maxPathSegments: needed - 1)))
        #expect((error.line, error.column, error.message) == (2, 1, "too many path segments (the limit is \(needed - 1))"))
    }

    @Test func theFreehandFixtureIsOneStroke() throws {
        let doc = try SVGDocument(contentsOfFile: fixture("freehand-stroke.svg"))
        let stroke = try #require(doc.shapes.first)
        #expect(doc.shapes.count == 1 && stroke.element == "path" && stroke.path.fillRule == .nonZero)
        // Every touch sample lies in the middle of the band; 9 pt from it lies outside the 16 pt pen
        // unless another part of the stroke passes there.
        let region = FilledRegion(path: stroke.path)
        let samples = [pt(170, 202), pt(289.1, 277.2), pt(355.3, 427.1), pt(458.1, 552.3)]
        #expect(samples.allSatisfy { region.contains($0) })
        #expect(!region.contains(pt(170, 202 - 9)) && !region.contains(pt(458.1 + 9, 552.3 + 1)))
    }
}
