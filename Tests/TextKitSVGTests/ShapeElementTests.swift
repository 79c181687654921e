import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Shape elements")
struct ShapeElementTests {
    @Test func pathElementKeepsItsAttributesAndPlace() throws {
        let doc = try document(svg(#"  <path id="p" data-textkit-flow="none" d="M 0 0 L 10 0 L 10 10 Z"/>"#))
        let shape = try #require(doc.shapes.first)
        #expect(shape.element == "path")
        #expect(shape.id == "p")
        #expect(shape.attributes["data-textkit-flow"] == "none")
        #expect(shape.attributes["d"] == "M 0 0 L 10 0 L 10 10 Z")
        #expect((shape.line, shape.column) == (2, 3))
        #expect(shape.path.elements == [.move(to: pt(0, 0)), .line(to: pt(10, 0)), .line(to: pt(10, 10)), .close])
        #expect(shape.path.fillRule == .nonZero)
    }

    @Test func rect() throws {
        let doc = try document(svg(#"<rect x="10" y="20" width="30" height="40"/>"#))
        #expect(doc.shapes.first?.path == BezierPath(rect: Rect(x: 10, y: 20, width: 30, height: 40)))
        let defaults = try document(svg(#"<rect width="5px" height=" 6 "/>"#))
        #expect(defaults.shapes.first?.path == BezierPath(rect: Rect(x: 0, y: 0, width: 5, height: 6)))
    }

    @Test(arguments: [
        (#"rx="10""#, 10.0, 10.0), (#"ry="10""#, 10, 10), (#"rx="10" ry="5""#, 10, 5),
        (#"rx="auto" ry="7""#, 7, 7), (#"rx="80""#, 50, 40), (#"rx="0" ry="9""#, 0, 9),
    ])
    func rectCornerRadii(attributes: String, rx: Double, ry: Double) throws {
        let doc = try document(svg(#"<rect width="100" height="80" \#(attributes)/>"#))
        let expected = BezierPath(roundedRect: Rect(x: 0, y: 0, width: 100, height: 80),
                                  cornerRadiusX: rx, cornerRadiusY: ry)
        #expect(doc.shapes.first?.path == expected)
    }

    @Test func zeroSizedShapesAreNotRendered() throws {
        let doc = try document(svg("""
            <rect width="0" height="10"/><rect width="10"/><circle r="0"/><circle cx="5"/>
            <ellipse rx="0" ry="5"/><ellipse/><path d=""/><path/><polygon points=""/>
            <polyline points="1 2"/><rect id="kept" width="1" height="1"/>
            """))
        #expect(doc.shapes.map(\.id) == ["kept"])
    }

    @Test func circleIsOnItsRadius() throws {
        let doc = try document(svg(#"<circle cx="306" cy="300" r="100"/>"#))
        let path = try #require(doc.shapes.first?.path)
        #expect(path == BezierPath(ovalIn: Rect(x: 206, y: 200, width: 200, height: 200)))
        for point in samples(path) { #expect(abs(distance(point, pt(306, 300)) - 100) < 0.03) }
    }

    @Test func ellipseAndItsAutoRadius() throws {
        let doc = try document(svg(#"<ellipse cx="50" cy="60" rx="40" ry="20"/><ellipse rx="7"/>"#))
        #expect(doc.shapes[0].path == BezierPath(ovalIn: Rect(x: 10, y: 40, width: 80, height: 40)))
        #expect(doc.shapes[1].path == BezierPath(ovalIn: Rect(x: -7, y: -7, width: 14, height: 14)))
    }

    @Test func lineIsAnOpenTwoPointPath() throws {
        let doc = try document(svg(#"<line x1="1" y1="2" x2="3" y2="4"/>"#))
        #expect(doc.shapes.first?.path.elements == [.move(to: pt(1, 2)), .line(to: pt(3, 4))])
        #expect(doc.shapes.first?.element == "line")
    }

    @Test func polylineStaysOpenPolygonCloses() throws {
        let doc = try document(svg(#"<polyline points="0,0 10,0 10-10"/><polygon points=" 0 0,10 0 10 10 "/>"#))
        #expect(doc.shapes[0].path.elements == [.move(to: pt(0, 0)), .line(to: pt(10, 0)), .line(to: pt(10, -10))])
        #expect(doc.shapes[1].path.elements ==
                [.move(to: pt(0, 0)), .line(to: pt(10, 0)), .line(to: pt(10, 10)), .close])
    }

    @Test func unknownAndNonRenderingElementsAreSkippedWithTheirContents() throws {
        let doc = try document(svg("""
            <defs><rect id="d" width="1" height="1"/></defs>
            <clipPath><rect id="c" width="1" height="1"/></clipPath>
            <mask><rect width="1" height="1"/></mask><symbol><rect width="1" height="1"/></symbol>
            <style>rect { fill: red }</style><title>t</title><desc>d</desc>
            <metadata><rect width="1" height="1"/></metadata><text>hello<tspan>x</tspan></text>
            <foreignObject><rect width="1" height="1"/></foreignObject>
            <unknown><rect width="1" height="1"/></unknown>
            <other:rect xmlns:other="urn:other" width="1" height="1"/>
            <rect id="kept" width="1" height="1"><title>a title</title></rect>
            <a><rect id="linked" width="1" height="1"/></a>
            """))
        #expect(doc.shapes.map(\.id) == ["kept", "linked"])
    }

    @Test func displayNoneIsSkipped() throws {
        let doc = try document(svg("""
            <rect id="a" display="none" width="1" height="1"/>
            <rect id="b" style="display: none" width="1" height="1"/>
            <g display="none"><rect id="c" width="1" height="1"/></g>
            <g><rect id="d" display="inline" width="1" height="1"/></g>
            """))
        #expect(doc.shapes.map(\.id) == ["d"])
    }

    @Test func hiddenOrEmptyRootRendersNothing() throws {
        #expect(try document(svg("<rect width='1' height='1'/>", root: #"display="none""#)).shapes.isEmpty)
        let empty = try document(svg("<rect width='1' height='1'/>", root: #"width="0" height="10""#))
        #expect(empty.shapes.isEmpty && empty.width == 0)
        #expect(try document(svg("<rect width='1' height='1'/>", root: #"viewBox="0 0 0 5""#)).shapes.isEmpty)
    }

    @Test func elementsFromInternalEntitiesStillParse() throws {
        let text = """
            <!DOCTYPE svg [<!ENTITY r "<rect id='r' width='1' height='1'/>">]>
            <svg xmlns="http://www.w3.org/2000/svg">&r;
            <circle id="c" r="1"/></svg>
            """
        let doc = try document(text)
        #expect(doc.shapes.map(\.id) == ["r", "c"])
    }

    @Test func documentOrderAcrossGroups() throws {
        let doc = try document(svg("""
            <rect id="1" width="1" height="1"/><g><circle id="2" r="1"/><g><path id="3" d="M0 0H1"/></g></g>
            <polygon id="4" points="0 0 1 1"/>
            """))
        #expect(doc.shapes.map(\.id) == ["1", "2", "3", "4"])
        #expect(doc.shapes.map(\.element) == ["rect", "circle", "path", "polygon"])
    }
}

@Suite("Root size and viewBox")
struct RootTests {
    @Test func widthAndHeightInPoints() throws {
        let doc = try document(svg("", root: #"width="612pt" height="792""#))
        #expect(doc.width == 612)
        #expect(doc.height == 792)
        let none = try document(svg("", root: ""))
        #expect(none.width == nil && none.height == nil)
    }

    @Test func viewBoxGivesTheSizeWhenWidthAndHeightAreMissing() throws {
        let doc = try document(svg(#"<rect width="10" height="10"/>"#, root: #"viewBox="0 0 300 200""#))
        #expect(doc.width == 300 && doc.height == 200)
        #expect(doc.shapes.first?.path == BezierPath(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        let derived = try document(svg("", root: #"width="600" viewBox="0 0 300 200""#))
        #expect(derived.height == 400)
    }

    @Test func viewBoxScalesAndCentres() throws {
        // 100×100 box into 200×100: meet scales by 1, centres with 50 pt on each side.
        let doc = try document(svg(#"<rect x="10" y="10" width="80" height="80"/>"#,
                                   root: #"width="200" height="100" viewBox="0 0 100 100""#))
        #expect(doc.shapes.first?.path == BezierPath(rect: Rect(x: 60, y: 10, width: 80, height: 80)))
        let stretched = try document(svg(#"<rect x="10" y="10" width="80" height="80"/>"#, root:
            #"width="200" height="100" viewBox="10 0 100 100" preserveAspectRatio="none""#))
        #expect(stretched.shapes.first?.path == BezierPath(rect: Rect(x: 0, y: 10, width: 160, height: 80)))
        let sliced = try document(svg(#"<rect width="100" height="100"/>"#, root:
            #"width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="xMinYMax slice""#))
        #expect(sliced.shapes.first?.path == BezierPath(rect: Rect(x: 0, y: -100, width: 200, height: 200)))
    }

    @Test func nestedSVGIsPlacedLikeAGroup() throws {
        let doc = try document(svg("""
            <svg x="100" y="50" width="20" height="20" viewBox="0 0 10 10"><rect width="10" height="5"/></svg>
            """))
        #expect(doc.shapes.first?.path == BezierPath(rect: Rect(x: 100, y: 50, width: 20, height: 10)))
    }
}
