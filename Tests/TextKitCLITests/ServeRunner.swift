import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ProcessOutput

/// A real `textkit serve` on an ephemeral loopback port, for one test: started with `--port 0`,
/// its address read from the `listening on` line, stopped with SIGTERM by ``stop()``.
final class ServeRunner: @unchecked Sendable {
    /// The server's base URL, `http://127.0.0.1:PORT`.
    let base: URL
    private let process: Process
    private let errorOutput: Pipe

    /// An HTTP answer.
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `error` of a JSON error answer, or "".
        var error: String { (json?["error"] as? String) ?? "" }
    }

    /// Starts `textkit serve --port 0 --font-file <fixture font>` with `arguments` added.
    init(_ arguments: [String] = []) throws {
        process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve", "--port", "0", "--font-file", CLIRunner.font] + arguments
        process.currentDirectoryURL = CLIRunner.root
        let out = Pipe()
        errorOutput = Pipe()
        process.standardOutput = out
        process.standardError = errorOutput
        try process.run()
        // The first line of standard output names the address.
        var line = Data()
        let handle = out.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst("listening on ".count))) else {
            process.terminate()
            throw ServeRunnerError(message: "no 'listening on' line, got '\(text)'")
        }
        base = url
    }

    /// Sends `method` to `path` (with its query) with `body` and `headers`.
    func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: base.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 60
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    /// `POST path` with `json` (an object) as the body.
    func post(_ path: String, json: [String: Any], client: String? = nil) async throws -> Reply {
        let body = try JSONSerialization.data(withJSONObject: json)
        return try await request("POST", path, body: body, headers: client.map { ["TextKit-Client": $0] } ?? [:])
    }

    /// Stops the server with SIGTERM; returns its exit status and what it logged.
    @discardableResult
    func stop() -> (status: Int32, log: String) {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let log = errorOutput.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: log, as: UTF8.self))
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// The server did not start as expected.
struct ServeRunnerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
