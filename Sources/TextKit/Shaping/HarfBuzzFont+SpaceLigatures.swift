internal import CHarfBuzz

/// What the word cache's check of a shape plan needs to know about a GSUB lookup and HarfBuzz
/// does not say: whether the lookup only joins a space to the combining marks after it.
extension HarfBuzzFont {
    /// The glyphs GSUB lookup `lookup` joins to the glyph `space` when it names the space only as
    /// the first glyph of ligatures (DejaVu Sans's Arabic `liga` draws a haraka after a space as
    /// its isolated form), skipping no glyph when it matches (no lookup flag but right-to-left);
    /// nil for any other lookup and for a table that cannot be read. When those glyphs are marks
    /// (``areOnlyMarks(_:)``), such a ligature forms only inside one grapheme cluster, a space and
    /// its marks, which the word cache never cuts (a segment never ends before a mark), so the
    /// lookup never joins two segments.
    ///
    /// Read from the GSUB table itself (LookupList, Lookup, LigatureSubst format 1, Coverage, as
    /// the OpenType specification lays them out; extension subtables followed), every read
    /// bounds-checked.
    func spaceLigatureComponents(lookup: UInt32, space: UInt32) -> Set<UInt32>? {
        let blob = hb_face_reference_table(face, hb_tag_from_string("GSUB", 4))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let table = UnsafeRawBufferPointer(start: data, count: Int(length))
        func u16(_ offset: Int) -> Int? {
            offset >= 0 && offset + 2 <= table.count ? Int(table[offset]) << 8 | Int(table[offset + 1]) : nil
        }
        func u32(_ offset: Int) -> Int? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }
        guard let list = u16(8), let count = u16(list), Int(lookup) < count,
              let lookupOffset = u16(list + 2 + 2 * Int(lookup)) else { return nil }
        let start = list + lookupOffset
        guard let type = u16(start), let flags = u16(start + 2), flags & ~1 == 0,
              let subtables = u16(start + 4) else { return nil }
        var joined = Set<UInt32>()
        for index in 0..<subtables {
            guard var subtable = u16(start + 6 + 2 * index).map({ start + $0 }) else { return nil }
            var subtableType = type
            if type == 7 {  // an extension: the subtable lies further on
                guard u16(subtable) == 1, let real = u16(subtable + 2), let offset = u32(subtable + 4) else { return nil }
                subtableType = real
                subtable += offset
            }
            guard subtableType == 4, u16(subtable) == 1, let coverage = u16(subtable + 2),
                  let sets = u16(subtable + 4), let firsts = Self.coverage(u16, at: subtable + coverage),
                  firsts.count >= sets else { return nil }
            for set in 0..<sets {
                guard let setOffset = u16(subtable + 6 + 2 * set), let ligatures = u16(subtable + setOffset)
                else { return nil }
                for ligature in 0..<ligatures {
                    guard let ligatureOffset = u16(subtable + setOffset + 2 + 2 * ligature),
                          let components = u16(subtable + setOffset + ligatureOffset + 2), components >= 1
                    else { return nil }
                    let base = subtable + setOffset + ligatureOffset + 4
                    let rest = (0..<components - 1).compactMap { u16(base + 2 * $0) }
                    guard rest.count == components - 1, !rest.contains(Int(space)) else { return nil }
                    if firsts[set] == Int(space) {
                        guard !rest.isEmpty else { return nil }
                        joined.formUnion(rest.map(UInt32.init))
                    }
                }
            }
        }
        return joined.isEmpty ? nil : joined
    }

    /// The glyphs of a Coverage table at `offset`, in coverage order; nil when it cannot be read.
    private static func coverage(_ u16: (Int) -> Int?, at offset: Int) -> [Int]? {
        guard let format = u16(offset), let count = u16(offset + 2) else { return nil }
        var glyphs: [Int] = []
        switch format {
        case 1:
            for index in 0..<count {
                guard let glyph = u16(offset + 4 + 2 * index) else { return nil }
                glyphs.append(glyph)
            }
        case 2:
            for index in 0..<count {
                let record = offset + 4 + 6 * index
                guard let first = u16(record), let last = u16(record + 2), let startIndex = u16(record + 4),
                      first <= last, startIndex == glyphs.count else { return nil }
                glyphs += first...last
            }
        default:
            return nil
        }
        return glyphs
    }

    /// Whether every glyph of `glyphs` is one the character map gives nonspacing or enclosing
    /// marks only (at least one, and no other character).
    func areOnlyMarks(_ glyphs: Set<UInt32>) -> Bool {
        let unicodes = hb_set_create()
        defer { hb_set_destroy(unicodes) }
        hb_face_collect_unicodes(face, unicodes)
        let funcs = hb_unicode_funcs_get_default()
        var marks = Set<UInt32>()
        var codePoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(unicodes, &codePoint) != 0 {
            guard let glyph = nominalGlyph(codePoint), glyphs.contains(glyph) else { continue }
            let category = hb_unicode_general_category(funcs, codePoint)
            guard category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                    || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK else { return false }
            marks.insert(glyph)
        }
        return marks.count == glyphs.count
    }
}
