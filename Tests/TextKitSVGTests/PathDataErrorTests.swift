import Testing
import TextKitGeometry
import TextKitSVG

@Suite("Path data errors")
struct PathDataErrorTests {
    @Test(arguments: [
        ("M 10 x", 6, "expected a number after 'M', found 'x'"),
        ("L 10 10", 1, "expected path data to start with 'M' or 'm', found 'L'"),
        ("  10 10", 3, "expected path data to start with 'M' or 'm', found '1'"),
        ("M 0 0 X 1", 7, "expected a path command, found 'X'"),
        ("M 0 0 L 1", 10, "expected a number after 'L', found end of data"),
        ("M 0 0 L 1 2,", 13, "expected a number after 'L', found end of data"),
        ("M 0 0 L 1 2, L 3 4", 14, "expected a number after 'L', found 'L'"),
        ("M,0 0", 2, "expected a number after 'M', found ','"),
        ("M 0 0 Z 5 5", 9, "expected a path command, found '5'"),
        ("M 0 0 L 1e 5", 10, "expected a number after 'L', found 'e'"),
        ("M 0 0 L . 5", 9, "expected a number after 'L', found '.'"),
        ("M 0 0 L -+1 5", 9, "expected a number after 'L', found '-'"),
        ("M 0 0 L é 5", 9, "expected a number after 'L', found 'é'"),
        ("M 0 0 L \u{7} 5", 9, "expected a number after 'L', found U+0007"),
        ("M 0 0 C 1 2 3 4 5", 18, "expected a number after 'C', found end of data"),
        ("M 0 0 A 1 1 0 2 0 5 5", 15, "expected a flag (0 or 1) after 'A', found '2'"),
        ("M 0 0 a 1 1 0 0-1 5 5", 16, "expected a flag (0 or 1) after 'a', found '-'"),
        ("M 0 0 H", 8, "expected a number after 'H', found end of data"),
        ("M 0 0 v x", 9, "expected a number after 'v', found 'x'"),
        ("M 0 0 L NaN 0", 9, "expected a number after 'L', found 'N'"),
        ("M inf 0", 3, "expected a number after 'M', found 'i'"),
    ])
    func malformedData(data: String, column: Int, message: String) throws {
        let error = try #require(pathError(data))
        #expect(error == SVGError(file: "<string>", line: 1, column: column, message: message))
    }

    @Test func nonFiniteNumbersAreErrors() throws {
        #expect(pathError("M 1e999 0")?.message == "number out of range: '1e999'")
        #expect(pathError("M 1e999 0")?.column == 3)
        #expect(pathError("M 0 -1E+400")?.column == 5)
        let sum = try #require(pathError("M 1e308 0 l 1e308 0"))
        #expect((sum.column, sum.message) == (13, "coordinate out of range after 'l'"))
        // Underflow to zero is fine.
        #expect(try elements("M 1e-400 0") == [.move(to: pt(0, 0))])
    }

    @Test func segmentLimit() throws {
        let limits = SVGLimits(maxPathSegments: 3)
        #expect(try SVGPathData.parse("M0 0 L1 1 2 2", limits: limits).elements.count == 3)
        let error = try #require(pathError("M0 0 L1 1 2 2 3 3", limits: limits))
        #expect((error.column, error.message) == (15, "too many path segments (the limit is 3)"))
        // Arcs count their cubic pieces.
        #expect(pathError("M0 0 A 5 5 0 1 1 0 1", limits: limits)?.column == 8)
    }

    @Test func descriptionIsCompilerStyle() {
        let error = SVGError(file: "shapes.svg", line: 4, column: 17, message: "expected a number, found 'x'")
        #expect(error.description == "shapes.svg:4:17: error: expected a number, found 'x'")
    }
}
