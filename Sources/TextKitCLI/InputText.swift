#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProcessOutput

/// Reads the input text: a UTF-8 file or standard input ("-").
enum InputText {
    /// The text of `path`, or an error naming the file (and, for invalid UTF-8, the byte offset,
    /// line and column of the first bad byte).
    static func read(_ path: String, limit: Int) throws(CLIError) -> String {
        try decode(readBytes(path, limit: limit), name: displayName(path))
    }

    /// The name used in messages: the path, or "<stdin>".
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The bytes of `path` (or standard input), at most `limit` of them.
    static func readBytes(_ path: String, limit: Int) throws(CLIError) -> [UInt8] {
        let name = path == "-" ? "<stdin>" : path
        let bytes: [UInt8]
        do {
            if path == "-" {
                bytes = Array(FileHandle.standardInput.readAllRetryingInterrupts())
            } else {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    throw CLIError(status: .noInput, message: "\(name): no such file")
                }
                guard !isDirectory.boolValue else {
                    throw CLIError(status: .noInput, message: "\(name): is a directory, not a text file")
                }
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CLIError(status: .noInput, message: "\(name): cannot read the file (permission denied?)")
                }
                bytes = Array(data)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(status: .noInput, message: "\(name): \(error)")
        }
        if bytes.count > limit {
            throw CLIError(status: .dataError, message:
                "\(name): the input is \(bytes.count) bytes, more than the limit of \(limit) (--max-input-bytes)")
        }
        return bytes
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
