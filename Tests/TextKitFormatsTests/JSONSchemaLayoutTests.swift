import Foundation
import JSONSchemaValidation
import TestFixtures
import Testing
import TextKit
import TextKitFormats

/// Layouts written with `LayoutJSONWriter`, to check against `docs/layout.schema.json`.
enum SchemaSample: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case emptyText, proseOnAutoPages, proseAroundExclusions, twoColumns, fixedPageWithOverflow, twoFontSizes, attachments,
         truncatedLine, missingGlyphs

    var testDescription: String { rawValue }

    /// The layout's JSON, as the writer produces it.
    func json(pretty: Bool) throws -> Data {
        let output = try Self.outputs[self]!.get()
        return pretty ? output.pretty : output.compact
    }

    // MARK: - Internals

    private struct Output: Sendable {
        var compact: Data
        var pretty: Data
    }

    /// Every sample laid out once per test process, written both ways.
    private static let outputs: [SchemaSample: Result<Output, any Error>] =
        Dictionary(uniqueKeysWithValues: allCases.map { sample in (sample, Result { try sample.write() }) })

    private func write() throws -> Output {
        let prose = try Fixtures.text("prose.txt")
        var setup = PageSetup()
        var warnings: [String] = []
        var details: [LayoutWarning] = []
        let result: (manager: LayoutManager, paged: PagedLayout, snapshot: LayoutSnapshot)
        switch self {
        case .emptyText:
            let (_, manager, paged, snapshot) = Fixtures.paged("")
            result = (manager, paged, snapshot)
        case .proseOnAutoPages:
            let (_, manager, paged, snapshot) = Fixtures.paged(String(repeating: prose, count: 8))
            result = (manager, paged, snapshot)
        case .proseAroundExclusions:
            var wedge = BezierPath(fillRule: .evenOdd)
            wedge.move(to: Point(x: 80, y: 400))
            wedge.addQuadCurve(to: Point(x: 200, y: 460), control: Point(x: 180, y: 380))
            wedge.addLine(to: Point(x: 90, y: 470))
            wedge.close()
            setup.exclusionPaths = [BezierPath(ovalIn: Rect(x: 256, y: 200, width: 100, height: 100)), wedge]
            setup.lineFragmentPadding = 4
            let (_, manager, paged, snapshot) = Fixtures.paged(String(repeating: prose, count: 2), setup: setup,
                                                               attributes: Fixtures.attributes(alignment: .justified))
            result = (manager, paged, snapshot)
        case .twoColumns:
            setup.columns = 2
            let (_, manager, paged, snapshot) = Fixtures.paged(String(repeating: prose, count: 4), setup: setup)
            result = (manager, paged, snapshot)
        case .fixedPageWithOverflow:
            let (_, manager, paged, snapshot) = Fixtures.paged(String(repeating: prose, count: 8), count: .fixed(1))
            result = (manager, paged, snapshot)
            warnings = manager.warnings.map(\.message)
        case .twoFontSizes:
            let (storage, manager) = Fixtures.layout(prose)
            storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 20), for: \.font, range: 0..<40)
            let paged = manager.layOutPages(setup, count: .automatic(maximum: 10))
            result = (manager, paged, manager.snapshot())
        case .attachments:
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/styled/attachments.json"))))
            let text = try StyledTextReader().read(bytes, file: "attachments.json", defaults: Fixtures.attributes())
            let storage = TextStorage(attributedText: text)
            let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
            storage.addLayoutManager(manager)
            let paged = manager.layOutPages(setup, count: .automatic(maximum: 10))
            result = (manager, paged, manager.snapshot())
        case .truncatedLine:
            setup.pageSize = Size(width: 150, height: 500)
            setup.margins = EdgeInsets(all: 0)
            let text = "The first paragraph is long enough to need several lines in a narrow container.\nA second one follows."
            let (_, manager, paged, _) = Fixtures.paged(text, setup: setup, count: .fixed(1))
            manager.textContainers[0].maximumNumberOfLines = 2
            manager.textContainers[0].lineBreakMode = .truncatingMiddle
            result = (manager, paged, manager.snapshot())
        case .missingGlyphs:
            // U+10FFFD (private use) is in no font: one missingGlyph warning with its details,
            // after an overflow warning without any.
            let (_, manager, paged, snapshot) = Fixtures.paged("\u{10FFFD}" + String(repeating: prose, count: 8),
                                                               count: .fixed(1))
            result = (manager, paged, snapshot)
            details = manager.warnings
        }
        func written(pretty: Bool) throws -> Data {
            var bytes: [UInt8] = []
            let writer = details.isEmpty ? LayoutJSONWriter(pretty: pretty, warnings: warnings)
                : LayoutJSONWriter(pretty: pretty, layoutWarnings: details)
            try writer
                .write(result.snapshot, pages: result.paged.pages, placements: result.paged.placements) { bytes += $0 }
            return Data(bytes)
        }
        return Output(compact: try written(pretty: false), pretty: try written(pretty: true))
    }
}

