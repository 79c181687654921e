/// Turns a ``TextStorage`` into positioned glyphs in a chain of ``TextContainer``s (Text Kit's
/// `NSLayoutManager`).
///
/// The pipeline, one stage per file: paragraphs are analysed with ICU (breaks, bidi, scripts),
/// itemized (`Itemizer`), shaped with HarfBuzz (`Paragraph`), broken into lines against each
/// container's free spans (`LineBreaker`) and placed (`LineAssembler`). Work is cached per
/// paragraph and invalidated by what an edit changed: paint-only attributes redo nothing,
/// paragraph styles and geometry re-break lines, characters and shaping attributes reshape only
/// the paragraphs they touch. Lines before the first changed paragraph are kept.
public final class LayoutManager: TextStorageObserver {
    /// Creates a layout manager that finds fonts through `fontCollection`.
    ///
    /// - Parameter defaultFont: the font used when an attribute's font cannot be resolved; when
    ///   nil, the collection's "sans-serif" (or its default font file).
    public init(fontCollection: FontCollection = FontCollection(), defaultFont: Font? = nil) {
        self.fontCollection = fontCollection
        self.explicitDefaultFont = defaultFont
    }

    /// Where fonts come from.
    public let fontCollection: FontCollection

    /// The storage laid out (set by ``TextStorage/addLayoutManager(_:)``); the layout manager
    /// keeps it alive.
    public internal(set) var textStorage: TextStorage? {
        didSet { invalidateAll() }
    }

    /// The containers text flows into, in order.
    public private(set) var textContainers: [TextContainer] = []

    /// Counts of the work done so far (reset them with ``resetStatistics()``).
    public private(set) var statistics = LayoutStatistics()

    /// Problems met by the last layout (overflow, missing glyphs, unresolved fonts).
    public private(set) var warnings: [LayoutWarning] = []

    /// Appends a container to the chain.
    public func addTextContainer(_ container: TextContainer) {
        insertTextContainer(container, at: textContainers.count)
    }

    /// Inserts a container into the chain; layout is redone from it on.
    public func insertTextContainer(_ container: TextContainer, at index: Int) {
        precondition(container.layoutManager == nil || container.layoutManager === self,
                     "a container belongs to one layout manager")
        textContainers.insert(container, at: index)
        container.layoutManager = self
        invalidate(fromContainer: index)
    }

    /// Removes a container from the chain; layout is redone from its place on.
    public func removeTextContainer(at index: Int) {
        textContainers[index].layoutManager = nil
        textContainers.remove(at: index)
        invalidate(fromContainer: index)
    }

    /// Sets every count of ``statistics`` to zero.
    public func resetStatistics() { statistics = LayoutStatistics() }

    /// Lays out whatever is not laid out yet.
    ///
    /// Complexity: O(n) in the characters of the paragraphs that changed or moved.
    public func ensureLayout() {
        guard let storage = textStorage else { return }
        if paragraphs == nil { paragraphs = Self.splitParagraphs(storage.scalars).map { ParagraphState(range: $0) } }
        guard var states = paragraphs, firstInvalid < states.count || (states.isEmpty && !laidOutEmpty) else { return }
        laidOutEmpty = true
        var cursor = firstInvalid > 0 ? states[firstInvalid - 1].endCursor
            : LayoutCursor(container: 0, y: textContainers.first?.textRect.minY ?? 0)
        overflowStart = nil
        var newWarnings = warnings.filter { $0.kind != .overflow }
        for index in firstInvalid..<states.count {
            if let start = overflowStart {
                states[index].lines = []
                states[index].endCursor = cursor
                _ = start
                continue
            }
            let outcome = layOut(&states[index], storage: storage, cursor: &cursor, warnings: &newWarnings)
            if let overflow = outcome { overflowStart = states[index].range.lowerBound + overflow }
        }
        if let start = overflowStart {
            newWarnings.append(LayoutWarning(kind: .overflow, message:
                "characters \(start)..<\(storage.length) did not fit in the text containers"))
        }
        firstInvalid = states.count
        paragraphs = states
        warnings = newWarnings
    }

    /// The characters that did not fit in any container, or nil (lays out first).
    public var overflowRange: Range<Int>? {
        ensureLayout()
        guard let start = overflowStart, let length = textStorage?.length, start < length else { return nil }
        return start..<length
    }

