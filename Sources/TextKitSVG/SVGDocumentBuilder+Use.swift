import Foundation
import TextKitGeometry

/// `use`, `defs` and the `data-textkit-*` wrap options.
extension SVGDocumentBuilder {
    /// A shape element with an `id`, as `use` clones it.
    struct Definition {
        /// The outline in its own user space, before its own `transform`.
        var path: BezierPath
        /// Its own `transform`.
        var transform: TextKitGeometry.AffineTransform
        /// Its own `fill-rule`, or nil to take the `use`'s.
        var fillRule: FillRule?
        /// Its own paint properties (the `use`'s apply where it sets none).
        var paint: SVGPaint
        var element: String
        var attributes: [String: String]
        /// Its own `data-textkit-*` options.
        var wrap: SVGWrapOptions
    }

    /// A `use` waiting for the end of the document (its target may come later).
    struct PendingUse {
        /// Where the clone goes in `shapes`.
        var index: Int
        var target: String
        /// The clone's user space to page coordinates: translate(x, y), the `use`'s
        /// `transform`, then its parent's.
        var transform: TextKitGeometry.AffineTransform
        var fillRule: FillRule
        var wrap: SVGWrapOptions
        /// The paint the clone inherits: the `use`'s own over its parent's.
        var paint: SVGPaint
        var line: Int
        var column: Int
    }

    /// Records the current `use` element.
    func addUse(parent: Context) throws(SVGError) {
        guard let reference = attributes["href"] ?? attributes["xlink:href"] else { return }
        let name = attributes["href"] != nil ? "href" : "xlink:href"
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#"), trimmed.count > 1 else {
            throw attributeError(name, SVGScanError(offset: 0, message:
                "expected a reference to an element of this file ('#id'), found '\(reference)'"))
        }
        let x = try length("x", default: 0), y = try length("y", default: 0)
        let place = TextKitGeometry.AffineTransform(translationX: x, y: y)
        pendingUses.append(PendingUse(
            index: shapes.count, target: String(trimmed.dropFirst()),
            transform: place.concatenating(try transform()).concatenating(parent.transform),
            fillRule: try fillRule(inheriting: parent.fillRule),
            wrap: parent.wrap.overridden(by: try wrapOptions()),
            paint: parent.paint.overridden(by: try paint(viewport: parent.viewport)), line: line, column: column))
    }

    /// Inserts a clone of its target for every `use`, in document order.
    ///
    /// - Throws: ``SVGError`` at the `use` for a target that is not a shape element of the
    ///   file, or when the clones exceed the segment limit.
    func resolveUses() throws(SVGError) {
        for use in pendingUses.reversed() {
            guard let definition = definitions[use.target] else {
                throw SVGError(file: file, line: use.line, column: use.column, message:
                    "use refers to '#\(use.target)', which is not a shape element of this file")
            }
            func error(_ message: String) -> SVGError {
                SVGError(file: file, line: use.line, column: use.column, message: message)
            }
            segmentCount += definition.path.elements.count
            guard segmentCount <= limits.maxPathSegments else { throw error(tooManySegmentsMessage) }
            let path = try excludedArea(of: definition.path, element: definition.element,
                                        transforms: (definition.transform, use.transform),
                                        paint: use.paint.overridden(by: definition.paint),
                                        fillRule: definition.fillRule ?? use.fillRule, error: error)
            shapes.insert(SVGShape(path: path, element: definition.element, id: use.target,
                                   attributes: definition.attributes, line: use.line, column: use.column,
                                   wrapOptions: use.wrap.overridden(by: definition.wrap)), at: use.index)
        }
        pendingUses = []
    }

    /// The current element's own `data-textkit-*` options.
    func wrapOptions() throws(SVGError) -> SVGWrapOptions {
        var options = SVGWrapOptions()
        options.margin = try optionalLength("data-textkit-margin", negative: false, units: [("", 1), ("pt", 1)])
        options.minimumFragmentWidth = try optionalLength("data-textkit-min-width", negative: false,
                                                          units: [("", 1), ("pt", 1)])
        if let value = attributes["data-textkit-wrap"] {
            let word = value.trimmingCharacters(in: .whitespaces)
            guard let side = WrapSide(rawValue: word) else {
                let offset = Array(value.utf8).firstIndex { !SVGScanner.isWhitespace($0) } ?? 0
                throw attributeError("data-textkit-wrap", SVGScanError(offset: offset, message:
                    "expected 'both', 'left', 'right', 'largest' or 'clear', found '\(word)'"))
            }
            options.wrapSide = side
        }
        return options
    }
}
