/// The raw bytes of an SVG file and the offsets of its start tags, for error places.
///
/// XMLParser reports only where it is after a start tag, and hands out attribute values with
/// entities decoded and whitespace normalized. To name the line and column of one bad character
/// inside an attribute, the start tags are found again in the raw bytes (in document order, the
/// order of XMLParser's callbacks), the attribute's quoted value is located in its tag, and the
/// offset in the decoded value is walked back through entity references to a raw offset.
/// Lines end at LF, CRLF or a lone CR; columns count Unicode scalars, both 1-based.
struct SVGSource {
    /// The file as read.
    let bytes: [UInt8]
    /// The offset of the `<` of every start tag outside comments, CDATA, PIs and the DOCTYPE.
    let tagStarts: [Int]

    /// Indexes the start tags of `bytes` (assumed ASCII-compatible: UTF-8 or a legacy 8-bit set).
    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.tagStarts = Self.scanTagStarts(bytes)
    }

    /// Whether the start tag at `tagStart` has the qualified name `name`.
    func tag(at tagStart: Int, isNamed name: String) -> Bool {
        var end = tagStart + 1
        while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
        return bytes[(tagStart + 1)..<end].elementsEqual(name.utf8)
    }

    /// The raw byte range of the value of attribute `name` in the start tag at `tagStart`
    /// (between the quotes), if the tag has it.
    func attributeValueRange(tagStart: Int, name: String) -> Range<Int>? {
        var i = tagStart + 1
        while i < bytes.count, !Self.endsName(bytes[i]) { i += 1 }
        while i < bytes.count {
            while i < bytes.count, SVGScanner.isWhitespace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") else {
                return nil
            }
            let nameStart = i
            while i < bytes.count, !Self.endsName(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
            let nameEnd = i
            while i < bytes.count, SVGScanner.isWhitespace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < bytes.count, SVGScanner.isWhitespace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = bytes[i]
            let valueStart = i + 1
            i = valueStart
            while i < bytes.count, bytes[i] != quote { i += 1 }
            if bytes[nameStart..<nameEnd].elementsEqual(name.utf8) { return valueStart..<i }
            i += 1
        }
        return nil
    }

    /// The raw offset, inside the raw attribute value `range`, of the byte at `decodedOffset` in
    /// the value as XMLParser decoded it. Inside an entity reference, or after one this type
    /// cannot decode, the reference's `&` is the answer.
    func rawOffset(ofDecoded decodedOffset: Int, in range: Range<Int>) -> Int {
        var decoded = 0
        var i = range.lowerBound
        while i < range.upperBound {
            if decoded >= decodedOffset { return i }
            if bytes[i] == UInt8(ascii: "&") {
                guard let semicolon = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")),
                      let length = Self.decodedLength(ofReference: bytes[(i + 1)..<semicolon]),
                      decoded + length <= decodedOffset else { return i }
                decoded += length
                i = semicolon + 1
            } else if bytes[i] == 0x0D, i + 1 < range.upperBound, bytes[i + 1] == 0x0A {
                decoded += 1
                i += 2
            } else {
                decoded += 1
                i += 1
            }
        }
        return i
    }

    /// The 1-based line and column of `offset`, counted from the start of the file.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var cursor = Cursor()
        cursor.advance(to: offset, in: bytes)
        return (cursor.line, cursor.column)
    }

    /// A forward-only line and column counter, so that the places of all elements cost O(n).
    struct Cursor {
        /// The offset counted up to.
        private(set) var offset = 0
        /// The line of `offset`.
        private(set) var line = 1
        /// The column of `offset`.
        private(set) var column = 1

        /// Moves to `target`, counting lines and columns; starts over if `target` is behind.
        mutating func advance(to target: Int, in bytes: [UInt8]) {
            if target < offset { self = Cursor() }
            let end = min(target, bytes.count)
            while offset < end {
                let byte = bytes[offset]
                let lineFeed = byte == 0x0A
                let loneReturn = byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)
                if lineFeed || loneReturn {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1
                }
                offset += 1
            }
        }
    }

    // MARK: - Internals

    private static func endsName(_ byte: UInt8) -> Bool {
        SVGScanner.isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    /// The UTF-8 length of what `&name;` stands for, for the predefined entities and character
    /// references; nil for anything else.
    private static func decodedLength(ofReference name: ArraySlice<UInt8>) -> Int? {
        guard name.first == UInt8(ascii: "#") else {
            let predefined: [[UInt8]] = [Array("lt".utf8), Array("gt".utf8), Array("amp".utf8),
                                         Array("apos".utf8), Array("quot".utf8)]
            return predefined.contains { $0.elementsEqual(name) } ? 1 : nil
        }
        var digits = name.dropFirst()
        var radix = 10
        if digits.first == UInt8(ascii: "x") { radix = 16; digits = digits.dropFirst() }
        guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: radix),
              let scalar = Unicode.Scalar(value) else { return nil }
        return String(scalar).utf8.count
    }

    /// Finds the `<` of every start tag, skipping comments, CDATA sections, processing
    /// instructions, end tags and the DOCTYPE with its internal subset.
    private static func scanTagStarts(_ b: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var i = 0
        let n = b.count
        func has(_ text: String, at index: Int) -> Bool {
            index + text.utf8.count <= n && b[index..<(index + text.utf8.count)].elementsEqual(text.utf8)
        }
        func after(_ text: String, from index: Int) -> Int {
            var j = index
            while j < n, !has(text, at: j) { j += 1 }
            return min(n, j + text.utf8.count)
        }
        /// The offset after the `>` that ends a tag or declaration opened before `index`.
        func afterClosingBracket(from index: Int, subset: Bool) -> Int {
            var j = index, quote: UInt8? = nil, depth = 0
            while j < n {
                let byte = b[j]
                if let q = quote {
                    if byte == q { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if subset, has("<!--", at: j) {
                    j = after("-->", from: j + 4)
                    continue
                } else if subset, byte == UInt8(ascii: "[") {
                    depth += 1
                } else if subset, byte == UInt8(ascii: "]") {
                    depth -= 1
                } else if byte == UInt8(ascii: ">"), depth <= 0 {
                    return j + 1
                }
                j += 1
            }
            return n
        }
        while i < n {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            if has("<!--", at: i) {
                i = after("-->", from: i + 4)
            } else if has("<![CDATA[", at: i) {
                i = after("]]>", from: i + 9)
            } else if has("<?", at: i) {
                i = after("?>", from: i + 2)
            } else if has("<!", at: i) {
                i = afterClosingBracket(from: i + 2, subset: true)
            } else if has("</", at: i) {
                i = afterClosingBracket(from: i + 2, subset: false)
            } else {
                starts.append(i)
                i = afterClosingBracket(from: i + 1, subset: false)
            }
        }
        return starts
    }
}
