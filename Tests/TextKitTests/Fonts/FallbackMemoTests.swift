import Foundation
import Testing
@testable import TextKit

/// A shaping thread's memo of fallback fonts (``FontMemo``, through
/// ``FontResolver/fallbackFont(for:like:)``) answers as the collection does: the same font for
/// every character of every script, whichever collection and base font asked last, with
/// characters that share a slot taking it in turn.
@Suite struct FallbackMemoTests {
    @Test func memoizedFallbacksAreTheCollectionsAnswers() throws {
        // Every character of the fixture texts in every script, and its neighbours 64 and 128 on
        // (the same slot), asked in turn through one memo of two collections (the fixture fonts,
        // and the machine's: other font objects for the same files) and two base fonts.
        var scalars: [Unicode.Scalar] = []
        for name in ShapeCacheTests.texts {
            for scalar in try ScriptFixtures.text(name).unicodeScalars where !scalars.contains(scalar) {
                scalars.append(scalar)
            }
        }
        scalars += scalars.flatMap { scalar in [64, 128].compactMap { Unicode.Scalar(scalar.value + $0) } }
        let fixture = ScriptFixtures.fonts
        let machine = try FontCollection(defaultFontPath: Fixtures.fontPath)
        let memo = FontMemo()
        var asked = 0, found = 0
        for round in 0..<2 {
            for collection in [fixture, machine, fixture] {
                let bases = try [collection.font(file: Fixtures.fontPath),
                                 collection.font(file: Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf"))]
                var resolver = FontResolver(collection: collection, fallback: bases[0])
                resolver.memo = memo
                for base in bases {
                    for scalar in scalars {
                        let expected = collection.fallbackFont(for: scalar, like: base)
                        let answer = resolver.fallbackFont(for: scalar, like: base)
                        asked += 1
                        if answer === expected { found += 1 } else {
                            Issue.record("U+\(String(scalar.value, radix: 16)) round \(round): \(answer?.familyName ?? "none"), expected \(expected?.familyName ?? "none")")
                        }
                        // Asked again at once: from the memo.
                        #expect(memo.fallback(for: scalar, like: base, in: collection).map { $0 === expected } == true)
                    }
                }
            }
        }
        #expect(found == asked && asked > 1_000, "\(found) of \(asked)")
        // An answer is kept for its scalar, base font and collection only.
        let thai = Unicode.Scalar(0x0E01)!, dejaVu = try fixture.font(file: Fixtures.fontPath)
        let hebrew = try fixture.font(file: Fixtures.path("Fixtures/fonts/NotoSansHebrew-Subset.ttf"))
        memo.remember(hebrew, forFallback: thai, like: dejaVu, in: fixture)
        #expect(memo.fallback(for: thai, like: dejaVu, in: fixture).map { $0 === hebrew } == true)
        #expect(memo.fallback(for: thai, like: hebrew, in: fixture) == nil)
        #expect(memo.fallback(for: Unicode.Scalar(0x0E01 + 64)!, like: dejaVu, in: fixture) == nil)
        #expect(memo.fallback(for: thai, like: dejaVu, in: machine) == nil)
        memo.forget()
        #expect(memo.fallback(for: scalars[0], like: try fixture.font(file: Fixtures.fontPath), in: fixture) == nil)
    }
}
