/// The first analysis stage of a paragraph: its text as UTF-16 (what ICU and HarfBuzz read),
/// with the scalar offset of every UTF-16 offset.
struct ParagraphText {
    /// The paragraph text as UTF-16, without its terminator.
    let utf16: [UInt16]
    /// Scalar offset (within the paragraph) of every UTF-16 offset 0…count (an identity table,
    /// nothing stored, when the text has no surrogate pair).
    let scalarOffsets: CompactOffsets

    /// The UTF-16 of `content` (the paragraph without its terminator).
    init(_ content: borrowing ArraySlice<Unicode.Scalar>) {
        (utf16, scalarOffsets) = Self.utf16(of: content)
    }

    /// The paragraph's UTF-16 and the scalar offset of every UTF-16 offset 0…count.
    private static func utf16(of content: ArraySlice<Unicode.Scalar>) -> ([UInt16], CompactOffsets) {
        content.withUnsafeBufferPointer { scalars in
            // (Never an uninitialized array of capacity 0: the standard library then writes its
            // count into the shared empty-array storage, a race ThreadSanitizer reports.)
            if scalars.isEmpty { return ([], CompactOffsets(identity: 1)) }
            // Most text has no scalar beyond the BMP: one pass writes each scalar's low 16 bits
            // and or-s their high bits (a vectorized loop), which are zero for such text.
            var beyond: UInt32 = 0
            let units = [UInt16](count: scalars.count, filler: 0) { units in
                var high: UInt32 = 0 // (a local: `beyond`, captured, would be or-ed through memory)
                for index in 0..<scalars.count {
                    let value = scalars[index].value
                    units[index] = UInt16(truncatingIfNeeded: value)
                    high |= value &>> 16
                }
                beyond = high
                return scalars.count
            }
            if beyond == 0 { return (units, CompactOffsets(identity: units.count + 1)) }
            var count = scalars.count
            for scalar in scalars where scalar.value > 0xFFFF { count += 1 }
            var offsets = [Int32](filledWith: 0, count: count + 1)
            let utf16 = [UInt16](count: count, filler: 0) { units in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    var unit = 0
                    for (index, scalar) in scalars.enumerated() {
                        let value = scalar.value
                        if value > 0xFFFF {
                            units[unit] = UInt16(truncatingIfNeeded: 0xD800 + ((value - 0x10000) >> 10))
                            units[unit + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF))
                            offsets[unit] = Int32(truncatingIfNeeded: index)
                            offsets[unit + 1] = Int32(truncatingIfNeeded: index)
                            unit += 2
                        } else {
                            units[unit] = UInt16(truncatingIfNeeded: value)
                            offsets[unit] = Int32(truncatingIfNeeded: index)
                            unit += 1
                        }
                    }
                    offsets[count] = Int32(truncatingIfNeeded: scalars.count)
                }
                return count
            }
            return (utf16, CompactOffsets(narrow: offsets))
        }
    }
}

/// The analysis stage of a paragraph (Pango's `break.c`, minikin's `WordBreaker`): UAX #29
/// grapheme boundaries, UAX #9 levels, and what finding its UAX #14 line break opportunities
/// needs (``lineBreaks(_:languages:pool:hyphenation:)``: one ICU pass per language range, the
/// whole paragraph as context, and the hyphenation points of the words between them). The
/// opportunities are found apart: a paragraph that fits one line never needs them
/// (``Paragraph/breaks``).
struct ParagraphAnalysis {
    /// Grapheme boundaries 0…count.
    let graphemes: CompactOffsets
    let bidi: BidiParagraph
    /// The languages of the text, for its line break opportunities.
    let languages: BreakLanguages

    /// Analyses `text` with the attribute runs' languages (scalar ranges relative to the
    /// paragraph).
    init(_ text: borrowing ParagraphText, attributes: borrowing [(TextAttributes, Range<Int>)],
         direction: WritingDirection, context: borrowing MeasuringContext) {
        // One attribute run (most paragraphs): one language, without the table of ranges; runs
        // of one language merged to one range are one language too.
        if attributes.count == 1 {
            languages = .one(attributes[0].0.language ?? "")
        } else {
            let ranges = Self.languageRanges(attributes, text: text)
            languages = ranges.count <= 1 ? .one(ranges.first?.locale ?? "") : .ranges(ranges)
        }
        var graphemes = CompactOffsets(identity: 1)
        var bidi: BidiParagraph!
        text.utf16.withUnsafeBufferPointer { units in
            graphemes = ICU.graphemeOffsets(units, pool: context.breakIterators)
            bidi = BidiParagraph.resolving(units, direction: direction)
        }
        self.graphemes = graphemes
        self.bidi = bidi
    }

    /// The languages of a paragraph's text: one for all of it (most paragraphs), or the UTF-16
    /// range of each (two or more), neighbours of one language merged ("" for none).
    enum BreakLanguages {
        case one(String)
        case ranges([(locale: String, range: Range<Int>)])
    }

