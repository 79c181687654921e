import Foundation
import TestFixtures
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

    /// The README's set-up command installs the packages `scripts/install-deps.sh` (which CI and
    /// `Benchmarks/run-all.sh` run) installs, no more and no fewer.
    @Test func setupCommandInstallsTheBuildsPackages() throws {
        func words(after marker: String, in text: String, until end: String) throws -> Set<String> {
            let start = try #require(text.range(of: marker)).upperBound
            let stop = try #require(text[start...].range(of: end)).lowerBound
            return Set(text[start..<stop].split(whereSeparator: \.isWhitespace).map(String.init))
        }
        let readme = try String(contentsOfFile: Fixtures.path("README.md"), encoding: .utf8)
        let script = try String(contentsOfFile: Fixtures.path("scripts/install-deps.sh"), encoding: .utf8)
        let setup = try words(after: "apt-get install -y", in: readme, until: "&&")
        let packages = try words(after: "packages=(", in: script, until: "\"$@\"")
        #expect(!packages.isEmpty)
        #expect(setup == packages)
    }
}
