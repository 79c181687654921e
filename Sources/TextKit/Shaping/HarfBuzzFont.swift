internal import CHarfBuzz

/// Glyphs HarfBuzz produced for one item of text, in HarfBuzz's output (visual) order.
///
/// Advances and offsets are in font units (the HarfBuzz font is scaled to units per em).
/// Clusters are UTF-16 offsets into the buffer that was shaped. An offset column is empty when
/// every offset in it is zero (most runs). (The word cache assembles the same structure in
/// logical order.)
package struct ShapedGlyphs: Sendable {
    package var glyphs: [UInt32] = []
    package var clusters: [Int32] = []
    package var advances: [Int32] = []
    /// Glyph offsets from the pen, or empty when every one is zero.
    var offsetsX: [Int32] = []
    /// Glyph offsets above the baseline, or empty when every one is zero.
    var offsetsY: [Int32] = []
    /// HarfBuzz's `UNSAFE_TO_BREAK`: breaking the line before this glyph needs reshaping; empty
    /// when no glyph has it (most runs of short words and of scripts without kerning).
    var unsafeToBreak: [Bool] = []
}

/// The only owner of a HarfBuzz face and font (hb-ot functions, scaled to units per em).
///
/// Immutable once created, so shaping from several threads at once is safe.
package final class HarfBuzzFont: @unchecked Sendable {
    let face: OpaquePointer
    let font: OpaquePointer
    /// Buffers done with, cleared, for the next shaping call on any thread (creating one per
    /// call cost about 750 instructions a word shaped).
    private let buffers = Locked<[OpaquePointer]>([])
    /// The most idle buffers kept (one per thread shaping at once is enough).
    private static let maximumIdleBuffers = 8
    /// One bit per code point of the Basic Multilingual Plane: whether the character map gives
    /// it a glyph, read from the cmap once (a bit costs a tenth of asking HarfBuzz, and the
    /// itemizer asks for nearly every character that is not ASCII).
    private let basicCoverage: [UInt64]

    init?(blob: OpaquePointer, faceIndex: Int) {
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else { return nil }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        let upem = Int32(hb_face_get_upem(face))
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
        basicCoverage = Self.basicCoverage(of: face)
    }

    /// The BMP code points `face`'s character map covers, as bits (code point c: bit c % 64 of
    /// word c / 64).
    private static func basicCoverage(of face: OpaquePointer) -> [UInt64] {
        var bits = [UInt64](filledWith: 0, count: 0x10000 / 64)
        guard let set = hb_set_create() else { return bits }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var first = hb_codepoint_t.max, last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        bits.withUnsafeMutableBufferPointer { bits in
            while hb_set_next_range(set, &first, &last) != 0, first < 0x10000 {
                // A word at a time (a CJK face covers tens of thousands of code points).
                var codePoint = first
                let end = min(last, 0xFFFF)
                while codePoint <= end {
                    let bit = codePoint & 63, count = min(64 - bit, end - codePoint + 1)
                    let mask: UInt64 = count == 64 ? ~0 : ((1 << UInt64(count)) - 1) << UInt64(bit)
                    bits[Int(codePoint >> 6)] |= mask
                    codePoint += count
                }
            }
        }
        return bits
    }

    deinit {
        buffers.withLock { $0.forEach { hb_buffer_destroy($0) } }
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// ``digest64(_:)`` of the whole font file the face was made from (every face of a
    /// collection file has the file's).
    func fileDigest() -> UInt64 {
        let blob = hb_face_reference_blob(face)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length) else { return digest64(UnsafeBufferPointer(start: nil, count: 0)) }
        return digest64(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self),
                                            count: Int(length)))
    }

    /// The number of glyphs in the face: glyph IDs run from 0 to one less.
    var glyphCount: Int { Int(hb_face_get_glyph_count(face)) }

    /// Whether the cmap maps `codePoint` to a glyph: `nominalGlyph(codePoint) != nil`, from the
    /// coverage bits in the Basic Multilingual Plane.
    @inline(__always)
    package func hasNominalGlyph(_ codePoint: UInt32) -> Bool {
        guard codePoint < 0x10000 else { return nominalGlyph(codePoint) != nil }
        return basicCoverage[Int(codePoint >> 6)] & (1 << UInt64(codePoint & 63)) != 0
    }

    /// The glyph `code point` maps to in the cmap, or nil when the font has none.
    package func nominalGlyph(_ codePoint: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font draws glyphs as colour bitmaps (CBDT or sbix, as emoji fonts do) rather
    /// than outlines: a renderer must then ask for the embedded bitmaps, or it draws nothing.
    package var hasColorBitmaps: Bool { hb_ot_color_has_png(face) != 0 }

    /// Whether the font has colour glyphs of any kind: colour bitmaps, or layered (COLR) glyphs.
    package var hasColorGlyphs: Bool { hasColorBitmaps || hb_ot_color_has_layers(face) != 0 }

    /// Units per em and the horizontal ascender, descender (positive down) and line gap in font
    /// units, from the font's tables (hhea, or OS/2 when the font asks for typo metrics).
    var verticalMetrics: (unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int) {
        func position(_ tag: hb_ot_metrics_tag_t) -> Int {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : 0
        }
        return (Int(hb_face_get_upem(face)), position(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
                -position(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
                max(0, position(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)))
    }

    /// The horizontal advance of a glyph, in font units.
    func advance(ofGlyph glyph: UInt32) -> Int32 { hb_font_get_glyph_h_advance(font, glyph) }

    /// Whether HarfBuzz, shaping by `shapePlan`, gives the glyphs of a whole run when the run
    /// is shaped word by word (each word with its trailing spaces), which is what makes the word
    /// cache exact (Chromium's `HasSpaceInLigaturesOrKerning`, refined to the lookups the plan
    /// really applies and to where they name the space).
    ///
    /// Words: when no GSUB or GPOS lookup of the shape plan has the space glyph (U+0020) in its
    /// coverage or context (but for ligatures of a space and the marks after it, which form inside
    /// one segment: ``spaceLigatureComponents(lookup:space:)``, DejaVu Sans's Arabic `liga`), and
    /// no legacy `kern` table or AAT table applies. Words, except those with certain glyphs: when
    /// the space is also in the backtrack (the glyphs before the input) of GPOS lookups (Noto Sans
    /// Devanagari's `dist` moves Vedic signs after a space). Such a lookup moves nothing unless a
    /// glyph of its input is there, so a word whose glyphs include none of theirs (nearly every
    /// word) is placed as in its run; one that does is shaped with its run. Whole runs otherwise.
    ///
    /// `shapePlan` is the style's (``shapePlan(rightToLeft:script:language:features:)``): its
    /// lookups are the ones read.
    func wordShaping(_ shapePlan: ShapePlan) -> WordShaping {
        guard let space = nominalGlyph(0x20) else { return .wholeRuns }
        if hb_aat_layout_has_substitution(face) != 0 || hb_aat_layout_has_positioning(face) != 0
            || hb_aat_layout_has_tracking(face) != 0 { return .wholeRuns }
        let plan = shapePlan.plan
        // The legacy kern table applies when GPOS has no kern feature.
        let kernTable = hb_face_reference_table(face, hb_tag_from_string("kern", 4))
        let hasKernTable = hb_blob_get_length(kernTable) > 0
        hb_blob_destroy(kernTable)
        if hasKernTable && !tableHasFeature(hb_tag_from_string("GPOS", 4), "kern") { return .wholeRuns }

        let lookups = hb_set_create(), before = hb_set_create(), input = hb_set_create()
        let after = hb_set_create(), output = hb_set_create(), context = hb_set_create()
        let substituted = hb_set_create()
        defer { [lookups, before, input, after, output, context, substituted].forEach { hb_set_destroy($0) } }
        var spaceMarks = Set<UInt32>()
        let positioning = hb_tag_from_string("GPOS", 4)
        for table in [hb_tag_from_string("GSUB", 4), positioning] {
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, table, lookups)
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(lookups, &lookup) != 0 {
                [before, input, after, output].forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, before, input, after, output)
                for set in [after, output] where hb_set_has(set, space) != 0 { return .wholeRuns }
                if table != positioning { hb_set_union(substituted, output) }
                if hb_set_has(input, space) != 0 {
                    // A space joined to marks after it, inside their cluster: let be if the marks
                    // are only ever marks (no other character's glyph, made by no substitution).
                    guard table != positioning, hb_set_has(before, space) == 0,
                          let components = spaceLigatureComponents(lookup: lookup, space: space)
                    else { return .wholeRuns }
                    spaceMarks.formUnion(components)
                }
                guard hb_set_has(before, space) != 0 else { continue }
                // A substitution before positioning could make any glyph: only positioning is let be.
                guard table == positioning else { return .wholeRuns }
                hb_set_union(context, input)
            }
        }
        if !spaceMarks.isEmpty {
            guard !spaceMarks.contains(where: { hb_set_has(substituted, $0) != 0 }), areOnlyMarks(spaceMarks)
            else { return .wholeRuns }
        }
        var glyphs: [UInt32] = []
        var glyph = hb_codepoint_t.max
        while hb_set_next(context, &glyph) != 0 { glyphs.append(glyph) }
        return .byWord(contextGlyphs: glyphs)
    }

    /// Whether the font's `table` (GSUB or GPOS) lists feature `tag` for any script.
    private func tableHasFeature(_ table: hb_tag_t, _ tag: String) -> Bool {
        let wanted = hb_tag_from_string(tag, -1)
        var start: UInt32 = 0
        var tags = [hb_tag_t](repeating: 0, count: 64)
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, table, start, &count, &tags)
            if tags.prefix(Int(count)).contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }

    static func features(_ features: [FontFeature]) -> [hb_feature_t] {
        features.map { hb_feature_t(tag: hb_tag_from_string($0.tag, -1), value: $0.value, start: 0, end: UInt32.max) }
    }

    /// The most combining marks in a row HarfBuzz shapes in one buffer. Attaching a mark looks
    /// back over the marks before it to its base, so a longer run costs quadratic time (100,000
    /// marks on one base: half a minute); each further piece of this many is shaped alone, its
    /// marks stacked as marks without a base (Unicode's stream-safe format stops at 30).
    package static let maximumMarkRun = 64

    /// Shapes `text[range]`, with the rest of `text` as context; a run of more than
    /// ``maximumMarkRun`` combining marks is shaped in pieces of that many (see there).
    ///
    /// - Parameters:
    ///   - script: an ISO 15924 code ("Latn"); nil lets HarfBuzz guess.
    ///   - language: a BCP 47 tag, or nil for none (never the process locale: output stays
    ///     deterministic).
    package func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
               script: ScriptTag?, language: String?, features: [FontFeature]) -> ShapedGlyphs {
        let cuts = range.count > Self.maximumMarkRun ? Self.markRunCuts(text, range) : []
        guard !cuts.isEmpty else {
            return shapePiece(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                              features: features)
        }
        // Pieces in logical order; glyphs come in visual order, so right-to-left pieces go last first.
        var bounds = [range.lowerBound] + cuts + [range.upperBound]
        if rightToLeft { bounds.reverse() }
        var out = ShapedGlyphs()
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let piece = shapePiece(text, range: min(a, b)..<max(a, b), rightToLeft: rightToLeft, script: script,
                                   language: language, features: features)
            out.glyphs += piece.glyphs; out.clusters += piece.clusters; out.advances += piece.advances
            out.offsetsX += piece.offsetsX.isEmpty ? [Int32](filledWith: 0, count: piece.glyphs.count) : piece.offsetsX
            out.offsetsY += piece.offsetsY.isEmpty ? [Int32](filledWith: 0, count: piece.glyphs.count) : piece.offsetsY
            out.unsafeToBreak += piece.unsafeToBreak.isEmpty ? [Bool](filledWith: false, count: piece.glyphs.count)
                : piece.unsafeToBreak
        }
        if !out.unsafeToBreak.contains(true) { out.unsafeToBreak = [] }
        if !out.offsetsX.contains(where: { $0 != 0 }) { out.offsetsX = [] }
        if !out.offsetsY.contains(where: { $0 != 0 }) { out.offsetsY = [] }
        return out
    }

    /// Offsets inside `range` before every ``maximumMarkRun``-th mark of a run of combining
    /// marks (nonspacing or enclosing), in increasing order; empty when no run is that long.
    package static func markRunCuts(_ text: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> [Int] {
        var cuts: [Int] = []
        var run = 0
        var offset = range.lowerBound
        while offset < range.upperBound {
            let unit = text[offset]
            var width = 1
            var isMark = false
            if unit >= 0x300 {  // nothing below U+0300 is a combining mark
                var scalar = Unicode.Scalar(unit)
                if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound, UTF16.isTrailSurrogate(text[offset + 1]) {
                    scalar = Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(text[offset + 1] - 0xDC00))
                    width = 2
                }
                if let scalar {
                    // HarfBuzz's own table: a few instructions against a few hundred for
                    // `Unicode.Scalar.Properties`, on every unit of a long run of any script but Latin.
                    let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar.value)
                    isMark = category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                        || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
                }
            }
            if isMark {
                run += 1
                if run > maximumMarkRun, (run - 1) % maximumMarkRun == 0 { cuts.append(offset) }
            } else {
                run = 0
            }
            offset += width
        }
        return cuts
    }

    /// Shapes `text[range]` in one HarfBuzz buffer.
    package func shapePiece(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
                            script: ScriptTag?, language: String?, features: [FontFeature]) -> ShapedGlyphs {
        withShapedBuffer(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                         features: features) { infos, positions, n in
            var out = ShapedGlyphs()
            out.glyphs.reserveCapacity(n); out.clusters.reserveCapacity(n); out.advances.reserveCapacity(n)
            var offsetsX = false, offsetsY = false, unsafe = false
            for i in 0..<n {
                out.glyphs.append(infos[i].codepoint)
                out.clusters.append(Int32(bitPattern: infos[i].cluster))
                out.advances.append(positions[i].x_advance)
                unsafe = unsafe || Self.isUnsafeToBreak(infos[i])
                offsetsX = offsetsX || positions[i].x_offset != 0
                offsetsY = offsetsY || positions[i].y_offset != 0
            }
            // Most runs have no mark or kerning offset: their offset columns are never made, nor
            // the unsafe-to-break column of a run without one.
            if offsetsX { out.offsetsX = (0..<n).map { positions[$0].x_offset } }
            if offsetsY { out.offsetsY = (0..<n).map { positions[$0].y_offset } }
            if unsafe {
                out.unsafeToBreak = [Bool](count: n, filler: false) { flags in
                    for i in 0..<n { flags[i] = Self.isUnsafeToBreak(infos[i]) }
                    return n
                }
            }
            return out
        } ?? ShapedGlyphs()
    }

    /// ``shape(_:range:rightToLeft:script:language:features:)`` as glyph records in logical order
    /// (the word cache's form), read straight from HarfBuzz's buffer into one array.
    func shapeRecords(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
                      script: ScriptTag?, language: String?, features: [FontFeature]) -> [GlyphRecord] {
        var records: [GlyphRecord] = []
        shapeRecords(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                     features: features, into: &records)
        return records
    }

    /// ``shapeRecords(_:range:rightToLeft:script:language:features:)`` written over `records`
    /// (its capacity kept: a shaping thread reuses one array for every word it shapes, where a
    /// new array a word cost an allocation and a release each).
    func shapeRecords(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool,
                      script: ScriptTag?, language: String?, features: [FontFeature],
                      into records: inout [GlyphRecord], plan: ShapePlan? = nil) {
        if range.count > Self.maximumMarkRun, !Self.markRunCuts(text, range).isEmpty {
            records = ShapeCache.records(shape(text, range: range, rightToLeft: rightToLeft, script: script,
                                               language: language, features: features), rightToLeft: rightToLeft)
            return
        }
        let n = withShapedBuffer(text, range: range, rightToLeft: rightToLeft, script: script, language: language,
                                 features: features, plan: plan) { infos, positions, n in
            // Resized to n, then overwritten (`removeAll(keepingCapacity:)` costs a general
            // `replaceSubrange`).
            if records.count > n {
                records.removeLast(records.count - n)
            } else {
                records.append(contentsOf: repeatElement(GlyphRecord(), count: n - records.count))
            }
            records.withUnsafeMutableBufferPointer { records in
                for k in 0..<n {
                    let i = rightToLeft ? n - 1 - k : k
                    records[k] = GlyphRecord(
                        glyph: infos[i].codepoint, cluster: Int32(bitPattern: infos[i].cluster),
                        advance: positions[i].x_advance, offsetX: positions[i].x_offset,
                        offsetY: positions[i].y_offset, unsafeToBreak: Self.isUnsafeToBreak(infos[i]))
                }
            }
            return n
        }
        if n == nil { records.removeAll() }
    }

    private static func isUnsafeToBreak(_ info: hb_glyph_info_t) -> Bool {
        var info = info
        return hb_glyph_info_get_glyph_flags(&info).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
    }

    /// Shapes `text[range]` in one HarfBuzz buffer (by `plan`, the style's, when given: see
    /// ``execute(_:on:features:)``) and hands `body` its glyph infos, positions and glyph count;
    /// nil when HarfBuzz gives no glyph arrays.
    private func withShapedBuffer<Result>(
        _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, rightToLeft: Bool, script: ScriptTag?, language: String?,
        features: [FontFeature], plan: ShapePlan? = nil,
        _ body: (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int) -> Result
    ) -> Result? {
        let buffer = buffers.withLock { $0.popLast() } ?? hb_buffer_create()!
        defer {
            hb_buffer_clear_contents(buffer)
            buffers.withLock { idle in
                if idle.count < Self.maximumIdleBuffers { idle.append(buffer) } else { hb_buffer_destroy(buffer) }
            }
        }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
                            Int32(range.count))
        Self.setSegmentProperties(of: buffer, rightToLeft: rightToLeft, script: script, language: language)
        execute(plan, on: buffer, features: features)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
        let n = Int(count)
        for i in 0..<n where Self.isHiddenControl(text[Int(infos[i].cluster)]) {
            // Text Kit's zero advancement for control characters: nothing drawn, no width
            // (HarfBuzz gives them the .notdef box, as any character the font lacks).
            infos[i].codepoint = invisibleGlyph
            positions[i].x_advance = 0; positions[i].x_offset = 0; positions[i].y_offset = 0
        }
        return body(infos, positions, n)
    }

    /// HarfBuzz's script for a script tag (what `hb_script_from_string` gives for its code).
    static func script(_ tag: ScriptTag) -> hb_script_t {
        hb_script_from_iso15924_tag(tag.rawValue)
    }

    /// Whether ``script(_:)`` reads `code` as HarfBuzz's own `hb_script_from_string` does (what
    /// tests hold it to).
    package static func scriptAgreesWithHarfBuzz(_ code: String) -> Bool {
        script(ScriptTag(code)) == hb_script_from_string(code, -1)
    }

    /// Whether a UTF-16 unit is a control character (C0, DEL, C1) other than the tab, which
    /// takes its own width, or the line or paragraph separator (U+2028, U+2029): shaped as an
    /// invisible glyph with no advance, as Text Kit does (`NSControlCharacterAction
    /// .zeroAdvancement`; line ends draw nothing).
    package static func isHiddenControl(_ unit: UInt16) -> Bool {
        (unit < 0x20 && unit != 0x09) || (unit >= 0x7F && unit <= 0x9F) || unit == 0x2028 || unit == 0x2029
    }

    /// The glyph a hidden control character gets: the space's, drawn as nothing at zero advance
    /// (what HarfBuzz gives default-ignorable characters), or .notdef in a font without a space.
    private var invisibleGlyph: UInt32 { nominalGlyph(0x20) ?? 0 }
}
