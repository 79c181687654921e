import TextKitGeometry

/// The paint properties that decide what area a shape covers: `fill` (only whether it is
/// `none`), `stroke` (only whether it is `none`), `stroke-width`, `stroke-linecap`,
/// `stroke-linejoin` and `stroke-miterlimit`, as one element writes them; nil where it does
/// not (or writes `inherit`), so the parent's value applies, as SVG inherits them.
///
/// Colours, paint servers and opacities are not read: any `fill` or `stroke` other than `none`
/// paints.
struct SVGPaint: Hashable {
    /// Whether `fill` is `none`.
    var fillIsNone: Bool?
    /// Whether `stroke` paints (is not `none`).
    var strokes: Bool?
    /// `stroke-width` in user units.
    var strokeWidth: Double?
    /// `stroke-linecap`.
    var lineCap: LineCap?
    /// `stroke-linejoin` (SVG 2's `miter-clip` and `arcs` count as `miter`, their fallback).
    var lineJoin: LineJoin?
    /// `stroke-miterlimit`.
    var miterLimit: Double?

    /// `self` with every property `inner` sets replaced by its value.
    func overridden(by inner: SVGPaint) -> SVGPaint {
        SVGPaint(fillIsNone: inner.fillIsNone ?? fillIsNone, strokes: inner.strokes ?? strokes,
                 strokeWidth: inner.strokeWidth ?? strokeWidth, lineCap: inner.lineCap ?? lineCap,
                 lineJoin: inner.lineJoin ?? lineJoin, miterLimit: inner.miterLimit ?? miterLimit)
    }

    /// Whether a shape named `element` with this paint excludes its stroke's area rather than
    /// its filled area: the rule of ``SVGDocument``'s shapes.
    ///
    /// - filled (`fill` is not `none`, the default) and not a `line`: the filled area; a stroke
    ///   it also has is not added (`data-textkit-margin` grows the area instead);
    /// - unfilled (`fill="none"`, or a `line`, which has no inside) with a stroke that paints
    ///   (`stroke` not `none`, `stroke-width` above 0): the stroke's area;
    /// - unfilled without a stroke (an invisible shape): the filled area, as before strokes were
    ///   read, so that an invisible outline still works as a wrap outline.
    func excludesStroke(element: String) -> Bool {
        (fillIsNone == true || element == "line") && strokes == true && (strokeWidth ?? 1) > 0
    }

    /// The stroke's area in the shape's own user space (`local` is its outline before any
    /// transform): ``BezierPath/stroked(width:lineCap:lineJoin:miterLimit:tolerance:)`` with
    /// SVG's defaults (width 1, `butt`, `miter`, miter limit 4), curves flattened finely enough
    /// that after `transform` they stay within 0.01 pt. Nil when the outline has more than
    /// `budget` elements.
    func strokeArea(of local: BezierPath, transform t: TextKitGeometry.AffineTransform, budget: Int) -> BezierPath? {
        local.stroked(width: strokeWidth ?? 1, lineCap: lineCap ?? .butt, lineJoin: lineJoin ?? .miter,
                      miterLimit: miterLimit ?? 4, tolerance: Self.strokeTolerance(t), elementBudget: budget)
    }

    /// The flattening tolerance of a stroke's outline in user space, so that after `t` curves stay
    /// within 0.01 pt: the transform's largest stretch (its Frobenius norm bounds it) scales it.
    static func strokeTolerance(_ t: TextKitGeometry.AffineTransform) -> Double {
        let stretch = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d).squareRoot()
        return stretch > 0 && stretch.isFinite ? Swift.min(Swift.max(0.01 / stretch, 1e-9), 1e9) : 0.01
    }
}

extension SVGDocumentBuilder {
    /// The current element's own paint properties (style before attribute).
    ///
    /// - Throws: ``SVGError`` at the value for a `stroke-width` that is not a non-negative
    ///   length (a number, an absolute unit or a percentage of the viewport's normalized diagonal), a
    ///   `stroke-miterlimit` below 1, or an unknown `stroke-linecap` or `stroke-linejoin`.
    func paint(viewport: Size?) throws(SVGError) -> SVGPaint {
        var paint = SVGPaint()
        if let fill = property("fill"), fill.value != "inherit" { paint.fillIsNone = fill.value == "none" }
        if let stroke = property("stroke"), stroke.value != "inherit" { paint.strokes = stroke.value != "none" }
        if let width = property("stroke-width"), width.value != "inherit" {
            paint.strokeWidth = try propertyNumber(width, name: "stroke-width", minimum: 0, isLength: true, viewport: viewport)
        }
        if let limit = property("stroke-miterlimit"), limit.value != "inherit" {
            paint.miterLimit = try propertyNumber(limit, name: "stroke-miterlimit", minimum: 1, isLength: false, viewport: nil)
        }
        paint.lineCap = try keyword("stroke-linecap", [("butt", .butt), ("round", .round), ("square", .square)])
        paint.lineJoin = try keyword("stroke-linejoin", [("miter", .miter), ("round", .round), ("bevel", .bevel),
                                                         ("miter-clip", .miter), ("arcs", .miter)])
        return paint
    }

    // MARK: - Internals

    /// User units per unit of a stroke width: CSS's absolute units, a user unit being a `px`.
    static let strokeUnits: [(String, Double)] = [
        ("", 1), ("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4),
    ]

    /// A paint property's number, at least `minimum`; for a length, plain, in an absolute unit
    /// (``strokeUnits``), or `%` of the `viewport`'s normalized diagonal (√((w² + h²) / 2), as
    /// SVG defines it).
    private func propertyNumber(_ property: (value: String, attribute: String, offset: Int), name: String,
                                minimum: Double, isLength: Bool, viewport: Size?) throws(SVGError) -> Double {
        var scanner = SVGScanner(Array(property.value.utf8))
        do throws(SVGScanError) {
            let value = try scanner.number(expected: "a number for \(name)")
            var scale = 1.0
            if isLength {
                let unitStart = scanner.position
                if scanner.current == UInt8(ascii: "%") {
                    guard let size = viewport else {
                        throw SVGScanError(offset: unitStart, message: "a percentage needs a viewport with a size")
                    }
                    scanner.position += 1
                    scale = ((size.width * size.width + size.height * size.height) / 2).squareRoot() / 100
                } else {
                    let unit = scanner.letters()
                    guard let found = Self.strokeUnits.first(where: { $0.0 == unit }) else {
                        throw SVGScanError(offset: unitStart, message:
                            "unsupported unit '\(unit)' for \(name) (use plain numbers, px, pt, pc, in, cm, mm or %)")
                    }
                    scale = found.1
                }
            }
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.expectation("the end of \(name)") }
            guard value >= minimum else {
                throw SVGScanError(offset: 0, message: "\(name) must not be below \(minimum == 0 ? "0" : "1")")
            }
            return value * scale
        } catch {
            throw attributeError(property.attribute,
                                 SVGScanError(offset: property.offset + error.offset, message: error.message))
        }
    }

    /// A keyword property's value, nil when not written or `inherit`.
    private func keyword<Value>(_ name: String, _ values: [(String, Value)]) throws(SVGError) -> Value? {
        guard let property = property(name), property.value != "inherit" else { return nil }
        if let found = values.first(where: { $0.0 == property.value }) { return found.1 }
        let allowed = values.map { "'\($0.0)'" }.joined(separator: ", ") + " or 'inherit'"
        throw attributeError(property.attribute, SVGScanError(offset: property.offset, message:
            "expected \(allowed) for \(name), found '\(property.value)'"))
    }
}
