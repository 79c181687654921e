import Foundation
import Testing
import TextKit

/// A collection loads the machine's fontconfig configuration on another thread when it is made,
/// so a layout's first fallback does not load it; what the collection answers is the same as
/// when the configuration is loaded at its first use.
@Suite("Fontconfig loaded ahead")
struct ConfigurationAheadTests {
    @Test func aNewCollectionLoadsItsConfigurationWithoutBeingAsked() async throws {
        let fonts = FontCollection(defaultFontPath: Fixtures.fontPath)
        let deadline = ContinuousClock.now + .seconds(30)
        while !fonts.hasLoadedConfiguration, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(fonts.hasLoadedConfiguration)
    }

    @Test func withoutLoadingAheadTheFirstUseLoadsIt() async throws {
        let fonts = FontCollection(defaultFontPath: Fixtures.fontPath, loadsConfigurationAhead: false)
        try await Task.sleep(for: .milliseconds(50))
        #expect(!fonts.hasLoadedConfiguration)
        let base = try fonts.font(file: Fixtures.fontPath)
        #expect(!fonts.hasLoadedConfiguration, "a font file needs no configuration")
        _ = fonts.fallbackFont(for: "中", like: base)
        #expect(fonts.hasLoadedConfiguration)
    }

    @Test func loadingTheConfigurationWhenAskedLoadsItAtOnce() {
        let fonts = FontCollection(defaultFontPath: Fixtures.fontPath, loadsConfigurationAhead: false)
        #expect(!fonts.hasLoadedConfiguration)
        fonts.loadConfiguration()
        #expect(fonts.hasLoadedConfiguration)
        let ahead = FontCollection(defaultFontPath: Fixtures.fontPath)
        ahead.loadConfiguration()
        #expect(ahead.hasLoadedConfiguration)
    }

    /// Asked at once from several threads, while the configuration may still be loading, a
    /// collection loading ahead answers as one that loads at its first use.
    @Test func answersEqualThoseOfALoadAtFirstUse() async throws {
        let ahead = FontCollection(defaultFontPath: Fixtures.fontPath)
        let atFirstUse = FontCollection(defaultFontPath: Fixtures.fontPath, loadsConfigurationAhead: false)
        let samples = Array(FallbackOrderTests.samples.prefix(120))
        let expected = try Self.answers(atFirstUse, samples: samples)
        let found = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { try Self.answers(ahead, samples: samples) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(found.count == 4)
        for answers in found { #expect(answers == expected) }
    }

    /// The file of the fallback font of each sample, and the files of a few families.
    private static func answers(_ fonts: FontCollection, samples: [[Unicode.Scalar]]) throws -> [String] {
        var answers = try ["sans-serif", "serif", "monospace"].map { try fonts.font(for: FontDescriptor(family: $0)).filePath }
        let base = try fonts.font(file: Fixtures.fontPath)
        answers += samples.map { fonts.fallbackFont(for: $0, like: base)?.filePath ?? "none" }
        return answers
    }
}
