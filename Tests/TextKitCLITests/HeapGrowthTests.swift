import Foundation
import Testing

/// `textkit layout` and `render` give the C allocator a top pad of 64 MB before any thread has a
/// heap: each thread's heap is then created with that much room instead of growing a page at a
/// time (about 19,000 `mprotect` calls for a megabyte of text without it).
@Suite("CLI heap growth")
struct HeapGrowthTests {
    /// Sizes in bytes of the process's private read-write mappings without a file.
    static func anonymousWritableMappings(of pid: Int32) throws -> [Int] {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        return maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, fields[1] == "rw-p" else { return nil }
            let bounds = fields[0].split(separator: "-").compactMap { Int($0, radix: 16) }
            return bounds.count == 2 ? bounds[1] - bounds[0] : nil
        }
    }

    /// Starts the command with a standard input that stays open (so it waits reading it), and
    /// returns the largest anonymous read-write mapping seen within five seconds.
    static func largestHeap(_ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        var largest = 0
        for _ in 0..<50 where largest < 64 << 20 {
            Thread.sleep(forTimeInterval: 0.1)
            largest = max(largest, try anonymousWritableMappings(of: process.processIdentifier).max() ?? 0)
        }
        return largest
    }

    @Test func oneShotCommandsCreateHeapsWithRoom() throws {
        #if canImport(Glibc)
        let layout = try Self.largestHeap(["layout", "-", "--font-file", CLIRunner.font])
        #expect(layout >= 64 << 20, "largest read-write mapping of `textkit layout -`: \(layout) bytes")
        let render = try Self.largestHeap(["render", "-", "-o", "/tmp/unused-\(UUID()).svg", "--font-file", CLIRunner.font])
        #expect(render >= 64 << 20, "largest read-write mapping of `textkit render -`: \(render) bytes")
        #endif
    }

    @Test func theServerLeavesTheAllocatorAlone() throws {
        #if canImport(Glibc)
        // A long-running server keeps the default: its heaps grow as they need.
        let serve = try Self.largestHeap(["serve", "--port", "0"])
        #expect(serve < 64 << 20, "largest read-write mapping of `textkit serve`: \(serve) bytes")
        #endif
    }
}
