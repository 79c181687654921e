import Dispatch
import SeededRandom
import Testing
@testable import TextKit

/// One word cache shared by threads that look words up, add them, copy them from the older
/// generation and turn the young one when it is full: every run shaped through it on several
/// threads at once comes out as shaping it whole does, and the counts add up. (Run under ThreadSanitizer by scripts/tsan-test.sh.)
@Suite("Concurrent word cache")
struct ConcurrentWordCacheTests {
    /// Four threads, each its own paragraphs: words shared by all (found in the cache as other
    /// threads keep them), words of its own (new to the cache), more distinct words in all than
    /// the cache keeps, so generations turn (and are forgotten) while the others use them; the
    /// shared words are copied from the older generation after each turn.
    @Test func threadsSharingAFillingCacheShapeExactly() {
        let cache = ShapeCache(wordsPerGeneration: 2_048, glyphsPerGeneration: 65_536)
        let shared = (0..<400).map { "shared\(String($0, radix: 36))" } + ["office", "fluffy", "Té\u{301}a", "na\u{308}ive"]
        let threads = 4
        let perThread = (8 * 2_048 + 4_000) / threads
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var rng = SplitMix64(seed: UInt64(thread) + 1)
            var own = 0, paragraph = 0
            while own < perThread {
                var words: [String] = []
                for _ in 0..<Int.random(in: 1...40, using: &rng) {
                    if Bool.random(using: &rng) {
                        words.append(shared.randomElement(using: &rng)!)
                    } else {
                        words.append("t\(thread)w\(String(own, radix: 36))")
                        own += 1
                    }
                }
                let text = words.joined(separator: " ")
                if let difference = ShapeCacheTests.shapingDifference(text, attributes: Fixtures.attributes(), cache: cache) {
                    failures.withLock { $0.append("thread \(thread) paragraph \(paragraph): \(difference)") }
                    return
                }
                paragraph += 1
            }
        }
        #expect(failures.withLock { $0 } == [])
        let counts = cache.counts
        #expect(counts.misses >= threads * perThread, "\(counts)")
        #expect(counts.hits > 0, "\(counts)")
        // Turned, forgetting a generation, several times: it keeps fewer words than were added.
        #expect(counts.turns >= 4, "\(counts)")
        #expect(counts.promoted > 0, "\(counts)")
        #expect(cache.keptWords.all < counts.misses, "\(cache.keptWords) \(counts)")
    }
}
