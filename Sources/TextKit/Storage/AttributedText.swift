/// An attributed string as a value: text plus attribute runs (Unicode scalar ranges that cover
/// the text without gaps). What ``TextStorage/attributedSubstring(from:)`` returns and what the
/// storage can be built from or spliced with.
public struct AttributedText: Hashable, Sendable {
    /// The text.
    public var string: String
    /// The attribute runs, in order, covering `0..<string.unicodeScalars.count`.
    public private(set) var runs: [AttributeRun]

    /// One run of attributes.
    public struct AttributeRun: Hashable, Sendable {
        /// The Unicode scalar range the attributes apply to.
        public var range: Range<Int>
        /// The attributes.
        public var attributes: TextAttributes

        /// Creates a run.
        public init(range: Range<Int>, attributes: TextAttributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// Text with the same attributes throughout.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        self.string = string
        runs = [AttributeRun(range: 0..<string.unicodeScalars.count, attributes: attributes)]
    }

    /// Text with runs; the runs must cover the text in order without gaps or overlaps.
    public init(_ string: String, runs: [AttributeRun]) {
        let length = string.unicodeScalars.count
        var next = 0
        for run in runs {
            precondition(run.range.lowerBound == next, "attribute runs must cover the text in order")
            next = run.range.upperBound
        }
        precondition(next == length || (runs.isEmpty && length == 0), "attribute runs must cover the text")
        self.string = string
        self.runs = runs
    }

    /// The number of Unicode scalars.
    public var length: Int { string.unicodeScalars.count }
}

extension TextStorage {
    /// Creates a storage holding `text` with its attributes.
    public convenience init(attributedText text: AttributedText) {
        let first = text.runs.first?.attributes ?? TextAttributes()
        self.init(string: text.string, attributes: first)
        runs = AttributeRuns(length: length, pieces: text.runs.map { ($0.range, $0.attributes) }, defaultAttributes: first)
    }

    /// The characters in `range` with their attributes.
    public func attributedSubstring(from range: Range<Int>) -> AttributedText {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[range])
        var pieces: [AttributedText.AttributeRun] = []
        enumerateAttributes(in: range) { attributes, sub in
            pieces.append(.init(range: sub.lowerBound - range.lowerBound..<sub.upperBound - range.lowerBound,
                                attributes: attributes))
        }
        return AttributedText(String(out), runs: pieces)
    }

    /// Replaces the characters in `range` with `text`, keeping `text`'s attributes (one edit).
    public func replaceCharacters(in range: Range<Int>, with text: AttributedText) {
        beginEditing()
        replaceCharacters(in: range, with: text.string, attributes: text.runs.first?.attributes ?? TextAttributes())
        for run in text.runs.dropFirst() where !run.range.isEmpty {
            setAttributes(run.attributes, range: run.range.lowerBound + range.lowerBound..<run.range.upperBound + range.lowerBound)
        }
        endEditing()
    }

    /// Changes the attributes of every run in `range` with `body` (Text Kit's `addAttributes`
    /// and `removeAttribute` in one: set or clear any field).
    public func modifyAttributes(in range: Range<Int>, _ body: (inout TextAttributes) -> Void) {
        var pieces: [(Range<Int>, TextAttributes)] = []
        enumerateAttributes(in: range) { attributes, sub in
            var changed = attributes
            body(&changed)
            pieces.append((sub, changed))
        }
        beginEditing()
        for (sub, attributes) in pieces { setAttributes(attributes, range: sub) }
        endEditing()
    }
}
