import Foundation
import Testing

/// The example editor (`Examples/Editor`) runs its whole loop through the public API: every
/// step redraws only what changed, and the screen always has text.
@Suite("The example editor runs")
struct EditorExampleTests {
    @Test func theEditorLoopRuns() throws {
        let program = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("EditorExample")
        let result = try CLIRunner.run(program: program, [CLIRunner.fixture("texts/debian-reference.txt"), "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 19)
        for line in lines.dropFirst() {
            #expect(!line.contains(" 0 fragments"), "\(line)")
        }
        // Typing redraws its lines, never the whole document; the underline only its characters.
        #expect(lines.first { $0.hasPrefix("type H") }?.contains("redraw y") == true)
        #expect(lines.first { $0.hasPrefix("spell-check") }?.contains("redraw characters") == true)
        #expect(lines.first { $0.hasPrefix("scroll to the middle") }?.contains("estimated place") == true)
    }
}
