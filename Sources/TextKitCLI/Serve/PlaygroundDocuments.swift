import Dispatch
import Synchronization
import TextKit

/// The documents of `textkit serve`'s clients, by the id each page sends (`TextKit-Client`):
/// at most `capacity`, the least recently used dropped first.
///
/// A request checks its client's document out and returns it when done, so no document is
/// ever used by two requests at once; a second request of the same client meanwhile gets a
/// document of its own, and whichever finishes last is kept.
final class PlaygroundDocuments: Sendable {
    private struct State: ~Copyable {
        var documents: [String: Entry] = [:]
        var clock = 0
    }

    private struct Entry {
        var document: PlaygroundDocument
        var lastUse: Int
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// A store of at most `capacity` documents.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of documents kept.
    var count: Int { state.withLock { $0.documents.count } }

    /// Takes `client`'s document out of the store (nil: none, or it is in use).
    func checkOut(_ client: String) -> PlaygroundDocument? {
        state.withLock { $0.documents.removeValue(forKey: client)?.document }
    }

    /// Puts `document` back as `client`'s, dropping the least recently used beyond capacity.
    func checkIn(_ document: PlaygroundDocument, for client: String) {
        state.withLock { state in
            state.clock += 1
            state.documents[client] = Entry(document: document, lastUse: state.clock)
            while state.documents.count > capacity,
                  let oldest = state.documents.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.documents.removeValue(forKey: oldest)
            }
        }
    }
}

/// At most `limit` layouts at once, each on a thread of its own (layout is synchronous work
/// that must not hold the server's event loops), and at most `queue` requests waiting for one;
/// a request beyond that is refused (503) rather than queued without bound.
actor LayoutGate {
    private let limit: Int
    private let queue: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A gate of `limit` concurrent layouts and `queue` waiting requests.
    init(limit: Int, queue: Int) {
        self.limit = max(1, limit)
        self.queue = max(0, queue)
    }

    /// Runs `work` on a dispatch thread once a place is free.
    ///
    /// - Throws: ``ServeError`` 503 when `queue` requests are already waiting.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(ServeError) -> T {
        if running < limit {
            running += 1
        } else {
            guard waiting.count < queue else {
                throw ServeError(status: 503, message: "the server is busy: \(limit) layouts running and \(queue) "
                    + "waiting (--max-concurrent, --max-queued); try again")
            }
            // The place is handed over by `leave()`, which does not decrement `running`.
            await withCheckedContinuation { waiting.append($0) }
        }
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
        leave()
        return result
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
