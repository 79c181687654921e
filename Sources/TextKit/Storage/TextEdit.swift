/// What an editing batch changed, as reported to observers at `endEditing()`.
///
/// Two views of the same batch. The summary is Text Kit's: ``range`` (`editedRange`),
/// ``changeInLength`` and ``mask`` (`editedMask`), with ``attributeChanges`` saying which classes
/// of attribute changed. ``changes`` keeps each stretch of the batch apart with what changed
/// there, so that a colour change at the top of a document and a typed word at its end do not
/// read as a change of everything in between: a layout manager redoes for each stretch only what
/// that stretch needs.
public struct TextEdit: Hashable, Sendable {
    /// Whether characters changed, attributes changed, or both.
    public struct Mask: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt8
        /// Creates a mask from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Characters were inserted, deleted or replaced.
        public static let characters = Mask(rawValue: 1)
        /// Attributes were changed.
        public static let attributes = Mask(rawValue: 2)
    }

    /// One stretch of a batch: characters replaced there, or attributes changed.
    ///
    /// Ranges are in the text after the whole batch, whatever order the edits came in.
    public struct Change: Hashable, Sendable {
        /// ``Mask/characters`` when the stretch's characters were replaced (attributes set on
        /// them too add ``Mask/attributes``); ``Mask/attributes`` alone when only attributes
        /// changed.
        public var mask: Mask
        /// The stretch, in the text after the batch (Unicode scalar offsets); empty where
        /// characters were only deleted.
        public var range: Range<Int>
        /// How many characters of the text before the batch the stretch replaces
        /// (`range.count` for an attribute change).
        public var replacedLength: Int
        /// The classes of attribute that changed in the stretch.
        public var attributeChanges: AttributeChange

        /// The change in the text's length the stretch makes.
        public var changeInLength: Int { range.count - replacedLength }

        /// Creates a change from its parts.
        package init(mask: Mask, range: Range<Int>, replacedLength: Int, attributeChanges: AttributeChange) {
            self.mask = mask
            self.range = range
            self.replacedLength = replacedLength
            self.attributeChanges = attributeChanges
        }
    }

    /// The batch's stretches, sorted and disjoint (never empty).
    ///
    /// Stretches whose characters changed never touch each other (touching replacements are one
    /// stretch); they map the text before the batch to the text after it: between them the text
    /// is unchanged and shifted by the ``Change/changeInLength`` of the stretches before.
    public let changes: [Change]

    /// What changed over the whole batch (Text Kit's `editedMask`).
    public var mask: Mask { changes.reduce(into: []) { $0.formUnion($1.mask) } }
    /// The smallest range of the text after the batch holding every change (Text Kit's
    /// `editedRange`; Unicode scalar offsets).
    public var range: Range<Int> { changes[0].range.lowerBound..<changes[changes.count - 1].range.upperBound }
    /// The change in the text's length (in Unicode scalars) over the whole batch.
    public var changeInLength: Int { changes.reduce(0) { $0 + $1.changeInLength } }
    /// The classes of attribute that changed anywhere in the batch (empty when only characters
    /// changed).
    public var attributeChanges: AttributeChange { changes.reduce(into: []) { $0.formUnion($1.attributeChanges) } }

    /// An edit of `changes`, which must be sorted, disjoint and not empty.
    package init(changes: [Change]) {
        precondition(!changes.isEmpty, "an edit changes something")
        self.changes = changes
    }
}
