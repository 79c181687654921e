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

    /// Throws when the XML declaration at the start of `data` names an encoding not in
    /// ``supportedEncodings``; the place is the encoding's name (line 1).
    static func checkDeclaredEncoding(_ data: [UInt8], file: String) throws(SVGError) {
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
}
