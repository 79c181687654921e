import Foundation
import ProcessOutput
import Testing

/// Every seed and every regression input of every fuzz target runs through `textkit-fuzz`
/// (built plainly, it replays files) in a child process, so a crash or a hang fails one test
/// instead of the whole run.
@Suite("Fuzz seeds and regressions")
struct HostileFuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let targets = ["svg", "path", "styled", "png", "layout", "pages", "request"]

    /// Regression inputs that still fail, by target and file name, with the bug they show; each is
    /// expected to fail until its bug is fixed (then the test says so, and it comes off this list).
    static let knownFailures: [String: String] = [:]

    @Test(arguments: targets)
    func seedsReplay(_ target: String) throws {
        let result = try Self.replay(target, "Fixtures/fuzz/\(target)")
        #expect(result.status == 0, "\(target) seeds: \(result.output)")
    }

    @Test(arguments: regressionInputs())
    func regressionReplays(_ input: String) throws {
        let target = input.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let result = try Self.replay(target, input)
        if let bug = Self.knownFailures[input] {
            withKnownIssue(Comment(rawValue: bug)) {
                #expect(result.status == 0, "\(input): \(result.output)")
            }
        } else {
            #expect(result.status == 0, "\(input): \(result.output)")
        }
    }

    /// `Fixtures/fuzz/regressions/TARGET/FILE`, relative to the package root.
    static func regressionInputs() -> [String] {
        targets.flatMap { target in
            let folder = "Fixtures/fuzz/regressions/\(target)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// Runs `textkit-fuzz TARGET PATH` from the package root; kills it after `seconds`.
    static func replay(_ target: String, _ path: String, seconds: Double = 60) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = [target, path]
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { if process.isRunning { process.terminate() } }
        timer.resume()
        let output = String(decoding: pipe.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        timer.cancel()
        let timedOut = Date() > deadline && process.terminationReason == .uncaughtSignal
        return (process.terminationStatus, (timedOut ? "timed out after \(seconds) s\n" : "") + String(output.suffix(4000)))
    }

    /// The `textkit-fuzz` binary beside the test bundle.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("textkit-fuzz")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/textkit-fuzz")
    }
}
