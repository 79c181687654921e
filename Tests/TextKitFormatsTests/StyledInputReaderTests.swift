import Foundation
import Testing
import TextKit
import TextKitFormats

/// `StyledTextReader`: what each key does to the `AttributedText`, and every way a document is
/// refused (the file, the place and the message, exactly).
@Suite("Styled input reader")
struct StyledInputReaderTests {
    static let defaults: TextAttributes = {
        var style = ParagraphStyle()
        style.alignment = .left
        style.lineHeightMultiple = 1.25
        return TextAttributes(font: FontDescriptor(family: "serif", size: 12), paragraphStyle: style)
    }()

    func read(_ json: String, defaults: TextAttributes = Self.defaults,
              reader: StyledTextReader = StyledTextReader()) throws -> AttributedText {
        try reader.read(Array(json.utf8), file: "doc.json", defaults: defaults)
    }

    /// A document with `body` after the version and a ten-character text.
    func document(_ body: String, text: String = "0123456789") -> String {
        ##"{"version": 1, "text": \##(Self.jsonString(text))\##(body.isEmpty ? "" : ", " + body)}"##
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    func expectError(_ json: String, _ place: String, _ message: String, reader: StyledTextReader = StyledTextReader(),
                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: StyledTextError(file: "doc.json", place: place, message: message), sourceLocation: sourceLocation) {
            _ = try read(json, reader: reader)
        }
    }