    /// A value snapshot of the whole layout (lays out first).
    public func snapshot() -> LayoutSnapshot {
        ensureLayout()
        var remap: [Int: Int] = [:]
        var fonts: [UsedFont] = []
        var containers = textContainers.enumerated().map { index, container in
            ContainerLayout(index: index, size: container.size, textRect: container.textRect,
                            lineFragmentPadding: container.lineFragmentPadding,
                            exclusionPaths: container.exclusionPaths, lines: [])
        }
        for state in textStorage == nil ? [] : paragraphs ?? [] {
            let offset = state.range.lowerBound
            for (containerIndex, line) in state.lines {
                var line = line
                line.characterRange = line.characterRange.lowerBound + offset..<line.characterRange.upperBound + offset
                for f in line.fragments.indices {
                    let range = line.fragments[f].characterRange
                    line.fragments[f].characterRange = range.lowerBound + offset..<range.upperBound + offset
                    for g in line.fragments[f].glyphs.indices {
                        line.fragments[f].glyphs[g].characterIndex += offset
                        let old = line.fragments[f].glyphs[g].fontIndex
                        let new: Int
                        if let known = remap[old] { new = known } else {
                            new = fonts.count
                            remap[old] = new
                            fonts.append(fontTable[old])
                        }
                        line.fragments[f].glyphs[g].fontIndex = new
                    }
                }
                containers[containerIndex].lines.append(line)
            }
        }
        return LayoutSnapshot(fonts: fonts, containers: containers, overflowRange: overflowRange,
                              textLength: textStorage?.length ?? 0)
    }

    /// Tells the manager that `container`'s geometry changed (called by the container itself).
    public func textContainerChanged(_ container: TextContainer) {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else { return }
        invalidate(fromContainer: index)
    }

    /// Receives the storage's edits and invalidates what they require.
    public func textStorage(_ storage: TextStorage, didProcess edit: TextEdit) {
        guard let old = paragraphs else { return }
        let newRanges = Self.splitParagraphs(storage.scalars)
        var byStart: [Int: Int] = [:]
        for (index, state) in old.enumerated() { byStart[state.range.lowerBound] = index }
        let editStart = edit.range.lowerBound, editEnd = edit.range.upperBound
        let delta = edit.changeInLength
        var states: [ParagraphState] = []
        var firstChanged = newRanges.count
        for (index, range) in newRanges.enumerated() {
            var state = ParagraphState(range: range)
            let touched = range.upperBound > editStart && range.lowerBound < editEnd
                || (range.isEmpty && range.lowerBound == editStart)
            let before = range.upperBound <= editStart && !touched
            let oldStart = before ? range.lowerBound : range.lowerBound - delta
            let reusable = byStart[oldStart].map { old[$0].range.count == range.count } ?? false
            if reusable, let oldIndex = byStart[oldStart], !(touched && edit.mask.contains(.characters)) {
                let oldState = old[oldIndex]
                if !(touched && edit.attributeChanges.contains(.shaping)) {
                    state.cache = oldState.cache
                    state.direction = oldState.direction
                }
                // Lines stay valid while nothing before them moved and this edit only repainted them.
                let linesValid = firstChanged == newRanges.count && oldIndex == index && oldIndex < firstInvalid
                    && (!touched || edit.attributeChanges.isSubset(of: .paint))
                if linesValid {
                    state.lines = oldState.lines
                    state.endCursor = oldState.endCursor
                    state.overflow = oldState.overflow
                    states.append(state)
                    continue
                }
            }
            firstChanged = min(firstChanged, index)
            states.append(state)
        }
        paragraphs = states
        firstInvalid = min(firstInvalid, firstChanged, states.count)
        if states.count != old.count || firstChanged < states.count { laidOutEmpty = false }
    }

    // MARK: - Internals

    private struct ParagraphState {
        var range: Range<Int>
        var cache: Paragraph?
        var direction: WritingDirection?
        var lines: [(container: Int, line: LineLayout)] = []
        var endCursor = LayoutCursor(container: 0, y: 0)
        var overflow: Int?
    }

    private var paragraphs: [ParagraphState]?
    private var firstInvalid = 0
    private var laidOutEmpty = false
    private var overflowStart: Int?
    private var fontTable: [UsedFont] = []
    private var fontIndices: [UsedFont: Int] = [:]
    private let explicitDefaultFont: Font?
    private var resolvedDefaultFont: Font?

    private func invalidateAll() {
        paragraphs = nil
        firstInvalid = 0
        laidOutEmpty = false
    }

    private func invalidate(fromContainer container: Int) {
        guard let states = paragraphs else { return }
        let index = states.firstIndex { $0.endCursor.container >= container || $0.overflow != nil } ?? states.count
        firstInvalid = min(firstInvalid, index)
        laidOutEmpty = false
        if states.isEmpty { firstInvalid = 0 }
    }

    private func defaultFont() -> Font {
        if let font = explicitDefaultFont ?? resolvedDefaultFont { return font }
        var font = try? fontCollection.font(for: FontDescriptor(family: "sans-serif"))
        if font == nil, let path = fontCollection.defaultFontPath { font = try? fontCollection.font(file: path) }
        guard let font else { preconditionFailure("no font available: install fonts or pass a default font") }
        resolvedDefaultFont = font
        return font
    }

    private func index(of font: Font, size: Double) -> Int {
        let key = UsedFont(font: font, pointSize: size)
        if let index = fontIndices[key] { return index }
        fontTable.append(key)
        fontIndices[key] = fontTable.count - 1
        return fontTable.count - 1
    }

