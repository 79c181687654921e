import Testing
import TextKit
import TextKitFormats

/// The layout requests of `textkit serve`: values, defaults left to the command, errors with a
/// place, and limits enforced before work is done.
@Suite("Layout request reader")
struct LayoutRequestReaderTests {
    func read(_ json: String, _ reader: LayoutRequestReader = LayoutRequestReader()) throws(LayoutRequestError) -> LayoutRequest {
        try reader.read(Array(json.utf8))
    }

    func error(_ json: String, _ reader: LayoutRequestReader = LayoutRequestReader()) -> LayoutRequestError? {
        do { _ = try read(json, reader); return nil } catch { return error }
    }

    @Test func everyField() throws {
        let request = try read("""
            {"text": "Hi", "width": 500, "height": 700, "inset": 20, "size": 11, "font": "DejaVu Sans",
             "columns": 2, "gutter": 10, "align": "justified", "breaking": "optimal", "lineHeight": 1.2,
             "hyphenate": true, "language": "en-US",
             "exclusions": [{"path": "M0 0h10v10h-10z", "margin": 2, "wrap": "left", "fillRule": "evenodd"},
                            {"path": "M0 0 L 100 0", "stroke": 8}]}
            """)
        #expect(request.text == "Hi" && request.width == 500 && request.height == 700 && request.inset == 20)
        #expect(request.size == 11 && request.font == "DejaVu Sans" && request.columns == 2 && request.gutter == 10)
        #expect(request.align == .justified && request.breaking == .optimal && request.lineHeight == 1.2)
        #expect(request.hyphenate == true && request.language == "en-US")
        #expect(request.exclusions.count == 2)
        let area = request.exclusions[0]
        #expect(area.exclusion.margin == 2 && area.exclusion.wrapSide == .left && area.exclusion.fillRule == .evenOdd)
        #expect(area.strokeWidth == nil && area.pathData == "M0 0h10v10h-10z")
        let band = request.exclusions[1]
        #expect(band.strokeWidth == 8)
        // The band along a 100 pt line, 8 pt wide with round caps.
        #expect(abs(band.exclusion.bounds.height - 8) < 0.01 && abs(band.exclusion.bounds.width - 108) < 0.01)
    }

    @Test func missingOptionsAreLeftToTheCommand() throws {
        let request = try read("{\"text\": \"\"}")
        #expect(request == LayoutRequest(text: ""))
    }

    @Test(arguments: [
        ("{\"text\": 1}", "$.text", "expected a string"),
        ("{\"text\": \"x\", \"width\": 0}", "$.width", "greater than 0"),
        ("{\"text\": \"x\", \"columns\": 1.5}", "$.columns", "whole number"),
        ("{\"text\": \"x\", \"hyphenate\": 1}", "$.hyphenate", "true or false"),
        ("{\"text\": \"x\", \"font\": \"\"}", "$.font", "1 to 200 characters"),
        ("{\"text\": \"x\", \"exclusions\": {}}", "$.exclusions", "expected an array"),
        ("{\"text\": \"x\", \"exclusions\": [{\"path\": \"M 0 0 L 1e9 0\"}]}", "$.exclusions[0].path", "beyond"),
        ("{\"text\": \"x\", \"exclusions\": [{\"path\": \"M 0 0\", \"stroke\": 0}]}", "$.exclusions[0].stroke", "greater than 0"),
        ("{\"text\": \"x\", \"exclusions\": [{\"path\": \"M 0 0\", \"wrap\": \"up\"}]}", "$.exclusions[0].wrap", "unknown value"),
        ("{\"text\": \"x\"", "line 1, column 13", "malformed JSON"),
    ])
    func errorsNameThePlace(json: String, place: String, message: String) throws {
        let failure = try #require(error(json))
        #expect(failure.place == place, "\(failure)")
        #expect(failure.message.contains(message), "\(failure)")
    }

    @Test func limits() throws {
        let reader = LayoutRequestReader(maximumExclusions: 2, maximumPathSegments: 5, maximumTextLength: 3)
        let three = "{\"text\": \"x\", \"exclusions\": [{\"path\": \"M0 0\"}, {\"path\": \"M0 0\"}, {\"path\": \"M0 0\"}]}"
        #expect(error(three, reader)?.message.contains("limit of 2 exclusions") == true)
        let segments = "{\"text\": \"x\", \"exclusions\": [{\"path\": \"M0 0 L1 1 L2 2\"}, {\"path\": \"M0 0 L1 1 L2 2\"}]}"
        let overSegments = try #require(error(segments, reader))
        #expect(overSegments.place.hasPrefix("$.exclusions[1].path: column"), "\(overSegments)")
        #expect(overSegments.message.contains("all exclusions together may have at most 5"), "\(overSegments)")
        #expect(error("{\"text\": \"abcd\"}", reader)?.place == "$.text")
        #expect(error("{\"text\": \"abc\"}", reader) == nil)
    }
}
