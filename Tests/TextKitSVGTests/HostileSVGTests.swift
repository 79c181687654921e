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

    /// libxml2 crashed (a null pointer in xmlParseChunk) on `00 00 00 3C` (detected as UCS-4) followed
    /// by a truncated `<svg>` start tag: Fixtures/fuzz/regressions/svg/ucs4-detected-truncated-tag.svg.
    @Test(arguments: [[0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00], [0x00, 0x00, 0xFE, 0xFF], [0x4C, 0x6F, 0xA7, 0x94]] as [[UInt8]])
    func iconvOnlyEncodingsDetectedFromTheFirstBytesAreRefused(_ start: [UInt8]) throws {
        let bytes = start + Array(#"svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="ht"#.utf8) + [0x86]
        let error = try #require(throws: SVGError.self) { try SVGDocument(data: bytes, file: "t.svg") }
        #expect(error.line == 1 && error.column == 1)
        #expect(error.message == "unsupported encoding \(start == [0x4C, 0x6F, 0xA7, 0x94] ? "EBCDIC" : "UCS-4") (use UTF-8)")
    }

    /// FoundationXML called strlen(NULL) for a processing instruction without data (`<?ersli?>n=`):
    /// Fixtures/fuzz/regressions/svg/processing-instruction-without-data.svg.
    @Test func processingInstructionWithoutDataIsRefused() throws {
        #expect(throws: SVGError(file: "t.svg", line: 1, column: 1,
                                 message: "processing instruction '<?ersli?>' without data is not supported")) {
            try document("<?ersli?>n=")
        }
        let error = try #require(throws: SVGError.self) { try document("<svg>\n  <?é?></svg>") }
        #expect(error.line == 2 && error.column == 3)
        // With data, or with the XML declaration, a processing instruction is fine.
        #expect(try document(#"<?xml version="1.0"?><?app some data?><svg><rect width="2" height="3"/></svg>"#).shapes.count == 1)
    }

    @Test func utf16WithAByteOrderMarkIsStillRead() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="3"/></svg>"#
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try SVGDocument(data: bytes, file: "t.svg").shapes.count == 1)
    }

    @Test func utf16IsReadAsUTF8WithExactPlaces() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<svg>\n  <rect width=\"x\"/></svg>"
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let noMark: [UInt8] = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [bigEndian, noMark] {
            let error = try #require(throws: SVGError.self) { try SVGDocument(data: bytes, file: "t.svg") }
            #expect(error.line == 3, "\(error)")
        }
        let good = "<?xml version='1.0' encoding='utf-16'?><svg><rect width=\"2\" height=\"3\"/></svg>"
        let goodBytes: [UInt8] = [0xFE, 0xFF] + good.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try SVGDocument(data: goodBytes, file: "t.svg").shapes.count == 1)
    }

    @Test(arguments: ["UTF-8", "utf-8", "US-ASCII", "ISO-8859-1"])
    func builtInEncodingsAreRead(_ name: String) throws {
        let parsed = try document(#"<?xml version="1.0" encoding="\#(name)"?><svg><rect width="2" height="3"/></svg>"#)
        #expect(parsed.shapes.count == 1)
    }
}
