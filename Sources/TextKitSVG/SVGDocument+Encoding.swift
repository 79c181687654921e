extension SVGDocument {
    /// The encodings an XML declaration may name: the ones libxml2 decodes itself, without iconv.
    ///
    /// libxml2 2.9 (Debian 12) dereferences a null pointer when a document that declares an
    /// iconv encoding such as `UTF-7` contains a NUL byte (found by fuzzing: the 36 bytes
    /// `<?xml version="1.0" encoding="UTF7"` + NUL crash `XMLParser`). SVG files are UTF-8 in
    /// practice, so the declaration is checked before libxml2 sees the file.
    static let supportedEncodings: Set<String> = [
        "utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "iso-8859-1", "iso_8859-1", "latin1", "iso-latin-1",
        "us-ascii", "ascii",
    ]

    /// First four bytes from which libxml2 detects an encoding it decodes only through iconv:
    /// UCS-4 in its four byte orders (with or without a byte order mark) and EBCDIC. libxml2 2.9
    /// crashes on such a document that is not well formed (found by fuzzing: `00 00 00 3C` then a
    /// truncated `<svg …>` is a null dereference in `xmlParseChunk`), so they are refused.
    static let iconvSignatures: [(bytes: [UInt8], name: String)] = [
        ([0x00, 0x00, 0x00, 0x3C], "UCS-4"), ([0x3C, 0x00, 0x00, 0x00], "UCS-4"),
        ([0x00, 0x00, 0x3C, 0x00], "UCS-4"), ([0x00, 0x3C, 0x00, 0x00], "UCS-4"),
        ([0x00, 0x00, 0xFE, 0xFF], "UCS-4"), ([0xFF, 0xFE, 0x00, 0x00], "UCS-4"),
        ([0x00, 0x00, 0xFF, 0xFE], "UCS-4"), ([0xFE, 0xFF, 0x00, 0x00], "UCS-4"),
        ([0x4C, 0x6F, 0xA7, 0x94], "EBCDIC"),
    ]

    /// The document as UTF-8: UTF-16 (with a byte order mark, or recognised by `<` and `?`
    /// interleaved with NULs) is decoded here, unpaired surrogates becoming U+FFFD, and an XML
    /// declaration naming UTF-16 is made to name UTF-8; anything else is returned as it is.
    ///
    /// libxml2 2.9 (Debian 12) dereferences a null pointer in `xmlParseChunk` on some malformed
    /// UTF-16 (found by fuzzing: 34 bytes starting with the byte order mark FE FF), and the
    /// checks before it (processing instructions) read bytes as ASCII, so libxml2 only ever sees
    /// UTF-8. Error places are then exact in characters, as for UTF-8 files.
    static func utf8(_ data: [UInt8]) -> [UInt8] {
        let littleEndian: Bool
        var start = 0
        if data.starts(with: [0xFF, 0xFE]) { littleEndian = true; start = 2 }
        else if data.starts(with: [0xFE, 0xFF]) { littleEndian = false; start = 2 }
        else if data.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { littleEndian = true }
        else if data.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { littleEndian = false }
        else { return data }
        var units: [UInt16] = []
        units.reserveCapacity((data.count - start) / 2 + 1)
        var index = start
        while index + 1 < data.count {
            let (low, high) = littleEndian ? (data[index], data[index + 1]) : (data[index + 1], data[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        if index < data.count { units.append(0xFFFD) }  // a dangling odd byte
        var text = String(decoding: units, as: UTF16.self)
        if text.hasPrefix("<?xml"), let end = text.firstIndex(of: ">") {
            let declaration = text[..<end].replacing(/encoding\s*=\s*(["'])[Uu][Tt][Ff]-?16([LlBb][Ee])?\1/,
                                                      with: "encoding=\"UTF-8\"")
            text = String(declaration) + text[end...]
        }
        return Array(text.utf8)
    }

    /// Throws when the first bytes are in an encoding libxml2 decodes only through iconv (see
    /// ``iconvSignatures``) or the XML declaration at the start of `data` names an encoding not in
    /// ``supportedEncodings``; the place is line 1, column 1, or the encoding's name.
    static func checkDeclaredEncoding(_ data: [UInt8], file: String) throws(SVGError) {
        if let signature = iconvSignatures.first(where: { data.starts(with: $0.bytes) }) {
            throw SVGError(file: file, line: 1, column: 1,
                           message: "unsupported encoding \(signature.name) (use UTF-8)")
        }
        // The declaration is ASCII; in UTF-16 every other byte is NUL, so NULs (and a BOM) are dropped.
        let head = data.prefix(512).filter { $0 != 0 && $0 < 0x80 }
        guard head.starts(with: Array("<?xml".utf8)) else { return }
        let declaration = head.prefix { $0 != UInt8(ascii: ">") }
        let text = String(decoding: declaration, as: UTF8.self)
        guard let match = text.firstMatch(of: /encoding\s*=\s*(["'])([^"']*)\1/) else { return }
        let name = String(match.2)
        guard !supportedEncodings.contains(name.lowercased()) else { return }
        let column = text.distance(from: text.startIndex, to: match.2.startIndex) + 1
        throw SVGError(file: file, line: 1, column: column,
                       message: "unsupported encoding '\(name)' in the XML declaration (use UTF-8)")
    }

    /// Throws at the first processing instruction without data (`<?name?>`): libxml2 reports it
    /// with a null data pointer and FoundationXML's callback calls `strlen` on it (found by
    /// fuzzing: `<?ersli?>n=` crashed `XMLParser`). The place is the `<?`.
    static func checkProcessingInstructions(_ data: [UInt8], file: String) throws(SVGError) {
        var line = 1, lineStart = 0, index = 0
        while index + 1 < data.count {
            let byte = data[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "<"), data[index + 1] == UInt8(ascii: "?") {
                var end = index + 2
                while end < data.count, !" \t\r\n?".utf8.contains(data[end]) { end += 1 }
                if end > index + 2, end + 1 < data.count, data[end] == UInt8(ascii: "?"), data[end + 1] == UInt8(ascii: ">") {
                    let name = String(decoding: data[index + 2..<end], as: UTF8.self)
                    let column = String(decoding: data[lineStart..<index], as: UTF8.self).count + 1
                    throw SVGError(file: file, line: line, column: column,
                                   message: "processing instruction '<?\(name)?>' without data is not supported")
                }
            }
            index += 1
        }
    }
}
