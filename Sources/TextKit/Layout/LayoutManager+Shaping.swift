import Dispatch

/// What shaping a paragraph needs, copied out of the storage so it can run on any thread.
struct ShapingJob: @unchecked Sendable {
    var content: ArraySlice<Unicode.Scalar>
    /// Attribute runs, relative to `content`.
    var attributes: [(TextAttributes, Range<Int>)]
    var direction: WritingDirection
}

extension LayoutManager {
    /// The attributes of a paragraph's first character (its paragraph style applies to all of it).
    func paragraphAttributes(_ range: Range<Int>, storage: TextStorage) -> TextAttributes {
        storage.length > 0 ? storage.runs.attributes(at: min(range.lowerBound, storage.length - 1)).value
            : storage.runs.defaultAttributes
    }

    /// The inputs of shaping the paragraph `range`.
    func shapingJob(_ range: Range<Int>, storage: TextStorage) -> ShapingJob {
        let content = Self.contentRange(of: range, in: storage.scalars)
        let first = paragraphAttributes(range, storage: storage)
        var attributes: [(TextAttributes, Range<Int>)] = []
        storage.runs.enumerate(in: content) { value, sub in
            attributes.append((value, sub.lowerBound - content.lowerBound..<sub.upperBound - content.lowerBound))
        }
        if attributes.isEmpty { attributes = [(first, 0..<0)] }
        return ShapingJob(content: storage.scalars.contiguousSlice(content), attributes: attributes,
                          direction: first.paragraphStyle.baseWritingDirection)
    }

    /// Runs analysis, itemization and shaping for one paragraph. Touches no layout manager state,
    /// so paragraphs can be shaped on several threads at once (fonts are immutable, the font
    /// collection is locked, ICU objects are per call).
    static func shape(_ job: ShapingJob, fonts: FontCollection, fallback: Font,
                      hyphenation: HyphenationDictionaries, cache: ShapeCache?) -> (Paragraph, [LayoutWarning]) {
        var warnings: [LayoutWarning] = []
        let resolver = FontResolver(collection: fonts, fallback: fallback) { _, error in
            warnings.append(LayoutWarning(kind: .fontUnavailable, message: "\(error); using the default font"))
        }
        let paragraph = Paragraph(content: job.content, attributes: job.attributes, direction: job.direction,
                                  fonts: resolver, hyphenation: hyphenation, shapeCache: cache)
        for scalar in Set(paragraph.missingScalars).sorted(by: { $0.value < $1.value }) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            warnings.append(LayoutWarning(kind: .missingGlyph, message: "no font has a glyph for U+\(code); drawn as .notdef"))
        }
        return (paragraph, warnings)
    }

    /// Counts a shaped paragraph and keeps its warnings.
    func record(_ paragraph: Paragraph, _ problems: [LayoutWarning], warnings: inout [LayoutWarning]) {
        warnings.append(contentsOf: problems)
        statistics.paragraphsShaped += 1
        statistics.glyphsShaped += paragraph.runs.reduce(0) { $0 + $1.glyphs.count }
    }

    /// Shapes, on all cores, the paragraphs from `index` on that need it: a chunk of them that
    /// grows with each call in a layout pass (64, 128, … 4096 paragraphs), splitting the text
    /// ahead as needed. Line breaking then only reads the results; a layout that stops early
    /// (overflow) wastes at most one chunk.
    func preshape(from index: Int, chunk: inout Int, storage: TextStorage, warnings: inout [LayoutWarning]) {
        while paragraphs.count < index + chunk, splitEnd < storage.length {
            let next = Self.splitParagraphs(storage.scalars, from: splitEnd, minimumEnd: splitEnd + 1)
            paragraphs.append(contentsOf: next.map { ParagraphState(range: $0) })
            splitEnd = next.last?.upperBound ?? storage.length
        }
        var pending: [Int] = []
        for candidate in index..<min(paragraphs.count, index + chunk) {
            let state = paragraphs[candidate]
            let direction = paragraphAttributes(state.range, storage: storage).paragraphStyle.baseWritingDirection
            if state.cache == nil || state.direction != direction { pending.append(candidate) }
        }
        chunk = min(chunk * 2, 4096)
        guard pending.count >= Self.parallelShapingThreshold else { return }
        let jobs = pending.map { shapingJob(paragraphs[$0].range, storage: storage) }
        let fonts = fontCollection, fallback = defaultFont(), hyphenation = hyphenationDictionaries
        let cache = shapeCache
        let results = ShapingResults(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { slot in
            results.store(Self.shape(jobs[slot], fonts: fonts, fallback: fallback, hyphenation: hyphenation,
                                     cache: cache), at: slot)
        }
        for (slot, target) in pending.enumerated() {
            guard let (paragraph, problems) = results.take(slot) else { continue }
            record(paragraph, problems, warnings: &warnings)
            paragraphs[target].cache = paragraph
            paragraphs[target].direction = jobs[slot].direction
            paragraphs[target].validLines = 0
        }
    }

    /// Below this many paragraphs to shape, threads cost more than they save.
    static var parallelShapingThreshold: Int { 32 }
}

/// Results written by concurrent shaping, one slot per job; each slot is written by exactly one
/// iteration and read only after all iterations finished.
private final class ShapingResults: @unchecked Sendable {
    /// Raw storage: no exclusivity checks between threads writing distinct slots.
    private let slots: UnsafeMutableBufferPointer<(Paragraph, [LayoutWarning])?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: (Paragraph, [LayoutWarning]), at index: Int) { slots[index] = result }

    func take(_ index: Int) -> (Paragraph, [LayoutWarning])? { slots[index] }
}
