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
///
/// The value lives behind a pointer, not in a stored property: the lock already makes access
/// exclusive, and a class's stored property is checked for exclusive access at run time on every
/// use (about 80 instructions, thousands of times a layout).
final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let value: UnsafeMutablePointer<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: consuming Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        #if canImport(Glibc)
        // Adaptive: a thread finding the lock taken spins briefly before it sleeps (see also
        // `waitForLock`). Every lock here is held for a lookup or a copy, and two threads
        // shaping paragraphs meet at the word cache thousands of times a layout: a plain
        // mutex put the loser to sleep in the kernel each time (2,500 futex waits laying out
        // 1 MB of multilingual text), leaving a core idle for a wake-up's length.
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        #else
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        if pthread_mutex_trylock(mutex) != 0 { waitForLock() }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Takes the lock another thread holds: tries again up to ``spinLimit`` times, then sleeps
    /// until it is let go.
    ///
    /// glibc's adaptive mutex spins some 10 to 100 rounds, learning from past waits, and then
    /// sleeps; the word cache's holds (a run's cached words copied, a batch of shaped ones added,
    /// a microsecond or more) often outlast that. Each sleep costs a futex wait and a wake-up,
    /// tens of microseconds in which a core is idle: laying out 1 MB of technical English on two
    /// cores, some 600 of them, up to a tenth of its wall-clock time. Tried again this many
    /// times first, nearly all waits end without sleeping; a thread that does sleep has spun for
    /// about as long as a wake-up takes. Every 64 tries the thread yields its processor: with
    /// more threads than processors (one core), the holder may be waiting to run.
    @inline(never)
    private func waitForLock() {
        for attempt in 1...Self.spinLimit {
            if pthread_mutex_trylock(mutex) == 0 { return }
            if attempt % 64 == 0 { sched_yield() }
        }
        pthread_mutex_lock(mutex)
    }

    /// How many more times a thread finding the lock taken tries it before it sleeps.
    private static var spinLimit: Int { 2_000 }
}
