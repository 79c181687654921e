#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error written with plain write(2) loops (Foundation's
/// `FileHandle.write` traps on any error, such as a full disk or a closed pipe).
enum StandardStream {
    /// Makes a closed pipe an EPIPE error instead of a fatal SIGPIPE; call once at start.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes all of `bytes` to standard output.
    ///
    /// A closed pipe (`textkit layout doc.txt | head -c 100`) ends the program quietly with
    /// status 0: the reader has all it wanted. Any other failure is an error naming `<stdout>`.
    static func writeOutput(_ bytes: [UInt8]) throws(CLIError) {
        let code = write(STDOUT_FILENO, bytes)
        if code == 0 { return }
        if code == EPIPE { exit(0) }
        throw CLIError(status: .ioError, message: "<stdout>: cannot write the output (\(FileReader.reason(code)))")
    }

    /// Writes `text` to standard error, ignoring failures (there is nowhere left to report them).
    static func writeError(_ text: String) {
        _ = write(STDERR_FILENO, Array(text.utf8))
    }

    /// Writes all of `bytes` to `descriptor`, retrying interrupted and partial writes; 0 or the errno.
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return 0
        }
    }
}
