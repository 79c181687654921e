import Foundation
import SeededRandom
import Testing
import TextKit

/// `fallbackFont(for:like:)` walks fontconfig's sort of every font, made once per family, where
/// `fallbackChain(for:like:)` asks fontconfig to sort for the code points each time: both must
/// choose the same font, with the fixture configuration and with the machine's.
@Suite("Fallback from one sort")
struct FallbackOrderTests {
    static let samples: [[Unicode.Scalar]] = {
        var out: [[Unicode.Scalar]] = ["क", "ि", "ष", "ภ", "า", "中", "ひ", "한", "א", "ب", "ж", "α", "€", "→", "☃",
                                       "👍", "\u{1F3FD}", "\u{0301}", "\u{FFFD}", "\u{E000}", "\u{10FFFD}"].map { [$0] }
        out += [["क", "ि"], ["क", "\u{094D}", "ष"], ["ภ", "\u{0E34}"], ["👍", "\u{1F3FD}"], ["a", "\u{0301}"],
                ["中", "ひ", "한"], ["ب", "\u{064E}"], ["\u{E000}", "a"]]
        var generator = SplitMix64(seed: 0xFA11_BAC4)
        for _ in 0..<300 {
            let value = UInt32(generator.next() % 0x3_0000)
            if let scalar = Unicode.Scalar(value) { out.append([scalar]) }
        }
        // Characters of real text in every script (the page index a single character's look-up
        // reads is built from each font's pages): every other distinct one of the UDHR samples.
        let directory = Fixtures.path("Fixtures/texts/udhr")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".txt") }.sorted()) ?? []
        var distinct = Set<Unicode.Scalar>()
        for name in names {
            let text = (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
            distinct.formUnion(text.unicodeScalars.filter { $0.value > 0x7F })
        }
        let real = distinct.sorted { $0.value < $1.value }
        out += stride(from: 0, to: real.count, by: 2).map { [real[$0]] }
        return out
    }()

    @Test(arguments: [true, false])
    func oneSortChoosesWhatFontconfigsOwnSortChooses(fixtureConfiguration: Bool) throws {
        let fonts = fixtureConfiguration ? ScriptFixtures.fonts : FontCollection(defaultFontPath: Fixtures.fontPath)
        let base = try fonts.font(file: Fixtures.fontPath)
        #expect(Self.samples.count > 450, "the UDHR samples were not read")
        for scalars in Self.samples {
            let chosen = fonts.fallbackFont(for: scalars, like: base)
            let expected = fonts.fallbackChain(for: scalars, like: base).chosen
            #expect(chosen?.filePath == expected?.filePath && chosen?.faceIndex == expected?.faceIndex,
                    "\(scalars.map { String($0.value, radix: 16) }): \(chosen?.filePath ?? "none") vs \(expected?.filePath ?? "none")")
        }
    }
}
