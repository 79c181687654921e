import Foundation
import TextKit

extension StyledTextReader {
    /// Walks the parsed JSON, keeping the JSON path of the value being read for error messages.
    struct Parser {
        let file: String
        var path = "$"

        func fail(_ message: String) -> StyledTextError { StyledTextError(file: file, place: path, message: message) }

        mutating func at<T>(_ component: String, _ body: (inout Parser) throws(StyledTextError) -> T) throws(StyledTextError) -> T {
            let saved = path
            path += component
            defer { path = saved }
            return try body(&self)
        }

        func object(_ value: Any, allowed: Set<String>) throws(StyledTextError) -> [String: Any] {
            guard let object = value as? [String: Any] else { throw fail("expected an object, found \(Self.describe(value))") }
            if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail("unknown key '\(unknown)' (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            }
            return object
        }

        func number(_ value: Any, minimum: Double = -.greatestFiniteMagnitude, maximum: Double = .greatestFiniteMagnitude)
            throws(StyledTextError) -> Double {
            guard let number = value as? NSNumber, !Self.isBoolean(number), number.doubleValue.isFinite else {
                throw fail("expected a number, found \(Self.describe(value))")
            }
            let double = number.doubleValue
            guard double >= minimum, double <= maximum else {
                throw fail("expected a number in \(Self.format(minimum))…\(Self.format(maximum)), found \(Self.format(double))")
            }
            return double
        }

        func integer(_ value: Any, minimum: Int = .min, maximum: Int = .max) throws(StyledTextError) -> Int {
            let double = try number(value)
            guard double == double.rounded(), abs(double) < 9e15 else { throw fail("expected a whole number, found \(Self.format(double))") }
            let int = Int(double)
            guard int >= minimum, int <= maximum else { throw fail("expected a whole number in \(minimum)…\(maximum), found \(int)") }
            return int
        }

        /// The path step to the member `key`: `.liga`, or `["ss 1"]` for keys that are not identifiers.
        static func member(_ key: String) -> String {
            let isIdentifier = !key.isEmpty && !key.first!.isNumber && key.allSatisfy(identifierCharacters.contains)
            return isIdentifier ? ".\(key)" : "[\(key.debugDescription)]"
        }

        static let identifierCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

        /// A JSON value in a few words, for messages: `true`, `12`, `a string`, `an array`.
        static func describe(_ value: Any) -> String {
            switch value {
            case is NSNull: "null"
            case let number as NSNumber where isBoolean(number): number.boolValue ? "true" : "false"
            case let number as NSNumber: format(number.doubleValue)
            case is String: "a string"
            case is [Any]: "an array"
            default: "an object"
            }
        }

        /// `100000` for whole numbers, `0.01` for others (not Swift's `100000.0`).
        static func format(_ number: Double) -> String {
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        }

        /// `NSNumber(0) is Bool` holds on Linux, so booleans are told apart by their class.
        static let booleanClass: AnyClass = type(of: NSNumber(value: true))
        static func isBoolean(_ number: NSNumber) -> Bool { type(of: number) == booleanClass }

        func string(_ value: Any) throws(StyledTextError) -> String {
            guard let string = value as? String else { throw fail("expected a string, found \(Self.describe(value))") }
            return string
        }

        func bool(_ value: Any) throws(StyledTextError) -> Bool {
            guard let number = value as? NSNumber, Self.isBoolean(number) else {
                throw fail("expected true or false, found \(Self.describe(value))")
            }
            return number.boolValue
        }

        func choice<T: RawRepresentable>(_ value: Any, _: T.Type) throws(StyledTextError) -> T where T.RawValue == String {
            let raw = try string(value)
            guard let result = T(rawValue: raw) else { throw fail("unknown value '\(raw)'") }
            return result
        }

        func color(_ value: Any) throws(StyledTextError) -> Color {
            let text = try string(value)
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : ""
            // Hex digits only: `UInt32(_:radix:)` alone would take "+1234567".
            let isHex = hex.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20) }
            guard hex.utf8.count == 6 || hex.utf8.count == 8, isHex, let bits = UInt32(hex, radix: 16) else {
                throw fail("expected a colour as #rrggbb or #rrggbbaa, found '\(text)'")
            }
            let value = hex.utf8.count == 6 ? bits << 8 | 0xFF : bits
            func channel(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
            return Color(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
        }

        mutating func range(_ value: Any, length: Int) throws(StyledTextError) -> Range<Int> {
            guard let pair = value as? [Any], pair.count == 2 else { throw fail("expected [start, end]") }
            let start = try at("[0]") { p throws(StyledTextError) in try p.integer(pair[0], minimum: 0, maximum: length) }
            let end = try at("[1]") { p throws(StyledTextError) in try p.integer(pair[1], minimum: start, maximum: length) }
            return start..<end
        }

        mutating func document(_ root: Any, defaults: TextAttributes, maximumEntries: Int) throws(StyledTextError) -> AttributedText {
            let object = try self.object(root, allowed: ["version", "text", "attributes", "runs", "paragraphs"])
            guard let version = object["version"] else { throw fail("missing key 'version'") }
            _ = try at(".version") { p throws(StyledTextError) in
                guard try p.integer(version) == 1 else { throw p.fail("unsupported version (this reader knows 1)") }
            }
            guard let textValue = object["text"] else { throw fail("missing key 'text'") }
            let text = try at(".text") { p throws(StyledTextError) in try p.string(textValue) }
            let length = text.unicodeScalars.count
            var base = defaults
            if let attributes = object["attributes"] {
                try at(".attributes") { p throws(StyledTextError) in try p.apply(attributes, to: &base) }
            }
            let storage = TextStorage(string: text, attributes: base)
            let runs = object["runs"].map { $0 as? [Any] } ?? []
            let paragraphs = object["paragraphs"].map { $0 as? [Any] } ?? []
            guard let runs else {
                throw StyledTextError(file: file, place: path + ".runs", message: "expected an array, found \(Self.describe(object["runs"]!))")
            }
            guard let paragraphs else {
                throw StyledTextError(file: file, place: path + ".paragraphs", message: "expected an array, found \(Self.describe(object["paragraphs"]!))")
            }
            guard runs.count + paragraphs.count <= maximumEntries else {
                throw fail("\(runs.count + paragraphs.count) runs and paragraphs, more than the limit of \(maximumEntries)")
            }
            for (index, run) in runs.enumerated() {
                try at(".runs[\(index)]") { p throws(StyledTextError) in
                    let entry = try p.object(run, allowed: ["range", "attributes"])
                    guard let rangeValue = entry["range"] else { throw p.fail("missing key 'range'") }
                    let range = try p.at(".range") { q throws(StyledTextError) in try q.range(rangeValue, length: length) }
                    var failure: StyledTextError?
                    if let attributes = entry["attributes"] {
                        p.path += ".attributes"
                        // Checked once up front, so an empty range cannot hide a bad entry.
                        var scratch = base
                        try p.apply(attributes, to: &scratch)
                        let parser = p
                        storage.modifyAttributes(in: range) { value in
                            guard failure == nil else { return }
                            var q = parser
                            do throws(StyledTextError) { try q.apply(attributes, to: &value) } catch { failure = error }
                        }
                    }
                    if let failure { throw failure }
                }
            }
            for (index, paragraph) in paragraphs.enumerated() {
                try at(".paragraphs[\(index)]") { p throws(StyledTextError) in
                    let entry = try p.object(paragraph, allowed: ["range", "style"])
                    guard let rangeValue = entry["range"] else { throw p.fail("missing key 'range'") }
                    let range = try p.at(".range") { q throws(StyledTextError) in try q.range(rangeValue, length: length) }
                    guard let styleValue = entry["style"] else { throw p.fail("missing key 'style'") }
                    var failure: StyledTextError?
                    p.path += ".style"
                    var scratch = base.paragraphStyle
                    try p.applyParagraph(styleValue, to: &scratch)
                    let parser = p
                    storage.modifyAttributes(in: range) { value in
                        guard failure == nil else { return }
                        var q = parser
                        do throws(StyledTextError) { try q.applyParagraph(styleValue, to: &value.paragraphStyle) } catch { failure = error }
                    }
                    if let failure { throw failure }
                }
            }
            return storage.attributedSubstring(from: 0..<length)
        }
    }
}
