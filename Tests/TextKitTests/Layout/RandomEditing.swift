import TextKit
import SeededRandom

/// The set-up and the edits the randomized query tests share.
extension IncrementalEquivalenceTests {
    /// `count` random `words` in a storage, laid out by a manager into `containers` random
    /// containers.
    func randomWordsLayout(_ rng: inout SplitMix64, words: [String], count: Int,
                           containers: Int) -> (TextStorage, LayoutManager) {
        let text = (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        return randomLayout(&rng, text: text, containers: containers)
    }

    /// `text` in a storage, laid out by a manager into `containers` random containers.
    func randomLayout(_ rng: inout SplitMix64, text: String, containers: Int) -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        for _ in 0..<containers { manager.addTextContainer(randomContainer(&rng)) }
        return (storage, manager)
    }

    /// A paragraph split (Return typed at a random place) or, half the time, two paragraphs
    /// joined (a random line break deleted, when there is one).
    func splitOrJoinRandomParagraph(_ rng: inout SplitMix64, _ storage: TextStorage) {
        if Bool.random(using: &rng) {
            let at = Int.random(in: 0...storage.length, using: &rng)
            storage.replaceCharacters(in: at..<at, with: "\n")
        } else {
            let breaks = storage.string.unicodeScalars.enumerated().filter { $0.element == "\n" }.map(\.offset)
            guard let at = breaks.randomElement(using: &rng) else { return }
            storage.replaceCharacters(in: at..<at + 1, with: "")
        }
    }

    /// One random edit: a word typed (two chances in five), up to ten characters deleted, an
    /// exclusion added or removed, or a container resized.
    func randomEdit(_ rng: inout SplitMix64, _ storage: TextStorage, _ manager: LayoutManager, words: [String]) {
        let length = storage.length
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1:
            let at = Int.random(in: 0...length, using: &rng)
            storage.replaceCharacters(in: at..<at, with: words.randomElement(using: &rng)! + " ")
        case 2:
            guard length > 0 else { return }
            let start = Int.random(in: 0..<length, using: &rng)
            storage.replaceCharacters(in: start..<min(length, start + Int.random(in: 1...10, using: &rng)), with: "")
        case 3:
            toggleRandomExclusion(&rng, in: manager)
        default:
            resizeRandomContainer(&rng, in: manager)
        }
    }
}
