#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads the input text: a UTF-8 file or standard input ("-").
enum InputText {
    /// The text of `path`, or an error naming the file (and, for invalid UTF-8, the byte offset,
    /// line and column of the first bad byte).
    static func read(_ path: String, limit: Int) throws(CLIError) -> String {
        try decode(readBytes(path, limit: limit).bytes, name: displayName(path))
    }

    /// The name used in messages: the path, or "<stdin>".
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The bytes of `path` (or standard input), at most `limit` of them, and the file's identity
    /// when it is a regular file. Reading stops at `limit + 1` bytes.
    static func readBytes(_ path: String, limit: Int) throws(CLIError) -> FileReader.Contents {
        let name = displayName(path)
        do {
            return try FileReader.read(path, limit: limit)
        } catch {
            switch error {
            case .unreadable(_, missing: true):
                throw CLIError(status: .noInput, message: "\(name): no such file")
            case .unreadable(let reason, _):
                throw CLIError(status: .noInput, message: "\(name): cannot read the input (\(reason))")
            case .directory:
                throw CLIError(status: .noInput, message: "\(name): is a directory, not a text file")
            case .notRegular(let kind):
                throw CLIError(status: .noInput, message: "\(name): is \(kind), not a text file")
            case .tooLarge(let limit, let size?):
                throw CLIError(status: .dataError, message:
                    "\(name): the input is \(size) bytes, more than the limit of \(limit) (--max-input-bytes)")
            case .tooLarge(let limit, nil):
                throw CLIError(status: .dataError, message:
                    "\(name): the input is more than the limit of \(limit) bytes (--max-input-bytes)")
            }
        }
    }

    /// Decodes strict UTF-8 (no replacement characters).
    static func decode(_ bytes: [UInt8], name: String) throws(CLIError) -> String {
        // Fast path: the standard library validates; only invalid input is walked to find the place.
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0, line = 1, column = 1
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return String(scalars)
            case .error:
                let byte = bytes[offset]
                throw CLIError(status: .dataError, message: String(
                    format: "%@:%d:%d: invalid UTF-8 at byte offset %d (byte 0x%02X)", name, line, column, offset, byte))
            }
        }
    }
}
