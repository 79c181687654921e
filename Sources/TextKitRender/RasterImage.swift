import TextKit

/// The pixels of a raster image: what a PNG render looks like, for checks and tests.
///
/// Pixels are stored row by row from the top-left corner, as straight (not premultiplied)
/// 8-bit RGBA.
public struct RasterImage: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Four bytes (red, green, blue, alpha) per pixel, `width * 4` bytes per row.
    public let rgba: [UInt8]

    /// Decodes a PNG file's bytes.
    ///
    /// - Throws: ``RenderError`` when the bytes are not a PNG image.
    public init(pngData bytes: [UInt8]) throws(RenderError) {
        self = try Self.decodePNG(bytes)
    }

    /// Creates an image from RGBA bytes (`width * height * 4` of them).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "RGBA size mismatch")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The colour of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
        let i = (y * width + x) * 4
        return Color(red: Double(rgba[i]) / 255, green: Double(rgba[i + 1]) / 255,
                     blue: Double(rgba[i + 2]) / 255, alpha: Double(rgba[i + 3]) / 255)
    }
}
