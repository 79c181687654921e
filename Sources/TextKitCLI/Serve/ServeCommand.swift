import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TextKit

/// `textkit serve`: the exclusion-path playground, a page and an HTTP API on the real engine.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the exclusion-path playground: draw shapes in a browser and watch the text reflow.",
        discussion: "GET / is the playground; POST /layout lays out a JSON request and answers the layout JSON; "
            + "POST /render?format=svg|pdf|png draws it; GET /glyphs gives glyph outlines (docs/serve.md). "
            + "Logs one line per request on standard error; SIGINT or SIGTERM stop it gracefully. "
            + "Exit status: 0 after a stop, 64 bad options, 69 font unavailable, 71 cannot listen.")

    @Option(help: "The address to listen on (127.0.0.1: this machine only).") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0: any free port; the line 'listening on …' says which).") var port = 8080
    @Option(help: "The default font family, looked up with fontconfig.") var font: String?
    @Option(name: .customLong("font-file"), help: "A font file to use by default instead of a family.") var fontFile: String?

    @Option(name: .customLong("max-body-bytes"), help: "Refuse request bodies larger than this (413).")
    var maxBodyBytes = 1 << 20
    @Option(name: .customLong("max-pages"), help: "Most pages one layout may take (422 beyond).")
    var maxPages = 100
    @Option(name: .customLong("max-layout-ms"), help: "Time budget of one layout in milliseconds, checked after each page (422 beyond).")
    var maxLayoutMilliseconds = 5_000
    @Option(name: .customLong("max-exclusions"), help: "Most exclusions in one request.")
    var maxExclusions = 1_000
    @Option(name: .customLong("max-path-segments"), help: "Most path segments of all exclusions of one request.")
    var maxPathSegments = 100_000
    @Option(name: .customLong("max-concurrent"), help: "Most layouts at once (default: the number of processors).")
    var maxConcurrent = ProcessInfo.processInfo.activeProcessorCount
    @Option(name: .customLong("max-queued"), help: "Most requests waiting for a layout (503 beyond).")
    var maxQueued = 64
    @Option(name: .customLong("max-clients"), help: "Most client documents kept for incremental layout.")
    var maxClients = 16
    @Option(name: .customLong("idle-timeout"), help: "Seconds after which an idle or stalled connection is closed.")
    var idleTimeout = 30

    mutating func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard font == nil || fontFile == nil else { throw ValidationError("use --font or --font-file, not both") }
        let limits = [("--max-body-bytes", maxBodyBytes), ("--max-pages", maxPages), ("--max-layout-ms", maxLayoutMilliseconds),
                      ("--max-exclusions", maxExclusions), ("--max-path-segments", maxPathSegments),
                      ("--max-concurrent", maxConcurrent), ("--max-clients", maxClients), ("--idle-timeout", idleTimeout)]
        for (name, value) in limits where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value)")
        }
        guard maxQueued >= 0 else { throw ValidationError("--max-queued must be zero or more, not \(maxQueued)") }
    }

    func run() async throws {
        let server: PlaygroundServer
        do {
            server = try PlaygroundServer(settings: settings)
        } catch {
            CLIError.report("error", error.message)
            throw error.exitCode
        }
        var logger = Logger(label: "textkit-serve")
        logger.logLevel = .warning
        let host = self.host
        let app = Application(
            router: server.router(),
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(idleTimeout)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "textkit"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                try? StandardStream.writeOutput(Array("listening on http://\(shown):\(bound)\n".utf8))
            },
            logger: logger)
        do {
            try await app.runService()
        } catch {
            CLIError.report("error", "cannot serve on \(host):\(port): \(error)")
            throw ExitCode(71)
        }
        StandardStream.writeError("textkit: stopped\n")
    }

    /// The options the server works with.
    private var settings: PlaygroundServer.Settings {
        PlaygroundServer.Settings(
            defaultFont: fontFile.map { ["--font-file", $0] } ?? font.map { ["--font", $0] } ?? [],
            maxBodyBytes: maxBodyBytes, maxPages: maxPages, maxLayoutMilliseconds: maxLayoutMilliseconds,
            maxExclusions: maxExclusions, maxPathSegments: maxPathSegments, maxConcurrent: maxConcurrent,
            maxQueued: maxQueued, maxClients: maxClients)
    }
}
