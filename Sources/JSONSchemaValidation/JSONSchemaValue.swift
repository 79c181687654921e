import Foundation

/// A JSON value as Foundation's `JSONSerialization` parses it, with booleans, integers and
/// doubles told apart.
///
/// `JSONSerialization` hands every number and boolean back as an `NSNumber`, and on Linux
/// `NSNumber(0) as Any is Bool` is true, so casts cannot tell `0` from `false`. Booleans are
/// recognised by their class (the one `NSNumber(value: true)` has), numbers by `objCType`.
///
/// Not `indirect`: arrays and dictionaries already hold their elements out of line, and under
/// AddressSanitizer the per-case boxes of an indirect enum built here showed up as leaked
/// (thousands of them after the schema tests).
package enum JSONValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text; any value is allowed at the top level.
    package init(parsing data: Data) throws {
        try self.init(foundation: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Parses JSON text given as a string.
    package init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }

    /// Converts a value `JSONSerialization` returned. (Arrays are tried first: on Linux a failed
    /// `as? NSNumber` on an array is slow, and glyph rows make most values arrays.)
    package init(foundation value: Any) throws {
        switch value {
        case let array as [Any]: self = .array(try array.map(JSONValue.init(foundation:)))
        case let number as NSNumber: self = Self.number(number)
        case let string as String: self = .string(string)
        case let object as [String: Any]: self = .object(try object.mapValues(JSONValue.init(foundation:)))
        case is NSNull: self = .null
        default: throw JSONValueError(message: "not a JSON value: \(type(of: value))")
        }
    }

    /// Whether the value is a number (integer or not); booleans are not numbers.
    package var isNumber: Bool { numberValue != nil }

    /// Whether the value is a number with no fractional part (JSON Schema's "integer": `2.0`
    /// counts, as draft 2020-12 says).
    package var isInteger: Bool {
        switch self {
        case .integer: true
        case .double(let value): value.isFinite && value.rounded(.towardZero) == value
        default: false
        }
    }

    /// The value as a double, for numbers.
    package var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// JSON's name for the value's type ("integer" for numbers without a fractional part).
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .double: isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// JSON equality: numbers compare by value (`1 == 1.0`), objects ignore key order.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a == b
        default:
            if let a = lhs.numberValue, let b = rhs.numberValue { a == b } else { false }
        }
    }

    /// Compact JSON text, keys sorted, long values cut (for messages).
    package var description: String {
        let text: String = switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value.debugDescription
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription):\($0.value)" }
                .joined(separator: ",") + "}"
        }
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    // MARK: - Internals

    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    private static func number(_ number: NSNumber) -> JSONValue {
        if type(of: number) == booleanClass { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            return .double(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let value = number.uint64Value
            return value <= UInt64(Int.max) ? .integer(Int(value)) : .double(Double(value))
        default:
            return .integer(number.intValue)
        }
    }
}

/// A value `JSONValue` cannot represent.
package struct JSONValueError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
