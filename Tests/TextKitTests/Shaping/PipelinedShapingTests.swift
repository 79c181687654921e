import Testing
import TextKit

/// A full layout shapes the next chunk of paragraphs in the background while it places the
/// current one. With enough paragraphs for several background chunks, and with a layout that
/// stops at an overflow while a chunk is still being shaped, the result must be the sequential
/// layout's, and nothing may be left shaping after the pass.
@Suite("Pipelined shaping")
struct PipelinedShapingTests {
    func text(paragraphs count: Int) throws -> String {
        let paragraphs = try Fixtures.text("prose.txt").split(separator: "\n").map(String.init)
        return (0..<count).map { "\($0) " + paragraphs[$0 % paragraphs.count] }.joined(separator: "\n")
    }

    @Test(arguments: [Double.infinity, 4_000])
    func backgroundChunksGiveTheSequentialLayout(height: Double) throws {
        let text = try text(paragraphs: 1_500)
        let (storage, parallel) = Fixtures.layout(text)
        parallel.addTextContainer(TextContainer(size: Size(width: 300, height: height)))
        parallel.ensureLayout()
        #expect(parallel.shapingAhead.isEmpty)
        // Batches went to the workers; with the overflow, shaping had run ahead of the lines,
        // by at most the window.
        #expect(parallel.shapingBatchesStarted >= 4, "the pipeline must have run")
        let shaped = parallel.statistics.paragraphsShaped, laidOut = parallel.statistics.paragraphsLaidOut
        if height.isFinite {
            #expect(shaped > laidOut && shaped <= laidOut + LayoutManager.maximumShapingAhead + LayoutManager.shapingBatchSize)
        } else {
            #expect(shaped == 1_500)
        }
        let (_, sequential) = Fixtures.layout(text)
        sequential.addTextContainer(TextContainer(size: Size(width: 300, height: height)))
        sequential.ensureLayout(forCharacterRange: 0..<storage.length)
        #expect(firstDifference(parallel.snapshot().allLines, sequential.snapshot().allLines) == nil)
        #expect(parallel.overflowRange == sequential.overflowRange)
        if height.isFinite { #expect(parallel.overflowRange != nil) }

        // An edit near the start, then a full layout again: still the sequential result.
        storage.replaceCharacters(in: 10..<10, with: "inserted words ")
        parallel.ensureLayout()
        #expect(parallel.shapingAhead.isEmpty)
        let (_, fresh) = Fixtures.layout(storage.string)
        fresh.addTextContainer(TextContainer(size: Size(width: 300, height: height)))
        fresh.ensureLayout(forCharacterRange: 0..<storage.length)
        #expect(firstDifference(parallel.snapshot().allLines, fresh.snapshot().allLines) == nil)
    }
}
