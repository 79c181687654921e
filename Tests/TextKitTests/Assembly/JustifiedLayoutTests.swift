import Testing
import TextKit
import TextKitSVG

/// Justification in layout: justified lines end exactly at their span's edge (the paragraph's
/// last line does not), fragments next to an exclusion fill their own span, and the limits of
/// ``ParagraphStyle/maximumWordSpacingStretch`` and ``ParagraphStyle/maximumLetterSpacing``
/// hold when ``ParagraphStyle/allowsUnlimitedWordSpacing`` is off.
@Suite("Justified layout")
struct TypographyJustifiedLayoutTests {
    static let text = "Justified text stretches its inter-word spaces so every line but the last ends "
        + "exactly at the edge of its span; when the spaces reach their limit, letters may be spaced a "
        + "little, and when even that is not enough the line is either stretched further or left short. "
        + "Incomprehensibilities and antidisestablishmentarianism make loose lines."

    func layout(width: Double = 160, shapes: [String] = [], configure: (inout ParagraphStyle) -> Void = { _ in })
        throws -> LayoutSnapshot {
        var attributes = Fixtures.attributes(alignment: .justified)
        configure(&attributes.paragraphStyle)
        var setup = PageSetup()
        setup.pageSize = Size(width: width, height: 792)
        setup.margins = EdgeInsets(top: 36, left: 36, bottom: 36, right: 36)
        setup.lineFragmentPadding = 3
        for shape in shapes {
            let document = try SVGDocument(contentsOfFile: Fixtures.path("Fixtures/shapes/\(shape)"))
            setup.exclusionPaths += document.shapes.map(\.path)
        }
        let (_, _, _, snapshot) = Fixtures.paged(Self.text, setup: setup, attributes: attributes)
        #expect(snapshot.invariantViolations(text: Array(Self.text.unicodeScalars), leftToRightOnly: true) == [])
        #expect(snapshot.overflowRange == nil)
        return snapshot
    }

    /// The fragments of every line, with whether they end the paragraph and contain a space.
    func fragments(_ snapshot: LayoutSnapshot) -> [(fragment: LineFragment, isLast: Bool, hasSpace: Bool)] {
        let scalars = Array(Self.text.unicodeScalars)
        return snapshot.allLines.flatMap { line in
            line.fragments.map { fragment in
                let range = fragment.characterRange
                let content = scalars[range].reversed().drop { $0 == " " }
                return (fragment, range.upperBound == scalars.count, content.contains(" "))
            }
        }
    }

    func end(_ fragment: LineFragment) -> Double {
        let scalars = Array(Self.text.unicodeScalars)
        let visible = fragment.glyphs.filter { scalars[$0.characterIndex] != " " }
        return visible.map { $0.position.x + $0.advance }.max() ?? fragment.rect.minX
    }

    @Test(arguments: [[], ["circle.svg"]])
    func justifiedLinesEndAtTheSpanEdge(_ shapes: [String]) throws {
        let snapshot = try layout(width: shapes.isEmpty ? 240 : 612, shapes: shapes)
        let all = fragments(snapshot)
        #expect(all.count > 3)
        for (fragment, isLast, hasSpace) in all where hasSpace {
            let edge = fragment.rect.maxX - 3
            if isLast {
                #expect(end(fragment) < edge - 1)
            } else {
                #expect(abs(end(fragment) - edge) < 1e-6)
                #expect(abs(fragment.usedRect.maxX - fragment.rect.maxX) < 1e-6)
            }
        }
    }

    @Test func limitsLeaveLooseLinesShort() throws {
        let limited = try layout { $0.allowsUnlimitedWordSpacing = false }
        let space = 651.0 / 2048 * 12  // DejaVu Sans's space at 12 pt
        let scalars = Array(Self.text.unicodeScalars)
        var short = 0
        for (fragment, isLast, _) in fragments(limited) where !isLast {
            let edge = fragment.rect.maxX - 3
            if end(fragment) < edge - 1e-6 { short += 1 }
            // Left short at the leading edge, every space within its stretch limit.
            #expect(abs(fragment.usedRect.minX - fragment.rect.minX) < 1e-6)
            for (a, b) in zip(fragment.glyphs, fragment.glyphs.dropFirst()) where scalars[a.characterIndex] == " " {
                #expect(b.position.x - a.position.x <= space * 1.5 + 1e-6)
            }
        }
        #expect(short > 0)
    }

    @Test func letterSpacingIsTheLastResort() throws {
        let words = try layout { $0.allowsUnlimitedWordSpacing = false }
        let letters = try layout {
            $0.allowsUnlimitedWordSpacing = false
            $0.maximumLetterSpacing = 1
        }
        func filled(_ snapshot: LayoutSnapshot) -> Int {
            fragments(snapshot).filter { !$0.isLast && abs(end($0.fragment) - ($0.fragment.rect.maxX - 3)) < 1e-6 }.count
        }
        #expect(filled(letters) > filled(words))
        // No letter gap exceeds the limit: consecutive letters are at most 1 pt further apart.
        let scalars = Array(Self.text.unicodeScalars)
        for (fragment, _, _) in fragments(letters) {
            for (a, b) in zip(fragment.glyphs, fragment.glyphs.dropFirst())
                where scalars[a.characterIndex] != " " && scalars[b.characterIndex] != " " {
                #expect(b.position.x - (a.position.x + a.advance) <= 1 + 1e-6)
            }
        }
    }
}
