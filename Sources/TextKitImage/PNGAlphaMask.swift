internal import CPNG
import Foundation
import TextKitGeometry

/// Why an image could not be read: the file, and libpng's or the system's reason.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name, as given.
    public var file: String
    /// What went wrong.
    public var message: String
    /// Whether the file could not be read at all (missing, unreadable), rather than decoded.
    public var isUnreadable: Bool

    /// Creates an error.
    public init(file: String, message: String, isUnreadable: Bool = false) {
        self.file = file
        self.message = message
        self.isUnreadable = isUnreadable
    }

    /// `file: error: message`.
    public var description: String { "\(file): error: \(message)" }
}

extension AlphaMask {
    /// The alpha channel of a PNG (any colour type and bit depth libpng reads; images without
    /// an alpha channel or `tRNS` chunk are fully opaque), decoded with libpng's simplified API.
    ///
    /// - Parameters:
    ///   - data: the PNG file's bytes.
    ///   - file: the name used in errors.
    ///   - maxPixels: larger images are refused (default 2²⁴ pixels, 64 MiB decoded).
    /// - Throws: ``ImageError`` with libpng's message for data that is not a valid PNG.
    public init(pngData data: [UInt8], file: String, maxPixels: Int = 1 << 24) throws(ImageError) {
        switch PNGReader.readHeader(data) {
        case .failure(let message):
            throw ImageError(file: file, message: "not a readable PNG: \(message)")
        case .header(let width, let height) where width * height > maxPixels:
            throw ImageError(file: file, message:
                "image of \(width)×\(height) pixels is larger than the limit of \(maxPixels) pixels")
        case .header:
            break
        }
        let pixels = PNGReader.decode(data)
        guard case .success(let width, let height, let rgba) = pixels else {
            if case .failure(let message) = pixels {
                throw ImageError(file: file, message: "not a readable PNG: \(message)")
            }
            throw ImageError(file: file, message: "not a readable PNG")
        }
        self.init(width: width, height: height,
                  alpha: stride(from: 3, to: rgba.count, by: 4).map { rgba[$0] })
    }

    /// Reads a PNG file's alpha channel (see ``init(pngData:file:maxPixels:)``).
    ///
    /// - Throws: ``ImageError`` (`isUnreadable`) when the file cannot be read.
    public init(contentsOfPNGFile path: String, maxPixels: Int = 1 << 24) throws(ImageError) {
        let data: Data
        do {
            // Only a regular file, and no larger than an image of `maxPixels` could be stored
            // (8 bytes a pixel uncompressed, plus room for metadata): a FIFO would block the
            // read and a device would never end.
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw ImageError(file: path, message: "not a regular file", isUnreadable: true)
            }
            let limit = maxPixels.multipliedReportingOverflow(by: 8).partialValue + (1 << 20)
            if let size = attributes[.size] as? Int, size > limit {
                throw ImageError(file: path, message: "the file is \(size) bytes, more than an image of "
                                 + "\(maxPixels) pixels needs (\(limit))", isUnreadable: false)
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ImageError {
            throw error
        } catch {
            throw ImageError(file: path, message: "cannot read file: \(error.localizedDescription)",
                             isUnreadable: true)
        }
        try self.init(pngData: [UInt8](data), file: path, maxPixels: maxPixels)
    }
}

// MARK: - Internals

/// The only code that touches libpng: header read, then a full decode to 8-bit RGBA.
enum PNGReader {
    enum Header {
        case header(width: Int, height: Int)
        case failure(String)
    }

    enum Pixels {
        case success(width: Int, height: Int, rgba: [UInt8])
        case failure(String)
    }

    /// Reads only the header (size), so huge images are refused before allocating.
    static func readHeader(_ data: [UInt8]) -> Header {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let ok = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard ok != 0 else { return .failure(message(of: image)) }
        return .header(width: Int(image.width), height: Int(image.height))
    }

    /// Decodes the whole image to 8-bit, non-premultiplied RGBA rows, top row first.
    static func decode(_ data: [UInt8]) -> Pixels {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return .failure(message(of: image)) }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA, a macro of macros Swift does not import
        let width = Int(image.width), height = Int(image.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let done = rgba.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else { return .failure(message(of: image)) }
        return .success(width: width, height: height, rgba: rgba)
    }

    /// libpng's message (a NUL-terminated char[64] inside the image struct).
    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
