import Foundation
import TextKit

extension StyledTextReader.Parser {
    /// Applies an attributes object: only the keys present change.
    mutating func apply(_ value: Any, to attributes: inout TextAttributes) throws(StyledTextError) {
        let object = try self.object(value, allowed: [
            "font", "color", "background", "language", "features", "tracking", "baselineOffset", "superscript",
            "underline", "strikethrough", "link", "attachment", "paragraph",
        ])
        for key in object.keys.sorted() {
            let item = object[key]!
            try at(".\(key)") { p throws(StyledTextError) in
                switch key {
                case "font": try p.applyFont(item, to: &attributes.font)
                case "color": attributes.foregroundColor = item is NSNull ? nil : try p.color(item)
                case "background": attributes.backgroundColor = item is NSNull ? nil : try p.color(item)
                case "language": attributes.language = item is NSNull ? nil : try p.string(item)
                case "features": break  // read below, as a whole
                case "tracking": attributes.tracking = try p.number(item, minimum: -1000, maximum: 1000)
                case "baselineOffset": attributes.baselineOffset = try p.number(item, minimum: -10_000, maximum: 10_000)
                case "superscript": attributes.superscript = try p.integer(item, minimum: -1, maximum: 1)
                case "underline": attributes.underline = try p.decoration(item)
                case "strikethrough": attributes.strikethrough = try p.decoration(item)
                case "link": attributes.link = item is NSNull ? nil : try p.string(item)
                case "attachment": attributes.attachment = try p.attachment(item)
                default: try p.applyParagraph(item, to: &attributes.paragraphStyle)
                }
            }
        }
        if let features = object["features"] {
            attributes.features = try at(".features") { p throws(StyledTextError) in try p.features(features) }
        }
    }

