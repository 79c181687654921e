/// What a piece of text asks for: a family (or a file), a size and a style.
///
/// A descriptor is resolved to a loaded ``Font`` by a ``FontCollection`` (fontconfig for
/// families, or the file itself when ``filePath`` is set).
public struct FontDescriptor: Hashable, Sendable, Codable {
    /// A family name or a fontconfig generic name ("sans-serif", "serif", "monospace").
    public var family: String
    /// The size in points.
    public var size: Double
    /// The weight on the CSS scale (400 regular, 700 bold).
    public var weight: Int
    /// Whether an italic or oblique face is wanted.
    public var italic: Bool
    /// A font file to use instead of looking the family up.
    public var filePath: String?
    /// The face index inside ``filePath``.
    public var faceIndex: Int

    /// Creates a descriptor for a family.
    public init(family: String = "sans-serif", size: Double = 12, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.filePath = nil
        self.faceIndex = 0
    }

    /// Creates a descriptor for a font file.
    public init(filePath: String, faceIndex: Int = 0, size: Double = 12) {
        self.init(family: "", size: size)
        self.filePath = filePath
        self.faceIndex = faceIndex
    }

    /// Whether `other` asks for the same face (its size aside): what a collection's answer for a
    /// descriptor depends on (``FontCollection/font(for:)``).
    func asksForSameFace(as other: FontDescriptor) -> Bool {
        filePath == other.filePath && faceIndex == other.faceIndex && family == other.family
            && weight == other.weight && italic == other.italic
    }

    /// The same descriptor at another size.
    public func withSize(_ size: Double) -> FontDescriptor {
        var copy = self
        copy.size = size
        return copy
    }
}
