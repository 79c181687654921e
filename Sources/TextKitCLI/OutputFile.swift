#if canImport(Glibc)
import Glibc
#endif

/// An output file (`-o`), written the way its path calls for:
///
/// - a regular file, or a path that does not exist yet, is written atomically: into a temporary
///   file with an unpredictable name beside it (`mkstemps`: O_CREAT|O_EXCL, so a planted symlink
///   is never followed), renamed over the target only when complete. The new file keeps the old
///   one's mode (and owner, where allowed); a new file gets 0666 less the umask;
/// - a symlink is resolved and its target written (what the shell's `>` does); the link stays;
/// - anything else that exists (a character device, FIFO, socket, `/dev/stdout`,
///   `/proc/self/fd/1`) is opened O_WRONLY, without O_CREAT, and written directly;
/// - a directory, or the input file itself, is an error.
///
/// Until renamed, a temporary file is removed on failure, by ``discard()`` or `deinit`, and by
/// SIGINT, SIGTERM or SIGHUP (``TemporaryFiles``).
///
/// The file is not flushed to disk before the rename (no `fsync`), as compilers and linkers leave
/// their output: other programs see the old file or the whole new one, never a part, and the
/// system writes it back in its own time. Waiting for the disk took a tenth of a `textkit layout`
/// of a megabyte (43 MB of JSON); only a power failure in the seconds after can lose the output.
final class OutputFile {
    /// The path as given, for messages.
    let path: String
    /// The temporary file, or nil when writing directly.
    private var temporaryPath: String?
    /// Where the temporary file is renamed to.
    private let target: String
    private var descriptor: Int32
    private var finished = false

    /// Opens `path` for writing: creates the temporary file, or opens a device directly.
    ///
    /// - Parameter input: the input file's identity; writing over it is refused (status 64).
    init(path: String, input: FileReader.Identity? = nil) throws(CLIError) {
        self.path = path
        func failure(_ code: Int32) -> CLIError {
            CLIError(status: .cannotCreate, message: "\(path): cannot write the output (\(FileReader.reason(code)))")
        }
        try Self.checkNotInput(path, input: input)
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                throw CLIError(status: .cannotCreate, message: "\(path): cannot write the output (it is a directory)")
            }
            if type != S_IFREG || path.hasPrefix("/dev/") || path.hasPrefix("/proc/") {
                // Written in place: never created, replaced or unlinked. A regular file reached
                // through /dev/stdout or /proc/self/fd/N is appended to: the shell's `>` emptied
                // it, and `>>` asked for an append.
                target = path
                descriptor = Self.openRetrying(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (type == S_IFREG ? O_APPEND : 0))
                if descriptor < 0 { throw failure(errno) }
                return
            }
            guard let resolved = realpath(path, nil) else { throw failure(errno) }
            target = String(cString: resolved)
            free(resolved)
        } else if errno == ENOENT {
            target = Self.followingLinks(path)
        } else {
            throw failure(errno)
        }
        let resolved = target
        let slash = resolved.lastIndex(of: "/")
        let directory = slash.map { String(resolved[..<$0]) } ?? "."
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        var template = Array("\(directory.isEmpty ? "" : directory)/.\(name).textkit-XXXXXX.tmp".utf8CString)
        descriptor = TemporaryFiles.create(&template, suffixLength: 4)
        if descriptor < 0 { throw failure(errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        temporaryPath = temporary
        let existing = Self.lstatIsRegular(target)
        if let existing {
            // EPERM (another user's file) keeps us as the owner: at least the group, then the
            // mode again (chown clears set-user-ID bits).
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 { _ = fchown(descriptor, uid_t.max, existing.st_gid) }
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        } else {
            _ = fchmod(descriptor, 0o666 & ~Self.umaskValue)
        }
    }

    deinit { discard() }

    /// Appends bytes.
    func write(_ bytes: [UInt8]) throws(CLIError) {
        let code = StandardStream.write(descriptor, bytes)
        if code != 0 {
            throw CLIError(status: .cannotCreate, message: "\(path): write failed (\(FileReader.reason(code)))")
        }
    }

    /// Closes the file, ready to ``commit()`` (a temporary file; a direct write is then done).
    func finish() throws(CLIError) {
        guard !finished else { return }
        let closed = close(descriptor)
        let code = errno
        descriptor = -1
        finished = true
        if closed != 0 && code != EINTR {
            throw CLIError(status: .cannotCreate, message: "\(path): cannot write the output (\(FileReader.reason(code)))")
        }
    }

    /// Finishes and renames the temporary file over the target.
    func commit() throws(CLIError) {
        try finish()
        guard let temporaryPath else { return }
        if rename(temporaryPath, target) != 0 {
            let reason = FileReader.reason(errno)
            discard()
            throw CLIError(status: .cannotCreate, message: "\(path): cannot write the output (\(reason))")
        }
        TemporaryFiles.forget(temporaryPath)
        self.temporaryPath = nil
    }

    /// Removes the temporary file if it was not committed.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        finished = true
        if let temporaryPath {
            unlink(temporaryPath)
            TemporaryFiles.forget(temporaryPath)
            self.temporaryPath = nil
        }
    }

    /// Refuses (status 64) an output path that is `input`, the input file, even through links.
    static func checkNotInput(_ path: String, input: FileReader.Identity?) throws(CLIError) {
        guard let input, FileReader.identity(of: path) == input else { return }
        throw CLIError(status: .usage, message:
            "-o \(path) is the input file; write the output to another file (it would replace the input)")
    }

    // MARK: - Internals

    private static func openRetrying(_ path: String, _ flags: Int32) -> Int32 {
        while true {
            let descriptor = open(path, flags)
            if descriptor >= 0 || errno != EINTR { return descriptor }
        }
    }

    /// `path` with a chain of symlinks whose end does not exist yet followed (at most 40).
    private static func followingLinks(_ path: String) -> String {
        var current = path
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        for _ in 0..<40 {
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
    }

    /// The status of `path` when it is a regular file (not following a final link), or nil.
    private static func lstatIsRegular(_ path: String) -> stat? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return info
    }

    /// The process's umask, read once (umask(2) can only be read by setting it).
    private static let umaskValue: mode_t = {
        let value = umask(0o022)
        umask(value)
        return value
    }()
}
