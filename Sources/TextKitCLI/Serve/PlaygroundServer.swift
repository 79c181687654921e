import Foundation
import HTTPTypes
import Hummingbird
import TextKit
import TextKitFormats
import TextKitRender

/// The routes of `textkit serve` and the work behind them. Layout goes through the command's
/// own code: a request becomes `textkit layout` options (``LayoutRequest/layoutOptions(defaultFont:limits:)``),
/// whose ``PageLayoutJob`` helpers give the font, attributes and page setup; the answer is
/// written by the command's JSON and drawing formats.
struct PlaygroundServer: Sendable {
    /// The server's options.
    struct Settings: Sendable {
        /// `--font FAMILY` or `--font-file FILE`, or nothing: the default font of every request.
        var defaultFont: [String]
        var maxBodyBytes: Int, maxPages: Int, maxLayoutMilliseconds: Int
        var maxExclusions: Int, maxPathSegments: Int
        var maxConcurrent: Int, maxQueued: Int, maxClients: Int
    }

    let settings: Settings
    private let collection: FontCollection
    private let documents: PlaygroundDocuments
    let gate: LayoutGate
    private let glyphs = GlyphOutlineService()
    private let assets: PlaygroundAssets
    private let reader: LayoutRequestReader

    /// A server with `settings`; its default font must resolve.
    ///
    /// - Throws: ``CLIError`` when the default font cannot be found or the page's files are missing.
    init(settings: Settings) throws(CLIError) {
        self.settings = settings
        collection = FontCollection(defaultFontPath: PageLayoutJob.bundledFontPath)
        documents = PlaygroundDocuments(capacity: settings.maxClients)
        gate = LayoutGate(limit: settings.maxConcurrent, queue: settings.maxQueued)
        assets = try PlaygroundAssets()
        reader = LayoutRequestReader(maximumExclusions: settings.maxExclusions,
                                     maximumPathSegments: settings.maxPathSegments, maximumTextLength: settings.maxBodyBytes)
        let options: LayoutOptions
        do {
            options = try LayoutOptions.parse(["-"] + settings.defaultFont)
        } catch {
            throw CLIError(status: .usage, message: LayoutOptions.message(for: error))
        }
        _ = try PageLayoutJob.primaryFont(options, collection: collection)
    }

