import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Path data commands")
struct PathDataCommandTests {
    @Test func moveAndLineAbsoluteAndRelative() throws {
        #expect(try elements("M 10 20 L 30 40") == [.move(to: pt(10, 20)), .line(to: pt(30, 40))])
        #expect(try elements("M 10 20 l 30 40") == [.move(to: pt(10, 20)), .line(to: pt(40, 60))])
        #expect(try elements("m 10 20 m 5 5") == [.move(to: pt(10, 20)), .move(to: pt(15, 25))])
    }

    @Test func horizontalAndVertical() throws {
        #expect(try elements("M 1 2 H 10 V 20 h -5 v -4") == [
            .move(to: pt(1, 2)), .line(to: pt(10, 2)), .line(to: pt(10, 20)),
            .line(to: pt(5, 20)), .line(to: pt(5, 16)),
        ])
    }

    @Test func cubicAbsoluteAndRelative() throws {
        #expect(try elements("M 0 0 C 1 2 3 4 5 6") ==
                [.move(to: pt(0, 0)), .curve(to: pt(5, 6), control1: pt(1, 2), control2: pt(3, 4))])
        #expect(try elements("M 10 10 c 1 2 3 4 5 6") ==
                [.move(to: pt(10, 10)), .curve(to: pt(15, 16), control1: pt(11, 12), control2: pt(13, 14))])
    }

    @Test func quadraticAbsoluteAndRelative() throws {
        #expect(try elements("M 0 0 Q 1 2 3 4") ==
                [.move(to: pt(0, 0)), .quadCurve(to: pt(3, 4), control: pt(1, 2))])
        #expect(try elements("M 10 10 q 1 2 3 4") ==
                [.move(to: pt(10, 10)), .quadCurve(to: pt(13, 14), control: pt(11, 12))])
    }

    @Test func closeReturnsToSubpathStartAndRestartsThere() throws {
        #expect(try elements("M 10 10 L 20 10 L 20 20 Z l 5 0") == [
            .move(to: pt(10, 10)), .line(to: pt(20, 10)), .line(to: pt(20, 20)), .close,
            .move(to: pt(10, 10)), .line(to: pt(15, 10)),
        ])
        #expect(try elements("M 10 10 L 20 20 z m 1 1 L 0 0") == [
            .move(to: pt(10, 10)), .line(to: pt(20, 20)), .close, .move(to: pt(11, 11)), .line(to: pt(0, 0)),
        ])
    }

    @Test func emptyDataIsAnEmptyPath() throws {
        #expect(try SVGPathData.parse("").isEmpty)
        #expect(try SVGPathData.parse(" \n\t ").isEmpty)
    }
}

@Suite("Path data: implicit commands and lexing")
struct PathDataLexingTests {
    @Test func implicitRepeats() throws {
        #expect(try elements("M 0 0 10 10 20 0") ==
                [.move(to: pt(0, 0)), .line(to: pt(10, 10)), .line(to: pt(20, 0))])
        #expect(try elements("m 1 1 10 10 -5 0") ==
                [.move(to: pt(1, 1)), .line(to: pt(11, 11)), .line(to: pt(6, 11))])
        #expect(try elements("M0 0 H 1 2 3") ==
                [.move(to: pt(0, 0)), .line(to: pt(1, 0)), .line(to: pt(2, 0)), .line(to: pt(3, 0))])
        #expect(try elements("M0 0 q 1 1 2 2 1 1 2 2") == [.move(to: pt(0, 0)),
            .quadCurve(to: pt(2, 2), control: pt(1, 1)), .quadCurve(to: pt(4, 4), control: pt(3, 3))])
    }

    @Test func numbersWithSignsDecimalsAndExponents() throws {
        #expect(try elements("M 1e-3 2E+2 L -.5 +3.") == [.move(to: pt(0.001, 200)), .line(to: pt(-0.5, 3))])
        #expect(try elements("M 1.5e1 0") == [.move(to: pt(15, 0))])
    }

    @Test func numbersWithoutSeparators() throws {
        #expect(try elements("M1.5.5") == [.move(to: pt(1.5, 0.5))])
        #expect(try elements("M10-5") == [.move(to: pt(10, -5))])
        #expect(try elements("M.1.2.3.4") == [.move(to: pt(0.1, 0.2)), .line(to: pt(0.3, 0.4))])
        #expect(try elements("M1e2-1e1") == [.move(to: pt(100, -10))])
    }

    @Test func commasAndWhitespaceAsSeparators() throws {
        let expected: [BezierPath.Element] = [.move(to: pt(1, 2)), .line(to: pt(3, 4)), .line(to: pt(5, 6))]
        #expect(try elements("M1,2L3,4,5,6") == expected)
        #expect(try elements("M 1 , 2 L\n3\t4 , 5 6") == expected)
        #expect(try elements("M1 2\r\nL3 4 5 6  ") == expected)
    }

    @Test func smoothCubicReflectsOnlyAfterCubic() throws {
        // After C: the first control point mirrors the previous second control point.
        #expect(try elements("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")[2] ==
                .curve(to: pt(20, 0), control1: pt(10, -10), control2: pt(20, -10)))
        // After S: reflection again; relative form.
        #expect(try elements("M 0 0 C 0 10 10 10 10 0 s 10 -10 10 0 s 10 10 10 0")[3] ==
                .curve(to: pt(30, 0), control1: pt(20, 10), control2: pt(30, 10)))
        // After Q or L: the current point.
        #expect(try elements("M 0 0 Q 5 5 10 0 S 20 5 20 0")[2] ==
                .curve(to: pt(20, 0), control1: pt(10, 0), control2: pt(20, 5)))
        #expect(try elements("M 0 0 L 10 0 S 20 5 20 0")[2] ==
                .curve(to: pt(20, 0), control1: pt(10, 0), control2: pt(20, 5)))
    }

    @Test func smoothQuadraticReflectsOnlyAfterQuadratic() throws {
        #expect(try elements("M 0 0 Q 5 10 10 0 T 20 0")[2] == .quadCurve(to: pt(20, 0), control: pt(15, -10)))
        #expect(try elements("M 0 0 Q 5 10 10 0 T 20 0 t 10 0")[3] ==
                .quadCurve(to: pt(30, 0), control: pt(25, 10)))
        #expect(try elements("M 0 0 C 0 5 10 5 10 0 T 20 0")[2] == .quadCurve(to: pt(20, 0), control: pt(10, 0)))
        #expect(try elements("M 0 0 T 20 0")[1] == .quadCurve(to: pt(20, 0), control: pt(0, 0)))
    }

    @Test func reflectionStopsAtClose() throws {
        #expect(try elements("M 0 0 C 0 10 10 10 10 0 Z S 20 5 20 0")[4] ==
                .curve(to: pt(20, 0), control1: pt(0, 0), control2: pt(20, 5)))
    }
}
