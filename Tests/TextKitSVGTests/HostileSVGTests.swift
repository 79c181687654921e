import Foundation
import Testing
import TextKitSVG

/// SVG input found by fuzzing (Fixtures/fuzz/regressions/svg) and the declared-encoding check.
@Suite("Hostile SVG")
struct HostileSVGTests {
    func document(_ text: String) throws(SVGError) -> SVGDocument {
        try SVGDocument(data: Array(text.utf8), file: "t.svg")
    }

    /// libxml2 crashed (a null pointer in xmlSwitchToEncoding) on a UTF-7 declaration followed by NUL.
    @Test func utf7DeclarationWithNULIsRefused() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="UTF7""#.utf8) + [0]
        #expect(throws: SVGError(file: "t.svg", line: 1, column: 31,
                                 message: "unsupported encoding 'UTF7' in the XML declaration (use UTF-8)")) {
            try SVGDocument(data: bytes, file: "t.svg")
        }
    }

    @Test(arguments: ["UTF-7", "ISO-2022-JP", "EBCDIC-US", "x-unknown"])
    func encodingsOutsideLibxml2AreRefused(_ name: String) throws {
        let error = try #require(throws: SVGError.self) {
            try document(#"<?xml version="1.0" encoding='\#(name)'?><svg/>"#)
        }
        #expect(error.message == "unsupported encoding '\(name)' in the XML declaration (use UTF-8)")
    }

    @Test(arguments: ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1"])
    func builtInEncodingsAreRead(_ name: String) throws {
        let parsed = try document(#"<?xml version="1.0" encoding="\#(name)"?><svg><rect width="2" height="3"/></svg>"#)
        #expect(parsed.shapes.count == 1)
    }
}
