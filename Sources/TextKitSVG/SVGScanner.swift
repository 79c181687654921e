/// A cursor over the UTF-8 bytes of one attribute value, with SVG's micro-grammar: whitespace,
/// comma-whitespace separators, numbers and arc flags (SVG 1.1 §8.3.9 path data BNF, shared by
/// `points`, `transform` and `viewBox`).
///
/// Errors are ``SVGScanError``s at a byte offset of the value; callers turn them into
/// ``SVGError``s with a line and column.
struct SVGScanner {
    /// The scanned bytes.
    let bytes: [UInt8]
    /// The offset of the next byte to read.
    var position: Int

    /// Creates a scanner at the start of `bytes`.
    init(_ bytes: [UInt8], position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, if any.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips SVG whitespace (space, tab, CR, LF, form feed).
    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Skips `wsp* (',' wsp*)?` and tells whether a comma was among it.
    @discardableResult
    mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard current == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// Whether a number may start here (a digit, a sign or a decimal point).
    var isAtNumberStart: Bool {
        guard let byte = current else { return false }
        return Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// Reads a number: `sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?`.
    ///
    /// An `e` not followed by an exponent's digits is left unread (so `1em` reads 1). Values that
    /// are not finite after conversion (`1e999`) are errors.
    /// - Parameter expected: what the caller wanted, e.g. `a number after 'L'`.
    mutating func number(expected: @autoclosure () -> String = "a number") throws(SVGScanError)
        -> Double {
        let start = position
        var index = position
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        var digits = 0
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { throw expectation(expected(), at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            var exponent = index + 1
            if exponent < bytes.count,
               bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") {
                exponent += 1
            }
            if exponent < bytes.count, Self.isDigit(bytes[exponent]) {
                while exponent < bytes.count, Self.isDigit(bytes[exponent]) { exponent += 1 }
                index = exponent
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let excerpt = text.count > 40 ? text.prefix(40) + "… (\(text.utf8.count) characters)" : text
            throw SVGScanError(offset: start, message: "number out of range: '\(excerpt)'")
        }
        position = index
        return value
    }

    /// Reads an arc flag: exactly one `0` or `1`, which needs no separator after it.
    mutating func flag(expected: @autoclosure () -> String) throws(SVGScanError) -> Bool {
        switch current {
        case UInt8(ascii: "0"): position += 1; return false
        case UInt8(ascii: "1"): position += 1; return true
        default: throw expectation(expected(), at: position)
        }
    }

    /// Reads a run of ASCII letters (a command or function name); empty if none.
    mutating func letters() -> String {
        let start = position
        while let byte = current, Self.isLetter(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// An error `expected X, found Y` at `offset` (the current position by default).
    func expectation(_ expected: String, at offset: Int? = nil) -> SVGScanError {
        let offset = offset ?? position
        return SVGScanError(offset: offset,
                            message: "expected \(expected), found \(Self.describe(bytes, at: offset))")
    }

    // MARK: - Character classes and places

    /// Whether `byte` is SVG whitespace.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Whether `byte` is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `byte` is an ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// How the character at `offset` reads in a message: `'x'`, `'é'`, `U+0007` or `end of data`.
    static func describe(_ bytes: [UInt8], at offset: Int) -> String {
        guard offset < bytes.count else { return "end of data" }
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, scalar != "\u{FFFD}" else {
            return "byte 0x" + String(bytes[offset], radix: 16, uppercase: true)
        }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return "'\(Character(scalar))'"
    }

    /// The 1-based column of `offset`, counting Unicode scalars from the line start `lineStart`.
    static func column(of offset: Int, in bytes: [UInt8], from lineStart: Int) -> Int {
        var column = 1
        var index = lineStart
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column + max(0, offset - max(end, lineStart))
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
