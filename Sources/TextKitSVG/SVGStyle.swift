/// The `style` attribute: CSS declarations `name: value; …` (SVG 1.1 §6.4).
enum SVGStyle {
    /// The value of the last declaration of property `name` in `style`, trimmed and without
    /// `!important`, with the byte offset of the value's start in `style`'s UTF-8.
    ///
    /// Property names compare ASCII case-insensitively. Declarations without a colon are
    /// skipped, as CSS does.
    static func declaration(_ name: String, in style: String) -> (value: String, offset: Int)? {
        let bytes = Array(style.utf8)
        var found: (value: String, offset: Int)?
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            if let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) {
                let property = trimmed(bytes, start..<colon)
                if String(decoding: bytes[property], as: UTF8.self).lowercased() == name {
                    var value = trimmed(bytes, (colon + 1)..<end)
                    let text = String(decoding: bytes[value], as: UTF8.self)
                    if text.lowercased().hasSuffix("!important") {
                        value = trimmed(bytes, value.lowerBound..<(value.upperBound - 10))
                    }
                    found = (String(decoding: bytes[value], as: UTF8.self), value.lowerBound)
                }
            }
            start = end + 1
        }
        return found
    }

    // MARK: - Internals

    /// `range` without leading and trailing whitespace.
    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, SVGScanner.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, SVGScanner.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
