import CHarfBuzzBench
import TextKit

/// The floor for text that needs more than one font: HarfBuzz alone shaping the runs a textkit
/// layout shaped, each in the font textkit chose for it, with nothing done with the glyphs but
/// counting them. ``RawShaper`` shapes whole paragraphs in DejaVu Sans only, which is no floor
/// where other fonts are needed (Arabic, Devanagari, Thai, CJK).
///
/// The runs come from a layout's snapshot, outside any timing: a paragraph is cut wherever the
/// font of its glyphs, their direction or the Unicode script (HarfBuzz's, Common and Inherited
/// characters taking the script before them) changes, as an itemizer cuts it. Each run is shaped
/// as ``RawShaper`` shapes a paragraph (hb-ot font at units-per-em scale, UTF-16, monotone
/// characters), with its direction set and script and language guessed.
public final class RunShaper {
    /// One run: its UTF-16 text, the index of its font in the snapshot's fonts, its direction.
    public struct Run {
        var utf16: [UInt16]
        var font: Int
        var rightToLeft: Bool
    }

    private let runs: [Run]
    private var fonts: [OpaquePointer] = []
    private var faces: [OpaquePointer] = []
    private var blobs: [OpaquePointer] = []
    private let buffer: OpaquePointer

    /// The runs of `text` (the storage's string, paragraphs separated by LF) as laid out in
    /// `snapshot`, with the snapshot's fonts loaded for HarfBuzz.
    public init(text: String, snapshot: LayoutSnapshot) {
        for used in snapshot.fonts {
            guard let blob = hb_blob_create_from_file_or_fail(used.font.filePath) else {
                fatalError("cannot read \(used.font.filePath)")
            }
            let face = hb_face_create(blob, UInt32(used.font.faceIndex))!
            let font = hb_font_create(face)!
            let upem = Int32(hb_face_get_upem(face))
            hb_font_set_scale(font, upem, upem)
            hb_font_make_immutable(font)
            blobs.append(blob)
            faces.append(face)
            fonts.append(font)
        }
        runs = Self.runs(of: Array(text.unicodeScalars), snapshot: snapshot)
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        fonts.forEach { hb_font_destroy($0) }
        faces.forEach { hb_face_destroy($0) }
        blobs.forEach { hb_blob_destroy($0) }
    }

    /// How many runs the paragraphs were cut into.
    public var runCount: Int { runs.count }

    /// Shapes every run; returns the glyph count and the total advance (font units), so the work
    /// cannot be optimized away.
    @discardableResult
    public func shapeAll() -> (glyphs: Int, advance: Int) {
        var glyphs = 0
        var advance = 0
        for run in runs {
            hb_buffer_clear_contents(buffer)
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
            run.utf16.withUnsafeBufferPointer {
                hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
            hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(fonts[run.font], buffer, nil, 0)
            var count: UInt32 = 0
            if let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                glyphs += Int(count)
                for i in 0..<Int(count) { advance &+= Int(positions[i].x_advance) }
            }
        }
        return (glyphs, advance)
    }

    /// Every paragraph of `scalars` cut where font, direction or script changes. A character
    /// without a glyph of its own (inside a cluster, a space at a line end, a line feed) takes
    /// the font and direction of the character before it.
    static func runs(of scalars: [Unicode.Scalar], snapshot: LayoutSnapshot) -> [Run] {
        var font = [Int](repeating: -1, count: scalars.count)
        var rightToLeft = [Bool](repeating: false, count: scalars.count)
        for container in snapshot.containers {
            for line in container.lines {
                for fragment in line.fragments {
                    for glyph in fragment.glyphs where !glyph.isAttachment && glyph.characterIndex < scalars.count {
                        font[glyph.characterIndex] = glyph.fontIndex
                        rightToLeft[glyph.characterIndex] = glyph.isRightToLeft
                    }
                }
            }
        }
        let unicode = hb_unicode_funcs_get_default()
        var runs: [Run] = []
        var start = 0
        while start < scalars.count {
            var end = start
            while end < scalars.count, scalars[end] != "\n" { end += 1 }
            var runStart = start
            var current = (font: max(font[start], 0), rightToLeft: rightToLeft[start], script: HB_SCRIPT_COMMON)
            for index in start..<end {
                let script = hb_unicode_script(unicode, scalars[index].value)
                let real = script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
                let glyphFont = font[index] >= 0 ? font[index] : current.font
                let direction = font[index] >= 0 ? rightToLeft[index] : current.rightToLeft
                let changes = glyphFont != current.font || direction != current.rightToLeft
                    || (real && current.script != HB_SCRIPT_COMMON && script != current.script)
                if changes, index > runStart {
                    runs.append(Run(utf16: Array(String(String.UnicodeScalarView(scalars[runStart..<index])).utf16),
                                    font: current.font, rightToLeft: current.rightToLeft))
                    runStart = index
                    current.script = HB_SCRIPT_COMMON
                }
                current.font = glyphFont
                current.rightToLeft = direction
                if real { current.script = script }
            }
            if end > runStart {
                runs.append(Run(utf16: Array(String(String.UnicodeScalarView(scalars[runStart..<end])).utf16),
                                font: current.font, rightToLeft: current.rightToLeft))
            }
            start = end + 1
        }
        return runs
    }
}
