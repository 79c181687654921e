import Foundation
import Testing
@testable import TextKit

/// A shaping worker's thread gives its heap room once (``ShapingBatch/Worker/reserveHeap()``), so
/// what it allocates afterwards, up to that room, needs no growth of the heap: the memory map of
/// the heap the thread allocates from does not change. (glibc only: elsewhere it is a no-op.)
@Suite("Worker heap room")
struct WorkerHeapTests {
    /// The lines of /proc/self/maps (start, end, permissions) that lie in the 64 MiB-aligned
    /// region holding `pointer` (a glibc thread heap: at most 64 MiB, aligned to its size).
    static func heapMappings(around pointer: UnsafeMutableRawPointer) throws -> [String] {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        let size: UInt = 64 << 20
        let base = UInt(bitPattern: pointer) & ~(size - 1)
        return maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard bounds.count == 2, bounds[0] < base + size, bounds[1] > base else { return nil }
            return "\(fields[0]) \(fields[1])"
        }
    }

    /// What one new thread saw: the heap map around its first block before and after its
    /// allocations, and whether that heap had the address space for them past the first block.
    struct Attempt {
        var before: [String], after: [String], hasSpace: Bool
    }

    /// Runs one attempt on a new thread, which then stays parked until `release` is signalled (a
    /// thread that ended would hand its arena to the next one).
    static func attempt(release: DispatchSemaphore) throws -> Attempt {
        let outcome = Locked<Result<Attempt, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = Result { () throws -> Attempt in
                ShapingBatch.Worker.reserveHeap()
                let first = malloc(4096)!
                let before = try Self.heapMappings(around: first)
                // 16 MiB in blocks of 4 KiB, half the room.
                var blocks = [first]
                for _ in 0..<4095 { blocks.append(malloc(4096)!) }
                for block in blocks { memset(block, 1, 4096) }
                let after = try Self.heapMappings(around: first)
                for block in blocks { free(block) }
                // A thread heap is a mapping of its own starting at the 64 MiB boundary below its
                // blocks (the main arena, which glibc may hand a thread too, is the `brk` heap).
                let heapStart = UInt(bitPattern: first) & ~UInt((64 << 20) - 1)
                let isThreadHeap = before.first?.hasPrefix(String(heapStart, radix: 16) + "-") ?? false
                let room = heapStart + UInt(64 << 20) - UInt(bitPattern: first)
                return Attempt(before: before, after: after, hasSpace: isThreadHeap && room >= 17 << 20)
            }
            outcome.withLock { $0 = result }
            done.signal()
            release.wait()
        }
        thread.start()
        done.wait()
        return try #require(outcome.withLock { $0 }).get()
    }

    /// A thread new to a process that has made many threads may be given an arena another
    /// thread filled (glibc shares its arenas once there are eight per core), or the main arena:
    /// when the first block lies outside a thread heap, or too near the end of its heap for the
    /// 16 MiB to fit there, the allocations cannot show anything, and the attempt is made again
    /// on another new thread (the ones before stay parked, keeping their arenas). The first thread whose heap has the space is
    /// the one checked, whatever its room: without the reserved room a new heap grows as it goes.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
    func allocationsWithinTheRoomLeaveTheHeapMapAlone() throws {
        let release = DispatchSemaphore(value: 0)
        var attempts: [Attempt] = []
        defer { for _ in attempts { release.signal() } }
        while attempts.count < 16 {
            attempts.append(try Self.attempt(release: release))
            if attempts.last!.hasSpace { break }
        }
        let checked = try #require(attempts.last { $0.hasSpace }, "no new thread had a heap with room: \(attempts.count) tried")
        #expect(!checked.before.isEmpty)
        #expect(checked.before == checked.after)
    }
}
