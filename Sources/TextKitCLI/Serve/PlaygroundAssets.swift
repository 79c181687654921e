import Foundation
import HTTPTypes
import Hummingbird

/// The playground's files (HTML, CSS, JavaScript, the default text), read once from the
/// command's resources. Only these names are served: no request names a file.
struct PlaygroundAssets: Sendable {
    /// The files, each served at `/NAME` (`index.html` at `/`).
    static let names = ["index.html", "playground.css", "playground.js", "drawing.js", "default-text.txt"]

    private let files: [String: [UInt8]]

    /// Reads every file of ``names``.
    ///
    /// - Throws: ``CLIError`` (70) when one is missing: the executable was built without them.
    init() throws(CLIError) {
        var files: [String: [UInt8]] = [:]
        for name in Self.names {
            let url = URL(fileURLWithPath: name)
            guard let path = Bundle.module.path(forResource: url.deletingPathExtension().lastPathComponent,
                                                ofType: url.pathExtension, inDirectory: "playground"),
                  let data = FileManager.default.contents(atPath: path) else {
                throw CLIError(status: .software, message: "the playground file \(name) is missing from the command's resources")
            }
            files[name] = Array(data)
        }
        self.files = files
    }

    /// The response serving `name`.
    func response(_ name: String) -> Response {
        let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
                     "js": "text/javascript; charset=utf-8", "txt": "text/plain; charset=utf-8"]
        let type = types[URL(fileURLWithPath: name).pathExtension] ?? "application/octet-stream"
        return PlaygroundServer.response(.ok, files[name] ?? [], type: type, extra: [
            .cacheControl: "no-cache",
            .contentSecurityPolicy: "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ])
    }
}

/// Logs one line per request on standard error: method, path, status, bytes and milliseconds.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, bytes: response.headers[.contentLength] ?? "-", since: start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, status: status, bytes: "-", since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, bytes: String, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let path = String(request.uri.path.prefix(200))
        StandardStream.writeError(String(format: "%@ %@ %d %@ %.1fms\n", request.method.rawValue, CLIError.sanitized(path),
                                         status, bytes, ms))
    }
}
