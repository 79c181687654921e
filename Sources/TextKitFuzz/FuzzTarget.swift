import Foundation
import TextKit
import TextKitFormats
import TextKitGeometry
import TextKitImage
import TextKitSVG

/// The fuzz targets. Each takes arbitrary bytes, must never crash or hang, and traps (so the
/// fuzzer reports it) when a result breaks an invariant the API promises.
enum FuzzTarget: String, CaseIterable {
    /// `SVGDocument(data:file:)`, then the geometry of every shape.
    case svg
    /// `SVGPathData.parse`.
    case path
    /// `StyledTextReader().read(_:file:defaults:)`.
    case styled
    /// `AlphaMask(pngData:file:maxPixels:)` (or a raw mask) and `BezierPath(contoursOf:threshold:in:)`.
    case png
    /// Layout of the bytes as text in containers and around exclusions taken from the first bytes.
    case layout
    /// Pages added until all text fits around exclusions that leave room: no text is ever lost.
    case pages
    /// `LayoutRequestReader().read(_:)`, the body decoder of `textkit serve`'s `POST /layout`.
    case request

    /// The target libFuzzer's callback runs (set once by `main`).
    nonisolated(unsafe) static var selected = FuzzTarget.svg

    /// Runs one input.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .svg: Self.svg(bytes)
        case .path: Self.path(bytes)
        case .styled: Self.styled(bytes)
        case .png: PNGFuzzInput.run(bytes)
        case .layout:
            var input = LayoutFuzzInput(bytes)
            input.run()
        case .pages:
            var input = PagesFuzzInput(bytes)
            input.run()
        case .request: Self.request(bytes)
        }
    }

    // MARK: - Internals

    static func svg(_ bytes: [UInt8]) {
        let document: SVGDocument
        do {
            document = try SVGDocument(data: bytes, file: "fuzz.svg")
        } catch {
            check(error.line >= 0 && error.column >= 0 && !error.message.isEmpty, "bad SVGError \(error)")
            return
        }
        for shape in document.shapes {
            checkFinite(shape.path, "SVG shape <\(shape.element)> at \(shape.line):\(shape.column)")
            let region = FilledRegion(path: shape.path)
            // One line's band across the middle, as layout asks (a band as tall as a huge shape
            // costs O(edges × vertices) in the sweep: seconds for 10⁵ edges).
            let box = shape.path.bounds
            let middle = box.minY + box.height / 2
            _ = region.coveredSpans(minY: middle - 12, maxY: middle + 12)
            _ = shape.exclusion()
        }
    }

    static func path(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let path = try SVGPathData.parse(text)
            checkFinite(path, "path data")
            _ = path.bounds
        } catch {
            check(error.line == 1 && error.column >= 1, "bad SVGError place \(error)")
        }
    }

    static func styled(_ bytes: [UInt8]) {
        do {
            let text = try StyledTextReader(maximumEntries: 10_000).read(bytes, file: "fuzz.json", defaults: TextAttributes())
            _ = text.length
        } catch {
            check(error.file == "fuzz.json" && !error.place.isEmpty && !error.message.isEmpty, "bad error \(error)")
        }
    }

    static func request(_ bytes: [UInt8]) {
        let reader = LayoutRequestReader(maximumExclusions: 64, maximumPathSegments: 2_000, maximumTextLength: 4_096)
        do {
            let request = try reader.read(bytes)
            check(request.exclusions.count <= 64, "more exclusions than the limit")
            check(request.text.unicodeScalars.count <= 4_096, "text over the limit")
            var segments = 0
            for entry in request.exclusions {
                checkFinite(entry.exclusion.path, "request exclusion")
                // A stroke's outline has more elements than the path data it strokes.
                if entry.strokeWidth == nil { segments += entry.exclusion.path.elements.count }
            }
            check(segments <= 2_000, "more path segments than the limit")
        } catch {
            check(!error.place.isEmpty && !error.message.isEmpty, "bad LayoutRequestError \(error)")
        }
    }

    /// Every coordinate of `path` is finite: non-finite geometry from input is a bug of the reader.
    static func checkFinite(_ path: BezierPath, _ what: @autoclosure () -> String) {
        func finite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite }
        for element in path.elements {
            let ok = switch element {
            case .move(let p), .line(let p): finite(p)
            case .quadCurve(let p, let c): finite(p) && finite(c)
            case .curve(let p, let c1, let c2): finite(p) && finite(c1) && finite(c2)
            case .close: true
            }
            check(ok, "\(what()): non-finite coordinate in \(element)")
        }
    }

    /// Traps with `message` when `condition` fails, so the fuzzer records the input.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            FileHandle.standardError.write(Data("textkit-fuzz: invariant broken: \(message())\n".utf8))
            fatalError("textkit-fuzz invariant broken")
        }
    }
}
