import Foundation
import JSONSchemaValidation
import TestFixtures
import Testing
import TextKit
import TextKitFormats

/// A file of `Fixtures/styled/malformed/`, the reader's exact complaint, and whether the schema
/// can see the problem too.
struct MalformedStyledFixture: Sendable, CustomTestStringConvertible {
    var name: String
    var place: String
    var message: String
    /// False for what no schema can judge: syntax, offsets against the text, key names.
    var schemaRejects: Bool

    var testDescription: String { name }

    static let attributeKeys = "attachment, background, baselineOffset, color, features, font, language, link, paragraph, "
        + "strikethrough, superscript, tracking, underline"

    static let all: [MalformedStyledFixture] = [
        .init(name: "trailing-comma", place: "line 4, column 1",
              message: "malformed JSON: expected a key in double quotes, found '}'", schemaRejects: false),
        .init(name: "unclosed-object", place: "line 4, column 1",
              message: "malformed JSON: expected ',' or '}' after a member, found the end of the input", schemaRejects: false),
        .init(name: "control-character", place: "line 1, column 26",
              message: "malformed JSON: unescaped control character U+0009 in a string", schemaRejects: false),
        .init(name: "not-an-object", place: "$", message: "expected an object, found an array", schemaRejects: true),
        .init(name: "missing-version", place: "$", message: "missing key 'version'", schemaRejects: true),
        .init(name: "version-2", place: "$.version", message: "unsupported version (this reader knows 1)", schemaRejects: true),
        .init(name: "text-not-string", place: "$.text", message: "expected a string, found 42", schemaRejects: true),
        .init(name: "unknown-key", place: "$.runs[0].attributes",
              message: "unknown key 'colour' (expected one of: \(attributeKeys))", schemaRejects: true),
        .init(name: "empty-range-unknown-key", place: "$.runs[0].attributes",
              message: "unknown key 'bold' (expected one of: \(attributeKeys))", schemaRejects: true),
        .init(name: "range-out-of-bounds", place: "$.runs[2].range[1]",
              message: "expected a whole number in 4…20, found 21", schemaRejects: false),
        .init(name: "range-reversed", place: "$.runs[0].range[1]",
              message: "expected a whole number in 9…20, found 5", schemaRejects: false),
        .init(name: "range-fractional", place: "$.runs[0].range[1]", message: "expected a whole number, found 2.5",
              schemaRejects: true),
        .init(name: "range-three-numbers", place: "$.runs[0].range", message: "expected [start, end]", schemaRejects: true),
        .init(name: "runs-not-array", place: "$.runs", message: "expected an array, found an object", schemaRejects: true),
        .init(name: "paragraph-without-style", place: "$.paragraphs[0]", message: "missing key 'style'", schemaRejects: true),
        .init(name: "italic-number", place: "$.attributes.font.italic", message: "expected true or false, found 1",
              schemaRejects: true),
        .init(name: "size-boolean", place: "$.runs[0].attributes.font.size", message: "expected a number, found true",
              schemaRejects: true),
        .init(name: "size-zero", place: "$.attributes.font.size", message: "expected a number in 0.01…100000, found 0",
              schemaRejects: true),
        .init(name: "short-colour", place: "$.runs[0].attributes.color",
              message: "expected a colour as #rrggbb or #rrggbbaa, found '#c00'", schemaRejects: true),
        .init(name: "feature-tag", place: "$.attributes.features",
              message: "'ligatures' is not a four-letter OpenType feature tag", schemaRejects: false),
        .init(name: "feature-boolean", place: "$.attributes.features.liga", message: "expected a number, found false",
              schemaRejects: true),
        .init(name: "attachment-negative-width", place: "$.runs[0].attributes.attachment.width",
              message: "expected a number in 0…100000, found -5", schemaRejects: true),
        .init(name: "attachment-without-height", place: "$.runs[0].attributes.attachment", message: "missing key 'height'",
              schemaRejects: true),
        .init(name: "unknown-alignment", place: "$.paragraphs[0].style.alignment", message: "unknown value 'justify'",
              schemaRejects: true),
    ]

    var path: String { Fixtures.path("Fixtures/styled/malformed/\(name).json") }
}

/// Every valid fixture under `Fixtures/styled/` (the malformed folder excluded).
enum StyledFixture {
    static var all: [String] {
        let folder = Fixtures.path("Fixtures/styled")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(relative))))
    }
}

