import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Document errors")
struct DocumentErrorTests {
    /// Parses `body` (lines 2…) under a plain root and returns the error's place and message.
    func failure(_ body: String, limits: SVGLimits = SVGLimits(),
                 sourceLocation: SourceLocation = #_sourceLocation) -> (Int, Int, String)? {
        documentError(svg(body), limits: limits, sourceLocation: sourceLocation)
            .map { ($0.line, $0.column, $0.message) }
    }

    @Test func badPathDataIsPlacedInTheFile() throws {
        let error = try #require(documentError(svg(#"<path d="M 0 0 L 10 x"/>"#)))
        #expect(error.description == "test.svg:2:21: error: expected a number after 'L', found 'x' in path data")
        #expect(failure("<rect width='1' height='1'/>\n<path\n  d=\"M 0 0\n   L 10 x\"/>")! ==
                (5, 9, "expected a number after 'L', found 'x' in path data"))
        #expect(failure(#"<path d="M 0 0 L é x"/>"#)! == (2, 18, "expected a number after 'L', found 'é' in path data"))
    }

    @Test func entityReferencesAreWalkedBack() throws {
        #expect(failure(#"<path d="M 0 0 &#76; 10 &amp;"/>"#)! ==
                (2, 25, "expected a number after 'L', found '&' in path data"))
        #expect(failure(#"<path d="M&#x20;0&#32;0 &lt;"/>"#)! ==
                (2, 25, "expected a path command, found '<' in path data"))
    }

    @Test func sizesAndUnits() throws {
        #expect(failure(#"<rect width="-5" height="5"/>"#)! == (2, 14, "width must not be negative in attribute 'width'"))
        #expect(failure(#"<circle r="-1"/>"#)?.2 == "r must not be negative in attribute 'r'")
        #expect(failure(#"<ellipse rx="1" ry="-1"/>"#)?.1 == 21)
        #expect(failure(#"<rect width="5mm" height="5"/>"#)! ==
                (2, 15, "unsupported unit 'mm' (use plain numbers or 'px') in attribute 'width'"))
        #expect(failure(#"<circle r="1e400"/>"#)! == (2, 12, "number out of range: '1e400' in attribute 'r'"))
        #expect(failure(#"<circle r="5 5"/>"#)?.2 == "expected the end of the length, found '5' in attribute 'r'")
        #expect(failure(#"<rect x="" width="1" height="1"/>"#)?.2 ==
                "expected a length, found end of data in attribute 'x'")
        let root = try #require(documentError(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="10em" height="792">"# + "</svg>"))
        #expect((root.line, root.column, root.message) ==
                (1, 50, "unsupported unit 'em' (use plain numbers or 'pt', 'px', 'mm', 'cm', 'in') in attribute 'width'"))
        let viewBox = try #require(documentError(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -1 5">"# + "</svg>"))
        #expect((viewBox.line, viewBox.column, viewBox.message) ==
                (1, 54, "viewBox width is negative in attribute 'viewBox'"))
    }

    @Test func pointsAndTransforms() throws {
        #expect(failure(#"<polygon points="0 0 1"/>"#)! ==
                (2, 22, "odd number of coordinates (3): the last point has no y in attribute 'points'"))
        #expect(failure(#"<g transform="translate(1 2 3)"></g>"#)! ==
                (2, 29, "too many arguments for 'translate' (it takes 1 or 2 numbers) in attribute 'transform'"))
        #expect(failure(#"<g transform="spin(3)"></g>"#)! == (2, 15,
            "expected a transform (matrix, translate, scale, rotate, skewX or skewY), found 's' in attribute 'transform'"))
        #expect(failure(#"<g transform="rotate(1 2)"></g>"#)! ==
                (2, 25, "'rotate' takes 1 or 3 numbers, found 2 in attribute 'transform'"))
        #expect(failure(#"<rect transform="scale(2" width="1" height="1"/>"#)?.2 ==
                "expected a number or ')' in 'scale', found end of data in attribute 'transform'")
        #expect(failure(#"<rect transform="scale 2" width="1" height="1"/>"#)?.2 ==
                "expected '(' after 'scale', found '2' in attribute 'transform'")
        #expect(failure(#"<g transform="matrix(1,2,3,4,5,)"></g>"#)?.2 ==
                "expected a number after ',' in 'matrix', found ')' in attribute 'transform'")
    }

    @Test func viewBoxAndAspectRatio() throws {
        let root = #"<svg xmlns="http://www.w3.org/2000/svg" "#
        func rootFailure(_ attributes: String) -> (Int, Int, String)? {
            documentError(root + attributes + "/>").map { ($0.line, $0.column, $0.message) }
        }
        #expect(rootFailure(#"viewBox="0 0 10""#)! ==
                (1, 56, "expected a number in viewBox, found end of data in attribute 'viewBox'"))
        #expect(rootFailure(#"viewBox="0 0 10 10 10""#)! ==
                (1, 60, "expected the end of viewBox, found '1' in attribute 'viewBox'"))
        #expect(rootFailure(#"viewBox="0 0 10 10" preserveAspectRatio="xMidYMad""#)! == (1, 82,
            "expected an alignment like 'xMidYMid' or 'none', found 'x' in attribute 'preserveAspectRatio'"))
        #expect(rootFailure(#"viewBox="0 0 10 10" preserveAspectRatio="none cover""#)! ==
                (1, 87, "expected 'meet' or 'slice', found 'c' in attribute 'preserveAspectRatio'"))
        #expect(failure(#"<svg width="-1"/>"#)! == (2, 13, "width must not be negative in attribute 'width'"))
    }

    @Test func lineEndingsInAttributeValues() throws {
        let crlf = try #require(documentError("<svg>\r\n<path d=\"M 0 0\r\n L x\"/>\r\n</svg>"))
        #expect((crlf.line, crlf.column) == (3, 4))
        let tabs = try #require(documentError("<svg>\n<path d=\"M\t0\t0\n\tL\tx\"/>\n</svg>"))
        #expect((tabs.line, tabs.column) == (3, 4))
    }

    @Test func fillRuleValues() throws {
        #expect(failure(#"<path fill-rule="odd" d="M0 0"/>"#)! ==
                (2, 18, "expected 'nonzero', 'evenodd' or 'inherit' for fill-rule, found 'odd' in attribute 'fill-rule'"))
        #expect(failure(#"<path style="fill: red; fill-rule: odd" d="M0 0"/>"#)! ==
                (2, 36, "expected 'nonzero', 'evenodd' or 'inherit' for fill-rule, found 'odd' in attribute 'style'"))
    }

    @Test func overflowAfterTransforms() throws {
        #expect(failure("<g transform=\"scale(1e300)\">\n  <rect width=\"1e300\" height=\"1\"/></g>")! ==
                (3, 3, "coordinates out of range after transforms (the limit is ±1000000000 pt)"))
        // Finite but absurd: 100,000 curves through ±10²² would make every band meet them all.
        #expect(failure("<path d=\"M 0 0 C 1e22 -1e22 -1e22 1e22 10 10 Z\"/>")! ==
                (2, 1, "coordinates out of range after transforms (the limit is ±1000000000 pt)"))
        #expect(try document(svg("<circle r=\"999999999\"/>")).shapes.count == 1)
    }

    @Test func rootMustBeSVG() throws {
        let error = try #require(documentError("<?xml version=\"1.0\"?>\n  <html><svg/></html>"))
        #expect((error.line, error.column, error.message) == (2, 3, "expected an <svg> root element, found <html>"))
        let foreign = try #require(documentError(#"<svg xmlns="urn:not-svg"/>"#))
        #expect(foreign.message == "expected an <svg> root element, found <svg>")
        let empty = try #require(documentError(""))
        #expect((empty.line, empty.column) == (1, 1))
    }

    @Test func malformedXML() throws {
        let truncated = try #require(documentError("<svg>\n<circle r=\"1\"/>\n<rect width="))
        #expect(truncated.message.hasPrefix("malformed XML: "))
        #expect(truncated.line == 3)
        let mismatched = try #require(documentError("<svg>\n<g>\n</h>\n</svg>\n"))
        #expect((mismatched.line, mismatched.message) == (3, "malformed XML: end tag does not match the start tag"))
        let unclosed = try #require(documentError("<svg>\n<g>\n"))
        #expect(unclosed.message.hasPrefix("malformed XML: "))
        let twice = try #require(documentError("<svg>\n<rect width=\"1\" width=\"2\"/>\n</svg>"))
        #expect((twice.line, twice.message) == (2, "malformed XML: attribute given twice"))
    }

    @Test func entityExpansionBombIsRefused() throws {
        var entities = #"<!ENTITY a0 "aaaaaaaaaa">"#
        for level in 1...9 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let error = try #require(documentError("<!DOCTYPE svg [\(entities)]>\n<svg><path d=\"&a9;\"/></svg>"))
        #expect(error.message.hasPrefix("malformed XML: "))
    }

    @Test func externalEntitiesAreNotLoaded() throws {
        let text = """
            <!DOCTYPE svg [<!ENTITY x SYSTEM "\(fixture("circle.svg"))">]>
            <svg xmlns="http://www.w3.org/2000/svg">&x;</svg>
            """
        let doc = try? document(text)
        #expect(doc?.shapes.isEmpty ?? true)
    }
}

