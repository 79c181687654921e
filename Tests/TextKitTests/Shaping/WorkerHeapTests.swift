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

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
    func allocationsWithinTheRoomLeaveTheHeapMapAlone() throws {
        // A thread of its own, new: its heap has grown only for what it allocated so far.
        let outcome = Locked<Result<(before: [String], after: [String]), any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = Result { () throws -> (before: [String], after: [String]) in
                ShapingBatch.Worker.reserveHeap()
                let first = malloc(4096)!
                let before = try Self.heapMappings(around: first)
                // 16 MiB in blocks of 4 KiB, half the room.
                var blocks = [first]
                for _ in 0..<4095 { blocks.append(malloc(4096)!) }
                for block in blocks { memset(block, 1, 4096) }
                let after = try Self.heapMappings(around: first)
                for block in blocks { free(block) }
                return (before, after)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        done.wait()
        let (before, after) = try #require(outcome.withLock { $0 }).get()
        #expect(!before.isEmpty)
        #expect(before == after)
    }
}
