import Foundation

/// An error in a styled-text JSON document: the file, the place (JSON path, and line/column for
/// syntax errors) and what was expected.
public struct StyledTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as given.
    public var file: String
    /// Where: "line L, column C" for syntax errors, a JSON path like `$.runs[2].range` otherwise.
    public var place: String
    /// What is wrong.
    public var message: String

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
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
        } catch {
            throw StyledTextError(file: file, place: Self.syntaxPlace(error, data), message: "malformed JSON")
        }
        var parser = Parser(file: file)
        return try parser.document(root, defaults: defaults, maximumEntries: maximumEntries)
    }

    // MARK: - Internals

    /// "line L, column C" from Foundation's error, or from the byte offset it names.
    static func syntaxPlace(_ error: Error, _ data: [UInt8]) -> String {
        let info = (error as NSError).userInfo
        if let description = info[NSDebugDescriptionErrorKey] as? String,
           let range = description.range(of: #"line \d+, column \d+"#, options: .regularExpression) {
            return String(description[range])
        }
        // swift-corelibs-foundation says only "… around character N." (N a byte offset).
        var index = info["NSJSONSerializationErrorIndex"] as? Int
        if index == nil, let description = info[NSDebugDescriptionErrorKey] as? String,
           let range = description.range(of: #"character \d+"#, options: .regularExpression) {
            index = Int(description[range].dropFirst("character ".count))
        }
        if let offset = index, offset <= data.count {
            let before = data[..<offset]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = offset - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return "line \(line), column \(column) (byte offset \(offset))"
        }
        return "line 1, column 1"
    }
}