    /// The router: the page, `POST /layout`, `POST /render`, `GET /glyphs`, each request logged.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.middlewares.add(RequestLogMiddleware())
        for name in PlaygroundAssets.names {
            router.get(RouterPath(name == "index.html" ? "/" : "/" + name)) { _, _ in assets.response(name) }
        }
        router.post("/layout") { request, _ in await respond { () throws(ServeError) in try await layout(request) } }
        router.post("/render") { request, _ in await respond { () throws(ServeError) in try await render(request) } }
        router.post("/spans") { request, _ in await respond { () throws(ServeError) in try await spans(request) } }
        router.post("/cli") { request, _ in await respond { () throws(ServeError) in try await command(request) } }
        router.post("/contour") { request, _ in await respond { () throws(ServeError) in try await contour(request) } }
        router.get("/glyphs") { request, _ in
            await respond { () throws(ServeError) in
                let query = request.uri.queryParameters
                let body = try glyphs.answer(font: query.get("font"), face: query.get("face"), ids: query.get("ids"))
                return Self.response(.ok, body, type: "application/json",
                                     extra: [.cacheControl: "public, max-age=31536000, immutable"])
            }
        }
        return router
    }

    // MARK: - Internals

    /// A finished layout of one request (`@unchecked Sendable`: its output's storage and lazy
    /// renderer are used by one request only).
    struct Laid: @unchecked Sendable {
        var output: LayoutOutput
        var milliseconds: Double
        /// What the layout manager did for this request: lines laid out, paragraphs shaped.
        var statistics: LayoutStatistics
    }

    private func layout(_ request: Request) async throws(ServeError) -> Response {
        let laid = try await lay(request)
        var json: [UInt8] = []
        do {
            try LayoutOutputFormats.json.write(laid.output, pages: .all, progress: nil) { json += $0 }
        } catch {
            throw ServeError(status: 500, message: "writing the layout failed: \(error)")
        }
        return Self.response(.ok, json, type: "application/json", extra: [
            Self.layoutTime: String(format: "%.2f", laid.milliseconds),
            Self.linesLaidOut: String(laid.statistics.linesLaidOut),
            Self.paragraphsShaped: String(laid.statistics.paragraphsShaped),
        ])
    }

    private func render(_ request: Request) async throws(ServeError) -> Response {
        let name = request.uri.queryParameters.get("format") ?? "svg"
        guard let format = LayoutOutputFormats.drawing(named: name) else {
            throw ServeError(status: 400, message: "unknown format '\(name)'; use \(LayoutOutputFormats.drawingNames())",
                             place: "format")
        }
        var overlays: DebugOverlays = []
        for item in (request.uri.queryParameters.get("show") ?? "").split(separator: ",") {
            guard let overlay = DebugOverlays(name: String(item)) else {
                throw ServeError(status: 400, message: "unknown overlay '\(item)'", place: "show")
            }
            overlays.insert(overlay)
        }
        let laid = try await lay(request, overlays: overlays)
        var bytes: [UInt8] = []
        do {
            try format.check(laid.output, pages: .all)
            try format.write(laid.output, pages: .all, progress: nil) { bytes += $0 }
        } catch let error as CLIError {
            throw ServeError(status: 422, message: error.message)
        } catch {
            throw ServeError(status: 500, message: "rendering failed: \(error)")
        }
        let types = ["svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"]
        return Self.response(.ok, bytes, type: types[format.name] ?? "application/octet-stream",
                             extra: [.contentDisposition: "attachment; filename=\"textkit-layout.\(format.name)\""])
    }

    /// The body of `request`, at most `--max-body-bytes` of it.
    ///
    /// - Throws: ``ServeError`` 413 for a larger body.
    func collect(_ request: Request) async throws(ServeError) -> [UInt8] {
        do {
            return Array(buffer: try await request.body.collect(upTo: settings.maxBodyBytes))
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw ServeError(status: 413, message: "the request body is larger than \(settings.maxBodyBytes) bytes (--max-body-bytes)")
        } catch {
            throw ServeError(status: 400, message: "the request body could not be read")
        }
    }

    /// The layout request in the body of `request`.
    ///
    /// - Throws: ``ServeError`` 413 for a body too large, 400 for one that is not a request.
    func readRequest(_ request: Request) async throws(ServeError) -> LayoutRequest {
        let body = try await collect(request)
        do {
            return try reader.read(body)
        } catch {
            throw ServeError(status: 400, message: error.message, place: error.place)
        }
    }

    /// Reads, checks and lays out a `POST` body, on the client's document when it sends its id.
    func lay(_ request: Request, overlays: DebugOverlays = []) async throws(ServeError) -> Laid {
        let parsed = try await readRequest(request)
        let options = try parsed.layoutOptions(defaultFont: settings.defaultFont,
                                               limits: ["--max-pages", String(settings.maxPages)])
        let client = request.headers[Self.clientHeader].flatMap { $0.utf8.count <= 64 ? $0 : nil }
        let result = try await gate.run { [self] in
            Result { () throws(ServeError) in try layOut(parsed, options: options, client: client, overlays: overlays) }
        }
        let laid = try result.get()
        glyphs.register(laid.output.snapshot)
        return laid
    }

    /// The layout itself, on a gate thread: the client's document updated and laid out.
    private func layOut(_ request: LayoutRequest, options: LayoutOptions, client: String?,
                        overlays: DebugOverlays) throws(ServeError) -> Laid {
        let start = ContinuousClock.now
        let font: (Font, FontDescriptor)
        do {
            font = try PageLayoutJob.primaryFont(options, collection: collection)
        } catch {
            throw ServeError(status: 400, message: error.message, place: request.font == nil ? nil : "$.font")
        }
        let attributes = PageLayoutJob.textAttributes(options, font: font.1)
        var document = client.flatMap { documents.checkOut($0) }
        if let existing = document, existing.primaryFont == font.0 {
            existing.update(text: request.text, attributes: attributes)
        } else {
            document = PlaygroundDocument(text: request.text, attributes: attributes, primaryFont: font.0,
                                          collection: collection)
        }
        let doc = document!
        doc.layoutManager.resetStatistics()
        let setup = PageLayoutJob.pageSetup(options, exclusions: request.exclusions.map(\.exclusion), shape: nil)
        let budget = Duration.milliseconds(settings.maxLayoutMilliseconds)
        do {
            try doc.layOut(setup, maximumPages: settings.maxPages, deadline: start + budget,
                           limits: ("--max-pages \(settings.maxPages)", "--max-layout-ms \(settings.maxLayoutMilliseconds)"))
        } catch {
            if let client { documents.checkIn(doc, for: client) }
            throw ServeError(status: 422, message: error.message)
        }
        let snapshot = doc.layoutManager.snapshot()
        let elapsed = ContinuousClock.now - start
        var renderOptions = RenderOptions()
        renderOptions.overlays = overlays
        let output = LayoutOutput(snapshot: snapshot, pages: doc.pages, placements: doc.placements, storage: doc.storage,
                                  warnings: doc.layoutManager.warnings, path: "layout", renderOptions: renderOptions)
        if let client { documents.checkIn(doc, for: client) }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return Laid(output: output, milliseconds: milliseconds, statistics: doc.layoutManager.statistics)
    }

    /// The header a page sends its client id in, to keep its document between requests.
    static let clientHeader = HTTPField.Name("TextKit-Client")!
    /// The header the layout's time in milliseconds is sent in.
    static let layoutTime = HTTPField.Name("TextKit-Layout-Milliseconds")!
    /// The headers saying how many lines the request laid out and paragraphs it shaped: on a
    /// client's document, only what the change reached.
    static let linesLaidOut = HTTPField.Name("TextKit-Lines-Laid-Out")!, paragraphsShaped = HTTPField.Name("TextKit-Paragraphs-Shaped")!

    /// A response of `bytes` of content `type`.
    static func response(_ status: HTTPResponse.Status, _ bytes: [UInt8], type: String,
                         extra: [HTTPField.Name: String] = [:]) -> Response {
        var headers: HTTPFields = [.contentType: type, .contentLength: String(bytes.count)]
        for (name, value) in extra { headers[name] = value }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Runs a handler, turning its ``ServeError`` into the JSON error response.
    private func respond(_ work: () async throws(ServeError) -> Response) async -> Response {
        do {
            return try await work()
        } catch {
            return Self.response(HTTPResponse.Status(code: error.status), error.json, type: "application/json")
        }
    }
}
