/// The direction of a paragraph or of a run of text.
public enum WritingDirection: String, Hashable, Sendable, Codable {
    /// From the first strong character (UAX #9 rules P2–P3), left to right if there is none.
    case natural
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
}
