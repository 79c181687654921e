import Synchronization
import TextKit
import TextKitRender
import TextKitSVG

/// `GET /glyphs`: the outlines of the glyphs layouts used, by the font's `fileHash` and
/// `faceIndex` from the layout JSON and glyph IDs, as SVG path data in font units (y down).
///
/// Only fonts of layouts the server made can be asked for (``register(_:)``): a request never
/// names a file. Outlines are cached, at most ``maximumCachedOutlines`` of them.
final class GlyphOutlineService: Sendable {
    /// The most glyph IDs one request may ask for.
    static let maximumGlyphsPerRequest = 4096
    /// The most outlines kept.
    static let maximumCachedOutlines = 200_000
    /// The most fonts remembered.
    static let maximumFonts = 256

    private struct FontKey: Hashable {
        var hash: String
        var face: Int
    }

    private struct State: ~Copyable {
        var fonts: [FontKey: Font] = [:]
        var cache: [FontKey: [UInt32: String]] = [:]
        var cached = 0
    }

    private let state = Mutex(State())
    /// cairo is not thread-safe: one reader at a time.
    private let outlines = Mutex(GlyphOutlinesBox())

    init() {}

    /// Remembers the fonts of `snapshot`, so their glyphs can be asked for.
    func register(_ snapshot: LayoutSnapshot) {
        state.withLock { state in
            for used in snapshot.fonts where state.fonts.count < Self.maximumFonts {
                state.fonts[FontKey(hash: used.font.fileHash, face: used.font.faceIndex), default: used.font] = used.font
            }
        }
    }

    /// The JSON answer for `font` (a file hash), `face` and `ids` (comma-separated glyph IDs):
    /// `{"unitsPerEm": 2048, "glyphs": {"36": "M …"}}`.
    ///
    /// - Throws: ``ServeError`` 400 for bad parameters, 404 for a font no layout used.
    func answer(font: String?, face: String?, ids: String?) throws(ServeError) -> [UInt8] {
        guard let font, !font.isEmpty else { throw ServeError(status: 400, message: "missing parameter 'font'", place: "font") }
        let faceIndex = Int(face ?? "0") ?? -1
        guard faceIndex >= 0 else { throw ServeError(status: 400, message: "'face' must be a whole number", place: "face") }
        guard let ids, !ids.isEmpty else { throw ServeError(status: 400, message: "missing parameter 'ids'", place: "ids") }
        var glyphs: [UInt32] = []
        for (index, part) in ids.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard let id = UInt32(part), id <= 0xFFFF else {
                throw ServeError(status: 400, message: "glyph IDs are whole numbers 0…65535, separated by commas",
                                 place: "ids[\(index)]")
            }
            guard index < Self.maximumGlyphsPerRequest else {
                throw ServeError(status: 400, message: "more than \(Self.maximumGlyphsPerRequest) glyph IDs", place: "ids")
            }
            glyphs.append(id)
        }
        let key = FontKey(hash: font, face: faceIndex)
        guard let loaded = state.withLock({ $0.fonts[key] }) else {
            throw ServeError(status: 404, message: "no layout of this server used font \(font) face \(faceIndex)", place: "font")
        }
        if let bad = glyphs.firstIndex(where: { Int($0) >= loaded.glyphCount }) {
            throw ServeError(status: 400, message: "the font has \(loaded.glyphCount) glyphs, no glyph \(glyphs[bad])",
                             place: "ids[\(bad)]")
        }
        var json = "{\"unitsPerEm\":\(loaded.unitsPerEm),\"glyphs\":{"
        for (index, glyph) in glyphs.enumerated() {
            let data = try outline(glyph, of: loaded, key: key)
            json += (index > 0 ? "," : "") + "\"\(glyph)\":\"\(data)\""
        }
        return Array((json + "}}\n").utf8)
    }

    // MARK: - Internals

    private func outline(_ glyph: UInt32, of font: Font, key: FontKey) throws(ServeError) -> String {
        if let known = state.withLock({ $0.cache[key]?[glyph] }) { return known }
        let result = outlines.withLock { box -> Result<String, RenderError> in
            do throws(RenderError) {
                return .success(SVGPathData.string(from: try box.outlines.outline(ofGlyph: glyph, in: font)))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let data):
            state.withLock { state in
                guard state.cached < Self.maximumCachedOutlines else { return }
                state.cache[key, default: [:]][glyph] = data
                state.cached += 1
            }
            return data
        case .failure(let error):
            throw ServeError(status: 500, message: error.message)
        }
    }
}

/// The outline reader, moved into the mutex that serializes its use.
private struct GlyphOutlinesBox: @unchecked Sendable {
    let outlines = GlyphOutlines()
}
