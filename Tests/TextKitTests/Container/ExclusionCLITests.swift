import Foundation
import ProcessOutput
import Testing
import TextKit
import TextKitSVG

/// The exclusion flags of `textkit layout`: --margin, --wrap, --exclude-image, --shape.
/// Runs the built executable (built with the tests by `swift build --build-tests`).
/// The built `textkit` binary, if any.
enum TextKitExecutable {
    static var url: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("textkit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let fallback = Fixtures.root.appendingPathComponent(".build/debug/textkit")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }
}

@Suite(.enabled(if: TextKitExecutable.url != nil))
struct ExclusionCLITests {
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = TextKitExecutable.url
        process.arguments = ["layout", Fixtures.path("Fixtures/texts/prose.txt"), "--font-file", Fixtures.fontPath]
            + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readAllRetryingInterrupts()
        let stderr = String(decoding: err.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    /// The page-coordinate boxes of all glyphs whose line meets y in `band`.
    func glyphXs(_ json: Data, band: ClosedRange<Double>) throws -> [Double] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let pages = try #require(root["pages"] as? [[String: Any]])
        var xs: [Double] = []
        for page in pages.prefix(1) {
            for container in page["containers"] as? [[String: Any]] ?? [] {
                for line in container["lines"] as? [[String: Any]] ?? [] {
                    let rect = line["rect"] as? [Double] ?? [0, 0, 0, 0]
                    let y = rect[1], h = rect[3]
                    guard y + h > band.lowerBound, y < band.upperBound else { continue }
                    for fragment in line["fragments"] as? [[String: Any]] ?? [] {
                        let used = fragment["usedRect"] as? [Double] ?? [0, 0, 0, 0]
                        if used[2] > 0 { xs += [used[0], used[0] + used[2]] }
                    }
                }
            }
        }
        return xs
    }

    @Test func marginAndWrapApplyToExcludedShapes() throws {
        let plain = try run(["--exclude", Fixtures.path("Fixtures/shapes/circle.svg")])
        let right = try run(["--exclude", Fixtures.path("Fixtures/shapes/circle.svg"), "--wrap", "right", "--margin", "10"])
        #expect(plain.status == 0 && right.status == 0, "\(right.stderr)")
        // The circle spans x 206…406 at y 300: with --wrap right nothing is left of it (plus about the margin).
        let xs = try glyphXs(right.stdout, band: 290...310)
        #expect(!xs.isEmpty && xs.allSatisfy { $0 >= 406 }, "\(xs.min() ?? 0)")
        #expect(try glyphXs(plain.stdout, band: 290...310).contains { $0 < 206 })
    }

    /// The page rectangles of the text fragments (their used width, their line's height).
    func fragmentRects(_ json: Data) throws -> [Rect] {
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let pages = try #require(root["pages"] as? [[String: Any]])
        var rects: [Rect] = []
        for container in pages.first?["containers"] as? [[String: Any]] ?? [] {
            for line in container["lines"] as? [[String: Any]] ?? [] {
                let rect = line["rect"] as? [Double] ?? [0, 0, 0, 0]
                for fragment in line["fragments"] as? [[String: Any]] ?? [] {
                    let used = fragment["usedRect"] as? [Double] ?? [0, 0, 0, 0]
                    if used[2] > 0 { rects.append(Rect(x: used[0], y: rect[1], width: used[2], height: rect[3])) }
                }
            }
        }
        return rects
    }

    @Test func strokedSVGShapesExcludeTheirBand() throws {
        let file = Fixtures.path("Fixtures/shapes/freehand-stroke.svg")
        let result = try run(["--exclude", file])
        #expect(result.status == 0, "\(result.stderr)")
        let regions = try SVGDocument(contentsOfFile: file).shapes.map { ExclusionRegion($0.exclusion()) }
        let rects = try fragmentRects(result.stdout)
        // Positions are rounded to 1/64 pt in the JSON.
        #expect(rects.count > 10 && !rects.contains { rect in regions.contains { $0.intersects(rect, tolerance: 0.02) } })
        let plain = try fragmentRects(try run([]).stdout)
        #expect(plain.contains { rect in regions.contains { $0.intersects(rect, tolerance: 0.02) } })
    }

    @Test func svgWrapAttributesAndUnits() throws {
        let result = try run(["--exclude", Fixtures.path("Fixtures/shapes/wrap-options.svg")])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func imageExclusion() throws {
        let png = Fixtures.path("Fixtures/images/block.png")
        let result = try run(["--exclude-image", "\(png)@200,100,200,200,0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        // The block covers [240, 340] × [160, 260].
        let xs = try glyphXs(result.stdout, band: 170...250)
        #expect(!xs.isEmpty && !xs.contains { $0 > 240 + 1e-6 && $0 < 340 - 1e-6 })
    }

    @Test func shapedContainer() throws {
        let result = try run(["--shape", Fixtures.path("Fixtures/shapes/heart.svg"), "--pages", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let xs = try glyphXs(result.stdout, band: 0...800)
        #expect(!xs.isEmpty && xs.allSatisfy { $0 >= 140 && $0 <= 472 })
    }

    @Test func badValuesAreUsageOrDataErrors() throws {
        #expect(try run(["--wrap", "around"]).status == 64)
        #expect(try run(["--margin", "-1"]).status == 64)
        #expect(try run(["--exclude-image", "x.png@1,2,3"]).status == 64)
        #expect(try run(["--exclude-image", "x.png@1,2,3,4,2"]).status == 64)
        #expect(try run(["--exclude-image", "\(Fixtures.path("Fixtures/texts/prose.txt"))@1,2,3,4"]).status == 65)
        #expect(try run(["--exclude-image", "/no/such.png@1,2,3,4"]).status == 66)
        #expect(try run(["--shape", Fixtures.path("Fixtures/shapes/overlapping.svg")]).status == 65)
    }
}
