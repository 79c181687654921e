import Foundation

/// A JSON Schema validator for the subset of draft 2020-12 that `docs/layout.schema.json` uses.
///
/// Supported keywords: `type` (a name or an array of names, "integer" included), `const`,
/// `enum`, `properties`, `required`, `additionalProperties`, `prefixItems`, `items`, `minItems`,
/// `maxItems`, `minimum`, `maximum`, `exclusiveMinimum`, `minLength`, `pattern`, `$ref` (only
/// `#/$defs/name`), `oneOf`, `anyOf`, boolean schemas, and the annotations `description`,
/// `title` and `$comment`. `$schema` (the 2020-12 dialect only) and `$defs` are allowed at the
/// root. Any other keyword is rejected when the schema is compiled, so a schema cannot rely on a
/// feature this validator would silently ignore.
///
/// `pattern` uses `NSRegularExpression` (ICU syntax), which agrees with ECMA-262 on the
/// patterns a schema needs (classes, groups, quantifiers, anchors). As the standard says,
/// patterns are not anchored implicitly.
package struct JSONSchemaValidator {
    /// The only `$schema` accepted.
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// Compiles `schema`.
    ///
    /// - Throws: ``JSONSchemaError`` for an unsupported keyword, a malformed keyword value or a
    ///   `$ref` that does not name an entry of the root's `$defs`.
    package init(schema: JSONValue) throws(JSONSchemaError) {
        var definitionNames: Set<String> = []
        if case .object(let members) = schema, let defs = members["$defs"] {
            guard case .object(let entries) = defs else { throw JSONSchemaError("#/$defs", "must be an object") }
            definitionNames = Set(entries.keys)
        }
        let compiler = Compiler(definitionNames: definitionNames)
        root = try compiler.compile(schema, at: "#", isRoot: true)
        var compiled: [String: Node] = [:]
        if case .object(let members) = schema, case .object(let entries)? = members["$defs"] {
            for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
                compiled[name] = try compiler.compile(value, at: "#/$defs/\(name)", isRoot: false)
            }
        }
        definitions = compiled
    }

    /// Reads and compiles the schema in the file at `path`.
    package init(contentsOfFile path: String) throws {
        try self.init(schema: JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Every way `instance` breaks the schema (empty when it is valid).
    package func validate(_ instance: JSONValue) -> [JSONSchemaViolation] {
        var violations: [JSONSchemaViolation] = []
        check(root, instance, path: "$", into: &violations)
        return violations
    }

    /// Parses `data` as JSON and validates it.
    package func validate(data: Data) throws -> [JSONSchemaViolation] {
        try validate(JSONValue(parsing: data))
    }

    // MARK: - Internals

    private let root: Node
    private let definitions: [String: Node]

    /// A compiled schema.
    fileprivate indirect enum Node {
        case always
        case never
        case rules([Rule])
    }

    /// One keyword of a compiled schema.
    fileprivate enum Rule {
        case type([String])
        case const(JSONValue)
        case enumeration([JSONValue])
        case properties([String: Node])
        case required([String])
        case additionalProperties(Node, declared: Set<String>)
        case prefixItems([Node])
        case items(Node, after: Int)
        case minItems(Int)
        case maxItems(Int)
        case minimum(Double)
        case maximum(Double)
        case exclusiveMinimum(Double)
        case minLength(Int)
        case pattern(String, NSRegularExpression)
        case ref(String)
        case oneOf([Node])
        case anyOf([Node])
    }

    private func check(_ node: Node, _ value: JSONValue, path: String, into violations: inout [JSONSchemaViolation]) {
        switch node {
        case .always: return
        case .never: violations.append(JSONSchemaViolation(path, "false", "no value is allowed here"))
        case .rules(let rules):
            for rule in rules { check(rule, value, path: path, into: &violations) }
        }
    }

    private func check(_ rule: Rule, _ value: JSONValue, path: String, into violations: inout [JSONSchemaViolation]) {
        func fail(_ keyword: String, _ message: String, at location: String = path) {
            violations.append(JSONSchemaViolation(location, keyword, message))
        }
        switch (rule, value) {
        case let (.type(names), _):
            let matches = names.contains { $0 == value.typeName || ($0 == "number" && value.isNumber) }
            if !matches { fail("type", "expected \(names.joined(separator: " or ")), found \(value.typeName) \(value)") }
        case let (.const(expected), _):
            if value != expected { fail("const", "expected \(expected), found \(value)") }
        case let (.enumeration(options), _):
            if !options.contains(value) { fail("enum", "expected one of \(JSONValue.array(options)), found \(value)") }
        case let (.properties(schemas), .object(members)):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let schema = schemas[key] { check(schema, member, path: Self.path(path, key: key), into: &violations) }
            }
        case let (.required(keys), .object(members)):
            for key in keys where members[key] == nil { fail("required", "missing required key \(key.debugDescription)") }
        case let (.additionalProperties(schema, declared), .object(members)):
            for (key, member) in members.sorted(by: { $0.key < $1.key }) where !declared.contains(key) {
                let location = Self.path(path, key: key)
                if case .never = schema {
                    fail("additionalProperties", "unexpected key \(key.debugDescription)", at: location)
                } else {
                    check(schema, member, path: location, into: &violations)
                }
            }
        case let (.prefixItems(schemas), .array(items)):
            for (index, (schema, item)) in zip(schemas, items).enumerated() {
                check(schema, item, path: "\(path)[\(index)]", into: &violations)
            }
        case let (.items(schema, after), .array(items)):
            for index in items.indices where index >= after {
                if case .never = schema {
                    fail("items", "unexpected item \(items[index]) (at most \(after) items)", at: "\(path)[\(index)]")
                } else {
                    check(schema, items[index], path: "\(path)[\(index)]", into: &violations)
                }
            }
        case let (.minItems(count), .array(items)):
            if items.count < count { fail("minItems", "expected at least \(count) items, found \(items.count)") }
        case let (.maxItems(count), .array(items)):
            if items.count > count { fail("maxItems", "expected at most \(count) items, found \(items.count)") }
        case let (.minimum(bound), _):
            if let number = value.numberValue, number < bound { fail("minimum", "\(value) is less than \(bound)") }
        case let (.maximum(bound), _):
            if let number = value.numberValue, number > bound { fail("maximum", "\(value) is greater than \(bound)") }
        case let (.exclusiveMinimum(bound), _):
            if let number = value.numberValue, number <= bound {
                fail("exclusiveMinimum", "\(value) is not greater than \(bound)")
            }
        case let (.minLength(count), .string(text)):
            let length = text.unicodeScalars.count
            if length < count { fail("minLength", "expected at least \(count) characters, found \(length)") }
        case let (.pattern(source, expression), .string(text)):
            let whole = NSRange(location: 0, length: text.utf16.count)
            if expression.firstMatch(in: text, range: whole) == nil {
                fail("pattern", "\(value) does not match \(source.debugDescription)")
            }
        case let (.ref(name), _):
            // The compiler checked that every reference names a definition.
            check(definitions[name]!, value, path: path, into: &violations)
        case let (.oneOf(schemas), _):
            let results = schemas.map { branch(of: $0, value, path: path) }
            let matching = results.filter(\.isEmpty).count
            if matching == 0 {
                fail("oneOf", "matches none of \(schemas.count) alternatives: " + Self.summary(results))
            } else if matching > 1 {
                fail("oneOf", "matches \(matching) of \(schemas.count) alternatives, expected exactly one")
            }
        case let (.anyOf(schemas), _):
            let results = schemas.map { branch(of: $0, value, path: path) }
            if !results.contains(where: \.isEmpty) {
                fail("anyOf", "matches none of \(schemas.count) alternatives: " + Self.summary(results))
            }
        default:
            // The keyword only constrains values of another type.
            break
        }
    }

    private func branch(of node: Node, _ value: JSONValue, path: String) -> [JSONSchemaViolation] {
        var violations: [JSONSchemaViolation] = []
        check(node, value, path: path, into: &violations)
        return violations
    }

    private static func summary(_ results: [[JSONSchemaViolation]]) -> String {
        results.enumerated().map { "(\($0.offset + 1)) \($0.element.first?.description ?? "")" }.joined(separator: "; ")
    }

    private static let identifierCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")

    /// `$.name` for identifier-like keys, `$["odd key"]` for others.
    private static func path(_ parent: String, key: String) -> String {
        let simple = !key.isEmpty && !key.first!.isNumber && key.allSatisfy(identifierCharacters.contains)
        return simple ? "\(parent).\(key)" : "\(parent)[\(key.debugDescription)]"
    }
}

