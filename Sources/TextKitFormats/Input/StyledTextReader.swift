import Foundation
import TextKit

/// An error in a styled-text JSON document: the file, the place (JSON path, and line/column for
/// syntax errors) and what was expected.
public struct StyledTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as given.
    public var file: String
    /// Where: "line L, column C" for syntax errors, a JSON path like `$.runs[2].range` otherwise.
    public var place: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, place: String, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    /// "FILE: PLACE: MESSAGE".
    public var description: String { "\(file): \(place): \(message)" }
}

/// Reads textkit's styled-text JSON (format 1, `docs/styled-input.md`): text, default
/// attributes, attribute runs and paragraph styles, into an ``AttributedText``.
///
/// Offsets are Unicode scalar offsets into `text`. Runs and paragraph entries override only the
/// fields they name, in order; later entries win.
public struct StyledTextReader {
    /// The largest number of runs plus paragraph entries accepted.
    public var maximumEntries: Int

    /// Creates a reader.
    public init(maximumEntries: Int = 1_000_000) {
        self.maximumEntries = maximumEntries
    }

    /// Parses `data`, starting from `defaults` (for example the command's font options).
    public func read(_ data: [UInt8], file: String, defaults: TextAttributes) throws(StyledTextError) -> AttributedText {
        // Scanned first: Foundation on Linux accepts some non-JSON (trailing commas) and often
        // reports no position for what it refuses.
        // Counts the runs and paragraphs as it goes, so a document over the limit is refused
        // before Foundation builds its objects (gigabytes for a million runs).
        var scanner = JSONSyntaxScanner(bytes: data, maximumEntries: maximumEntries)
        if let failure = scanner.firstError() {
            if failure.isLimit { throw StyledTextError(file: file, place: "$", message: failure.message) }
            throw StyledTextError(file: file, place: Self.place(ofByte: failure.offset, in: data),
                                  message: "malformed JSON: \(failure.message)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw StyledTextError(file: file, place: "line 1, column 1", message: "malformed JSON: \(detail)")
        }
        var parser = Parser(file: file)
        return try parser.document(root, defaults: defaults, maximumEntries: maximumEntries)
    }

    // MARK: - Internals

    /// "line L, column C" of the byte at `offset` (the column counts Unicode scalars).
    static func place(ofByte offset: Int, in data: [UInt8]) -> String {
        let before = data[..<min(offset, data.count)]
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = data[lineStart..<before.endIndex].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return "line \(line), column \(column)"
    }
}

/// Finds the first syntax error of RFC 8259 JSON (UTF-8, an optional byte-order mark), with its
/// byte offset. Iterative: no recursion however deep the nesting.
///
/// It also enforces the reader's count limit while scanning: the items of arrays that are the
/// root or a member of the root object (`runs`, `paragraphs`) are counted, and the scan stops
/// at the first one past `maximumEntries`, so memory stays proportional to the limit.
struct JSONSyntaxScanner {
    let bytes: [UInt8]
    /// The most items the top-level arrays may hold together.
    var maximumEntries = Int.max
    var index = 0
    private var entries = 0

    /// The deepest nesting accepted.
    static let maximumDepth = 512

    struct Failure: Error {
        var offset: Int
        var message: String
        /// A count limit was exceeded (the JSON may well be valid).
        var isLimit = false
    }

    /// A scanner of `bytes` that also counts top-level entries against `maximumEntries`.
    init(bytes: [UInt8], maximumEntries: Int = .max) {
        self.bytes = bytes
        self.maximumEntries = maximumEntries
    }

