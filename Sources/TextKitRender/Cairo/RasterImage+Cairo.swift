internal import CCairo

extension RasterImage {
    /// Decodes PNG bytes with cairo.
    static func decodePNG(_ bytes: [UInt8]) throws(RenderError) -> RasterImage {
        let stream = CairoInputStream(bytes)
        let surface = withExtendedLifetime(stream) {
            cairo_image_surface_create_from_png_stream(CairoInputStream.callback, stream.closure)!
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError("not a PNG image (\(cairoMessage(status)))") }
        return try RasterImage(imageSurface: surface)
    }

    /// Copies the pixels of a cairo image surface (ARGB32 or RGB24), un-premultiplying them.
    init(imageSurface surface: OpaquePointer) throws(RenderError) {
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw RenderError("unsupported pixel format \(format.rawValue)")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        if let data = cairo_image_surface_get_data(surface) {
            let opaque = format == CAIRO_FORMAT_RGB24
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    // Native-endian 0xAARRGGBB, colour premultiplied by alpha.
                    let argb = row[x]
                    let a = opaque ? 255 : Int(argb >> 24)
                    func channel(_ shift: UInt32) -> UInt8 {
                        let v = Int((argb >> shift) & 0xFF)
                        return a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a))
                    }
                    let i = (y * width + x) * 4
                    rgba[i] = channel(16)
                    rgba[i + 1] = channel(8)
                    rgba[i + 2] = channel(0)
                    rgba[i + 3] = UInt8(a)
                }
            }
        }
        self.init(width: width, height: height, rgba: rgba)
    }
}