@Suite("Limits and files")
struct LimitTests {
    @Test func depthLimit() throws {
        let deep = "<svg>" + String(repeating: "<g>", count: 4) + "<rect width='1' height='1'/>"
            + String(repeating: "</g>", count: 4) + "</svg>"
        #expect(try document(deep, limits: SVGLimits(maxDepth: 6)).shapes.count == 1)
        let error = try #require(documentError(deep, limits: SVGLimits(maxDepth: 5)))
        #expect((error.line, error.column, error.message) == (1, 18, "elements nested deeper than the limit of 5"))
        // Skipped subtrees count too.
        let hidden = "<svg><defs>" + String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
            + "</defs></svg>"
        #expect(documentError(hidden)?.message == "elements nested deeper than the limit of 256")
    }

    @Test func segmentLimitSpansTheDocument() throws {
        let text = svg("<rect width='1' height='1'/>\n<rect width='1' height='1'/>\n<path d='M0 0 L 1 1 2 2'/>")
        #expect(try document(text, limits: SVGLimits(maxPathSegments: 13)).shapes.count == 3)
        let error = try #require(documentError(text, limits: SVGLimits(maxPathSegments: 12)))
        #expect((error.line, error.column, error.message) ==
                (4, 21, "too many path segments (the limit is 12) in path data"))
        let shape = try #require(documentError(text, limits: SVGLimits(maxPathSegments: 9)))
        #expect((shape.line, shape.column, shape.message) == (3, 1, "too many path segments (the limit is 9)"))
    }

    @Test func fileSizeLimit() throws {
        let text = svg("<rect width='1' height='1'/>")
        let error = try #require(documentError(text, limits: SVGLimits(maxFileSize: 20)))
        #expect(error == SVGError(file: "test.svg", line: 0, column: 0,
                                  message: "file is larger than the limit of 20 bytes"))
        let file = try #require(#expect(throws: SVGError.self) {
            _ = try SVGDocument(contentsOfFile: fixture("circle.svg"), limits: SVGLimits(maxFileSize: 20))
        })
        #expect((file.line, file.column) == (0, 0))
        #expect(file.message == "cannot read file: file is larger than the limit of 20 bytes")
    }

    @Test func unreadableFiles() throws {
        let missing = try #require(#expect(throws: SVGError.self) {
            _ = try SVGDocument(contentsOfFile: "/nonexistent/shapes.svg")
        })
        #expect(missing == SVGError(file: "/nonexistent/shapes.svg", line: 0, column: 0,
                                    message: "cannot read file: No such file or directory"))
        let directory = try #require(#expect(throws: SVGError.self) {
            _ = try SVGDocument(contentsOfFile: fixture("malformed"))
        })
        #expect(directory.message == "cannot read file: Is a directory")
    }
}
