import Foundation
import Testing

/// One golden case: the file `Fixtures/golden/NAME.json`, which holds the options of a layout
/// and the layout JSON they are expected to produce (docs/testing.md, "Golden layouts"):
///
///     {"options": {"input": "Fixtures/texts/prose.txt", "exclude": ["Fixtures/shapes/circle.svg"]}, "layout":
///     {
///       "version": 1,
///       …
///     }
///     }
///
/// Line 1 holds the options (``GoldenOptions``) and ends with `, "layout":`; the last line is
/// `}`; every byte in between is the expected layout, exactly as ``LayoutJSONWriter`` writes it.
/// A case not yet recorded is line 1 alone, closed instead: `{"options": {…}}`.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    /// The file name without `.json`.
    var name: String
    /// The path from the repository root.
    var file: String { "\(Self.folder)/\(name).json" }
    var testDescription: String { name }

    /// The folder of the case files.
    static let folder = "Fixtures/golden"

    /// Every case file, by name.
    static var all: [GoldenCase] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { GoldenCase(name: String($0.dropLast(5))) }
    }

    /// A file's parts: line 1 up to the layout, the options it holds, and the expected layout.
    struct Contents {
        /// `{"options": {…}` as written in the file, without the `, "layout":` or `}` that ends line 1.
        var head: String
        var options: GoldenOptions
        /// The expected layout JSON; nil when the case is not recorded yet.
        var expected: String?
    }

    /// Reads and splits the file; a malformed one throws an error that names it.
    func read() throws -> Contents {
        let path = Fixtures.path(file)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw GoldenCaseError(file: file, message: "cannot be read as UTF-8")
        }
        let (line, rest) = text.firstIndex(of: "\n").map { (text[..<$0], text[text.index(after: $0)...]) } ?? (text[...], "")
        let head: Substring
        let expected: String?
        if line.hasSuffix(Self.layoutKey) {
            head = line.dropLast(Self.layoutKey.count)
            guard rest.hasSuffix("}\n}\n") else {
                throw GoldenCaseError(file: file, message: "the expected layout must end with the line `}` and the file with one more `}` line")
            }
            expected = String(rest.dropLast(2))
        } else if line.hasSuffix("}"), rest.allSatisfy(\.isWhitespace) {
            head = line.dropLast()
            expected = nil
        } else {
            throw GoldenCaseError(file: file, message: #"line 1 must be {"options": {…}, "layout": (or {"options": {…}} before recording)"#)
        }
        let options = try GoldenOptions.decode(String(head) + "}", file: file)
        return Contents(head: String(head), options: options, expected: expected)
    }

    /// Writes `layout` as the expected part, keeping line 1's options as they are.
    func record(_ layout: String, head: String) throws {
        try (head + Self.layoutKey + "\n" + layout + "}\n").write(toFile: Fixtures.path(file), atomically: true, encoding: .utf8)
    }

    /// Where `actual` first differs from the expected layout: the file's line and byte offset
    /// and both versions of that line; nil when they are the same.
    func difference(expected: String, actual: String, head: String) -> String? {
        let a = Array(expected.utf8), b = Array(actual.utf8), common = min(a.count, b.count)
        guard let offset = (0..<common).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : common) else {
            return nil
        }
        func line(_ bytes: [UInt8]) -> String {
            guard offset < bytes.count else { return "<end>" }
            let start = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        let lineNumber = 2 + a[..<offset].filter { $0 == UInt8(ascii: "\n") }.count
        let fileOffset = head.utf8.count + Self.layoutKey.utf8.count + 1 + offset
        return """
            \(file) differs from the layout at line \(lineNumber) (byte \(fileOffset) of the file):
              expected: \(line(a))
              now:      \(line(b))
            """
    }

    // MARK: - Internals

    private static let layoutKey = #", "layout":"#
}

/// A golden case file that cannot be read as a case: its path and what is wrong.
struct GoldenCaseError: Error, CustomStringConvertible {
    var file: String
    var message: String
    var description: String { "\(file): \(message)" }
}
