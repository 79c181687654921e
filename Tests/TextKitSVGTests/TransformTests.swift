import Foundation
import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Transforms")
struct TransformTests {
    /// Where the point (x, y) of a one-point path lands under `transform`.
    func image(of point: Point, _ transform: String) throws -> Point {
        let doc = try document(svg(#"<path transform="\#(transform)" d="M \#(point.x) \#(point.y)"/>"#))
        guard case .move(let p)? = doc.shapes.first?.path.elements.first else {
            Issue.record("no shape")
            return .zero
        }
        return p
    }

    @Test(arguments: [
        ("matrix(1 2 3 4 5 6)", pt(1, 1), pt(9, 12)),
        ("translate(10)", pt(1, 1), pt(11, 1)),
        ("translate(10, -20)", pt(1, 1), pt(11, -19)),
        ("scale(3)", pt(1, 2), pt(3, 6)),
        ("scale(3 -1)", pt(1, 2), pt(3, -2)),
        ("rotate(90)", pt(1, 0), pt(0, 1)),
        ("rotate(90 10 10)", pt(20, 10), pt(10, 20)),
        ("rotate(-90,10,10)", pt(20, 10), pt(10, 0)),
        ("skewX(45)", pt(0, 10), pt(10, 10)),
        ("skewY(45)", pt(10, 0), pt(10, 10)),
        ("", pt(1, 2), pt(1, 2)),
        ("none", pt(1, 2), pt(1, 2)),
        ("  translate( 1e1 , 2E1 )  ", pt(0, 0), pt(10, 20)),
    ])
    func eachKind(transform: String, point: Point, expected: Point) throws {
        #expect(near(try image(of: point, transform), expected, 1e-9))
    }

    @Test func listsApplyRightToLeft() throws {
        // scale first, then translate.
        #expect(near(try image(of: pt(1, 1), "translate(10 0) scale(2)"), pt(12, 2)))
        // translate first, then scale.
        #expect(near(try image(of: pt(1, 1), "scale(2) translate(10 0)"), pt(22, 2)))
        // Separators: commas, none at all.
        #expect(near(try image(of: pt(1, 0), "translate(5,5),rotate(90)"), pt(5, 6)))
        #expect(near(try image(of: pt(1, 0), "translate(5,5)rotate(90)"), pt(5, 6)))
    }

    @Test func nestedGroupsCompose() throws {
        let doc = try document(svg("""
            <g transform="translate(100 0)">
              <g transform="scale(2)">
                <path transform="rotate(90)" d="M 1 0"/>
              </g>
            </g>
            """))
        guard case .move(let p)? = doc.shapes.first?.path.elements.first else { Issue.record(); return }
        #expect(near(p, pt(100, 2)))
    }

    @Test func curvesAreTransformedWithTheirControlPoints() throws {
        let doc = try document(svg(#"<path transform="translate(1 2)" d="M0 0 Q 1 1 2 0 C 3 3 4 4 5 5"/>"#))
        #expect(doc.shapes.first?.path.elements == [.move(to: pt(1, 2)),
            .quadCurve(to: pt(3, 2), control: pt(2, 3)),
            .curve(to: pt(6, 7), control1: pt(4, 5), control2: pt(5, 6))])
    }
}

@Suite("Fill rule and style")
struct FillRuleTests {
    @Test func attributeStyleAndInheritance() throws {
        let doc = try document(svg("""
            <path id="default" d="M0 0H1"/>
            <path id="attribute" fill-rule="evenodd" d="M0 0H1"/>
            <path id="style" style="fill: red; fill-rule : evenodd ;" d="M0 0H1"/>
            <path id="styleWins" fill-rule="evenodd" style="fill-rule:nonzero" d="M0 0H1"/>
            <path id="important" style="FILL-RULE: evenodd !important" d="M0 0H1"/>
            <g fill-rule="evenodd">
              <path id="inherited" d="M0 0H1"/>
              <g style="fill-rule: nonzero"><path id="overridden" d="M0 0H1"/></g>
              <g><path id="deep" fill-rule="inherit" d="M0 0H1"/></g>
            </g>
            <path id="after" d="M0 0H1"/>
            """))
        let rules = Dictionary(uniqueKeysWithValues: doc.shapes.map { ($0.id!, $0.path.fillRule) })
        #expect(rules == ["default": .nonZero, "attribute": .evenOdd, "style": .evenOdd,
                          "styleWins": .nonZero, "important": .evenOdd, "inherited": .evenOdd,
                          "overridden": .nonZero, "deep": .evenOdd, "after": .nonZero])
    }

    @Test func rootFillRuleIsInherited() throws {
        let doc = try document(svg(#"<rect width="1" height="1"/>"#, root: #"fill-rule="evenodd""#))
        #expect(doc.shapes.first?.path.fillRule == .evenOdd)
    }
}
