// ``PositionedGlyphs`` as a value: equal when their glyphs are (however each stores them),
// hashed, printed and written as array literals through the public collection alone.
extension PositionedGlyphs: ExpressibleByArrayLiteral {
    /// The glyphs of the literal, stored compactly.
    public init(arrayLiteral elements: PositionedGlyph...) {
        self.init(elements)
    }
}

extension PositionedGlyphs: Hashable {
    /// Whether both hold the same glyphs (however they are stored).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the glyphs.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for glyph in self { hasher.combine(glyph) }
    }
}

extension PositionedGlyphs: CustomStringConvertible {
    /// The glyphs, as an array prints them.
    public var description: String { Array(self).description }
}