    static func colour(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    // MARK: - Keys

    @Test func defaultsApplyWithoutEntries() throws {
        let text = try read(document(""))
        #expect(text.string == "0123456789")
        #expect(text.runs == [.init(range: 0..<10, attributes: Self.defaults)])
    }

    @Test func everyAttributeKeyIsApplied() throws {
        let text = try read(document(##"""
            "attributes": {"font": {"family": "DejaVu Serif", "size": 9.5, "weight": 700, "italic": true},
              "color": "#102030", "background": "#40506070", "language": "fr", "features": {"smcp": 1, "liga": 0},
              "tracking": 1.5, "baselineOffset": -2, "superscript": 1, "underline": "double",
              "strikethrough": {"style": "thick", "color": "#FF0000"}, "link": "https://example.org",
              "paragraph": {"alignment": "center"}}
            """##))
        let attributes = try #require(text.runs.first?.attributes)
        #expect(text.runs.count == 1)
        #expect(attributes.font == FontDescriptor(family: "DejaVu Serif", size: 9.5, weight: 700, italic: true))
        #expect(attributes.foregroundColor == Self.colour(0x10, 0x20, 0x30))
        #expect(attributes.backgroundColor == Self.colour(0x40, 0x50, 0x60, 0x70))
        #expect(attributes.language == "fr")
        #expect(attributes.features == [FontFeature(tag: "liga", value: 0), FontFeature(tag: "smcp", value: 1)])
        #expect(attributes.tracking == 1.5 && attributes.baselineOffset == -2 && attributes.superscript == 1)
        #expect(attributes.underline == LineDecoration(style: .double))
        #expect(attributes.strikethrough == LineDecoration(style: .thick, color: Self.colour(255, 0, 0)))
        #expect(attributes.link == "https://example.org")
        #expect(attributes.paragraphStyle.alignment == .center)
        #expect(attributes.paragraphStyle.lineHeightMultiple == 1.25, "kept from the defaults")
    }

    @Test func fontFileAndFaceIndex() throws {
        let text = try read(document(##""attributes": {"font": {"file": "a.ttc", "faceIndex": 2}}"##))
        let font = try #require(text.runs.first?.attributes.font)
        #expect(font.filePath == "a.ttc" && font.faceIndex == 2 && font.size == 12)
    }

    @Test func everyParagraphKeyIsApplied() throws {
        let text = try read(document(##"""
            "paragraphs": [{"range": [0, 10], "style": {"alignment": "justified", "direction": "rtl",
              "lineHeightMultiple": 2, "lineSpacing": 3, "spacingBefore": 4, "spacingAfter": 5,
              "firstLineHeadIndent": 6, "headIndent": 7, "tailIndent": 8,
              "minimumLineHeight": 9, "maximumLineHeight": 10, "lineBreakMode": "truncatingMiddle"}}]
            """##))
        let style = try #require(text.runs.first?.attributes.paragraphStyle)
        #expect(style.alignment == .justified && style.baseWritingDirection == .rightToLeft)
        #expect(style.lineHeightMultiple == 2 && style.lineSpacing == 3)
        #expect(style.paragraphSpacingBefore == 4 && style.paragraphSpacing == 5)
        #expect(style.firstLineHeadIndent == 6 && style.headIndent == 7 && style.tailIndent == 8)
        #expect(style.minimumLineHeight == 9 && style.maximumLineHeight == 10)
        #expect(style.lineBreakMode == .truncatingMiddle)
    }

    @Test func runsSplitAtTheirEdgesAndKeepTheOtherKeys() throws {
        let text = try read(document(##""runs": [{"range": [2, 5], "attributes": {"font": {"weight": 700}}}]"##))
        #expect(text.runs.map(\.range) == [0..<2, 2..<5, 5..<10])
        var bold = Self.defaults
        bold.font.weight = 700
        #expect(text.runs[1].attributes == bold, "family, size and paragraph style kept")
        #expect(text.runs[0].attributes == Self.defaults && text.runs[2].attributes == Self.defaults)
    }

    @Test func laterEntriesWinKeyByKey() throws {
        let text = try read(document(##"""
            "runs": [
              {"range": [0, 6], "attributes": {"color": "#ff0000", "font": {"size": 20}}},
              {"range": [4, 10], "attributes": {"color": "#0000ff", "paragraph": {"alignment": "right"}}}
            ],
            "paragraphs": [{"range": [0, 5], "style": {"alignment": "center"}}]
            """##))
        #expect(text.runs.map(\.range) == [0..<4, 4..<5, 5..<6, 6..<10])
        #expect(text.runs.map(\.attributes.foregroundColor) == [Self.colour(255, 0, 0)] + Array(repeating: Self.colour(0, 0, 255), count: 3))
        #expect(text.runs.map(\.attributes.font.size) == [20, 20, 20, 12])
        #expect(text.runs.map(\.attributes.paragraphStyle.alignment) == [.center, .center, .right, .right],
                "paragraphs entries come after all runs")
    }

    @Test func offsetsAreUnicodeScalars() throws {
        // "Café 😀!": é is one scalar (U+00E9), the emoji one scalar (two UTF-16 units).
        let text = try read(document(##""runs": [{"range": [3, 4], "attributes": {"link": "e"}}, {"range": [5, 6], "attributes": {"link": "smile"}}]"##,
                                     text: "Café 😀!"))
        #expect(text.length == 7)
        let linked = text.runs.filter { $0.attributes.link != nil }.map { ($0.range, $0.attributes.link!) }
        #expect(linked.map(\.0) == [3..<4, 5..<6] && linked.map(\.1) == ["e", "smile"])
        // A decomposed letter is two scalars.
        let decomposed = try read(document(##""runs": [{"range": [3, 5], "attributes": {"tracking": 1}}]"##, text: "Cafe\u{301}"))
        #expect(decomposed.length == 5 && decomposed.runs.map(\.range) == [0..<3, 3..<5])
    }

    @Test func familyDropsAFileAndFileWinsOverFamily() throws {
        let fileDefaults = TextAttributes(font: FontDescriptor(filePath: "default.ttf", size: 10))
        let family = try read(document(##""attributes": {"font": {"family": "serif"}}"##), defaults: fileDefaults)
        #expect(family.runs[0].attributes.font.filePath == nil && family.runs[0].attributes.font.family == "serif")
        let both = try read(document(##""attributes": {"font": {"family": "serif", "file": "x.ttf"}}"##), defaults: fileDefaults)
        #expect(both.runs[0].attributes.font.filePath == "x.ttf")
        let weight = try read(document(##""attributes": {"font": {"weight": 700}}"##), defaults: fileDefaults)
        #expect(weight.runs[0].attributes.font.filePath == "default.ttf", "weight alone keeps the file")
    }

    @Test func featuresReplaceEarlierFeaturesWhole() throws {
        let text = try read(document(##"""
            "attributes": {"features": {"liga": 0}},
            "runs": [{"range": [0, 5], "attributes": {"features": {"kern": 0, "ss01": 3}}}]
            """##))
        #expect(text.runs[0].attributes.features == [FontFeature(tag: "kern", value: 0), FontFeature(tag: "ss01", value: 3)])
        #expect(text.runs[1].attributes.features == [FontFeature(tag: "liga", value: 0)])
    }

    @Test func nullRemovesAnAttribute() throws {
        let text = try read(document(##"""
            "attributes": {"color": "#000000", "background": "#ffffff", "language": "de", "link": "x", "underline": "single",
                           "strikethrough": "double"},
            "runs": [{"range": [0, 10], "attributes": {"color": null, "background": null, "language": null, "link": null,
                                                       "underline": null, "strikethrough": null}}]
            """##))
        #expect(text.runs == [.init(range: 0..<10, attributes: Self.defaults)])
    }

    @Test func decorationObjectsTakeDefaultsForMissingKeys() throws {
        let text = try read(document(##""attributes": {"underline": {"color": "#00ff00"}, "strikethrough": {}}"##))
        #expect(text.runs[0].attributes.underline == LineDecoration(style: .single, color: Self.colour(0, 255, 0)))
        #expect(text.runs[0].attributes.strikethrough == LineDecoration())
    }

    @Test(arguments: [("#0a0B0c", StyledInputReaderTests.colour(10, 11, 12)),
                      ("#FFFFFF80", StyledInputReaderTests.colour(255, 255, 255, 128)),
                      ("#00000000", StyledInputReaderTests.colour(0, 0, 0, 0))])
    func coloursAreHex(_ value: String, _ expected: Color) throws {
        let text = try read(document(##""attributes": {"color": "\##(value)"}"##))
        #expect(text.runs[0].attributes.foregroundColor == expected)
    }

    @Test(arguments: ["#12345", "#1234567", "red", "123456", "#12345g", "#+1234567", "#+12345", " #123456", "#１２３４５６"])
    func malformedColoursAreRejected(_ value: String) {
        expectError(document(##""attributes": {"color": \##(Self.jsonString(value))}"##), "$.attributes.color",
                    "expected a colour as #rrggbb or #rrggbbaa, found '\(value)'")
    }

    /// Bug: `UInt32("+1234567", radix: 16)` accepted a sign, so "#+1234567" was a colour.
    @Test func colourWithPlusSignIsRejected() {
        expectError(document(##""runs": [{"range": [0, 1], "attributes": {"background": "#+1234567"}}]"##),
                    "$.runs[0].attributes.background", "expected a colour as #rrggbb or #rrggbbaa, found '#+1234567'")
    }

    @Test func featureTagsAndValues() {
        expectError(document(##""attributes": {"features": {"lig": 1}}"##), "$.attributes.features",
                    "'lig' is not a four-letter OpenType feature tag")
        expectError(document(##""attributes": {"features": {"liéa": 1}}"##), "$.attributes.features",
                    "'liéa' is not a four-letter OpenType feature tag")
        expectError(document(##""attributes": {"features": {"liga": 65536}}"##), "$.attributes.features.liga",
                    "expected a whole number in 0…65535, found 65536")
        expectError(document(##""attributes": {"features": {"liga": -1}}"##), "$.attributes.features.liga",
                    "expected a whole number in 0…65535, found -1")
        expectError(document(##""attributes": {"features": {"ss 1": 1.5}}"##), ##"$.attributes.features["ss 1"]"##,
                    "expected a whole number, found 1.5")
        expectError(document(##""attributes": {"features": ["liga"]}"##), "$.attributes.features",
                    "expected an object of four-letter tags")
    }

    // MARK: - Ranges

    @Test func rangeErrors() {
        expectError(document(##""runs": [{"range": [11, 11]}]"##), "$.runs[0].range[0]", "expected a whole number in 0…10, found 11")
        expectError(document(##""runs": [{"range": [0, 11]}]"##), "$.runs[0].range[1]", "expected a whole number in 0…10, found 11")
        expectError(document(##""runs": [{"range": [-1, 2]}]"##), "$.runs[0].range[0]", "expected a whole number in 0…10, found -1")
        expectError(document(##""runs": [{"range": [0, 1]}, {"range": [6, 5]}]"##), "$.runs[1].range[1]",
                    "expected a whole number in 6…10, found 5")
        expectError(document(##""runs": [{"range": [0.5, 2]}]"##), "$.runs[0].range[0]", "expected a whole number, found 0.5")
        expectError(document(##""runs": [{"range": ["0", 2]}]"##), "$.runs[0].range[0]", "expected a number, found a string")
        expectError(document(##""runs": [{"range": [0]}]"##), "$.runs[0].range", "expected [start, end]")
        expectError(document(##""runs": [{"range": {"start": 0}}]"##), "$.runs[0].range", "expected [start, end]")
        expectError(document(##""runs": [{"attributes": {}}]"##), "$.runs[0]", "missing key 'range'")
        expectError(document(##""paragraphs": [{"style": {}}]"##), "$.paragraphs[0]", "missing key 'range'")
        expectError(document(##""paragraphs": [{"range": [0, 99], "style": {}}]"##), "$.paragraphs[0].range[1]",
                    "expected a whole number in 0…10, found 99")
    }

    @Test func wholeNumbersMayBeWrittenWithAFraction() throws {
        let text = try read(document(##""runs": [{"range": [2.0, 4e0], "attributes": {"superscript": -1.0}}]"##))
        #expect(text.runs.map(\.range) == [0..<2, 2..<4, 4..<10] && text.runs[1].attributes.superscript == -1)
    }

    /// Bug: an entry with an empty range was never applied, so its attributes were never checked.
    @Test func emptyRangeEntriesAreStillChecked() throws {
        expectError(document(##""runs": [{"range": [3, 3], "attributes": {"font": {"size": -1}}}]"##),
                    "$.runs[0].attributes.font.size", "expected a number in 0.01…100000, found -1")
        expectError(document(##""paragraphs": [{"range": [0, 0], "style": {"alignment": "middle"}}]"##),
                    "$.paragraphs[0].style.alignment", "unknown value 'middle'")
        let empty = try read(document(##""runs": [{"range": [3, 3], "attributes": {"color": "#ff0000"}}]"##))
        #expect(empty.runs.count == 1, "a valid empty entry changes nothing")
        let emptyText = try read(document(##""runs": [{"range": [0, 0], "attributes": {"tracking": 1}}]"##, text: ""))
        #expect(emptyText.length == 0)
    }

    // MARK: - Keys and types

    @Test func unknownKeysAreRejectedAtEveryLevel() {
        expectError(document(##""style": {}"##), "$", "unknown key 'style' (expected one of: attributes, paragraphs, runs, text, version)")
        expectError(document(##""attributes": {"font": {"bold": true}}"##), "$.attributes.font",
                    "unknown key 'bold' (expected one of: faceIndex, family, file, italic, size, weight)")
        expectError(document(##""runs": [{"range": [0, 1], "style": {}}]"##), "$.runs[0]",
                    "unknown key 'style' (expected one of: attributes, range)")
        expectError(document(##""paragraphs": [{"range": [0, 1], "style": {"indent": 3}}]"##), "$.paragraphs[0].style",
                    "unknown key 'indent' (expected one of: alignment, allowsUnlimitedWordSpacing, defaultTabInterval, direction, firstLineHeadIndent, headIndent, lineBreakMode, lineHeightMultiple, lineSpacing, maximumLetterSpacing, maximumLineHeight, maximumWordSpacingStretch, minimumLineHeight, preventsWidowsAndOrphans, spacingAfter, spacingBefore, tabStops, tailIndent)")
        expectError(document(##""attributes": {"underline": {"style": "single", "width": 2}}"##), "$.attributes.underline",
                    "unknown key 'width' (expected one of: color, style)")
    }

    @Test func booleansAreNotNumbersAndNumbersAreNotBooleans() {
        expectError(document(##""attributes": {"font": {"italic": 1}}"##), "$.attributes.font.italic", "expected true or false, found 1")
        expectError(document(##""attributes": {"font": {"italic": "true"}}"##), "$.attributes.font.italic",
                    "expected true or false, found a string")
        expectError(document(##""attributes": {"font": {"size": true}}"##), "$.attributes.font.size", "expected a number, found true")
        expectError(document(##""attributes": {"superscript": false}"##), "$.attributes.superscript", "expected a number, found false")
        expectError(document(##""runs": [{"range": [true, 2]}]"##), "$.runs[0].range[0]", "expected a number, found true")
        expectError(document(##""attributes": {"tracking": "1"}"##), "$.attributes.tracking", "expected a number, found a string")
    }

    @Test func wrongTypes() {
        expectError(##"{"version": 1, "text": ["a"]}"##, "$.text", "expected a string, found an array")
        expectError(##"{"version": 1, "text": null}"##, "$.text", "expected a string, found null")
        expectError(document(##""attributes": []"##), "$.attributes", "expected an object, found an array")
        expectError(document(##""attributes": {"font": "serif"}"##), "$.attributes.font", "expected an object, found a string")
        expectError(document(##""attributes": {"tracking": null}"##), "$.attributes.tracking", "expected a number, found null")
        expectError(document(##""attributes": {"link": 3}"##), "$.attributes.link", "expected a string, found 3")
        expectError(document(##""attributes": {"underline": "wavy"}"##), "$.attributes.underline", "unknown line style 'wavy'")
        expectError(document(##""attributes": {"underline": {"color": null}}"##), "$.attributes.underline.color",
                    "expected a string, found null")
        expectError(document(##""attributes": {"paragraph": {"direction": "ltr-ish"}}"##), "$.attributes.paragraph.direction",
                    "unknown value 'ltr-ish'")
        expectError(document(##""runs": null"##), "$.runs", "expected an array, found null")
        expectError(document(##""paragraphs": {}"##), "$.paragraphs", "expected an array, found an object")
        expectError(document(##""runs": [[0, 1]]"##), "$.runs[0]", "expected an object, found an array")
        expectError(##""just a string""##, "$", "expected an object, found a string")
    }

    @Test func numberBounds() {
        expectError(document(##""attributes": {"font": {"size": 100001}}"##), "$.attributes.font.size",
                    "expected a number in 0.01…100000, found 100001")
        expectError(document(##""attributes": {"font": {"weight": 0}}"##), "$.attributes.font.weight",
                    "expected a whole number in 1…1000, found 0")
        expectError(document(##""attributes": {"superscript": 2}"##), "$.attributes.superscript",
                    "expected a whole number in -1…1, found 2")
        expectError(document(##""attributes": {"tracking": -1000.5}"##), "$.attributes.tracking",
                    "expected a number in -1000…1000, found -1000.5")
        expectError(document(##""attributes": {"paragraph": {"headIndent": -1}}"##), "$.attributes.paragraph.headIndent",
                    "expected a number in 0…100000, found -1")
        expectError(document(##""attributes": {"paragraph": {"lineHeightMultiple": 0}}"##),
                    "$.attributes.paragraph.lineHeightMultiple", "expected a number in 0.01…100, found 0")
    }

    // MARK: - Version, limits, syntax

    @Test func version() throws {
        expectError(##"{"text": "x"}"##, "$", "missing key 'version'")
        expectError(##"{"version": 2, "text": "x"}"##, "$.version", "unsupported version (this reader knows 1)")
        expectError(##"{"version": 0, "text": "x"}"##, "$.version", "unsupported version (this reader knows 1)")
        expectError(##"{"version": "1", "text": "x"}"##, "$.version", "expected a number, found a string")
        expectError(##"{"version": 1}"##, "$", "missing key 'text'")
        #expect(try read(##"{"version": 1.0, "text": "x"}"##).string == "x")
    }

    @Test func maximumEntriesCountsRunsAndParagraphs() throws {
        let reader = StyledTextReader(maximumEntries: 2)
        let two = document(##""runs": [{"range": [0, 1]}], "paragraphs": [{"range": [0, 1], "style": {}}]"##)
        #expect(try read(two, reader: reader).length == 10)
        expectError(document(##""runs": [{"range": [0, 1]}, {"range": [1, 2]}], "paragraphs": [{"range": [0, 1], "style": {}}]"##),
                    "$", "at least 3 runs and paragraphs, more than the limit of 2", reader: reader)
        #expect(StyledTextReader().maximumEntries == 1_000_000)
    }

    /// Bug: Foundation on Linux reports no position for most syntax errors, so every one was
    /// "line 1, column 1".
    @Test(arguments: [
        ("{\"version\": 1,\n  \"text\": \"x\",,}", "line 2, column 15", "expected a key in double quotes, found ','"),
        ("{\"version\": 1, \"text\": \"x\"", "line 1, column 27", "expected ',' or '}' after a member, found the end of the input"),
        ("{\"version\": 1, \"text\": \"x\"} x", "line 1, column 29", "unexpected 'x' after the document"),
        ("", "line 1, column 1", "expected a value, found the end of the input"),
        ("{\n\"text\": \"café\", \"version\": 01}", "line 2, column 29", "expected ',' or '}' after a member, found '1'"),
        ("{\"text\": \"éé\" \"version\": 1}", "line 1, column 15", "expected ',' or '}' after a member, found '\"'"),
        ("{\"version\": 1, \"text\": \"a\\ud800b\"}", "line 1, column 26", "unpaired surrogate \\uD800"),
        ("{\"version\": 1, \"text\": \"a\\udc00\"}", "line 1, column 26", "unpaired surrogate \\uDC00"),
        ("{\"version\": 1, \"text\": \"a\\x\"}", "line 1, column 26", "invalid escape: a backslash must be followed by one of \" \\ / b f n r t u"),
        ("{\"version\": 1, \"text\": \"a\\u00g1\"}", "line 1, column 26", "expected four hex digits after \\u"),
        ("{\"version\": 1, \"text\": \"abc}", "line 1, column 24", "the string is never closed"),
        ("{\"version\": 1e400, \"text\": \"\"}", "line 1, column 13", "the number 1e400 is out of range"),
        ("{\"version\": -, \"text\": \"\"}", "line 1, column 14", "expected a digit, found ','"),
        ("{\"version\": 1., \"text\": \"\"}", "line 1, column 15", "expected a digit, found ','"),
        ("{\"version\": True}", "line 1, column 13", "expected a value, found 'T'"),
        ("{\"version\": nul}", "line 1, column 13", "expected a value (true, false and null are lowercase words), found 'n'"),
        ("{'version': 1}", "line 1, column 2", "expected a key in double quotes, found '''"),
        ("{\"version\" 1}", "line 1, column 12", "expected ':' after the key, found '1'"),
        ("[1 2]", "line 1, column 4", "expected ',' or ']' after an item, found '2'"),
        ("{\"version\": 1, \"text\": \"x\" /* c */}", "line 1, column 28", "expected ',' or '}' after a member, found '/'"),
    ])
    func syntaxErrorsGiveLineAndColumn(_ json: String, _ place: String, _ message: String) {
        expectError(json, place, "malformed JSON: " + message)
    }

    /// Bug: Foundation on Linux accepts trailing commas, which are not JSON (and which the schema
    /// tools of other languages refuse).
    @Test func trailingCommasAreRejected() {
        expectError(##"{"version": 1, "text": "x",}"##, "line 1, column 28", "malformed JSON: expected a key in double quotes, found '}'")
        expectError(document(##""runs": [{"range": [0, 1]},]"##), "line 1, column 65", "malformed JSON: expected a value, found ']'")
    }

    @Test func syntaxErrorsInBytes() {
        expectError("{\"version\": 1, \"text\": \"a\u{9}\"}", "line 1, column 26",
                    "malformed JSON: unescaped control character U+0009 in a string")
        #expect(throws: StyledTextError(file: "doc.json", place: "line 2, column 3", message: "malformed JSON: invalid UTF-8 (byte 0xFF)")) {
            _ = try StyledTextReader().read(Array("{\"version\": 1,\n\"é".utf8) + [0xFF] + Array("\"}".utf8), file: "doc.json",
                                            defaults: TextAttributes())
        }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        expectError(deep, "line 1, column 513", "malformed JSON: nesting deeper than 512 levels")
        let veryDeep = String(repeating: "[", count: 200_000)
        expectError(veryDeep, "line 1, column 513", "malformed JSON: nesting deeper than 512 levels")
    }

    @Test func byteOrderMarkAndEscapesAreAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(##"{"version": 1, "text": "caf\u00e9 \ud83d\ude00\n\t\"\\\/"}"##.utf8)
        let text = try StyledTextReader().read(bytes, file: "doc.json", defaults: TextAttributes())
        #expect(text.string == "café 😀\n\t\"\\/" && text.length == 11)
    }

    @Test func errorDescriptionIsFilePlaceMessage() {
        let error = StyledTextError(file: "a.json", place: "$.runs[2].range[1]", message: "expected a whole number")
        #expect(error.description == "a.json: $.runs[2].range[1]: expected a whole number")
    }
}
