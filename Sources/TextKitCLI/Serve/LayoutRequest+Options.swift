import ArgumentParser
import TextKitFormats

/// A request the server refuses: an HTTP status and the JSON body `{"error": …, "at": …}`.
struct ServeError: Error {
    /// The HTTP status: 400 bad request, 413 body too large, 422 over a budget, 503 busy.
    var status: Int
    /// What is wrong.
    var message: String
    /// Where in the request, when that is known (`$.exclusions[0].path: column 9`).
    var place: String?

    /// The error as the JSON body of the response.
    var json: [UInt8] {
        var text = "{\"error\":" + Self.quoted(message)
        if let place { text += ",\"at\":" + Self.quoted(place) }
        return Array((text + "}\n").utf8)
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension LayoutRequest {
    /// The request's options as `textkit layout` arguments (`--width 612 --align justified …`),
    /// `font` (the server's `--font FAMILY` or `--font-file FILE`) when the request names none;
    /// exclusions are not among them. These are also what "copy as CLI command" shows.
    func arguments(defaultFont: [String]) -> [String] {
        var result: [String] = []
        func add(_ flag: String, _ value: Double?) {
            if let value { result += [flag, PlaygroundServer.number(value)] }
        }
        add("--width", width)
        add("--height", height)
        add("--inset", inset)
        add("--size", size)
        if let columns { result += ["--columns", String(columns)] }
        add("--gutter", gutter)
        if let align { result += ["--align", align.rawValue] }
        if let breaking { result += ["--breaking", breaking.rawValue] }
        add("--line-height", lineHeight)
        if let language { result += ["--language", language] }
        if hyphenate == true { result.append("--hyphenate") }
        if let font { result += ["--font", font] } else { result += defaultFont }
        return result
    }

    /// The request's options checked and completed with the command's defaults, exactly as
    /// `textkit layout` parses them, under the server's limits (`limits`: `--max-pages N`, …).
    ///
    /// - Throws: ``ServeError`` 400 naming the field of the first option the command refuses.
    func layoutOptions(defaultFont: [String], limits: [String]) throws(ServeError) -> LayoutOptions {
        let arguments = ["-"] + arguments(defaultFont: defaultFont) + limits
        do {
            return try LayoutOptions.parse(arguments)
        } catch {
            let message = LayoutOptions.message(for: error)
            throw ServeError(status: 400, message: message, place: Self.place(naming: message))
        }
    }

    // MARK: - Internals

    /// The request fields by the flag that carries them.
    private static let fields: [String: String] = [
        "--width": "width", "--height": "height", "--inset": "inset", "--size": "size", "--columns": "columns",
        "--gutter": "gutter", "--align": "align", "--breaking": "breaking", "--line-height": "lineHeight",
        "--language": "language", "--hyphenate": "hyphenate", "--font": "font",
    ]

    /// `$.FIELD` for the first flag a message names, or `$`.
    private static func place(naming message: String) -> String {
        var best: (String.Index, String)?
        for (flag, field) in fields {
            var searchFrom = message.startIndex
            while let range = message.range(of: flag, range: searchFrom..<message.endIndex) {
                let next = range.upperBound < message.endIndex ? message[range.upperBound] : " "
                if !(next.isLetter || next == "-") {
                    if best == nil || range.lowerBound < best!.0 { best = (range.lowerBound, field) }
                    break
                }
                searchFrom = range.upperBound
            }
        }
        return best.map { "$.\($0.1)" } ?? "$"
    }
}
