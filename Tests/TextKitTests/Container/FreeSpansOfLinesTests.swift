import Testing
import TextKit

/// The spans the render overlay draws are the ones layout offered each line: with margins, wrap
/// sides and a container shape, every line fragment is exactly one of its line's spans.
@Suite("Free spans of lines")
struct FreeSpansOfLinesTests {
    static let circle = BezierPath(ovalIn: Rect(x: 220, y: 200, width: 170, height: 170))

    static let setups: [(String, PageSetup)] = {
        func setup(_ configure: (inout PageSetup) -> Void) -> PageSetup {
            var setup = PageSetup()
            configure(&setup)
            return setup
        }
        return [
            ("margin", setup { $0.exclusions = [Exclusion(path: circle, margin: 12)] }),
            ("wrap left", setup { $0.exclusions = [Exclusion(path: circle, wrapSide: .left)] }),
            ("wrap largest", setup { $0.exclusions = [Exclusion(path: circle, margin: 4, wrapSide: .largest)] }),
            ("shape", setup {
                $0.shape = BezierPath(ovalIn: Rect(x: 72, y: 72, width: 468, height: 600))
                $0.exclusions = [Exclusion(path: circle, margin: 6)]
            }),
        ]
    }()

    @Test(arguments: 0..<4)
    func fragmentsAreTheSpansTheLineWasOffered(_ index: Int) throws {
        let (name, setup) = Self.setups[index]
        let text = try Fixtures.text("prose.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text, setup: setup, count: .fixed(1))
        let container = snapshot.containers[0]
        let spans = container.freeSpansOfLines()
        #expect(spans.count == container.lines.count)
        var split = 0
        for (line, offered) in zip(container.lines, spans) {
            for fragment in line.fragments {
                #expect(offered.contains { abs($0.minX - fragment.rect.minX) < 1e-9 && abs($0.maxX - fragment.rect.maxX) < 1e-9 },
                        "\(name): fragment \(fragment.rect) not among \(offered)")
            }
            // Text only left of the circle on the lines beside it: nothing is offered right of it.
            if name == "wrap left", line.rect.maxY > 200 - 72, line.rect.minY < 370 - 72 {
                #expect(offered.count == 1 && offered[0].maxX <= 305 - 72, "\(name): \(offered)")
            }
            if offered.count > 1 { split += 1 }
        }
        if name == "margin" || name == "shape" { #expect(split > 5, "\(name)") }
    }
}