/// One way an instance breaks a schema.
package struct JSONSchemaViolation: Equatable, CustomStringConvertible {
    /// Where: `$` is the instance, then `.key` and `[index]` steps (`$.pages[0].width`).
    package var path: String
    /// The schema keyword that failed (`false` for a `false` schema).
    package var keyword: String
    /// What is wrong, for people.
    package var message: String

    package init(_ path: String, _ keyword: String, _ message: String) {
        self.path = path
        self.keyword = keyword
        self.message = message
    }

    package var description: String { "\(path): \(message) [\(keyword)]" }
}

/// A schema the validator cannot compile.
package struct JSONSchemaError: Error, CustomStringConvertible {
    /// Where in the schema, as a JSON pointer fragment (`#/$defs/glyph/items`).
    package var schemaPath: String
    /// What is wrong.
    package var message: String

    package init(_ schemaPath: String, _ message: String) {
        self.schemaPath = schemaPath
        self.message = message
    }

    package var description: String { "\(schemaPath): \(message)" }
}

/// Turns schema JSON into nodes, checking every keyword and its value.
private struct Compiler {
    typealias Node = JSONSchemaValidator.Node
    typealias Rule = JSONSchemaValidator.Rule

    static let typeNames: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]
    static let annotations: Set<String> = ["description", "title", "$comment"]

    let definitionNames: Set<String>

    func compile(_ schema: JSONValue, at pointer: String, isRoot: Bool) throws(JSONSchemaError) -> Node {
        switch schema {
        case .bool(let accepts): return accepts ? .always : .never
        case .object(let members): return .rules(try rules(members, at: pointer, isRoot: isRoot))
        default: throw JSONSchemaError(pointer, "a schema must be an object or a boolean, not \(schema)")
        }
    }

    private func rules(_ members: [String: JSONValue], at pointer: String, isRoot: Bool) throws(JSONSchemaError) -> [Rule] {
        var rules: [Rule] = []
        for (keyword, value) in members.sorted(by: { $0.key < $1.key }) {
            let here = "\(pointer)/\(keyword)"
            switch keyword {
            case _ where Self.annotations.contains(keyword):
                guard case .string = value else { throw JSONSchemaError(here, "must be a string") }
            case "$schema":
                guard isRoot, value == .string(JSONSchemaValidator.dialect) else {
                    throw JSONSchemaError(here, "only \(JSONSchemaValidator.dialect) is supported, at the root")
                }
            case "$defs":
                // Compiled by the validator; references resolve against the root only.
                guard isRoot else { throw JSONSchemaError(here, "$defs is supported at the root only") }
            case "type":
                let names: [String]
                switch value {
                case .string(let name): names = [name]
                case .array(let items): names = try items.map { item throws(JSONSchemaError) in try string(item, at: here) }
                default: throw JSONSchemaError(here, "must be a type name or an array of them")
                }
                guard !names.isEmpty, Set(names).count == names.count, names.allSatisfy(Self.typeNames.contains) else {
                    throw JSONSchemaError(here, "unknown, duplicate or missing type names in \(value)")
                }
                rules.append(.type(names))
            case "const":
                rules.append(.const(value))
            case "enum":
                rules.append(.enumeration(try nonEmptyArray(value, at: here)))
            case "properties":
                guard case .object(let entries) = value else { throw JSONSchemaError(here, "must be an object") }
                var schemas: [String: Node] = [:]
                for (key, entry) in entries { schemas[key] = try compile(entry, at: "\(here)/\(key)", isRoot: false) }
                rules.append(.properties(schemas))
            case "required":
                guard case .array(let items) = value else { throw JSONSchemaError(here, "must be an array of strings") }
                let keys = try items.map { item throws(JSONSchemaError) in try string(item, at: here) }
                guard Set(keys).count == keys.count else { throw JSONSchemaError(here, "has duplicates") }
                rules.append(.required(keys))
            case "additionalProperties":
                var declared: Set<String> = []
                if case .object(let entries)? = members["properties"] { declared = Set(entries.keys) }
                rules.append(.additionalProperties(try compile(value, at: here, isRoot: false), declared: declared))
            case "prefixItems":
                rules.append(.prefixItems(try schemaList(value, at: here)))
            case "items":
                var after = 0
                if case .array(let prefix)? = members["prefixItems"] { after = prefix.count }
                rules.append(.items(try compile(value, at: here, isRoot: false), after: after))
            case "minItems": rules.append(.minItems(try count(value, at: here)))
            case "maxItems": rules.append(.maxItems(try count(value, at: here)))
            case "minLength": rules.append(.minLength(try count(value, at: here)))
            case "minimum": rules.append(.minimum(try number(value, at: here)))
            case "maximum": rules.append(.maximum(try number(value, at: here)))
            case "exclusiveMinimum": rules.append(.exclusiveMinimum(try number(value, at: here)))
            case "pattern":
                let source = try string(value, at: here)
                guard let expression = try? NSRegularExpression(pattern: source) else {
                    throw JSONSchemaError(here, "is not a valid regular expression: \(source.debugDescription)")
                }
                rules.append(.pattern(source, expression))
            case "$ref":
                let target = try string(value, at: here)
                let prefix = "#/$defs/"
                let name = String(target.dropFirst(prefix.count))
                guard target.hasPrefix(prefix), !name.contains("/"), !name.contains("~"), !name.contains("%") else {
                    throw JSONSchemaError(here, "only #/$defs/name references are supported, not \(target.debugDescription)")
                }
                guard definitionNames.contains(name) else {
                    throw JSONSchemaError(here, "no definition named \(name.debugDescription)")
                }
                rules.append(.ref(name))
            case "oneOf", "anyOf":
                let schemas = try schemaList(value, at: here)
                rules.append(keyword == "oneOf" ? .oneOf(schemas) : .anyOf(schemas))
            default:
                throw JSONSchemaError(here, "unsupported keyword \(keyword.debugDescription)")
            }
        }
        return rules
    }

    private func nonEmptyArray(_ value: JSONValue, at pointer: String) throws(JSONSchemaError) -> [JSONValue] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw JSONSchemaError(pointer, "must be a non-empty array")
        }
        return items
    }

    private func schemaList(_ value: JSONValue, at pointer: String) throws(JSONSchemaError) -> [Node] {
        var schemas: [Node] = []
        for (index, item) in try nonEmptyArray(value, at: pointer).enumerated() {
            schemas.append(try compile(item, at: "\(pointer)/\(index)", isRoot: false))
        }
        return schemas
    }

    private func string(_ value: JSONValue, at pointer: String) throws(JSONSchemaError) -> String {
        guard case .string(let text) = value else { throw JSONSchemaError(pointer, "expected a string, found \(value)") }
        return text
    }

    private func count(_ value: JSONValue, at pointer: String) throws(JSONSchemaError) -> Int {
        guard value.isInteger, let number = value.numberValue, number >= 0, number <= Double(Int32.max) else {
            throw JSONSchemaError(pointer, "expected a non-negative integer, found \(value)")
        }
        return Int(number)
    }

    private func number(_ value: JSONValue, at pointer: String) throws(JSONSchemaError) -> Double {
        guard let number = value.numberValue else { throw JSONSchemaError(pointer, "expected a number, found \(value)") }
        return number
    }
}