@Suite("Styled input against docs/styled-input.schema.json")
struct StyledInputSchemaTests {
    static func schema() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(contentsOfFile: Fixtures.path("docs/styled-input.schema.json"))
    }

    @Test func thereAreFixtures() {
        #expect(StyledFixture.all.count >= 4)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Fixtures/styled/malformed"))) ?? []
        #expect(Set(files) == Set(MalformedStyledFixture.all.map { "\($0.name).json" }), "every malformed file has a case")
    }

    @Test(arguments: StyledFixture.all)
    func fixtureIsValidAndReadable(_ name: String) throws {
        let bytes = try StyledFixture.bytes("Fixtures/styled/\(name)")
        let violations = try Self.schema().validate(data: Data(bytes))
        #expect(violations.isEmpty, "\(violations)")
        let text = try StyledTextReader().read(bytes, file: name, defaults: TextAttributes())
        #expect(text.runs.last?.range.upperBound == text.length)
    }

    @Test(arguments: MalformedStyledFixture.all)
    func malformedFixtureIsRejectedByTheReader(_ fixture: MalformedStyledFixture) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        #expect(throws: StyledTextError(file: "\(fixture.name).json", place: fixture.place, message: fixture.message)) {
            _ = try StyledTextReader().read(bytes, file: "\(fixture.name).json", defaults: TextAttributes())
        }
    }

    @Test(arguments: MalformedStyledFixture.all.filter(\.schemaRejects))
    func schemaLevelErrorIsRejectedByTheSchema(_ fixture: MalformedStyledFixture) throws {
        let violations = try Self.schema().validate(data: Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        #expect(!violations.isEmpty)
        // The schema points at the same value as the reader (or, for a key, inside its object).
        #expect(violations.contains { $0.path == fixture.place || $0.path.hasPrefix(fixture.place + ".") || $0.path.hasPrefix(fixture.place + "[") },
                "\(violations)")
    }

    /// The ones the schema cannot judge are at least valid JSON to it where they parse.
    @Test(arguments: MalformedStyledFixture.all.filter { !$0.schemaRejects && !$0.place.hasPrefix("line") })
    func textDependentErrorPassesTheSchema(_ fixture: MalformedStyledFixture) throws {
        let violations = try Self.schema().validate(data: Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func guideQuotesEveryMessage() throws {
        let guide = try String(contentsOfFile: Fixtures.path("docs/styled-input.md"), encoding: .utf8)
        for fixture in MalformedStyledFixture.all {
            #expect(guide.contains("`\(fixture.place): \(fixture.message)`"), "\(fixture.name) is not in the guide")
        }
    }

    /// Every ```json block of the guide and of the README is a valid document.
    @Test(arguments: ["docs/styled-input.md", "README.md"])
    func guideExamplesAreValid(_ file: String) throws {
        let guide = try String(contentsOfFile: Fixtures.path(file), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty)
        for block in blocks {
            #expect(try Self.schema().validate(JSONValue(parsing: block)).isEmpty)
            _ = try StyledTextReader().read(Array(block.utf8), file: "guide", defaults: TextAttributes())
        }
    }

    /// Schema and reader know the same keys: each key the schema lists is accepted by the reader,
    /// and a key the schema lacks is refused by both.
    @Test func schemaAndReaderAgreeOnKeys() throws {
        let schema = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("docs/styled-input.schema.json"))))
        func keys(_ definition: String) -> [String] {
            guard case .object(let properties)? = schema["$defs"]?[definition]?["properties"] else { return [] }
            return properties.keys.sorted()
        }
        /// The keys the reader lists when it meets an unknown one in `document`.
        func readerKeys(_ document: String) -> [String] {
            do {
                _ = try StyledTextReader().read(Array(document.utf8), file: "keys", defaults: TextAttributes())
            } catch {
                let list = error.message.components(separatedBy: "expected one of: ").last ?? ""
                return list.dropLast().components(separatedBy: ", ")
            }
            return []
        }
        let document = #"{"version": 1, "text": "", "attributes": X}"#
        #expect(keys("attributes") == readerKeys(document.replacingOccurrences(of: "X", with: #"{"?": 1}"#)))
        #expect(keys("font") == readerKeys(document.replacingOccurrences(of: "X", with: #"{"font": {"?": 1}}"#)))
        #expect(keys("paragraphStyle") == readerKeys(document.replacingOccurrences(of: "X", with: #"{"paragraph": {"?": 1}}"#)))
        #expect(keys("run") == readerKeys(#"{"version": 1, "text": "", "runs": [{"?": 1}]}"#))
        #expect(keys("paragraph") == readerKeys(#"{"version": 1, "text": "", "paragraphs": [{"?": 1}]}"#))
        #expect(keys("decoration").isEmpty && keys("font").count == 6)
        if case .object(let top)? = schema["properties"] {
            #expect(top.keys.sorted() == readerKeys(#"{"?": 1}"#))
        }
        for definition in ["attributes", "font", "paragraphStyle", "run", "paragraph"] {
            #expect(schema["$defs"]?[definition]?["additionalProperties"] == .bool(false), "\(definition) is open")
            #expect(schema["$defs"]?[definition]?["description"] != nil)
        }
        #expect(schema["additionalProperties"] == .bool(false))
    }
}
