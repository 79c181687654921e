#if canImport(Glibc)
import Glibc
#endif

/// The temporary output files not yet renamed, kept where a signal handler can reach them:
/// SIGINT, SIGTERM and SIGHUP unlink them all (unlink(2) is async-signal-safe), then end the
/// process with the signal's default action, so an interrupted run leaves no `.textkit` file.
///
/// Process-wide by nature (a signal handler has no context), so this is the command's one piece
/// of global mutable state. It is only changed with those signals blocked, so the handler never
/// sees a half-updated table.
enum TemporaryFiles {
    /// Creates a temporary file from `template` (`…XXXXXX` followed by `suffixLength` more
    /// characters) with `mkstemps` — an unpredictable name, O_CREAT|O_EXCL, mode 0600 — and
    /// registers it for removal on a signal. Returns the descriptor (close-on-exec), or -1 with errno set.
    static func create(_ template: inout [CChar], suffixLength: Int32) -> Int32 {
        installHandlers()
        return withSignalsBlocked {
            let descriptor = mkstemps(&template, suffixLength)
            guard descriptor >= 0 else { return descriptor }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            add(strdup(template))
            return descriptor
        }
    }

    /// Stops tracking `path` (it was renamed or removed).
    static func forget(_ path: String) {
        withSignalsBlocked {
            for index in 0..<capacity {
                guard let entry = slots?[index], strcmp(entry, path) == 0 else { continue }
                slots?[index] = nil
                free(entry)
                return
            }
        }
    }

    /// The number of temporary files tracked.
    static var count: Int {
        withSignalsBlocked { (0..<capacity).reduce(0) { $0 + (slots?[$1] == nil ? 0 : 1) } }
    }

    // MARK: - Internals

    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var capacity = 0
    nonisolated(unsafe) private static var installed = false

    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static func add(_ entry: UnsafeMutablePointer<CChar>?) {
        for index in 0..<capacity where slots?[index] == nil {
            slots?[index] = entry
            return
        }
        let larger = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: max(16, capacity * 2))
        larger.initialize(repeating: nil, count: max(16, capacity * 2))
        if let slots { larger.update(from: slots, count: capacity) }
        let old = slots
        slots = larger
        larger[capacity] = entry
        capacity = max(16, capacity * 2)
        old?.deallocate()
    }

    /// Installs the handlers and unblocks the signals: a parent may have spawned the command
    /// with them blocked (Foundation's `Process` does), which would make them wait until exit.
    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            let previous = signal(number, handler)
            // A signal the caller ignores (nohup, a background job's SIGINT) stays ignored.
            if let previous, unsafeBitCast(previous, to: Int.self) == 1 { signal(number, SIG_IGN) }
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Unlinks every tracked file, then re-raises the signal with its default action.
    private static let handler: @convention(c) (Int32) -> Void = { number in
        if let table = TemporaryFiles.slots {
            for index in 0..<TemporaryFiles.capacity {
                if let entry = table[index] { unlink(entry) }
            }
        }
        signal(number, SIG_DFL)
        raise(number)
    }

    private static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
