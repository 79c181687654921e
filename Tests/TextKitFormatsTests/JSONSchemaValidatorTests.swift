import Foundation
import JSONSchemaValidation
import Testing

/// A schema with instances it must accept and instances it must reject (for the keyword named).
struct JSONSchemaKeywordCase: CustomTestStringConvertible, Sendable {
    var name: String
    var schema: String
    var valid: [String]
    var invalid: [String]
    /// The keyword every rejection must name.
    var keyword: String

    var testDescription: String { name }
}

@Suite("JSON Schema validator")
struct JSONSchemaValidatorTests {
    static let keywordCases: [JSONSchemaKeywordCase] = [
        .init(name: "type integer", schema: #"{"type": "integer"}"#,
              valid: ["0", "-3", "12", "2.0", "1e3"], invalid: ["1.5", "true", "false", #""1""#, "null", "[]", "{}"],
              keyword: "type"),
        .init(name: "type number", schema: #"{"type": "number"}"#,
              valid: ["0", "1.5", "-2e-3"], invalid: ["true", #""1""#, "null"], keyword: "type"),
        .init(name: "type boolean (0 and 1 are not booleans)", schema: #"{"type": "boolean"}"#,
              valid: ["true", "false"], invalid: ["0", "1", #""true""#, "null"], keyword: "type"),
        .init(name: "type null", schema: #"{"type": "null"}"#,
              valid: ["null"], invalid: ["0", "false", #""""#], keyword: "type"),
        .init(name: "type string", schema: #"{"type": "string"}"#,
              valid: [#""""#, #""x""#], invalid: ["1", "null"], keyword: "type"),
        .init(name: "type array", schema: #"{"type": "array"}"#,
              valid: ["[]", "[1]"], invalid: ["{}", #""[]""#], keyword: "type"),
        .init(name: "type object", schema: #"{"type": "object"}"#,
              valid: ["{}"], invalid: ["[]", "null"], keyword: "type"),
        .init(name: "type array of names", schema: #"{"type": ["object", "null"]}"#,
              valid: ["null", "{}"], invalid: ["0", "[]", "false"], keyword: "type"),
        .init(name: "const number", schema: #"{"const": 1}"#,
              valid: ["1", "1.0"], invalid: ["2", "true", #""1""#], keyword: "const"),
        .init(name: "const string", schema: #"{"const": "pt"}"#,
              valid: [#""pt""#], invalid: [#""px""#, #""PT""#], keyword: "const"),
        .init(name: "const array", schema: #"{"const": ["a", "b"]}"#,
              valid: [#"["a", "b"]"#], invalid: [#"["b", "a"]"#, #"["a"]"#, #"["a", "b", "c"]"#], keyword: "const"),
        .init(name: "const object", schema: #"{"const": {"a": 1}}"#,
              valid: [#"{"a": 1.0}"#], invalid: [#"{"a": 1, "b": 2}"#, #"{"a": "1"}"#, "{}"], keyword: "const"),
        .init(name: "const false", schema: #"{"const": false}"#,
              valid: ["false"], invalid: ["0", "null"], keyword: "const"),
        .init(name: "enum strings", schema: #"{"enum": ["nonzero", "evenodd"]}"#,
              valid: [#""nonzero""#, #""evenodd""#], invalid: [#""winding""#, "null"], keyword: "enum"),
        .init(name: "enum mixed", schema: #"{"enum": [0, null]}"#,
              valid: ["0", "null"], invalid: ["false", "1"], keyword: "enum"),
        .init(name: "properties", schema: #"{"properties": {"a": {"type": "integer"}}}"#,
              valid: ["{}", #"{"a": 1}"#, #"{"b": "x"}"#, "5"], invalid: [#"{"a": "x"}"#], keyword: "type"),
        .init(name: "required", schema: #"{"required": ["a", "b"]}"#,
              valid: [#"{"a": 1, "b": null}"#, "[]"], invalid: [#"{"a": 1}"#, "{}"], keyword: "required"),
        .init(name: "additionalProperties false",
              schema: #"{"properties": {"a": {}}, "additionalProperties": false}"#,
              valid: [#"{"a": 1}"#, "{}", "[1]"], invalid: [#"{"b": 1}"#, #"{"a": 1, "A": 2}"#],
              keyword: "additionalProperties"),
        .init(name: "additionalProperties schema",
              schema: #"{"properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "string"}}"#,
              valid: [#"{"a": 1, "x": "s"}"#], invalid: [#"{"x": 1}"#], keyword: "type"),
        .init(name: "prefixItems", schema: #"{"prefixItems": [{"type": "integer"}, {"type": "string"}]}"#,
              valid: [#"[1, "a"]"#, "[1]", "[]", #"[1, "a", true]"#, "{}"], invalid: [#"["a", 1]"#, "[1, 2]"],
              keyword: "type"),
        .init(name: "items", schema: #"{"items": {"type": "integer"}}"#,
              valid: ["[]", "[1, 2]"], invalid: [#"[1, "2"]"#, "[1.5]"], keyword: "type"),
        .init(name: "items false after prefixItems", schema: #"{"prefixItems": [{}], "items": false}"#,
              valid: ["[1]", "[]"], invalid: ["[1, 2]", "[[], [], []]"], keyword: "items"),
        .init(name: "minItems", schema: #"{"minItems": 2}"#,
              valid: ["[1, 2]", "[1, 2, 3]", #""ab""#], invalid: ["[]", "[1]"], keyword: "minItems"),
        .init(name: "maxItems", schema: #"{"maxItems": 1}"#,
              valid: ["[]", "[1]"], invalid: ["[1, 2]"], keyword: "maxItems"),
        .init(name: "minimum", schema: #"{"minimum": 0}"#,
              valid: ["0", "0.5", "10", #""x""#, "false"], invalid: ["-1", "-0.001"], keyword: "minimum"),
        .init(name: "maximum", schema: #"{"maximum": 10}"#,
              valid: ["10", "-5"], invalid: ["10.001", "11"], keyword: "maximum"),
        .init(name: "exclusiveMinimum", schema: #"{"exclusiveMinimum": 0}"#,
              valid: ["0.001", "1"], invalid: ["0", "-1"], keyword: "exclusiveMinimum"),
        .init(name: "minLength counts code points", schema: #"{"minLength": 2}"#,
              valid: [#""ab""#, #""é€""#, "3"], invalid: [#""""#, #""a""#, #""😀""#], keyword: "minLength"),
        .init(name: "pattern anchored", schema: #"{"pattern": "^[0-9a-f]{4}$"}"#,
              valid: [#""00af""#, "12"], invalid: [#""00AF""#, #""00af0""#, #""""#], keyword: "pattern"),
        .init(name: "pattern unanchored", schema: #"{"pattern": "b"}"#,
              valid: [#""abc""#], invalid: [#""xyz""#], keyword: "pattern"),
        .init(name: "$ref", schema: ##"{"$defs": {"n": {"type": "integer"}}, "properties": {"a": {"$ref": "#/$defs/n"}}}"##,
              valid: [#"{"a": 1}"#], invalid: [#"{"a": "x"}"#], keyword: "type"),
        .init(name: "$ref recursive",
              schema: ##"{"$defs": {"tree": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}, "$ref": "#/$defs/tree"}"##,
              valid: ["[]", "[[], [[]]]"], invalid: ["[[1]]", "{}"], keyword: "type"),
        .init(name: "$ref with a sibling", schema: ##"{"$defs": {"n": {"type": "number"}}, "$ref": "#/$defs/n", "minimum": 1}"##,
              valid: ["1", "2.5"], invalid: ["0.5"], keyword: "minimum"),
        .init(name: "oneOf", schema: #"{"oneOf": [{"type": "null"}, {"type": "integer"}]}"#,
              valid: ["null", "3"], invalid: [#""x""#, "1.5"], keyword: "oneOf"),
        .init(name: "oneOf overlapping", schema: #"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#,
              valid: ["1.5"], invalid: ["2", #""x""#], keyword: "oneOf"),
        .init(name: "anyOf", schema: #"{"anyOf": [{"type": "number"}, {"type": "integer"}]}"#,
              valid: ["2", "1.5"], invalid: [#""x""#, "null"], keyword: "anyOf"),
        .init(name: "schema false", schema: "false",
              valid: [], invalid: ["null", "0", "{}"], keyword: "false"),
        .init(name: "schema true and annotations",
              schema: #"{"description": "d", "title": "t", "$comment": "c", "properties": {"a": true}}"#,
              valid: ["null", #"{"a": [1, {}]}"#], invalid: [], keyword: ""),
    ]

    @Test(arguments: keywordCases)
    func keywordAcceptsAndRejects(_ example: JSONSchemaKeywordCase) throws {
        let validator = try JSONSchemaValidator(schema: JSONValue(parsing: example.schema))
        for text in example.valid {
            let violations = validator.validate(try JSONValue(parsing: text))
            #expect(violations.isEmpty, "\(text) should be valid: \(violations)")
        }
        for text in example.invalid {
            let violations = validator.validate(try JSONValue(parsing: text))
            #expect(!violations.isEmpty, "\(text) should be invalid")
            #expect(violations.allSatisfy { $0.keyword == example.keyword }, "\(text): \(violations)")
        }
    }

    static let unsupportedSchemas: [(schema: String, pointer: String)] = [
        (#"{"format": "uri"}"#, "#/format"),
        (#"{"allOf": [true]}"#, "#/allOf"),
        (#"{"uniqueItems": true}"#, "#/uniqueItems"),
        (#"{"patternProperties": {}}"#, "#/patternProperties"),
        (#"{"properties": {"a": {"minProperties": 1}}}"#, "#/properties/a/minProperties"),
        (#"{"$defs": {"x": {"exclusiveMaximum": 3}}}"#, "#/$defs/x/exclusiveMaximum"),
        (#"{"items": {"prefixItems": [{"maxLength": 2}]}}"#, "#/items/prefixItems/0/maxLength"),
        (#"{"$ref": "other.json#/x"}"#, "#/$ref"),
        (##"{"$ref": "#/$defs/missing"}"##, "#/$ref"),
        (##"{"$defs": {"a": {}}, "$ref": "#/definitions/a"}"##, "#/$ref"),
        (#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#, "#/$schema"),
        (#"{"items": {"$schema": "https://json-schema.org/draft/2020-12/schema"}}"#, "#/items/$schema"),
        (#"{"properties": {"a": {"$defs": {}}}}"#, "#/properties/a/$defs"),
        (#"{"type": "float"}"#, "#/type"),
        (#"{"type": ["string", "string"]}"#, "#/type"),
        (#"{"required": "a"}"#, "#/required"),
        (#"{"minItems": -1}"#, "#/minItems"),
        (#"{"minItems": 1.5}"#, "#/minItems"),
        (#"{"pattern": "("}"#, "#/pattern"),
        (#"{"enum": []}"#, "#/enum"),
        (#"{"description": 3}"#, "#/description"),
        ("5", "#"),
    ]

    @Test(arguments: unsupportedSchemas)
    func unsupportedOrMalformedSchemasAreRejected(_ schema: String, _ pointer: String) throws {
        let value = try JSONValue(parsing: schema)
        let error = #expect(throws: JSONSchemaError.self) { try JSONSchemaValidator(schema: value) }
        #expect(error?.schemaPath == pointer, "\(error.map(String.init(describing:)) ?? "no error")")
    }

    @Test func violationsNameTheirJSONPath() throws {
        let schema = #"""
            {"type": "object", "properties": {"pages": {"type": "array", "items": {
              "type": "object", "additionalProperties": false, "required": ["width"],
              "properties": {"width": {"type": "number"}, "odd key": {"type": "string"},
                             "rect": {"prefixItems": [{"type": "number"}, {"minimum": 0}]}}}}}}
            """#
        let instance = #"""
            {"pages": [{"width": 1}, {"width": "wide", "odd key": 2, "extra": 0, "rect": [0, -1]}, {}]}
            """#
        let validator = try JSONSchemaValidator(schema: JSONValue(parsing: schema))
        let violations = validator.validate(try JSONValue(parsing: instance))
        #expect(Set(violations.map(\.path)) == [
            "$.pages[1].width", #"$.pages[1]["odd key"]"#, "$.pages[1].extra", "$.pages[1].rect[1]", "$.pages[2]",
        ])
        #expect(violations.count == 5)
        let missing = try #require(violations.first { $0.path == "$.pages[2]" })
        #expect(missing.keyword == "required")
        #expect(missing.description.contains("\"width\""))
    }

    @Test func parsedValuesTellBooleansIntegersAndDoublesApart() throws {
        let value = try JSONValue(parsing: #"[true, false, 0, 1, -7, 2.5, 3.0, "s", null, {"k": [1]}]"#)
        guard case .array(let items) = value else { Issue.record("not an array"); return }
        let kinds = items.map { item -> String in
            switch item {
            case .null: "null"
            case .bool(let flag): "bool \(flag)"
            case .integer(let number): "integer \(number)"
            case .double(let number): "double \(number)"
            case .string(let text): "string \(text)"
            case .array: "array"
            case .object: "object"
            }
        }
        #expect(kinds == ["bool true", "bool false", "integer 0", "integer 1", "integer -7", "double 2.5",
                          "double 3.0", "string s", "null", "object"])
        #expect(JSONValue.integer(1) != .bool(true))
        #expect(JSONValue.integer(3) == .double(3))
        #expect(JSONValue.double(3).isInteger && !JSONValue.double(2.5).isInteger && !JSONValue.bool(false).isInteger)
    }
}
