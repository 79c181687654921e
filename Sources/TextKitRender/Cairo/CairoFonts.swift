internal import CCairo
internal import CFontconfig
import TextKit

/// cairo font faces for the fonts of a layout, opened from the same files and face indices the
/// layout used, so glyph IDs mean the same glyphs.
///
/// cairo opens the file itself (`cairo_ft_font_face_create_for_pattern` with `FC_FILE` and
/// `FC_INDEX`, no fontconfig matching), so the FreeType face's lifetime is cairo's business and
/// nothing here can free it under cairo's font caches. Each face is released in `deinit`.
final class CairoFontFaces {
    private var faces: [Key: OpaquePointer] = [:]

    private struct Key: Hashable {
        var path: String
        var faceIndex: Int
    }

    init() {}

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
    }

    /// The face for `font`, created on first use.
    func face(for font: Font) throws(RenderError) -> OpaquePointer {
        let key = Key(path: font.filePath, faceIndex: font.faceIndex)
        if let face = faces[key] { return face }
        guard let pattern = FcPatternCreate() else {
            throw RenderError("\(font.filePath): fontconfig could not create a pattern")
        }
        defer { FcPatternDestroy(pattern) }
        let added = font.filePath.withCString { path in
            path.withMemoryRebound(to: FcChar8.self, capacity: font.filePath.utf8.count + 1) { file in
                FcPatternAddString(pattern, FC_FILE, file)
            }
        }
        guard added != 0, FcPatternAddInteger(pattern, FC_INDEX, Int32(font.faceIndex)) != 0 else {
            throw RenderError("\(font.filePath): fontconfig could not describe the font file")
        }
        // cairo loads glyphs with FT_LOAD_NO_BITMAP unless the pattern allows embedded bitmaps:
        // a colour bitmap font (Noto Color Emoji) then draws nothing. Outline fonts keep their
        // outlines at every size.
        if font.shaper.hasColorBitmaps {
            FcPatternAddBool(pattern, FC_EMBEDDED_BITMAP, FcTrue)
        }
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else {
            throw RenderError("\(font.filePath): cairo could not open the font")
        }
        let status = cairo_font_face_status(face)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            throw RenderError("\(font.filePath): cairo could not open the font (\(cairoMessage(status)))")
        }
        faces[key] = face
        return face
    }
}
