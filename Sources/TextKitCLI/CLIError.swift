import ArgumentParser

/// An error the command reports: a message naming the file and place, and an exit status.
///
/// Exit statuses follow sysexits(3) and are listed in the README ("Limits and errors").
struct CLIError: Error, CustomStringConvertible {
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
    }

    var status: Status
    var message: String

    var description: String { message }

    var exitCode: ExitCode { ExitCode(status.rawValue) }
}
