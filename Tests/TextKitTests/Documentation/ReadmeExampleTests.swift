import Testing
import TextKit

/// The README's library example, as written there (fontconfig's sans-serif).
@Suite("README example")
struct ReadmeExampleTests {
    @Test func libraryExampleRunsAsWritten() {
        let storage = TextStorage(string: String(repeating: "Text flows around the circle on both sides… ", count: 40),
                                  attributes: TextAttributes(font: FontDescriptor(family: "sans-serif", size: 12)))
        let layoutManager = LayoutManager()
        storage.addLayoutManager(layoutManager)

        let container = TextContainer(size: Size(width: 468, height: 648))
        container.exclusionPaths = [BezierPath(ovalIn: Rect(x: 184, y: 100, width: 100, height: 100))]
        layoutManager.addTextContainer(container)

        let layout = layoutManager.snapshot()
        let split = layout.containers[0].lines.filter { $0.fragments.count == 2 }
        #expect(!split.isEmpty)
        #expect(layout.invariantViolations(text: Array(storage.scalars)) == [])

        layoutManager.resetStatistics()
        storage.beginEditing()
        storage.replaceCharacters(in: 0..<4, with: "Words")
        storage.endEditing()
        _ = layoutManager.snapshot()
        #expect(layoutManager.statistics.paragraphsShaped == 1)
    }
}
