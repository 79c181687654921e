/// Which line an insertion point at a soft line break belongs to: the index is both the end of
/// one line and the start of the next (Text Kit's selection affinity).
public enum SelectionAffinity: Hashable, Sendable {
    /// The end of the line before: the caret is drawn after its last character.
    case upstream
    /// The start of the line after (the default).
    case downstream
}

/// A selection an editor keeps: an anchor that stays and a head that moves (the same index for
/// an insertion point), the affinity of the head, and the x vertical moves keep (TextKit 2's
/// `NSTextSelection`).
public struct TextSelection: Hashable, Sendable {
    /// The end that stays when the selection is extended.
    public var anchor: Int
    /// The end that moves (the insertion point when the selection is empty).
    public var head: Int
    /// Which line the head belongs to at a soft line break.
    public var affinity: SelectionAffinity
    /// The x (container coordinates) that moves up and down keep, so that a caret moved through a
    /// short line comes back to its column (TextKit 2's `anchorPositionOffset`); nil when the
    /// last move was not vertical.
    public var anchorPositionOffset: Double?

    /// An insertion point before character `index`.
    public init(insertionPoint index: Int, affinity: SelectionAffinity = .downstream) {
        self.init(anchor: index, head: index, affinity: affinity)
    }

    /// A selection from `anchor` to `head` (either may come first).
    public init(anchor: Int, head: Int, affinity: SelectionAffinity = .downstream, anchorPositionOffset: Double? = nil) {
        self.anchor = anchor
        self.head = head
        self.affinity = affinity
        self.anchorPositionOffset = anchorPositionOffset
    }

    /// The characters selected (empty for an insertion point).
    public var range: Range<Int> { min(anchor, head)..<max(anchor, head) }

    /// Whether the selection is an insertion point.
    public var isInsertionPoint: Bool { anchor == head }
}

/// Which way a selection moves (TextKit 2's `NSTextSelectionNavigation.Direction`).
public enum SelectionDirection: Hashable, Sendable, CaseIterable {
    /// Toward the end of the text.
    case forward
    /// Toward the start of the text.
    case backward
    /// Leftward: backward in a left-to-right paragraph, forward in a right-to-left one.
    case left
    /// Rightward: forward in a left-to-right paragraph, backward in a right-to-left one.
    case right
    /// To the line above, keeping the x.
    case up
    /// To the line below, keeping the x.
    case down
}

/// How far a selection moves (TextKit 2's `NSTextSelectionNavigation.Destination`).
public enum SelectionDestination: Hashable, Sendable, CaseIterable {
    /// One grapheme cluster (a user-perceived character).
    case character
    /// To the end of the word (forward) or its start (backward), UAX #29 word boundaries.
    case word
    /// To the end or start of the line as laid out.
    case line
    /// To the end of the paragraph's text or its start.
    case paragraph
    /// To the end or start of the text.
    case document
}
