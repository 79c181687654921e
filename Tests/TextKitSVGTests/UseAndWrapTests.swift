import Testing
import TextKitGeometry
import TextKitSVG

/// `use`/`defs`, root units and the `data-textkit-*` wrap options.
@Suite struct UseAndWrapTests {
    @Test func rootUnitsConvertToPoints() throws {
        let cases: [(String, Double)] = [("100", 100), ("100pt", 100), ("100px", 75), ("1in", 72),
                                         ("2.54cm", 72), ("25.4mm", 72)]
        for (value, points) in cases {
            let doc = try document(svg("", root: #"width="\#(value)" height="\#(value)""#))
            #expect(abs(doc.width! - points) < 1e-9 && abs(doc.height! - points) < 1e-9, "\(value)")
        }
    }

    @Test func viewBoxMapsOntoAPixelSizedPage() throws {
        // 800 px = 600 pt wide: a viewBox unit is 0.75 pt.
        let doc = try document(svg(#"<rect x="400" y="0" width="100" height="100"/>"#,
                                   root: #"width="800px" height="800px" viewBox="0 0 800 800""#))
        #expect(doc.width == 600)
        #expect(doc.shapes[0].path.bounds == Rect(x: 300, y: 0, width: 75, height: 75))
    }

    @Test func viewBoxMapsOntoMillimetres() throws {
        let doc = try document(svg(#"<circle cx="105" cy="148.5" r="10"/>"#,
                                   root: #"width="210mm" height="297mm" viewBox="0 0 210 297""#))
        let mm = 72 / 25.4
        let box = doc.shapes[0].path.bounds
        #expect(abs(box.midXForTest - 105 * mm) < 1e-9 && abs(box.width - 20 * mm) < 1e-9)
    }

    @Test func useClonesADefinitionWithXYAndTransform() throws {
        let doc = try document(svg("""
            <defs><rect id="r" x="0" y="0" width="10" height="20" transform="translate(1 1)"/></defs>
            <g transform="translate(100 0)">
              <use href="#r" x="5" y="7" transform="scale(2)"/>
            </g>
            """))
        #expect(doc.shapes.count == 1)  // the definition itself is not drawn
        // Own transform (1, 1), then translate(5, 7), then scale(2), then translate(100, 0).
        #expect(doc.shapes[0].path.bounds == Rect(x: 112, y: 16, width: 20, height: 40))
        #expect(doc.shapes[0].element == "rect" && doc.shapes[0].id == "r")
        #expect(doc.shapes[0].line == 4)
    }

    @Test func useMayComeBeforeItsTargetAndKeepsDocumentOrder() throws {
        let doc = try document(svg("""
            <use xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="#c" x="50"/>
            <rect x="0" y="0" width="1" height="1"/>
            <circle id="c" cx="0" cy="0" r="5"/>
            <use href="#c" y="50"/>
            """))
        #expect(doc.shapes.map(\.element) == ["circle", "rect", "circle", "circle"])
        #expect(doc.shapes[0].path.bounds == Rect(x: 45, y: -5, width: 10, height: 10))
        #expect(doc.shapes[3].path.bounds == Rect(x: -5, y: 45, width: 10, height: 10))
    }

    @Test func deeplyNestedTransformsCompose() throws {
        let doc = try document(svg("""
            <g transform="translate(10 0)"><g transform="scale(2)"><g transform="rotate(90)">
              <rect x="0" y="0" width="5" height="1"/>
            </g></g></g>
            """))
        // rotate(90): (x, y) → (−y, x); scale 2; translate 10: x ∈ [8, 10], y ∈ [0, 10].
        let box = doc.shapes[0].path.bounds
        #expect(abs(box.minX - 8) < 1e-9 && abs(box.maxX - 10) < 1e-9 && abs(box.maxY - 10) < 1e-9)
    }

    @Test func fillRuleOfTheUseUnlessTheTargetSetsItsOwn() throws {
        let doc = try document(svg("""
            <defs><path id="p" d="M0 0H10V10H0Z"/><path id="q" fill-rule="nonzero" d="M0 0H10V10H0Z"/></defs>
            <g fill-rule="evenodd"><use href="#p"/><use href="#q"/></g>
            """))
        #expect(doc.shapes.map(\.path.fillRule) == [.evenOdd, .nonZero])
    }

    @Test func unknownTargetIsAnErrorAtTheUse() throws {
        let error = try #require(documentError(svg(##"<use href="#nope"/>"##)))
        #expect((error.line, error.column) == (2, 1))
        #expect(error.message.contains("'#nope'"))
        let external = try #require(documentError(svg(##"<use href="other.svg#a"/>"##)))
        #expect(external.message.contains("'#id'"))
    }

    @Test func usesCountTowardsTheSegmentLimit() throws {
        var limits = SVGLimits()
        limits.maxPathSegments = 12
        let text = svg(##"<defs><path id="p" d="M0 0H10V10H0Z"/></defs><use href="#p"/><use href="#p"/>"##)
        #expect(documentError(text, limits: limits) != nil)
    }

    @Test func wrapOptionsAreReadAndInherited() throws {
        let doc = try document(svg("""
            <g data-textkit-margin="6" data-textkit-wrap="left">
              <rect width="10" height="10"/>
              <circle r="5" data-textkit-wrap="clear" data-textkit-min-width="30pt"/>
            </g>
            <defs><rect id="d" width="1" height="1" data-textkit-margin="2"/></defs>
            <use href="#d" data-textkit-margin="9" data-textkit-wrap="largest"/>
            <rect width="3" height="3"/>
            """))
        #expect(doc.shapes[0].wrapOptions == SVGWrapOptions(margin: 6, wrapSide: .left))
        #expect(doc.shapes[1].wrapOptions == SVGWrapOptions(margin: 6, wrapSide: .clear, minimumFragmentWidth: 30))
        #expect(doc.shapes[2].wrapOptions == SVGWrapOptions(margin: 2, wrapSide: .largest))  // the target's own wins
        #expect(doc.shapes[3].wrapOptions == SVGWrapOptions())
        let exclusion = doc.shapes[3].exclusion(margin: 4, wrapSide: .right)
        #expect(exclusion.margin == 4 && exclusion.wrapSide == .right)
        #expect(doc.shapes[1].exclusion(margin: 4).margin == 6)
    }

    @Test func badWrapOptionsAreErrorsAtTheValue() throws {
        let wrap = try #require(documentError(svg(#"<rect width="1" height="1" data-textkit-wrap="around"/>"#)))
        #expect(wrap.line == 2 && wrap.message.contains("found 'around'"))
        let margin = try #require(documentError(svg(#"<rect width="1" height="1" data-textkit-margin="-3"/>"#)))
        #expect(margin.message.contains("must not be negative"))
        let unit = try #require(documentError(svg(#"<rect width="1" height="1" data-textkit-min-width="3em"/>"#)))
        #expect(unit.message.contains("unsupported unit 'em'"))
    }
}

extension Rect {
    var midXForTest: Double { minX + width / 2 }
}
