import Foundation
import JSONSchemaValidation
import TestFixtures
import Testing

/// `textkit serve` over HTTP: a real server on an ephemeral port, every endpoint and every error
/// status, the layout JSON checked against `docs/layout.schema.json`.
@Suite(.serialized) struct ServeTests {
    static let prose = (try? Fixtures.text("prose.txt")) ?? "text"
    static let circle = "M 356 300 A 50 50 0 1 0 256 300 A 50 50 0 1 0 356 300 Z"

    /// A request of the prose around a circle, in two columns.
    static var request: [String: Any] {
        ["text": prose, "width": 500, "height": 600, "inset": 36, "size": 11, "columns": 2, "gutter": 14,
         "align": "justified", "breaking": "optimal", "lineHeight": 1.1,
         "exclusions": [["path": circle, "margin": 4, "wrap": "both", "fillRule": "nonzero"]]]
    }

    @Test func layoutAnswersSchemaValidJSON() async throws {
        let server = try ServeRunner()
        let reply = try await server.post("/layout", json: Self.request)
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(Double(reply.headers["textkit-layout-milliseconds"] ?? "") != nil)
        let schema = try JSONSchemaValidator(contentsOfFile: Fixtures.path("docs/layout.schema.json"))
        let violations = try schema.validate(data: reply.body)
        #expect(violations.isEmpty, "\(violations.prefix(5))")
        let pages = try #require(reply.json?["pages"] as? [[String: Any]])
        #expect(pages.count == 1)
        #expect((pages[0]["containers"] as? [Any])?.count == 2)
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.log.contains("POST /layout 200"))
    }

    /// `POST /cli` gives a command (and the exclusions' SVG file) that writes the same JSON, bands
    /// (`stroke`) included.
    @Test func cliCommandReproducesTheLayout() async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        var request = Self.request
        request["exclusions"] = (Self.request["exclusions"] as! [[String: Any]])
            + [["path": "M 60 420 C 160 320 260 520 360 420 L 420 520", "stroke": 22, "margin": 2, "wrap": "largest"]]
        let layout = try await server.post("/layout", json: request)
        let cli = try #require(try await server.post("/cli", json: request).json)
        let command = try #require(cli["command"] as? String)
        #expect(command.hasPrefix("textkit layout text.txt "))
        #expect(command.contains("--exclude exclusions.svg"))
        let directory = try CLIRunner.temporaryDirectory()
        try Self.prose.write(to: directory.appendingPathComponent("text.txt"), atomically: true, encoding: .utf8)
        try (cli["svg"] as? String ?? "").write(to: directory.appendingPathComponent("exclusions.svg"), atomically: true, encoding: .utf8)
        let script = "cd \"$1\" && textkit() { \"$TEXTKIT\" \"$@\"; } && " + command
        let run = try CLIRunner.run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", directory.path],
                                    environment: ["TEXTKIT": CLIRunner.executable.path])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try Data(contentsOf: directory.appendingPathComponent("layout.json"))
        #expect(written == layout.body)
    }

    /// Moving an exclusion and editing the text on one client's document gives, every time,
    /// the layout a fresh document gives.
    @Test func incrementalLayoutMatchesFreshLayout() async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        var request = Self.request
        request["text"] = String(repeating: Self.prose + "\n\n", count: 3)
        for step in 0..<6 {
            let dx = Double(step * 23 - 40), dy = Double(step * 31)
            request["exclusions"] = [["path": "M \(300 + dx) \(200 + dy) h 120 v 90 h -120 Z", "margin": 3],
                                     ["path": "M 60 \(500 - dy) l 80 40 l -80 40", "stroke": 14, "wrap": "largest"]]
            if step == 3 { request["text"] = "A new first paragraph.\n\n" + (request["text"] as! String) }
            if step == 5 { request["columns"] = 1 }
            let incremental = try await server.post("/layout", json: request, client: "drag")
            let fresh = try await server.post("/layout", json: request)
            #expect(incremental.status == 200)
            #expect(incremental.body == fresh.body, "step \(step)")
            let lines = (Int(incremental.headers["textkit-lines-laid-out"] ?? "") ?? -1,
                         Int(fresh.headers["textkit-lines-laid-out"] ?? "") ?? -1)
            if step == 1 || step == 2 {
                // Only the shapes moved: only the lines they left or reached are laid out again.
                #expect(lines.0 >= 0 && lines.0 < lines.1, "step \(step): \(lines)")
                #expect(incremental.headers["textkit-paragraphs-shaped"] == "0")
            }
        }
    }

    @Test(arguments: [
        ("{\"text\": \"x\",}", "line 1, column 14", "malformed JSON"),
        ("[1]", "$", "expected an object"),
        ("{\"width\": 10}", "$", "missing key 'text'"),
        ("{\"text\": \"x\", \"width\": \"612\"}", "$.width", "expected a number"),
        ("{\"text\": \"x\", \"colour\": 1}", "$", "unknown key 'colour'"),
        ("{\"text\": \"x\", \"align\": \"middle\"}", "$.align", "unknown value 'middle'"),
        ("{\"text\": \"x\", \"exclusions\": [{\"path\": \"M 10 10 X\"}]}", "$.exclusions[0].path: column 9", "expected a path command"),
        ("{\"text\": \"x\", \"exclusions\": [{\"margin\": 2}]}", "$.exclusions[0]", "missing key 'path'"),
        ("{\"text\": \"x\", \"inset\": 400}", "$.inset", "leaves no room"),
        ("{\"text\": \"x\", \"font\": \"No Such Family 12345\"}", "$.font", "No Such Family 12345"),
    ])
    func badRequestsAre400WithAPlace(body: String, place: String, message: String) async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        let reply = try await server.request("POST", "/layout", body: Data(body.utf8))
        #expect(reply.status == 400)
        #expect(reply.json?["at"] as? String == place, "\(reply.text)")
        #expect(reply.error.contains(message), "\(reply.text)")
    }

    @Test func limitsAnswer413And422And503() async throws {
        let server = try ServeRunner(["--max-body-bytes", "2000", "--max-pages", "1", "--max-concurrent", "1",
                                      "--max-queued", "0"])
        defer { server.stop() }
        let large = try await server.post("/layout", json: ["text": String(repeating: "x", count: 5000)])
        #expect(large.status == 413)
        #expect(large.error.contains("--max-body-bytes"))
        let long = try await server.post("/layout", json: ["text": String(repeating: "word ", count: 300), "size": 30])
        #expect(long.status == 422)
        #expect(long.error.contains("--max-pages 1"))
        let ok = try await server.post("/layout", json: ["text": "fits"])
        #expect(ok.status == 200)

        let slow = try ServeRunner(["--max-layout-ms", "1", "--max-body-bytes", "4000000"])
        defer { slow.stop() }
        let pages = try await slow.post("/layout", json: ["text": String(repeating: Self.prose + "\n", count: 60)])
        #expect(pages.status == 422)
        #expect(pages.error.contains("--max-layout-ms 1"), "\(pages.text)")

        // A time budget that a loaded machine cannot exceed: only the gate may refuse here.
        let busy = try ServeRunner(["--max-concurrent", "1", "--max-queued", "0", "--max-body-bytes", "4000000",
                                    "--max-layout-ms", "600000"])
        defer { busy.stop() }
        let heavy = try JSONSerialization.data(withJSONObject: [
            "text": String(repeating: Self.prose + "\n", count: 150), "breaking": "optimal", "exclusions": [["path": Self.circle]],
        ] as [String: Any])
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<6 { group.addTask { try await busy.request("POST", "/layout", body: heavy).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        #expect(statuses.contains(200) && statuses.contains(503), "\(statuses)")
    }

    @Test func glyphOutlinesOfTheLayoutsFonts() async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        let layout = try #require(try await server.post("/layout", json: ["text": "Ab c"]).json)
        let font = try #require((layout["fonts"] as? [[String: Any]])?.first)
        let hash = try #require(font["fileHash"] as? String)
        let reply = try await server.request("GET", "/glyphs?font=\(hash)&face=0&ids=36,3")
        #expect(reply.status == 200)
        #expect(reply.headers["cache-control"]?.contains("immutable") == true)
        let glyphs = try #require(reply.json?["glyphs"] as? [String: String])
        #expect(glyphs["36"]?.hasPrefix("M ") == true)
        #expect(glyphs["3"] == "")
        #expect(reply.json?["unitsPerEm"] as? Int == 2048)
        #expect(try await server.request("GET", "/glyphs?font=0123456789abcdef&ids=1").status == 404)
        #expect(try await server.request("GET", "/glyphs?font=\(hash)&ids=1,x").status == 400)
        #expect(try await server.request("GET", "/glyphs?font=\(hash)&ids=65000").status == 400)
        #expect(try await server.request("GET", "/glyphs?ids=1").status == 400)
    }

    @Test func pageAndFilesAreServedAndNothingElse() async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        let page = try await server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("playground.js"))
        let script = try await server.request("GET", "/playground.js")
        #expect(script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        let text = try await server.request("GET", "/default-text.txt")
        #expect(text.text.hasPrefix(String(Self.prose.prefix(40))))
        for path in ["/nope", "/..%2FPackage.swift", "/fonts/DejaVuSans.ttf", "/index.html/../../Package.swift"] {
            #expect(try await server.request("GET", path).status == 404, "\(path)")
        }
    }

    @Test func renderSpansAndContour() async throws {
        let server = try ServeRunner()
        defer { server.stop() }
        let body = try JSONSerialization.data(withJSONObject: Self.request)
        let pdf = try await server.request("POST", "/render?format=pdf", body: body)
        #expect(pdf.status == 200)
        #expect(pdf.body.starts(with: Data("%PDF".utf8)))
        let svg = try await server.request("POST", "/render?format=svg&show=spans,fragments", body: body)
        #expect(svg.headers["content-type"] == "image/svg+xml")
        #expect(svg.text.contains("<svg"))
        #expect(try await server.request("POST", "/render?format=gif", body: body).status == 400)
        let spans = try #require(try await server.request("POST", "/spans", body: body).json?["spans"] as? [[Double]])
        #expect(spans.count > 20)
        #expect(spans.allSatisfy { $0.count == 5 && $0[3] >= 0 })
        let png = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/images/block.png")))
        let contour = try await server.request("POST", "/contour?x=100&y=100&width=200&height=150", body: png)
        #expect(contour.status == 200, "\(contour.text)")
        #expect((contour.json?["path"] as? String)?.hasPrefix("M ") == true)
        let notPNG = try await server.request("POST", "/contour?x=0&y=0&width=10&height=10", body: Data("nope".utf8))
        #expect(notPNG.status == 400)
    }

    /// The page's default text is the fixtures' (`scripts/make-playground-text.sh` writes it).
    @Test func defaultTextIsMadeFromTheFixtures() throws {
        var expected = try Fixtures.text("prose.txt")
        for language in ["english", "greek", "russian", "arabic", "hebrew", "hindi", "thai", "georgian", "armenian"] {
            expected += "\n" + (try Fixtures.text("udhr/\(language).txt"))
        }
        let resource = try String(contentsOfFile: Fixtures.path("Sources/TextKitCLI/Resources/playground/default-text.txt"),
                                  encoding: .utf8)
        #expect(resource == expected)
    }
}
