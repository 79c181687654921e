#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Foundation

/// An error the command reports: a message naming the file and place, and an exit status.
///
/// Exit statuses follow sysexits(3) and are listed in the README ("Limits and errors").
package struct CLIError: Error, CustomStringConvertible {
    /// The exit status.
    enum Status: Int32 {
        /// Bad options (also what ArgumentParser uses for usage errors).
        case usage = 64
        /// Malformed input data: invalid UTF-8, malformed SVG or path data.
        case dataError = 65
        /// An input file is missing or unreadable.
        case noInput = 66
        /// A font cannot be found or loaded.
        case unavailable = 69
        /// An internal error.
        case software = 70
        /// The output file cannot be written.
        case cannotCreate = 73
        /// Standard output cannot be written.
        case ioError = 74
    }

    var status: Status
    var message: String

    package var description: String { message }

    var exitCode: ExitCode { ExitCode(status.rawValue) }

    /// Runs a command's work: a ``CLIError`` is reported on standard error and becomes its exit
    /// status; any other error (not expected) is reported with status 70, never as Foundation's
    /// "error 256". `cleanUp` runs first on failure (e.g. to clear a progress line).
    static func reportingFailures(_ work: () throws -> Void, cleanUp: () -> Void = {}) throws {
        do {
            try work()
        } catch let error as CLIError {
            cleanUp()
            report("error", error.message)
            throw error.exitCode
        } catch let error as ExitCode {
            throw error
        } catch {
            cleanUp()
            report("error", reason(of: error))
            throw ExitCode(Status.software.rawValue)
        }
    }

    /// Prints `textkit: KIND: MESSAGE` on standard error, the message made safe (``sanitized(_:)``).
    static func report(_ kind: String, _ message: String) {
        StandardStream.writeError("textkit: \(kind): \(sanitized(message))\n")
    }

    /// `message` made safe for a terminal and short: C0 and C1 controls, DEL and the bidi
    /// overrides are escaped (`\u{1B}`), any stretch of more than ``maximumExcerpt`` characters
    /// without a space or `/` (an excerpt of the input: a long number, a key) is cut with "…",
    /// and the whole message is cut at ``maximumLength`` characters.
    static func sanitized(_ message: String) -> String {
        var result = ""
        var stretch = 0
        var total = 0
        for scalar in message.unicodeScalars {
            if total >= maximumLength {
                result += "…"
                break
            }
            if scalar == " " || scalar == "/" {
                stretch = 0
            } else {
                stretch += 1
                if stretch > maximumExcerpt {
                    if stretch == maximumExcerpt + 1 { result += "…" }
                    continue
                }
            }
            total += 1
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The longest stretch of a message without a space or `/` printed whole.
    static let maximumExcerpt = 100
    /// The most characters of a message printed.
    static let maximumLength = 2_000

    /// What a thrown system or Foundation error means, in words: the POSIX reason behind
    /// Foundation's "NSCocoaErrorDomain error 256"-style errors.
    static func reason(of error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return FileReader.reason(Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            return reason(of: underlying)
        }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return FileReader.reason(ENOENT)
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return FileReader.reason(EACCES)
        case NSFileWriteOutOfSpaceError: return FileReader.reason(ENOSPC)
        default: return error.localizedDescription
        }
    }

    // MARK: - Internals

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