    func features(_ value: Any) throws(StyledTextError) -> [FontFeature] {
        guard let object = value as? [String: Any] else { throw fail("expected an object of four-letter tags") }
        var out: [FontFeature] = []
        for tag in object.keys.sorted() {
            guard tag.count == 4, tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
                throw fail("'\(tag)' is not a four-letter OpenType feature tag")
            }
            var copy = self
            let number = try copy.at(Self.member(tag)) { p throws(StyledTextError) in
                try p.integer(object[tag]!, minimum: 0, maximum: 65_535)
            }
            out.append(FontFeature(tag: tag, value: UInt32(number)))
        }
        return out
    }

    mutating func applyFont(_ value: Any, to font: inout FontDescriptor) throws(StyledTextError) {
        let object = try self.object(value, allowed: ["family", "file", "faceIndex", "size", "weight", "italic"])
        for key in object.keys.sorted() {
            let item = object[key]!
            try at(".\(key)") { p throws(StyledTextError) in
                switch key {
                case "family": font.family = try p.string(item); font.filePath = nil
                case "file": font.filePath = try p.string(item)
                case "faceIndex": font.faceIndex = try p.integer(item, minimum: 0, maximum: 65_535)
                case "size": font.size = try p.number(item, minimum: 0.01, maximum: 100_000)
                case "weight": font.weight = try p.integer(item, minimum: 1, maximum: 1000)
                default: font.italic = try p.bool(item)
                }
            }
        }
    }

    /// An attachment: `null`, or `{"width", "height", "descent", "id"}` (width and height
    /// required; descent defaults to 0, id to none). The object replaces an earlier attachment whole.
    func attachment(_ value: Any) throws(StyledTextError) -> TextAttachment? {
        if value is NSNull { return nil }
        var copy = self
        let object = try copy.object(value, allowed: ["width", "height", "descent", "id"])
        guard let width = object["width"] else { throw fail("missing key 'width'") }
        guard let height = object["height"] else { throw fail("missing key 'height'") }
        var attachment = TextAttachment(
            width: try copy.at(".width") { p throws(StyledTextError) in try p.number(width, minimum: 0, maximum: 100_000) },
            height: try copy.at(".height") { p throws(StyledTextError) in try p.number(height, minimum: 0, maximum: 100_000) })
        if let descent = object["descent"] {
            attachment.descent = try copy.at(".descent") { p throws(StyledTextError) in
                try p.number(descent, minimum: -100_000, maximum: 100_000)
            }
        }
        if let id = object["id"] {
            attachment.identifier = try copy.at(".id") { p throws(StyledTextError) in try p.string(id) }
        }
        return attachment
    }

    func decoration(_ value: Any) throws(StyledTextError) -> LineDecoration? {
        if value is NSNull { return nil }
        if let name = value as? String {
            guard let style = LineDecoration.Style(rawValue: name) else { throw fail("unknown line style '\(name)'") }
            return LineDecoration(style: style)
        }
        var copy = self
        let object = try copy.object(value, allowed: ["style", "color"])
        var decoration = LineDecoration()
        if let style = object["style"] {
            decoration.style = try copy.at(".style") { p throws(StyledTextError) in try p.choice(style, LineDecoration.Style.self) }
        }
        if let color = object["color"] {
            decoration.color = try copy.at(".color") { p throws(StyledTextError) in try p.color(color) }
        }
        return decoration
    }

    mutating func applyParagraph(_ value: Any, to style: inout ParagraphStyle) throws(StyledTextError) {
        let object = try self.object(value, allowed: [
            "alignment", "direction", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight", "lineSpacing",
            "spacingBefore", "spacingAfter",
            "firstLineHeadIndent", "headIndent", "tailIndent", "tabStops", "defaultTabInterval",
            "maximumWordSpacingStretch", "maximumLetterSpacing", "allowsUnlimitedWordSpacing", "preventsWidowsAndOrphans",
            "lineBreakMode",
        ])
        for key in object.keys.sorted() {
            let item = object[key]!
            try at(".\(key)") { p throws(StyledTextError) in
                switch key {
                case "alignment": style.alignment = try p.choice(item, TextAlignment.self)
                case "direction": style.baseWritingDirection = try p.choice(item, WritingDirection.self)
                case "lineHeightMultiple": style.lineHeightMultiple = try p.number(item, minimum: 0.01, maximum: 100)
                case "minimumLineHeight": style.minimumLineHeight = try p.number(item, minimum: 0, maximum: 100_000)
                case "maximumLineHeight": style.maximumLineHeight = try p.number(item, minimum: 0, maximum: 100_000)
                case "lineSpacing": style.lineSpacing = try p.number(item, minimum: 0, maximum: 100_000)
                case "spacingBefore": style.paragraphSpacingBefore = try p.number(item, minimum: 0, maximum: 100_000)
                case "spacingAfter": style.paragraphSpacing = try p.number(item, minimum: 0, maximum: 100_000)
                case "firstLineHeadIndent": style.firstLineHeadIndent = try p.number(item, minimum: 0, maximum: 100_000)
                case "headIndent": style.headIndent = try p.number(item, minimum: 0, maximum: 100_000)
                case "tabStops": style.tabStops = try p.tabStops(item)
                case "defaultTabInterval": style.defaultTabInterval = try p.number(item, minimum: 0, maximum: 100_000)
                case "maximumWordSpacingStretch": style.maximumWordSpacingStretch = try p.number(item, minimum: 0, maximum: 100)
                case "maximumLetterSpacing": style.maximumLetterSpacing = try p.number(item, minimum: 0, maximum: 1000)
                case "allowsUnlimitedWordSpacing": style.allowsUnlimitedWordSpacing = try p.bool(item)
                case "preventsWidowsAndOrphans": style.preventsWidowsAndOrphans = try p.bool(item)
                case "lineBreakMode": style.lineBreakMode = try p.choice(item, ParagraphLineBreakMode.self)
                default: style.tailIndent = try p.number(item, minimum: 0, maximum: 100_000)
                }
            }
        }
    }

    /// Tab stops: an array of `{"location": points, "alignment": "left"|"right"|"center"|"decimal"}`
    /// (alignment defaults to left).
    func tabStops(_ value: Any) throws(StyledTextError) -> [TextTab] {
        guard let array = value as? [Any] else { throw fail("expected an array, found \(Self.describe(value))") }
        var out: [TextTab] = []
        for (index, item) in array.enumerated() {
            var copy = self
            let tab = try copy.at("[\(index)]") { p throws(StyledTextError) -> TextTab in
                let object = try p.object(item, allowed: ["location", "alignment"])
                guard let location = object["location"] else { throw p.fail("missing key 'location'") }
                var tab = TextTab(location: try p.at(".location") { q throws(StyledTextError) in
                    try q.number(location, minimum: 0, maximum: 100_000)
                })
                if let alignment = object["alignment"] {
                    tab.alignment = try p.at(".alignment") { q throws(StyledTextError) in
                        try q.choice(alignment, TextTab.Alignment.self)
                    }
                }
                return tab
            }
            out.append(tab)
        }
        return out
    }
}