    /// Lays out one paragraph from `cursor`; returns the scalar offset (paragraph-relative) where
    /// it overflowed, if it did.
    private func layOut(_ state: inout ParagraphState, storage: TextStorage, cursor: inout LayoutCursor,
                        warnings: inout [LayoutWarning]) -> Int? {
        let content = Self.contentRange(of: state.range, in: storage.scalars)
        let firstAttributes = storage.length > 0 ? storage.runs.attributes(at: min(state.range.lowerBound, storage.length - 1)).value
            : storage.runs.defaultAttributes
        let style = firstAttributes.paragraphStyle
        if state.cache == nil || state.direction != style.baseWritingDirection {
            var attributes: [(TextAttributes, Range<Int>)] = []
            storage.runs.enumerate(in: content) { value, range in
                attributes.append((value, range.lowerBound - content.lowerBound..<range.upperBound - content.lowerBound))
            }
            if attributes.isEmpty { attributes = [(firstAttributes, 0..<0)] }
            var failures: [LayoutWarning] = []
            let resolver = FontResolver(collection: fontCollection, fallback: defaultFont()) { descriptor, error in
                failures.append(LayoutWarning(kind: .fontUnavailable, message: "\(error); using the default font"))
            }
            let paragraph = Paragraph(content: storage.scalars[content], attributes: attributes,
                                      direction: style.baseWritingDirection, fonts: resolver)
            for scalar in Set(paragraph.missingScalars).sorted(by: { $0.value < $1.value }) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                warnings.append(LayoutWarning(kind: .missingGlyph, message: "no font has a glyph for U+\(code); drawn as .notdef"))
            }
            warnings.append(contentsOf: failures)
            state.cache = paragraph
            state.direction = style.baseWritingDirection
            statistics.paragraphsShaped += 1
            statistics.glyphsShaped += paragraph.runs.reduce(0) { $0 + $1.glyphs.count }
        }
        guard let paragraph = state.cache else { return nil }
        statistics.paragraphsLaidOut += 1

        let primary = FontResolver(collection: fontCollection, fallback: defaultFont())
            .primaryFont(for: firstAttributes.font)
        let size = firstAttributes.font.size
        var metrics = LineMetrics()
        metrics.ascent = Double(primary.ascender) * primary.scale(forPointSize: size)
        metrics.descent = Double(primary.descender) * primary.scale(forPointSize: size)
        metrics.gap = Double(primary.lineGap) * primary.scale(forPointSize: size)
        let containers = textContainers
        let breaker = LineBreaker(paragraph: paragraph, style: style, containers: containers,
                                  defaultMetrics: metrics, minimumWidth: size)
        state.lines = []
        state.overflow = nil
        cursor.y += style.paragraphSpacingBefore
        var position = 0
        var first = true
        while first || position < paragraph.utf16.count {
            switch breaker.nextLine(from: position, cursor: &cursor, isFirstLine: first) {
            case .overflow(let unbreakable):
                let scalar = Int(paragraph.scalarOffsets[position])
                if unbreakable {
                    warnings.append(LayoutWarning(kind: .unbreakable, message:
                        "a cluster at character \(state.range.lowerBound + scalar) is wider than any line"))
                }
                state.overflow = scalar
                state.endCursor = cursor
                return scalar
            case .line(let broken):
                let padding = containers[broken.container].lineFragmentPadding
                let assembler = LineAssembler(paragraph: paragraph, style: style, padding: padding) { font, size in
                    self.index(of: font, size: size)
                }
                let isLast = broken.range.upperBound == paragraph.utf16.count
                var line = assembler.assemble(broken, isLastLine: isLast)
                if isLast {
                    line.characterRange = line.characterRange.lowerBound..<state.range.count
                }
                state.lines.append((broken.container, line))
                statistics.linesLaidOut += 1
                cursor = LayoutCursor(container: broken.container, y: broken.band.maxY + style.lineSpacing)
                position = broken.range.upperBound
            }
            first = false
        }
        cursor.y += style.paragraphSpacing
        state.endCursor = cursor
        return nil
    }

    /// Paragraph ranges (terminators included): LF, CR, CR LF, NEL and U+2029 end a paragraph.
    static func splitParagraphs(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = scalars.count
        while index < count {
            switch scalars[index].value {
            case 0x0A, 0x85, 0x2029:
                ranges.append(start..<index + 1)
                start = index + 1
            case 0x0D:
                let end = index + 1 < count && scalars[index + 1] == "\n" ? index + 2 : index + 1
                ranges.append(start..<end)
                start = end
                index = end - 1
            default:
                break
            }
            index += 1
        }
        if start < count || ranges.isEmpty { ranges.append(start..<count) }
        return ranges
    }

    /// The paragraph without its terminator.
    static func contentRange(of range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        var end = range.upperBound
        if end > range.lowerBound, [0x0A, 0x85, 0x2029, 0x0D].contains(scalars[end - 1].value) {
            end -= 1
            if end > range.lowerBound, scalars[end - 1] == "\r", scalars[end] == "\n" { end -= 1 }
        }
        return range.lowerBound..<end
    }
}
