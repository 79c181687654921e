import Foundation
import Glibc
import Testing

/// `-o` writes what its path calls for (issue #16): regular files atomically and keeping their
/// mode, devices and FIFOs in place, symlinks through to their target; never the input; no
/// temporary file left by a failure or a signal; `render`'s page files all or none.
@Suite("CLI output files")
struct OutputSafetyCLITests {
    let prose = CLIRunner.fixture("texts/prose.txt")
    let font = CLIRunner.font

    /// Whether this process may create device nodes (root, as in CI).
    static let canMakeDevices: Bool = {
        guard let directory = try? CLIRunner.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        return mknod(directory.appendingPathComponent("null").path, S_IFCHR | 0o666, Self.device(1, 3)) == 0
    }()

    /// Glibc's `makedev` for small numbers (a macro Swift does not import).
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    static func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// The names in `directory` that look like a temporary output file.
    static func temporaryFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".textkit") }
    }

    // MARK: Devices and FIFOs

    @Test(.enabled(if: canMakeDevices, "mknod needs root: no character device to write to"))
    func characterDeviceIsWrittenInPlace() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let null = directory.appendingPathComponent("null").path
        let full = directory.appendingPathComponent("full").path
        #expect(mknod(null, S_IFCHR | 0o666, Self.device(1, 3)) == 0)
        #expect(mknod(full, S_IFCHR | 0o666, Self.device(1, 7)) == 0)
        let written = try CLIRunner.runCapped(["layout", prose, "--font-file", font, "-o", null])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(Self.fileType(null) == S_IFCHR, "the device was replaced")
        let failed = try CLIRunner.runCapped(["layout", prose, "--font-file", font, "-o", full])
        #expect(failed.status == 73)
        #expect(failed.stderr.contains("No space left on device"), "\(failed.stderr)")
        #expect(Self.fileType(full) == S_IFCHR, "the device was replaced")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["full", "null"])
    }

    @Test func fifoIsWrittenInPlace() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader in the background; with the FIFO replaced it would wait until killed.
        let result = try CLIRunner.runScript(#"""
            timeout -s KILL 20 cat "$DIR/pipe" > "$DIR/got" &
            textkit layout "$PROSE" --font-file "$FONT" -o "$DIR/pipe"; status=$?; wait; exit $status
            """#, environment: ["DIR": directory.path, "PROSE": prose])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.fileType(fifo) == S_IFIFO, "the FIFO was replaced")
        let got = try Data(contentsOf: directory.appendingPathComponent("got"))
        #expect((try? JSONSerialization.jsonObject(with: got)) != nil, "the reader got \(got.count) bytes")
    }

    // MARK: Links and names

    @Test func symlinkIsWrittenThrough() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.json")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.json").path
        let dangling = directory.appendingPathComponent("dangling.json").path
        #expect(symlink("target.json", link) == 0)
        #expect(symlink("created.json", dangling) == 0)
        for path in [link, dangling] {
            let result = try CLIRunner.runCapped(["layout", prose, "--font-file", font, "-o", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.fileType(path) == S_IFLNK, "\(path): the link was replaced")
        }
        #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: target))) != nil)
        #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("created.json")))) != nil)
    }

    /// The old temporary name was `.NAME.textkit-PID.tmp`: links planted at the next PIDs
    /// redirected the write to any file.
    @Test func plantedLinksAtTemporaryNamesAreNotFollowed() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = directory.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let last = (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? Int(getpid())
        let planted = (last + 1...last + 400).map { directory.appendingPathComponent(".out.json.textkit-\($0).tmp").path }
        for path in planted { #expect(symlink(victim.path, path) == 0) }
        let output = directory.appendingPathComponent("out.json")
        let result = try CLIRunner.runCapped(["layout", prose, "--font-file", font, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: victim) == Data("precious".utf8), "a planted link was followed")
        #expect(planted.allSatisfy { Self.fileType($0) == S_IFLNK })
        #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: output))) != nil)
    }

    @Test func existingFileKeepsItsModeAndNewFileFollowsTheUmask() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = directory.appendingPathComponent("secret.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: secret))
        #expect(chmod(secret, 0o600) == 0)
        let fresh = directory.appendingPathComponent("fresh.json").path
        for path in [secret, fresh] {
            let result = try CLIRunner.runCapped(["layout", prose, "--font-file", font, "-o", path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        let mask = umask(0o022)
        umask(mask)
        #expect(mode(secret) == 0o600)
        #expect(mode(fresh) == 0o666 & ~mask)
    }

    @Test func outputThatIsTheInputIsRefused() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.txt")
        try FileManager.default.copyItem(atPath: prose, toPath: input.path)
        let link = directory.appendingPathComponent("link.txt").path
        #expect(symlink("in.txt", link) == 0)
        let original = try Data(contentsOf: input)
        for (source, output) in [(input.path, input.path), (input.path, link), (link, input.path)] {
            for format in [[], ["render", "--format", "svg"]] {
                let command = format.isEmpty ? ["layout"] : ["render"]
                let result = try CLIRunner.run(command + [source, "--font-file", font, "-o", output] + format.dropFirst())
                #expect(result.status == 64, "\(command) \(source) -o \(output): \(result.stderr)")
                #expect(result.stderr.contains("-o \(output) is the input file"), "\(result.stderr)")
            }
        }
        #expect(try Data(contentsOf: input) == original)
        #expect(Self.temporaryFiles(in: directory).isEmpty)
    }

    // MARK: Failures and signals

    @Test func sigtermWhileWritingLeavesNoTemporaryFile() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = String(repeating: try String(contentsOfFile: prose, encoding: .utf8), count: 400)
        let input = directory.appendingPathComponent("long.txt")
        try Data(text.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = CLIRunner.cappedArguments(["layout", input.path, "--font-file", font,
                                                       "-o", directory.appendingPathComponent("out.json").path])
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(Double(CLIRunner.timeCap))
        while Self.temporaryFiles(in: directory).isEmpty && process.isRunning && Date() < deadline { usleep(1000) }
        let sawTemporary = !Self.temporaryFiles(in: directory).isEmpty
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(sawTemporary, "the output was written before the test could interrupt it")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM,
                "reason \(process.terminationReason.rawValue), status \(process.terminationStatus)")
        #expect(Self.temporaryFiles(in: directory).isEmpty, "left behind: \(Self.temporaryFiles(in: directory))")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    /// Page 2's name is taken by a directory: page 1 must not be written either.
    @Test func renderWritesAllPagesOrNone() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("out-1.svg")
        try Data("old".utf8).write(to: first)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out-2.svg"),
                                                withIntermediateDirectories: false)
        let result = try CLIRunner.runCapped(["render", prose, "--font-file", font, "--pages", "3",
                                        "-o", directory.appendingPathComponent("out.svg").path])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("out-2.svg"), "\(result.stderr)")
        #expect(try Data(contentsOf: first) == Data("old".utf8), "page 1 was replaced although page 2 failed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["out-1.svg", "out-2.svg"])
    }

    /// Pages past the new last page, left by an earlier render with more pages, are removed (up
    /// to the first missing number).
    @Test func renderRemovesStalePages() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["out-3.svg", "out-4.svg", "out-6.svg", "keep.svg"] {
            try Data("stale".utf8).write(to: directory.appendingPathComponent(name))
        }
        let result = try CLIRunner.runCapped(["render", prose, "--font-file", font, "--pages", "2",
                                        "-o", directory.appendingPathComponent("out.svg").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["keep.svg", "out-1.svg", "out-2.svg", "out-6.svg"])
    }
}
