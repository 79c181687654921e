/// An OpenType feature setting passed to the shaper (e.g. `liga` = 0 turns ligatures off).
public struct FontFeature: Hashable, Sendable, Codable {
    /// The four-letter OpenType tag, e.g. "liga", "kern", "smcp".
    public var tag: String
    /// The value: 0 off, 1 on, or an alternate index.
    public var value: UInt32

    /// Creates a feature setting.
    public init(tag: String, value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}