    /// The break opportunities of `utf16`, increasing, ending at its end: ICU's in each language
    /// range (a break at a range's start belongs to the text before it), and with `hyphenation`
    /// the hyphenation points of the words between them (libhyphen, the dictionary of each
    /// language range). `pool` as in ``ICU/lineBreaks(_:locale:pool:)``; with `memo`, text of
    /// one language is broken piece by piece, each piece met before answered by the memo.
    static func lineBreaks(_ utf16: [UInt16], languages: BreakLanguages, pool: BreakIteratorPool?,
                           hyphenation: HyphenationDictionaries?, memo: LineBreakMemo? = nil) -> [BreakOpportunity] {
        var breaks: [BreakOpportunity] = []
        utf16.withUnsafeBufferPointer { units in
            switch languages {
            case .one(let locale):
                breaks = memo?.lineBreaks(units, locale: locale, pool: pool) ?? ICU.lineBreaks(units, locale: locale, pool: pool)
            case .ranges(let ranges):
                for (locale, range) in ranges {
                    breaks += ICU.lineBreaks(units, locale: locale, pool: pool).filter {
                        $0.offset > range.lowerBound && $0.offset <= range.upperBound
                    }
                }
            }
        }
        if breaks.last?.offset != utf16.count { breaks.append(BreakOpportunity(offset: utf16.count, isMandatory: false)) }
        if let dictionaries = hyphenation {
            let ranges: [(locale: String, range: Range<Int>)]
            switch languages {
            case .one(let locale): ranges = [(locale, 0..<utf16.count)]
            case .ranges(let list): ranges = list
            }
            breaks = addingHyphenationPoints(to: breaks, utf16: utf16, languages: ranges, dictionaries: dictionaries)
        }
        return breaks
    }

    /// What line breaking needs to know of a paragraph's characters, in one pass: whether it has
    /// a tab (measured with its tab stops), a soft hyphen (a line ending there shows a hyphen),
    /// and a character UAX #14 breaks after in every case (classes BK, CR, LF and NL: an
    /// opportunity before the end that a line must take). Plain minimum reductions, which the
    /// compiler vectorizes (a condition in the loop would stop it).
    static func characterFacts(_ utf16: [UInt16]) -> (hasTabs: Bool, hasSoftHyphens: Bool, hasMandatoryBreaks: Bool) {
        utf16.withUnsafeBufferPointer { units in
            var tab = UInt16.max, softHyphen = UInt16.max
            // Distances from U+000A…U+000D, U+0085, U+2028…U+2029.
            var controls = UInt16.max, nextLine = UInt16.max, separators = UInt16.max
            for unit in units {
                tab = min(tab, unit ^ 0x09)
                softHyphen = min(softHyphen, unit ^ 0xAD)
                controls = min(controls, unit &- 0x0A)
                nextLine = min(nextLine, unit ^ 0x85)
                separators = min(separators, unit &- 0x2028)
            }
            return (tab == 0, softHyphen == 0, controls < 4 || nextLine == 0 || separators < 2)
        }
    }

    /// The UTF-16 ranges of the runs' languages ("" for none), neighbours of one language merged.
    private static func languageRanges(_ attributes: [(TextAttributes, Range<Int>)],
                                       text: ParagraphText) -> [(locale: String, range: Range<Int>)] {
        let offsets = text.scalarOffsets, count = text.utf16.count
        let scalarCount = offsets[count]
        var languages: [(locale: String, range: Range<Int>)] = []
        for (value, range) in attributes {
            let locale = value.language ?? ""
            let lower = min(offsets.firstIndex(atOrAfter: range.lowerBound), count)
            let upper = range.upperBound >= scalarCount ? count
                : min(offsets.firstIndex(atOrAfter: range.upperBound), count)
            if let last = languages.last, last.locale == locale {
                languages[languages.count - 1].range = last.range.lowerBound..<upper
            } else {
                languages.append((locale, lower..<upper))
            }
        }
        return languages
    }

    /// The hyphenation points of every word between two break opportunities, added as break
    /// opportunities (libhyphen, the dictionary of each language range).
    private static func addingHyphenationPoints(to breaks: [BreakOpportunity], utf16: [UInt16],
                                        languages: [(locale: String, range: Range<Int>)],
                                        dictionaries: HyphenationDictionaries) -> [BreakOpportunity] {
        var out: [BreakOpportunity] = []
        var start = 0
        for opportunity in breaks {
            let end = opportunity.offset
            if end - start >= 5, let language = languages.last(where: { $0.range.lowerBound <= start })?.locale,
               !language.isEmpty, let hyphenator = dictionaries.hyphenator(for: language) {
                for point in hyphenator.hyphenationPoints(inUTF16: utf16[start..<end]) where point > 0 && start + point < end {
                    out.append(BreakOpportunity(offset: start + point, isMandatory: false, isHyphenation: true))
                }
            }
            out.append(opportunity)
            start = end
        }
        return out
    }
}