    /// The byte offset and description of the first error, or nil when the text is valid JSON.
    mutating func firstError() -> Failure? {
        do throws(Failure) {
            try scanDocument()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Internals

    private enum Container { case object, array }

    private mutating func scanDocument() throws(Failure) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var stack: [Container] = []
        scanning: while true {
            // A value starts here.
            skipWhitespace()
            if stack.last == .array && (stack.count == 1 || stack.count == 2 && stack[0] == .object) {
                entries += 1
                if entries > maximumEntries {
                    throw Failure(offset: index, message:
                        "at least \(entries) runs and paragraphs, more than the limit of \(maximumEntries)", isLimit: true)
                }
            }
            switch peek {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = peek == UInt8(ascii: "{")
                guard stack.count < Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: isObject ? "}" : "]") {
                    index += 1
                } else {
                    stack.append(isObject ? .object : .array)
                    if isObject { try scanKey() }
                    continue scanning
                }
            case UInt8(ascii: "\""): try scanString()
            case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): try scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): try scanLiteral()
            default: throw fail("expected a value, found \(found)")
            }
            // A value ended: close containers until one continues.
            while let top = stack.last {
                skipWhitespace()
                let close = UInt8(ascii: top == .object ? "}" : "]")
                if peek == UInt8(ascii: ",") {
                    index += 1
                    if top == .object { try scanKey() }
                    continue scanning
                } else if peek == close {
                    index += 1
                    stack.removeLast()
                } else {
                    throw fail(top == .object ? "expected ',' or '}' after a member, found \(found)"
                                              : "expected ',' or ']' after an item, found \(found)")
                }
            }
            skipWhitespace()
            if index < bytes.count { throw fail("unexpected \(found) after the document") }
            return
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// What is at `index`, for messages.
    private var found: String {
        guard let byte = peek else { return "the end of the input" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if let (scalar, _) = scalar(at: index) { return String(format: "U+%04X", scalar.value) }
        return String(format: "byte 0x%02X", byte)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure { Failure(offset: offset ?? index, message: message) }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func scanKey() throws(Failure) {
        skipWhitespace()
        guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes, found \(found)") }
        try scanString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after the key, found \(found)") }
        index += 1
    }

    private mutating func scanString() throws(Failure) {
        let start = index
        index += 1
        while true {
            guard let byte = peek else { throw fail("the string is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                try scanEscape()
            case 0..<0x20:
                throw fail(String(format: "unescaped control character U+%04X in a string", byte))
            case 0x80...:
                guard let (_, width) = scalar(at: index) else { throw fail(String(format: "invalid UTF-8 (byte 0x%02X)", byte)) }
                index += width
            default:
                index += 1
            }
        }
    }

    private mutating func scanEscape() throws(Failure) {
        let start = index
        index += 1
        guard let letter = peek else { throw fail("the string is never closed", at: start) }
        guard letter == UInt8(ascii: "u") else {
            guard Array("\"\\/bfnrt".utf8).contains(letter) else {
                throw fail("invalid escape: a backslash must be followed by one of \" \\ / b f n r t u", at: start)
            }
            index += 1
            return
        }
        let unit = try hexUnit(escapeAt: start)
        if (0xDC00...0xDFFF).contains(unit) {
            throw fail(String(format: "unpaired surrogate \\u%04X", unit), at: start)
        }
        if (0xD800...0xDBFF).contains(unit) {
            let low = index
            guard bytes[low...].starts(with: Array("\\u".utf8)), (0xDC00...0xDFFF).contains(try hexUnit(escapeAt: low))
            else { throw fail(String(format: "unpaired surrogate \\u%04X", unit), at: start) }
        }
    }

    /// The four hex digits of the `\u` escape at `start`; leaves `index` after them.
    private mutating func hexUnit(escapeAt start: Int) throws(Failure) -> UInt32 {
        let digits = bytes[min(start + 2, bytes.count)..<min(start + 6, bytes.count)]
        guard digits.count == 4, let unit = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
              digits.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 | 0x20 })
        else { throw fail("expected four hex digits after \\u", at: start) }
        index = start + 6
        return unit
    }

    private mutating func scanNumber() throws(Failure) {
        let start = index
        func digits(_ scanner: inout JSONSyntaxScanner) throws(Failure) {
            guard let byte = scanner.peek, UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte else {
                throw scanner.fail("expected a digit, found \(scanner.found)")
            }
            while let byte = scanner.peek, UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte { scanner.index += 1 }
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") { index += 1 } else { try digits(&self) }
        if peek == UInt8(ascii: ".") { index += 1; try digits(&self) }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            try digits(&self)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let excerpt = text.count > 40 ? text.prefix(40) + "… (\(text.utf8.count) characters)" : text
            throw fail("the number \(excerpt) is out of range", at: start)
        }
    }

    private mutating func scanLiteral() throws(Failure) {
        for word in ["true", "false", "null"] where bytes[index...].starts(with: Array(word.utf8)) {
            index += word.utf8.count
            return
        }
        throw fail("expected a value (true, false and null are lowercase words), found \(found)")
    }

    /// The scalar encoded in well-formed UTF-8 at `offset`, and its width in bytes.
    private func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[offset..<min(offset + 4, bytes.count)].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
