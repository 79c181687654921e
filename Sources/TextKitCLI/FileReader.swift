#if canImport(Glibc)
import Glibc
#endif

/// Reads every file the command takes (text, styled JSON, SVG, PNG) with open(2) and read(2),
/// so pipes, FIFOs, `/dev/stdin` and process substitution work like files, a read error is an
/// error (never a short input), and no more than `limit + 1` bytes are ever held.
enum FileReader {
    /// The device and inode of a regular file: what tells `-o` apart from the input.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64

        /// The identity of the regular file `info` describes, or nil for anything else.
        init?(_ info: stat) {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// What went wrong.
    enum Failure: Error {
        /// The file cannot be opened or read: the system's reason, and whether it does not exist.
        case unreadable(reason: String, missing: Bool)
        /// The path is a directory.
        case directory
        /// The path exists but is not a regular file (a FIFO, device or socket) where one is needed.
        case notRegular(kind: String)
        /// There are more than `limit` bytes (`size` of them, when the file says how many).
        case tooLarge(limit: Int, size: Int?)

        /// What happened, for messages: "cannot read file: No such file or directory".
        var detail: String {
            switch self {
            case .unreadable(let reason, _): "cannot read file: \(reason)"
            case .directory: "cannot read file: \(FileReader.reason(EISDIR))"
            case .notRegular(let kind): "cannot read file: it is \(kind), not a regular file"
            case .tooLarge(let limit, let size?): "the file is \(size) bytes, more than the limit of \(limit)"
            case .tooLarge(let limit, nil): "the file is more than the limit of \(limit) bytes"
            }
        }

        /// The exit status: 65 for a file over its size limit, 66 for one that cannot be read.
        var status: CLIError.Status {
            if case .tooLarge = self { return .dataError }
            return .noInput
        }
    }

    /// The bytes read and, for a regular file, its identity.
    struct Contents {
        var bytes: [UInt8]
        var identity: Identity?
    }

    /// Reads `path` ("-" is standard input) to its end, at most `limit` bytes.
    ///
    /// The file is opened with `O_NONBLOCK` (a FIFO nobody writes to reads as empty instead of
    /// blocking in open), which is cleared before reading.
    /// - Parameter regularOnly: refuse anything but a regular file (fstat, before any read).
    static func read(_ path: String, limit: Int, regularOnly: Bool = false) throws(Failure) -> Contents {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = try open(path)
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let info = try check(descriptor, regularOnly: regularOnly)
        let size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
        if let size, size > limit { throw Failure.tooLarge(limit: limit, size: size) }
        let bytes = try readAll(descriptor, limit: limit, sizeHint: size ?? 0)
        return Contents(bytes: bytes, identity: Identity(info))
    }

    /// Checks that `path` is a regular file that can be opened for reading (for files another
    /// library opens by name, such as fonts: a FIFO there would block it forever).
    static func checkRegularFile(_ path: String) throws(Failure) {
        let descriptor = try open(path)
        defer { close(descriptor) }
        _ = try check(descriptor, regularOnly: true)
    }

    /// The identity of the regular file at `path` (following links), or nil.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(info)
    }

    /// The system's text for `code`: "No such file or directory".
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    // MARK: - Internals

    private static func open(_ path: String) throws(Failure) -> Int32 {
        while true {
            let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if descriptor >= 0 { return descriptor }
            if errno == EINTR { continue }
            throw Failure.unreadable(reason: reason(errno), missing: errno == ENOENT)
        }
    }

    /// fstat: refuses directories (and, if asked, all but regular files), then clears O_NONBLOCK.
    private static func check(_ descriptor: Int32, regularOnly: Bool) throws(Failure) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure.unreadable(reason: reason(errno), missing: false) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw Failure.directory }
        if regularOnly && type != S_IFREG {
            let kind = type == S_IFIFO ? "a FIFO (named pipe)" : type == S_IFCHR ? "a character device"
                : type == S_IFSOCK ? "a socket" : type == S_IFBLK ? "a block device" : "not a regular file"
            throw Failure.notRegular(kind: kind)
        }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return info
    }

    /// read(2) until end of input, retrying EINTR (and EAGAIN, by waiting), stopping at `limit + 1` bytes.
    private static func readAll(_ descriptor: Int32, limit: Int, sizeHint: Int) throws(Failure) -> [UInt8] {
        let cap = limit == Int.max ? limit : limit + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(sizeHint, 0), cap, 1 << 30) + 1)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < cap {
            let wanted = min(buffer.count, cap - bytes.count)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN {
                // Standard input may have been left non-blocking by another program: wait for data.
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
            } else {
                throw Failure.unreadable(reason: reason(errno), missing: false)
            }
        }
        throw Failure.tooLarge(limit: limit, size: nil)
    }
}
