import CHarfBuzzBench

/// The floor: HarfBuzz alone shaping every paragraph, as the engine's shaper would call it
/// (hb-ot font at units-per-em scale, UTF-16 buffers, monotone-character clusters, LTR with
/// guessed script), with nothing done with the glyphs but counting them.
///
/// One buffer is reused for every paragraph (the cheapest way to call HarfBuzz).
public final class RawShaper {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let buffer: OpaquePointer

    /// Loads the font file at `path` (face 0).
    public init(fontPath: String) {
        guard let blob = hb_blob_create_from_file_or_fail(fontPath) else { fatalError("cannot read \(fontPath)") }
        self.blob = blob
        face = hb_face_create(blob, 0)
        font = hb_font_create(face)
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The paragraphs as UTF-16, converted once, outside any timing.
    public static func utf16(_ paragraphs: [Substring]) -> [[UInt16]] {
        paragraphs.map { Array($0.utf16) }
    }

    /// Shapes every paragraph; returns the glyph count and the total advance (font units), so
    /// the work cannot be optimized away.
    @discardableResult
    public func shapeAll(_ paragraphs: [[UInt16]]) -> (glyphs: Int, advance: Int) {
        var glyphs = 0
        var advance = 0
        for text in paragraphs where !text.isEmpty {
            hb_buffer_clear_contents(buffer)
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
            text.withUnsafeBufferPointer { hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(font, buffer, nil, 0)
            var count: UInt32 = 0
            if let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                glyphs += Int(count)
                for i in 0..<Int(count) { advance &+= Int(positions[i].x_advance) }
            }
        }
        return (glyphs, advance)
    }
}
