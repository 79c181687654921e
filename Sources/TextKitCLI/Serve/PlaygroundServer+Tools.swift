import Foundation
import HTTPTypes
import Hummingbird
import TextKit
import TextKitFormats
import TextKitImage
import TextKitSVG

/// The playground's helpers beside the layout: free spans for the overlay, the equivalent
/// `textkit layout` command, and exclusion contours from a PNG.
extension PlaygroundServer {
    /// `POST /spans` (a layout request): every free span of every line's band, in page
    /// coordinates, as `textkit render --show spans` draws them (``ContainerLayout/freeSpansOfLines()``):
    /// `{"spans": [[page, x, y, width, height], …]}`. On the client's document it lays out
    /// nothing new when the request is the one just laid out.
    func spans(_ request: Request) async throws(ServeError) -> Response {
        let laid = try await lay(request)
        var json = "{\"spans\":["
        var first = true
        for container in laid.output.snapshot.containers {
            let placement = laid.output.placements[container.index]
            for (line, spans) in zip(container.lines, container.freeSpansOfLines()) {
                for span in spans {
                    json += (first ? "" : ",") + "[\(placement.page),\(Self.number(span.minX + placement.origin.x)),"
                        + "\(Self.number(line.rect.minY + placement.origin.y)),\(Self.number(span.width)),"
                        + "\(Self.number(line.rect.height))]"
                    first = false
                }
            }
        }
        return Self.response(.ok, Array((json + "]}\n").utf8), type: "application/json")
    }

    /// `POST /cli` (a layout request): the `textkit layout` command that reproduces the layout
    /// and the SVG file of its exclusions that the command reads:
    /// `{"command": "textkit layout text.txt … --exclude exclusions.svg", "svg": "<svg …"}`.
    func command(_ request: Request) async throws(ServeError) -> Response {
        let parsed = try await readRequest(request)
        var words = ["textkit", "layout", "text.txt"] + parsed.arguments(defaultFont: settings.defaultFont)
        if !parsed.exclusions.isEmpty { words += ["--exclude", "exclusions.svg"] }
        words += ["-o", "layout.json"]
        let command = words.map(Self.shellQuoted).joined(separator: " ")
        let json = "{\"command\":" + ServeError.quoted(command) + ",\"svg\":" + ServeError.quoted(Self.svg(of: parsed)) + "}\n"
        return Self.response(.ok, Array(json.utf8), type: "application/json")
    }

    /// `POST /contour?x=…&y=…&width=…&height=…&threshold=…` (a PNG body): the outline of the
    /// image's opaque pixels stretched onto that page rectangle, as `--exclude-image` traces it:
    /// `{"path": "M …"}`.
    func contour(_ request: Request) async throws(ServeError) -> Response {
        let query = request.uri.queryParameters
        var values: [Double] = []
        for name in ["x", "y", "width", "height"] {
            guard let text = query.get(name), let value = Double(text), value.isFinite, abs(value) <= 100_000 else {
                throw ServeError(status: 400, message: "'\(name)' must be a number of points", place: name)
            }
            values.append(value)
        }
        guard values[2] > 0, values[3] > 0 else { throw ServeError(status: 400, message: "the rectangle must have a size", place: "width") }
        let threshold = query.get("threshold").flatMap(Double.init) ?? 0.5
        guard (0...1).contains(threshold) else { throw ServeError(status: 400, message: "'threshold' must be 0…1", place: "threshold") }
        let body = try await collect(request)
        let rect = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        let path = try await gate.run { () -> Result<BezierPath, ServeError> in
            do throws(ImageError) {
                let mask = try AlphaMask(pngData: body, file: "upload.png", maxPixels: 1 << 22)
                return .success(BezierPath(contoursOf: mask, threshold: threshold, in: rect))
            } catch {
                return .failure(ServeError(status: 400, message: error.message))
            }
        }.get()
        let json = "{\"path\":" + ServeError.quoted(SVGPathData.string(from: path)) + "}\n"
        return Self.response(.ok, Array(json.utf8), type: "application/json")
    }

    // MARK: - Internals

    /// The exclusions as an SVG file `textkit layout --exclude` reads: each path with its
    /// fill rule (or as a round stroke of its band width) and `data-textkit-*` wrap options.
    static func svg(of request: LayoutRequest) -> String {
        let width = number(request.width ?? 612), height = number(request.height ?? 792)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\">\n"
        for entry in request.exclusions {
            let d = entry.pathData.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
            svg += "  <path d=\"\(d)\""
            if let stroke = entry.strokeWidth {
                svg += " fill=\"none\" stroke=\"black\" stroke-width=\"\(number(stroke))\" stroke-linecap=\"round\" "
                    + "stroke-linejoin=\"round\""
            } else {
                svg += " fill-rule=\"\(entry.exclusion.fillRule.rawValue)\""
            }
            if entry.exclusion.margin > 0 { svg += " data-textkit-margin=\"\(number(entry.exclusion.margin))\"" }
            if entry.exclusion.wrapSide != .both { svg += " data-textkit-wrap=\"\(entry.exclusion.wrapSide.rawValue)\"" }
            svg += "/>\n"
        }
        return svg + "</svg>\n"
    }

    /// `word` quoted for a POSIX shell when it needs to be.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_./:=,+@%".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A number as the JSON writer rounds it: to 1/1000, without a trailing `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}
