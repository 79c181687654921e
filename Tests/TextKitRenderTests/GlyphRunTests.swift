import Testing
import TextKit
import TextKitRender

/// How fragments become drawing runs with text clusters, free spans, and colour lookup.
@Suite("Glyph runs, spans and colours")
struct GlyphRunTests {
    @Test func ligatureClustersCarryAllTheirCharacters() throws {
        let laidOut = try RenderFixture.ligatures.layOut()
        let text = Array(laidOut.storage.scalars)
        let fragment = try #require(laidOut.snapshot.containers.first?.lines.first?.fragments.first)
        let runs = GlyphRun.runs(in: fragment, text: text, colors: TextColors(), defaultColor: .black)
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(!run.isBackward)
        #expect(run.glyphs.count == fragment.glyphs.count)
        #expect(run.clusters.map(\.glyphs).reduce(0, +) == run.glyphs.count)
        #expect(run.clusters.map(\.bytes).reduce(0, +) == run.utf8.count)
        // "office": o, ffi, c, e: the ligature's cluster holds three characters.
        #expect(run.clusters.prefix(4).map(\.bytes) == [1, 3, 1, 1])
        let line = String(decoding: run.utf8, as: UTF8.self)
        #expect(line.hasPrefix("office affluent difficult fjord"))
        #expect(!line.contains("\n"))
    }

    @Test func rightToLeftRunsGoBackwardWithTextInLogicalOrder() throws {
        let laidOut = try RenderFixture.hebrewStar.layOut()
        let text = Array(laidOut.storage.scalars)
        let fragment = try #require(laidOut.snapshot.containers.first?.lines.first?.fragments.first)
        let runs = GlyphRun.runs(in: fragment, text: text, colors: TextColors(), defaultColor: .black)
        #expect(runs.contains { $0.isBackward && $0.clusters.count > 3 })
        for run in runs where run.isBackward {
            // Logical order: the text of the clusters appears as is in the input.
            let piece = String(decoding: run.utf8, as: UTF8.self)
            #expect(laidOut.storage.string.contains(piece), "\(piece)")
        }
        #expect(runs.map(\.glyphs.count).reduce(0, +) == fragment.glyphs.count)
    }

    @Test func runsSplitWhereTheColourChanges() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let laidOut = try RenderFixture.ligatures.layOut { $0.setValue(red, for: \.foregroundColor, range: 7..<15) }
        let fragment = try #require(laidOut.snapshot.containers.first?.lines.first?.fragments.first)
        let runs = GlyphRun.runs(in: fragment, text: Array(laidOut.storage.scalars), colors: TextColors(storage: laidOut.storage),
                                 defaultColor: .black)
        #expect(runs.map(\.color) == [.black, red, .black])
        #expect(String(decoding: runs[1].utf8, as: UTF8.self) == "affluent")
    }

    @Test func fragmentsLieInsideFreeSpans() throws {
        let laidOut = try RenderFixture.circle.layOut()
        let container = laidOut.snapshot.containers[0]
        let spans = container.freeSpansOfLines()
        #expect(spans.count == container.lines.count)
        var split = 0
        for (line, free) in zip(container.lines, spans) {
            if free.count == 2 { split += 1 }
            for fragment in line.fragments {
                #expect(free.contains { $0.minX <= fragment.rect.minX + 1e-9 && fragment.rect.maxX <= $0.maxX + 1e-9 })
            }
            if line.rect.maxY < 200 - 72 {
                // Above the circle (top at y 200 on the page): one span, the whole band.
                #expect(free == [Span(minX: line.rect.minX, maxX: line.rect.maxX)])
            }
        }
        #expect(split >= 10)
    }

    @Test func colourLookupByCharacter() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let colors = TextColors(runs: [
            .init(range: 10..<20, foreground: nil, background: blue),
            .init(range: 0..<5, foreground: red, background: nil),
            .init(range: 5..<10, foreground: nil, background: nil),
        ])
        #expect(colors.runs.count == 2)
        #expect(colors.foreground(at: 0) == red && colors.foreground(at: 4) == red)
        #expect(colors.foreground(at: 5) == nil && colors.background(at: 9) == nil)
        #expect(colors.background(at: 10) == blue && colors.background(at: 19) == blue)
        #expect(colors.run(at: 20) == nil && colors.run(at: -1) == nil)
        #expect(TextColors().run(at: 0) == nil)
    }

    @Test func overlayNames() {
        #expect(DebugOverlays(name: "spans") == .spans)
        #expect(DebugOverlays(name: "ALL") == .all)
        #expect(DebugOverlays(name: "glyphs") == nil)
    }
}
