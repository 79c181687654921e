/// How one shaped run got its font, for diagnostics (`textkit fonts INPUT`).
package struct FontRunReport {
    /// The run's characters (Unicode scalar offsets into the text).
    package var characters: Range<Int>
    /// Line and column (1-based; lines are paragraphs) of its first character.
    package var line: Int, column: Int
    /// The ISO 15924 script HarfBuzz was given (nil: Common, HarfBuzz guessed).
    package var script: String?
    /// The BCP 47 language HarfBuzz was given.
    package var language: String?
    /// The face the engine used.
    package var font: Font
    /// The font the run's attributes ask for (the first the itemizer tried).
    package var primary: Font
    /// The first character of the run the primary font lacks (nil when it has them all).
    package var firstUncovered: Unicode.Scalar?
    /// The characters fallback was asked for, as the engine asks: that character first, then
    /// the others of its grapheme cluster that need a glyph (empty when the primary has them all).
    package var uncoveredCluster: [Unicode.Scalar] = []
    /// Characters of the run no font had (drawn as `primary`'s .notdef).
    package var missingCount: Int
}

/// What ``LayoutManager/missingGlyphs`` was summed over: paragraphs shaped so far (a counter)
/// and split.
struct MissingGlyphKey: Equatable {
    var generation: Int
    var paragraphs: Int
}

extension LayoutManager {
    /// The characters of the shaped text that no installed font covers, one entry per script in
    /// the order of their first character, counted over the paragraphs shaped so far (all of
    /// them after ``ensureLayout()``). Empty when every character has a glyph.
    ///
    /// Complexity: O(1) when no paragraph was shaped and none split since the last call, O(n) in
    /// the paragraphs otherwise (a layout pass never pays for it: only asking does).
    public var missingGlyphs: [MissingGlyphs] {
        let key = MissingGlyphKey(generation: shapingGeneration, paragraphs: paragraphs.count)
        if let cache = missingGlyphCache, cache.key == key { return cache.value }
        let value = sumMissingGlyphs()
        missingGlyphCache = (key, value)
        return value
    }

    private func sumMissingGlyphs() -> [MissingGlyphs] {
        var byScript: [FontScript: Int] = [:]
        var result: [MissingGlyphs] = []
        func entry(_ script: FontScript, at offset: Int, paragraph index: Int) -> Int {
            if let known = byScript[script] { return known }
            let start = paragraphs[index].range.lowerBound
            result.append(MissingGlyphs(script: script, characterCount: 0, notdefGlyphCount: 0,
                                        firstCharacter: start + offset, firstLine: index + 1,
                                        firstColumn: offset + 1))
            byScript[script] = result.count - 1
            return result.count - 1
        }
        for index in paragraphs.indices {
            guard let paragraph = paragraphs[index].cache,
                  !paragraph.missingCharacters.isEmpty || !paragraph.notdefGlyphs.isEmpty else { continue }
            for character in paragraph.missingCharacters {
                result[entry(character.script, at: character.offset, paragraph: index)].characterCount += 1
            }
            for (script, notdef) in paragraph.notdefGlyphs.sorted(by: { $0.key.code < $1.key.code }) {
                result[entry(script, at: notdef.first, paragraph: index)].notdefGlyphCount += notdef.count
            }
        }
        return result
    }

    /// Every shaped run of the text, in logical order, with the font the engine chose for it
    /// (lays everything out first).
    package func fontRuns() -> [FontRunReport] {
        ensureLayout()
        guard let storage = textStorage else { return [] }
        var reports: [FontRunReport] = []
        for index in paragraphs.indices {
            guard let paragraph = paragraphs[index].cache else { continue }
            let start = paragraphs[index].range.lowerBound
            for run in paragraph.runs {
                let first = Int(paragraph.scalarOffsets[run.range.lowerBound])
                let end = Int(paragraph.scalarOffsets[run.range.upperBound])
                let descriptor = storage.runs.attributes(at: start + first).value.font
                let resolver = FontResolver(collection: fontCollection, fallback: defaultFont())
                let primary = resolver.primaryFont(for: descriptor)
                let string = String(decoding: paragraph.utf16[run.range], as: UTF16.self)
                func lacks(_ scalar: Unicode.Scalar) -> Bool { !primary.hasGlyph(for: scalar) && Itemizer.needsGlyph(scalar) }
                let uncovered = string.unicodeScalars.first(where: lacks)
                var cluster: [Unicode.Scalar] = []
                if let character = string.first(where: { $0.unicodeScalars.contains(where: lacks) }),
                   let first = character.unicodeScalars.first(where: lacks) {
                    cluster = [first] + character.unicodeScalars.filter { $0 != first && Itemizer.needsGlyph($0) }
                }
                let missing = paragraph.missingCharacters.filter { (first..<end).contains($0.offset) }.count
                reports.append(FontRunReport(characters: start + first..<start + end, line: index + 1,
                                             column: first + 1, script: run.style.input.script?.code,
                                             language: run.style.input.language, font: run.font, primary: primary,
                                             firstUncovered: uncovered, uncoveredCluster: cluster,
                                             missingCount: missing))
            }
        }
        return reports
    }
}