/// One step into a JSON value.
enum JSONStep: Sendable {
    case key(String)
    case index(Int)
}

/// A change that breaks a valid layout, and where the validator must say so.
struct SchemaMutation: Sendable, CustomTestStringConvertible {
    var name: String
    var at: [JSONStep]
    /// Sets, changes or (with nil) removes the value at `at`.
    var change: @Sendable (inout JSONValue?) -> Void
    var path: String
    var keyword: String

    var testDescription: String { name }
}

@Suite("Layout JSON against docs/layout.schema.json")
struct JSONSchemaLayoutTests {
    static func schema() throws -> JSONSchemaValidator {
        try JSONSchemaValidator(contentsOfFile: Fixtures.path("docs/layout.schema.json"))
    }

    @Test(arguments: SchemaSample.allCases, [false, true])
    func writerOutputIsValid(_ sample: SchemaSample, pretty: Bool) throws {
        let violations = try Self.schema().validate(data: sample.json(pretty: pretty))
        #expect(violations.isEmpty, "\(violations.prefix(10))")
    }

    @Test(arguments: SchemaSample.allCases)
    func prettyAndCompactOutputsAreTheSameJSON(_ sample: SchemaSample) throws {
        let compact = try sample.json(pretty: false), pretty = try sample.json(pretty: true)
        #expect(compact.count < pretty.count)
        #expect(try JSONValue(parsing: compact) == JSONValue(parsing: pretty))
    }

    @Test func samplesCoverWhatTheSchemaDescribes() throws {
        let overflowing = try JSONValue(parsing: SchemaSample.fixedPageWithOverflow.json(pretty: false))
        #expect(overflowing["overflow"]?["end"] == overflowing["textLength"])
        #expect(overflowing["warnings"]?[0] != nil)
        let excluded = try JSONValue(parsing: SchemaSample.proseAroundExclusions.json(pretty: false))
        let exclusions = excluded["pages"]?[0]?["containers"]?[0]?["exclusions"]
        #expect(exclusions?[1]?["fillRule"] == .string("evenodd"))
        #expect(exclusions?[1]?["d"].map { "\($0)".contains("Q") } == true)
        let fonts = try JSONValue(parsing: SchemaSample.twoFontSizes.json(pretty: false))["fonts"]
        #expect(fonts?[1] != nil)
        let columns = try JSONValue(parsing: SchemaSample.twoColumns.json(pretty: false))
        #expect(columns["pages"]?[0]?["containers"]?[1] != nil)
        let attached = try JSONValue(parsing: SchemaSample.attachments.json(pretty: false))
        let attachments = (attached["pages"]?[0]?["containers"]?[0]?["lines"]?.items ?? []).flatMap { line in
            (line["fragments"]?.items ?? []).flatMap { $0["attachments"]?.items ?? [] }
        }
        #expect(attachments.map { $0["id"] } == [.string("icon.png"), .string("figure-1.png"), .null])
        let truncated = try JSONValue(parsing: SchemaSample.truncatedLine.json(pretty: false))
        #expect(truncated["pages"]?[0]?["containers"]?[0]?["lines"]?[1]?["truncated"] != nil)
        let empty = try JSONValue(parsing: SchemaSample.emptyText.json(pretty: false))
        #expect(empty["fonts"] == .array([]) && empty["textLength"] == .integer(0))
    }

