#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the shared caches and pools that paragraphs shaped on several
/// threads use (font lookups, break iterators, the word shape cache).
///
/// The standard library's `Synchronization.Mutex` would do, but on Linux it locks with futexes
/// through atomics compiled into the uninstrumented runtime, so ThreadSanitizer cannot see that
/// it orders the accesses it guards and reports races that are not there. A pthread mutex is one
/// it understands (it intercepts the calls), so `scripts/tsan-test.sh` checks the real thing.
final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
