import Foundation
import Testing
import TextKit

/// Pathological but legal input through the library: the layout finishes, what does not fit is
/// reported as overflow, and every invariant holds. No timing assertions: finishing at all is
/// the point.
@Suite("Limits: library")
struct LimitsLayoutTests {
    /// A font of 10⁶ pt (the command caps `--size` at 100,000; the library takes any size).
    @Test func millionPointFont() throws {
        let (storage, manager) = Fixtures.layout("Huge text", attributes: Fixtures.attributes(size: 1_000_000))
        let container = TextContainer(size: Size(width: 468, height: 648))
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(manager.overflowRange == 0..<storage.length)
        #expect(snapshot.invariantViolations(text: Array(storage.string.unicodeScalars)).isEmpty)
    }

    /// A container 0.01 pt wide: nothing fits, all of it is overflow.
    @Test func hundredthOfAPointWideContainer() throws {
        let text = try Fixtures.text("prose.txt")
        let (storage, manager) = Fixtures.layout(text)
        manager.addTextContainer(TextContainer(size: Size(width: 0.01, height: 648)))
        let snapshot = manager.snapshot()
        #expect(manager.overflowRange == 0..<storage.length)
        #expect(snapshot.invariantViolations(text: Array(storage.string.unicodeScalars)).isEmpty)
    }

    /// 200 levels of explicit embedding (more than UAX #9's 125): the excess is ignored.
    @Test func twoHundredEmbeddingLevels() throws {
        let opening = (0..<200).map { $0 % 2 == 0 ? "\u{202B}" : "\u{202A}" }.joined()
        let text = opening + "deep שלום text" + String(repeating: "\u{202C}", count: 200) + " end"
        let (storage, manager) = Fixtures.layout(text)
        manager.addTextContainer(TextContainer(size: Size(width: 468, height: 648)))
        let snapshot = manager.snapshot()
        #expect(manager.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: Array(storage.string.unicodeScalars)).isEmpty)
    }
}
