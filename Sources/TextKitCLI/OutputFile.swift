#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes an output file atomically: into a temporary file beside it, renamed over the target
/// only when complete. On any failure the temporary file is removed, so no half-written output
/// is ever left behind.
final class OutputFile {
    let path: String
    private let temporaryPath: String
    private var descriptor: Int32

    /// Creates the temporary file for `path`.
    init(path: String) throws(CLIError) {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        temporaryPath = directory + "/." + url.lastPathComponent + ".textkit-\(getpid()).tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            throw CLIError(status: .cannotCreate, message: "\(path): cannot write the output (\(String(cString: strerror(errno))))")
        }
    }

    deinit { discard() }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws {
        var written = 0
        try bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw CLIError(status: .cannotCreate, message: "\(path): write failed (\(String(cString: strerror(errno))))")
                }
                written += n
            }
        }
    }

    /// Flushes, closes and renames the temporary file over the target.
    func commit() throws(CLIError) {
        if fsync(descriptor) != 0 && errno != EINVAL {
            throw CLIError(status: .cannotCreate, message: "\(path): cannot flush the output (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        descriptor = -1
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CLIError(status: .cannotCreate, message: "\(path): cannot write the output (\(reason))")
        }
    }

    /// Removes the temporary file if it was not committed.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
    }
}
