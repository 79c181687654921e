import Foundation
import ProcessOutput

/// Runs the built `textkit` executable and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: stdout) as? [String: Any] }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func fixture(_ relative: String) -> String { root.appendingPathComponent("Fixtures/" + relative).path }
    static let font = fixture("fonts/DejaVuSans.ttf")

    /// The `textkit` binary beside the test bundle (SwiftPM builds it because the tests depend on it).
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("textkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/textkit")
    }

    /// Runs `textkit` with `arguments`, feeding `stdin` if given.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        try run(program: executable, arguments, stdin: stdin, environment: environment)
    }

    /// The most memory (`ulimit -v`, in KiB) a hostile case may use: the runtime starts in
    /// ~300 MB of address space; the unfixed command needed more than 3 GB for these inputs.
    static let memoryCap = 2_000_000
    /// The most seconds a hostile case may run before it is killed (and fails).
    static let timeCap = 20

    /// Runs a bash `script` under ``memoryCap``, in which `textkit ARGS` runs the command
    /// killed after ``timeCap`` seconds (status 137), `$TEXTKIT` is the executable and
    /// `$FONT` the test font.
    static func runScript(_ script: String, environment: [String: String] = [:]) throws -> Result {
        let prelude = "ulimit -v \(memoryCap); textkit() { timeout -s KILL \(timeCap) \"$TEXTKIT\" \"$@\"; }; "
        return try run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", prelude + script],
                       environment: environment.merging(["TEXTKIT": executable.path, "FONT": font]) { $1 })
    }

    /// Runs `textkit` with `arguments` under ``memoryCap``, killed after ``timeCap`` seconds
    /// (status 137).
    static func runCapped(_ arguments: [String], stdin: Data? = nil) throws -> Result {
        try run(program: URL(fileURLWithPath: "/bin/bash"), cappedArguments(arguments), stdin: stdin, timeLimit: timeCap)
    }

    /// The arguments that make bash run `textkit arguments` under ``memoryCap`` (with exec: the
    /// process is the command itself, as signals see it).
    static func cappedArguments(_ arguments: [String]) -> [String] {
        ["-c", "ulimit -v \(memoryCap); exec \"$0\" \"$@\"", executable.path] + arguments
    }

    /// Runs `program` with `arguments`, feeding `stdin` if given, killed after `timeLimit` seconds.
    static func run(program: URL, _ arguments: [String], stdin: Data? = nil,
                    environment: [String: String] = [:], timeLimit: Int? = nil) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = root
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let timeLimit {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeLimit)) {
                if process.isRunning { kill(pid, SIGKILL) }
            }
        }
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        let errHandle = err.fileHandleForReading
        DispatchQueue.global().async {
            errBox.data = errHandle.readAllRetryingInterrupts()
            group.leave()
        }
        let outData = out.fileHandleForReading.readAllRetryingInterrupts()
        group.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: outData,
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("textkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
