import TextKitGeometry
import TextKitImage

/// The `png` target: bytes that start with the PNG signature are decoded with libpng (at most
/// 2¹⁶ pixels; the last byte is the threshold); any other bytes are a raw mask (byte 0: width
/// 1…64, byte 1: threshold, then alpha values row by row), so the contour tracer sees shapes
/// libpng's checksums would otherwise keep from the fuzzer.
///
/// Checked: the traced outline lies on the pixel grid, inside the image, and its signed area is
/// exactly the number of kept pixels; on small masks, even-odd filling gives back exactly the
/// kept pixels.
enum PNGFuzzInput {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    static func run(_ bytes: [UInt8]) {
        let mask: AlphaMask
        let threshold: Double
        if bytes.starts(with: signature) {
            do {
                mask = try AlphaMask(pngData: bytes, file: "fuzz.png", maxPixels: 1 << 16)
            } catch {
                FuzzTarget.check(error.file == "fuzz.png" && !error.message.isEmpty, "bad ImageError \(error)")
                return
            }
            threshold = Double(bytes.last ?? 0) / 255
        } else {
            guard bytes.count >= 2 else { return }
            let width = Int(bytes[0]) % 64 + 1
            let pixels = bytes.dropFirst(2).prefix(64 * width)
            let height = pixels.count / width
            mask = AlphaMask(width: width, height: height, alpha: Array(pixels.prefix(width * height)))
            threshold = Double(bytes[1]) / 255
        }
        check(mask, threshold: threshold)
    }

    static func check(_ mask: AlphaMask, threshold: Double) {
        let w = mask.width, h = mask.height
        // One point per pixel, so every vertex must be a whole number.
        let path = BezierPath(contoursOf: mask, threshold: threshold, in: Rect(x: 0, y: 0, width: Double(w), height: Double(h)))
        let kept = mask.alpha.reduce(0) { $0 + (Double($1) > threshold * 255 ? 1 : 0) }
        var twiceArea = 0.0
        var start = Point.zero, current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                onGrid(p, w, h)
                start = p; current = p
            case .line(let p):
                onGrid(p, w, h)
                twiceArea += current.x * p.y - p.x * current.y
                current = p
            case .close:
                twiceArea += current.x * start.y - start.x * current.y
                current = start
            default:
                FuzzTarget.check(false, "contour with a curve: \(element)")
            }
        }
        FuzzTarget.check(abs(twiceArea) == 2 * Double(kept),
                         "contour area \(abs(twiceArea) / 2) for \(kept) kept pixels of a \(w)×\(h) mask")
        guard w * h <= 1024, !path.isEmpty else { return }
        let region = FilledRegion(path: path)
        for y in 0..<h {
            for x in 0..<w {
                let inside = region.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let wanted = Double(mask[x, y]) > threshold * 255
                FuzzTarget.check(inside == wanted, "pixel (\(x), \(y)) filled \(inside), kept \(wanted)")
            }
        }
    }

    static func onGrid(_ p: Point, _ w: Int, _ h: Int) {
        FuzzTarget.check(p.x == p.x.rounded() && p.y == p.y.rounded() && p.x >= 0 && p.y >= 0
                         && p.x <= Double(w) && p.y <= Double(h), "contour vertex \(p) off the \(w)×\(h) grid")
    }
}
