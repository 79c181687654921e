import TextKitGeometry

/// Parsers for the `transform`, `viewBox` and `preserveAspectRatio` attributes.
enum SVGTransformList {
    /// Parses a transform list (SVG 1.1 §7.6) into one transform.
    ///
    /// `matrix(a b c d e f)`, `translate(x [y])`, `scale(sx [sy])`, `rotate(a [cx cy])`,
    /// `skewX(a)`, `skewY(a)`; angles in degrees; several transforms apply right to left, as
    /// nested groups would. Separators between transforms are optional (SVG 2); `none` and an
    /// empty list are the identity.
    static func parse(_ bytes: [UInt8]) throws(SVGScanError) -> AffineTransform {
        var scanner = SVGScanner(bytes)
        var result = AffineTransform.identity
        scanner.skipWhitespace()
        if scanner.isAtEnd { return result }
        let noneStart = scanner.position
        if scanner.letters() == "none" {
            scanner.skipWhitespace()
            if scanner.isAtEnd { return result }
        }
        scanner.position = noneStart
        while !scanner.isAtEnd {
            let next = try transform(&scanner)
            // The list means T1·T2·…·Tn applied to column vectors: Tn acts first.
            result = next.concatenating(result)
            scanner.skipCommaWhitespace()
        }
        return result
    }

    /// Parses a `viewBox`: four numbers, width and height not negative.
    static func viewBox(_ bytes: [UInt8]) throws(SVGScanError) -> Rect {
        var scanner = SVGScanner(bytes)
        var values: [Double] = []
        scanner.skipWhitespace()
        for index in 0..<4 {
            if index > 0 { scanner.skipCommaWhitespace() }
            let start = scanner.position
            let value = try scanner.number(expected: "a number in viewBox")
            if index >= 2, value < 0 {
                throw SVGScanError(offset: start,
                                   message: "viewBox \(index == 2 ? "width" : "height") is negative")
            }
            values.append(value)
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.expectation("the end of viewBox") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// The transform that maps `viewBox` into a viewport of `size` per `preserveAspectRatio`
    /// (SVG 1.1 §7.8; default `xMidYMid meet`).
    static func viewBoxTransform(_ viewBox: Rect, size: Size, preserveAspectRatio: [UInt8])
        throws(SVGScanError) -> AffineTransform {
        var scanner = SVGScanner(preserveAspectRatio)
        scanner.skipWhitespace()
        var align = "xMidYMid", slice = false
        if !scanner.isAtEnd {
            let start = scanner.position
            align = scanner.letters()
            if align == "defer" { scanner.skipWhitespace(); align = scanner.letters() }
            guard align == "none" || alignments.contains(align) else {
                throw scanner.expectation("an alignment like 'xMidYMid' or 'none'", at: start)
            }
            scanner.skipWhitespace()
            let meetStart = scanner.position
            let meetOrSlice = scanner.letters()
            guard meetOrSlice.isEmpty || meetOrSlice == "meet" || meetOrSlice == "slice" else {
                throw scanner.expectation("'meet' or 'slice'", at: meetStart)
            }
            slice = meetOrSlice == "slice"
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.expectation("the end of preserveAspectRatio") }
        }
        var sx = size.width / viewBox.width, sy = size.height / viewBox.height
        if align != "none" {
            let scale = slice ? max(sx, sy) : min(sx, sy)
            sx = scale
            sy = scale
        }
        var tx = -viewBox.minX * sx, ty = -viewBox.minY * sy
        let freeX = size.width - viewBox.width * sx, freeY = size.height - viewBox.height * sy
        if align.hasPrefix("xMid") { tx += freeX / 2 }
        if align.hasPrefix("xMax") { tx += freeX }
        if align.hasSuffix("YMid") { ty += freeY / 2 }
        if align.hasSuffix("YMax") { ty += freeY }
        return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    // MARK: - Internals

    private static let alignments: Set<String> = [
        "xMinYMin", "xMidYMin", "xMaxYMin", "xMinYMid", "xMidYMid", "xMaxYMid",
        "xMinYMax", "xMidYMax", "xMaxYMax",
    ]

    /// Parses one `name(arguments)`.
    private static func transform(_ scanner: inout SVGScanner) throws(SVGScanError)
        -> AffineTransform {
        let nameStart = scanner.position
        let name = scanner.letters()
        let counts: [Int]
        switch name {
        case "matrix": counts = [6]
        case "translate", "scale": counts = [1, 2]
        case "rotate": counts = [1, 3]
        case "skewX", "skewY": counts = [1]
        default:
            throw scanner.expectation(
                "a transform (matrix, translate, scale, rotate, skewX or skewY)", at: nameStart)
        }
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "(") else { throw scanner.expectation("'(' after '\(name)'") }
        scanner.position += 1
        scanner.skipWhitespace()
        var arguments: [Double] = []
        while scanner.current != UInt8(ascii: ")") {
            if !arguments.isEmpty {
                let separatorStart = scanner.position
                scanner.skipCommaWhitespace()
                if scanner.current == UInt8(ascii: ")"), scanner.position > separatorStart,
                   scanner.bytes[separatorStart..<scanner.position].contains(UInt8(ascii: ",")) {
                    throw scanner.expectation("a number after ',' in '\(name)'")
                }
                if scanner.current == UInt8(ascii: ")") { break }
            }
            if arguments.count == counts.last! {
                throw SVGScanError(offset: scanner.position,
                                   message: "too many arguments for '\(name)' (it takes \(takes(counts)))")
            }
            arguments.append(try scanner.number(expected: "a number or ')' in '\(name)'"))
        }
        guard counts.contains(arguments.count) else {
            throw SVGScanError(offset: scanner.position,
                               message: "'\(name)' takes \(takes(counts)), found \(arguments.count)")
        }
        scanner.position += 1
        let a = arguments
        let radians = (a.first ?? 0) * Double.pi / 180
        switch name {
        case "matrix": return AffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
        case "translate": return AffineTransform(translationX: a[0], y: a.count > 1 ? a[1] : 0)
        case "scale": return AffineTransform(scaleX: a[0], y: a.count > 1 ? a[1] : a[0])
        case "skewX": return AffineTransform(skewXAngle: radians)
        case "skewY": return AffineTransform(skewYAngle: radians)
        default:
            let rotation = AffineTransform(rotationAngle: radians)
            guard a.count == 3 else { return rotation }
            return AffineTransform(translationX: -a[1], y: -a[2])
                .concatenating(rotation)
                .concatenating(AffineTransform(translationX: a[1], y: a[2]))
        }
    }

    private static func takes(_ counts: [Int]) -> String {
        let words = counts.map { $0 == 1 ? "1 number" : "\($0) numbers" }
        return words.count == 1 ? words[0] : "\(words[0].prefix(1)) or \(words[1])"
    }
}
