import Foundation
import TextKit
import TextKitGeometry

/// The `pages` target: no text is ever lost. The first bytes choose a page (column width down to
/// barely wider than the text's widest grapheme cluster), a size, the breaking strategy, the
/// alignment, hyphenation and exclusions that leave the top of every column free for a line;
/// the rest is the text. Pages are added until all text fits: there must be no overflow, and
/// every invariant of ``LayoutSnapshot/invariantViolations(text:textContainers:leftToRightOnly:tolerance:)``
/// must hold (every character laid out exactly once).
///
/// Bytes (each missing byte reads as 0):
///
///     0 column width above the widest cluster · 1 page height · 2 font size
///     3 alignment | breaking | hyphenation | columns · 4 exclusion count (0…2) · then 5 bytes
///     per exclusion: kind | wrap side, x, y, w, h · then the text (at most 600 bytes)
struct PagesFuzzInput {
    static let sizes = [6.0, 9, 12, 17, 28, 40]

    var input: FuzzBytes

    init(_ bytes: [UInt8]) { input = FuzzBytes(bytes) }

    mutating func next() -> Int { input.next() }

    mutating func run() {
        let widthByte = next(), heightByte = next()
        let size = Self.sizes[next() % Self.sizes.count]
        let flags = next()
        var style = ParagraphStyle()
        style.alignment = TextAlignment.allCases[flags % TextAlignment.allCases.count]
        style.lineBreakStrategy = (flags >> 3) & 1 == 0 ? .greedy : .optimal
        let hyphenates = (flags >> 4) & 1 == 1
        let columns = (flags >> 5) & 1 + 1
        let exclusionBytes = (0..<next() % 3).map { _ in (0..<5).map { _ in next() } }
        let text = String(decoding: input.rest.prefix(600), as: UTF8.self)

        var attributes = TextAttributes(font: FontDescriptor(filePath: fuzzFontPath, size: size), paragraphStyle: style)
        if hyphenates {
            attributes.language = "en-US"
            attributes.paragraphStyle.hyphenationFactor = 1
        }
        // Wider than the widest cluster and than the minimum fragment width (1 em).
        let column = max(Self.widestCluster(text, attributes: attributes), size) * 1.01 + 1 + Double(widthByte) * 2
        var setup = PageSetup()
        setup.margins = EdgeInsets(all: 10)
        setup.columns = columns
        setup.pageSize = Size(width: Double(columns) * column + Double(columns - 1) * setup.gutter + 20,
                              height: 20 + size * 6 + Double(heightByte) * 3)
        // The top of every column, four and a half lines tall, stays free: every page takes text.
        let top = setup.margins.top + size * 4.5
        let room = setup.pageSize.height - top
        setup.exclusions = exclusionBytes.map { b in
            let rect = Rect(x: Double(b[1]) / 255 * setup.pageSize.width - 20, y: top + Double(b[2]) / 255 * room,
                            width: 4 + Double(b[3]) / 255 * setup.pageSize.width,
                            height: 4 + Double(b[4]) / 255 * room)
            let path = b[0] & 1 == 0 ? BezierPath(rect: rect) : BezierPath(ovalIn: rect)
            return Exclusion(path: path, wrapSide: WrapSide.allCases[(b[0] >> 1) % WrapSide.allCases.count])
        }

        let storage = TextStorage(string: text, attributes: attributes)
        let layoutManager = LayoutManager(fontCollection: fuzzFonts, defaultFont: fuzzFont)
        storage.addLayoutManager(layoutManager)
        _ = layoutManager.layOutPages(setup, count: .automatic(maximum: 5_000))
        let snapshot = layoutManager.snapshot()
        FuzzTarget.check(snapshot.overflowRange == nil,
                         "text lost: overflow \(snapshot.overflowRange!) with pages added until all text fits")
        // Pages are added until the text fits and no further (several at a time, the extra
        // ones taken off): the last page holds the last character.
        if storage.length > 0 {
            let holder = layoutManager.textContainer(forCharacterAt: storage.length - 1)
            FuzzTarget.check(layoutManager.textContainers.suffix(columns).contains { $0 === holder },
                             "a page after the one holding the last character")
        }
        let problems = snapshot.invariantViolations(text: Array(storage.string.unicodeScalars),
                                                    textContainers: layoutManager.textContainers)
        FuzzTarget.check(problems.isEmpty, "layout invariants: \(problems.prefix(3))")
    }

    /// The widest grapheme cluster of `text`, shaped in its context and alone (a line may cut the
    /// text on either side of it).
    static func widestCluster(_ text: String, attributes: TextAttributes) -> Double {
        max(widestClusterInPlace(text, attributes: attributes),
            widestClusterInPlace(text.map(String.init).joined(separator: "\n"), attributes: attributes))
    }

    private static func widestClusterInPlace(_ text: String, attributes: TextAttributes) -> Double {
        let storage = TextStorage(string: text, attributes: attributes)
        let layoutManager = LayoutManager(fontCollection: fuzzFonts, defaultFont: fuzzFont)
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(TextContainer(size: Size(width: 1e7, height: 1e9)))
        var cluster: [Int] = []
        for (index, character) in text.enumerated() {
            cluster.append(contentsOf: repeatElement(index, count: character.unicodeScalars.count))
        }
        var widths: [Int: Double] = [:]
        for container in layoutManager.snapshot().containers {
            for line in container.lines {
                for fragment in line.fragments {
                    for glyph in fragment.glyphs where glyph.characterIndex < cluster.count {
                        widths[cluster[glyph.characterIndex], default: 0] += glyph.advance
                    }
                }
            }
        }
        return widths.values.max() ?? 0
    }
}