    /// What the schema cannot say: indices match positions, references resolve, ranges nest.
    @Test(arguments: SchemaSample.allCases)
    func crossReferencesHold(_ sample: SchemaSample) throws {
        let layout = try JSONValue(parsing: sample.json(pretty: false))
        guard case .array(let fonts)? = layout["fonts"], case .array(let pages)? = layout["pages"],
              case .integer(let length)? = layout["textLength"] else { Issue.record("not a layout"); return }
        for (index, font) in fonts.enumerated() { #expect(font["index"] == .integer(index)) }
        var nextContainer = 0
        for (pageIndex, page) in pages.enumerated() {
            #expect(page["index"] == .integer(pageIndex))
            for container in page["containers"]?.items ?? [] {
                #expect(container["index"] == .integer(nextContainer))
                nextContainer += 1
                for line in container["lines"]?.items ?? [] {
                    let lineRange = try #require(line["range"]?.range)
                    #expect(lineRange.lowerBound <= lineRange.upperBound && lineRange.upperBound <= length)
                    for fragment in line["fragments"]?.items ?? [] {
                        let range = try #require(fragment["range"]?.range)
                        #expect(lineRange.lowerBound <= range.lowerBound && range.upperBound <= lineRange.upperBound)
                        for glyph in fragment["glyphs"]?.items ?? [] {
                            guard case .integer(let font)? = glyph[1], case .integer(let character)? = glyph[5] else {
                                Issue.record("bad glyph \(glyph)"); continue
                            }
                            #expect(font < fonts.count && range.contains(character))
                        }
                        for attachment in fragment["attachments"]?.items ?? [] {
                            guard case .integer(let character)? = attachment["character"] else {
                                Issue.record("bad attachment \(attachment)"); continue
                            }
                            #expect(range.contains(character))
                        }
                    }
                }
            }
        }
    }

    static let mutations: [SchemaMutation] = {
        let font: [JSONStep] = [.key("fonts"), .index(0)]
        let container: [JSONStep] = [.key("pages"), .index(0), .key("containers"), .index(0)]
        let line = container + [.key("lines"), .index(0)]
        let fragment = line + [.key("fragments"), .index(0)]
        let glyph = fragment + [.key("glyphs"), .index(0)]
        let fragmentPath = "$.pages[0].containers[0].lines[0].fragments[0]"
        let glyphPath = fragmentPath + ".glyphs[0]"
        return [
            .init(name: "remove units", at: [.key("units")], change: { $0 = nil }, path: "$", keyword: "required"),
            .init(name: "remove usedRect", at: fragment + [.key("usedRect")], change: { $0 = nil },
                  path: fragmentPath, keyword: "required"),
            .init(name: "remove fileHash", at: font + [.key("fileHash")], change: { $0 = nil },
                  path: "$.fonts[0]", keyword: "required"),
            .init(name: "add a top-level key", at: [.key("extra")], change: { $0 = .bool(true) },
                  path: "$.extra", keyword: "additionalProperties"),
            .init(name: "add a font key", at: font + [.key("color")], change: { $0 = .string("red") },
                  path: "$.fonts[0].color", keyword: "additionalProperties"),
            .init(name: "add a line key", at: line + [.key("height")], change: { $0 = .integer(14) },
                  path: "$.pages[0].containers[0].lines[0].height", keyword: "additionalProperties"),
            .init(name: "textLength as a string", at: [.key("textLength")], change: { $0 = .string("1235") },
                  path: "$.textLength", keyword: "type"),
            .init(name: "textLength as a boolean", at: [.key("textLength")], change: { $0 = .bool(true) },
                  path: "$.textLength", keyword: "type"),
            .init(name: "baseline as a string", at: line + [.key("baseline")], change: { $0 = .string("83") },
                  path: "$.pages[0].containers[0].lines[0].baseline", keyword: "type"),
            .init(name: "fractional glyph id", at: glyph + [.index(0)], change: { $0 = .double(3.5) },
                  path: glyphPath + "[0]", keyword: "type"),
            .init(name: "version 2", at: [.key("version")], change: { $0 = .integer(2) },
                  path: "$.version", keyword: "const"),
            .init(name: "units px", at: [.key("units")], change: { $0 = .string("px") },
                  path: "$.units", keyword: "const"),
            .init(name: "glyphFields missing a name", at: [.key("glyphFields"), .index(0)], change: { $0 = nil },
                  path: "$.glyphFields", keyword: "const"),
            .init(name: "5-item glyph row", at: glyph + [.index(5)], change: { $0 = nil },
                  path: glyphPath, keyword: "minItems"),
            .init(name: "7-item glyph row", at: glyph + [.index(6)], change: { $0 = .integer(0) },
                  path: glyphPath + "[6]", keyword: "items"),
            .init(name: "negative character", at: glyph + [.index(5)], change: { $0 = .integer(-1) },
                  path: glyphPath + "[5]", keyword: "minimum"),
            .init(name: "negative width", at: fragment + [.key("usedRect"), .index(2)], change: { $0 = .double(-0.5) },
                  path: fragmentPath + ".usedRect[2]", keyword: "minimum"),
            .init(name: "3-item range", at: line + [.key("range"), .index(2)], change: { $0 = .integer(9) },
                  path: "$.pages[0].containers[0].lines[0].range[2]", keyword: "items"),
            .init(name: "overflow as a string", at: [.key("overflow")], change: { $0 = .string("none") },
                  path: "$.overflow", keyword: "oneOf"),
            .init(name: "overflow without end", at: [.key("overflow")], change: { $0 = .object(["start": .integer(1)]) },
                  path: "$.overflow", keyword: "oneOf"),
            .init(name: "unknown fill rule", at: container + [.key("exclusions"), .index(0), .key("fillRule")],
                  change: { $0 = .string("winding") },
                  path: "$.pages[0].containers[0].exclusions[0].fillRule", keyword: "enum"),
            .init(name: "arc in path data", at: container + [.key("exclusions"), .index(0), .key("d")],
                  change: { $0 = .string("M 0 0 A 5 5 0 0 1 10 10 Z") },
                  path: "$.pages[0].containers[0].exclusions[0].d", keyword: "pattern"),
            .init(name: "uppercase fileHash", at: font + [.key("fileHash")], change: { $0 = .string("6B64279F1CB163F7") },
                  path: "$.fonts[0].fileHash", keyword: "pattern"),
            .init(name: "number in warnings", at: [.key("warnings")], change: { $0 = .array([.integer(1)]) },
                  path: "$.warnings[0]", keyword: "type"),
        ]
    }()

    /// The layout every mutation starts from (valid, as `writerOutputIsValid` checks).
    static let mutationBase = try? JSONValue(parsing: SchemaSample.proseAroundExclusions.json(pretty: true))

    @Test(arguments: mutations)
    func mutatedOutputIsRejected(_ mutation: SchemaMutation) throws {
        var layout = try #require(Self.mutationBase)
        let schema = try Self.schema()
        layout.modify(at: mutation.at[...], mutation.change)
        let violations = schema.validate(layout)
        #expect(violations.contains { $0.path == mutation.path && $0.keyword == mutation.keyword }, "\(violations)")
    }

    /// Every ```json block of the format guide is a complete, valid layout.
    @Test func documentationExampleIsValid() throws {
        let guide = try String(contentsOfFile: Fixtures.path("docs/json-format.md"), encoding: .utf8)
        let blocks = guide.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(!blocks.isEmpty)
        let schema = try Self.schema()
        for block in blocks {
            let violations = schema.validate(try JSONValue(parsing: block))
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    /// The schema keeps its promises: closed objects, every key required, tuples of fixed length,
    /// a description on every definition, and every definition used.
    @Test func schemaIsStrictEverywhere() throws {
        let text = try String(contentsOfFile: Fixtures.path("docs/layout.schema.json"), encoding: .utf8)
        let schema = try JSONValue(parsing: text)
        guard case .object(let definitions)? = schema["$defs"] else { Issue.record("no $defs"); return }
        for name in ["rect", "range", "glyph", "line", "fragment", "attachment", "container", "page", "font", "exclusion"] {
            #expect(definitions[name] != nil, "missing $defs/\(name)")
        }
        for (name, definition) in definitions {
            #expect(definition["description"] != nil, "$defs/\(name) has no description")
            #expect(text.contains("\"#/$defs/\(name)\""), "$defs/\(name) is never used")
        }
        func visit(_ node: JSONValue, _ pointer: String) {
            switch node {
            case .object(let members):
                if case .object(let properties)? = members["properties"] {
                    #expect(members["additionalProperties"] == .bool(false), "\(pointer) is open")
                    let required = Set((members["required"]?.items ?? []).map { "\($0)" })
                    // The only optional keys: a line's "truncated", present only on truncated lines, a
                    // fragment's "attachments", present only on fragments with attachments, and the
                    // root's "warningDetails", present when the writer has the layout's warnings.
                    let optional: Set<String> = ["\"truncated\"", "\"attachments\"", "\"warningDetails\""]
                    #expect(required == Set(properties.keys.map(\.debugDescription)).subtracting(optional),
                            "\(pointer) has optional keys")
                }
                if case .array(let prefix)? = members["prefixItems"] {
                    #expect(members["items"] == .bool(false) && members["minItems"] == .integer(prefix.count),
                            "\(pointer) is not a fixed-length tuple")
                }
                for (key, member) in members { visit(member, "\(pointer)/\(key)") }
            case .array(let items):
                for (index, item) in items.enumerated() { visit(item, "\(pointer)/\(index)") }
            default: break
            }
        }
        visit(schema, "#")
    }
}

extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The item at `index` of an array.
    subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { items[index] } else { nil }
    }

    /// The items of an array.
    var items: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    /// A two-integer array as a range.
    var range: Range<Int>? {
        guard case .array(let bounds) = self, bounds.count == 2, case .integer(let start) = bounds[0],
              case .integer(let end) = bounds[1], start <= end else { return nil }
        return start..<end
    }

    /// Sets, changes or (when `change` leaves nil) removes the value at `steps`, which must exist
    /// up to the last step.
    mutating func modify(at steps: ArraySlice<JSONStep>, _ change: (inout JSONValue?) -> Void) {
        guard let step = steps.first else {
            var value: JSONValue? = self
            change(&value)
            self = value ?? .null
            return
        }
        let rest = steps.dropFirst()
        switch (self, step) {
        case (.object(var members), .key(let key)):
            if rest.isEmpty {
                change(&members[key])
            } else {
                members[key]!.modify(at: rest, change)
            }
            self = .object(members)
        case (.array(var items), .index(let index)):
            if rest.isEmpty {
                var value: JSONValue? = index < items.count ? items[index] : nil
                change(&value)
                switch (value, index < items.count) {
                case (let value?, true): items[index] = value
                case (let value?, false): items.append(value)
                case (nil, true): items.remove(at: index)
                case (nil, false): break
                }
            } else {
                items[index].modify(at: rest, change)
            }
            self = .array(items)
        default:
            preconditionFailure("cannot step \(step) into \(self)")
        }
    }
}
