import Foundation
import Testing
import TextKit
import SeededRandom

/// Selection navigation over real text: characters are Swift's grapheme clusters, words end
/// where a word ends, lines are the laid-out lines (an upstream caret at a soft break stays on
/// its line), up and down keep the x and come back, and extending keeps the anchor.
@Suite("Selection navigation on real text")
struct SelectionNavigationTests {
    static func text(_ path: String) throws -> String { try String(contentsOfFile: Fixtures.path(path), encoding: .utf8) }

    static let texts = ["Fixtures/texts/prose.txt", "Fixtures/unicode/texts/combining.txt", "Fixtures/unicode/texts/emoji.txt",
                        "Fixtures/unicode/texts/mixed.txt", "Fixtures/texts/udhr/hebrew.txt"]

    func laidOut(_ text: String, width: Double = 220) -> (TextStorage, LayoutManager) {
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: 100_000)))
        return (storage, manager)
    }

    func move(_ manager: LayoutManager, _ selection: TextSelection, _ direction: SelectionDirection,
              _ destination: SelectionDestination, extending: Bool = false) -> TextSelection {
        manager.destinationSelection(for: selection, direction: direction, destination: destination, extending: extending)
    }

    /// Scalar offsets of the grapheme boundaries Swift finds.
    static func graphemeBoundaries(_ text: String) -> [Int] {
        var out = [0], offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            out.append(offset)
        }
        return out
    }

    @Test(arguments: texts)
    func characterStepsVisitEveryGraphemeBoundary(path: String) throws {
        let text = try Self.text(path).replacingOccurrences(of: "\n", with: "\r\n")
        let (storage, manager) = laidOut(text)
        var forward = [0], selection = TextSelection(insertionPoint: 0)
        while selection.head < storage.length {
            selection = move(manager, selection, .forward, .character)
            forward.append(selection.head)
        }
        #expect(forward == Self.graphemeBoundaries(text))
        var backward = [storage.length]
        selection = TextSelection(insertionPoint: storage.length)
        while selection.head > 0 {
            selection = move(manager, selection, .backward, .character)
            backward.append(selection.head)
        }
        #expect(backward == forward.reversed())
    }

    @Test(arguments: texts)
    func wordStepsStopAtWordEndsAndComeBack(path: String) throws {
        let text = try Self.text(path)
        let (storage, manager) = laidOut(text)
        // The grapheme cluster ending at each boundary.
        var clusterEnding: [Int: Character] = [:]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            clusterEnding[offset] = character
        }
        var selection = TextSelection(insertionPoint: 0)
        var stops: [Int] = []
        while selection.head < storage.length {
            let next = move(manager, selection, .forward, .word)
            #expect(next.head > selection.head)
            selection = next
            stops.append(next.head)
        }
        let boundaries = Set(Self.graphemeBoundaries(text))
        for stop in stops where stop < storage.length {
            #expect(boundaries.contains(stop))
            // A word ends there: not after a space or punctuation.
            let before = try #require(clusterEnding[stop])
            #expect(!before.isWhitespace && !before.isPunctuation, "\(path): stop \(stop) after \(before)")
            // The word's start, then its end again.
            let start = move(manager, TextSelection(insertionPoint: stop), .backward, .word)
            #expect(start.head < stop)
            #expect(move(manager, start, .forward, .word).head == stop, "\(path): word ending at \(stop)")
        }
    }

    /// Each line's start and end, from random places in it; the end of a soft-broken line is
    /// upstream and its caret stays on that line.
    @Test(arguments: [81, 82] as [UInt64])
    func lineEdgesAreTheLaidOutLines(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let text = String(try Fixtures.text("debian-reference.txt").prefix(6_000))
        let (storage, manager) = laidOut(text, width: Double(Int.random(in: 150...400, using: &rng)))
        let lines = manager.snapshot().containers[0].lines
        let scalars = Array(text.unicodeScalars)
        for _ in 0..<60 {
            let line = lines.randomElement(using: &rng)!
            let range = line.characterRange
            let at = Int.random(in: range.lowerBound..<range.upperBound, using: &rng)
            let start = move(manager, TextSelection(insertionPoint: at), .backward, .line)
            #expect(start.head == range.lowerBound && start.affinity == .downstream)
            let end = move(manager, TextSelection(insertionPoint: at), .forward, .line)
            let hard = scalars[range.upperBound - 1] == "\n"
            let isLast = range.upperBound == storage.length
            #expect(end.head == (hard ? range.upperBound - 1 : range.upperBound), "line \(range) from \(at)")
            #expect(end.affinity == (hard || isLast ? .downstream : .upstream))
            let caret = try #require(manager.caretRects(for: end).first)
            #expect(caret.rect.minY == line.rect.minY, "the caret at the end of \(range) stays on its line")
            // From the upstream end, the line's start again.
            #expect(move(manager, end, .backward, .line).head == range.lowerBound)
        }
    }

    /// Down lands on the next line at the caret's x, and up comes back to the same place when
    /// the next line reaches that far.
    @Test(arguments: [91, 92] as [UInt64])
    func upAndDownKeepTheColumn(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let text = String(try Fixtures.text("debian-reference.txt").prefix(6_000))
        let (storage, manager) = laidOut(text, width: Double(Int.random(in: 150...400, using: &rng)))
        let lines = manager.snapshot().containers[0].lines
        for _ in 0..<60 {
            let k = Int.random(in: 0..<lines.count - 1, using: &rng)
            let range = lines[k].characterRange
            let at = Int.random(in: range.lowerBound..<range.upperBound, using: &rng)
            let start = TextSelection(insertionPoint: at)
            let down = move(manager, start, .down, .character)
            let next = lines[k + 1]
            #expect(next.characterRange.lowerBound <= down.head && down.head <= next.characterRange.upperBound)
            let caret = try #require(manager.caretRects(for: down).first)
            #expect(caret.rect.minY == next.rect.minY, "down from \(at) lands on the next line")
            let x = try #require(manager.caretRects(forCharacterIndex: at).first).rect.minX
            #expect(down.anchorPositionOffset == x)
            let reach = next.fragments.map(\.usedRect.maxX).max() ?? 0
            if x < reach - 1, x > (next.fragments.first?.usedRect.minX ?? 0) + 1 {
                #expect(move(manager, down, .up, .character).head == at, "up after down from \(at)")
            }
        }
        // Above the first line: the text's start; below the last: its end.
        #expect(move(manager, TextSelection(insertionPoint: 3), .up, .line).head == 0)
        #expect(move(manager, TextSelection(insertionPoint: storage.length - 1), .down, .line).head == storage.length)
    }

    @Test func extendingKeepsTheAnchorAndMovingCollapses() throws {
        let text = try Fixtures.text("prose.txt")
        let (storage, manager) = laidOut(text)
        var selection = TextSelection(insertionPoint: 10)
        selection = move(manager, selection, .forward, .word, extending: true)
        selection = move(manager, selection, .forward, .word, extending: true)
        #expect(selection.anchor == 10 && selection.head > 10 && selection.range == 10..<selection.head)
        let back = move(manager, selection, .backward, .document, extending: true)
        #expect(back.anchor == 10 && back.head == 0 && back.range == 0..<10)
        #expect(move(manager, selection, .forward, .character) == TextSelection(insertionPoint: selection.head))
        #expect(move(manager, selection, .left, .character) == TextSelection(insertionPoint: 10))
        #expect(move(manager, selection, .forward, .document).head == storage.length)
        // Paragraphs: to the end of this paragraph's text, then of the next.
        let breaks = text.unicodeScalars.enumerated().filter { $0.element == "\n" }.map(\.offset)
        let first = move(manager, TextSelection(insertionPoint: 0), .forward, .paragraph)
        #expect(first.head == breaks[0])
        #expect(move(manager, first, .forward, .paragraph).head == breaks[1])
        #expect(move(manager, first, .backward, .paragraph).head == 0)
    }

    /// In left-to-right text, right and left by character are forward and backward.
    @Test func leftAndRightAreForwardAndBackwardInLeftToRightText() throws {
        let text = String(try Fixtures.text("debian-reference.txt").prefix(3_000))
        let (storage, manager) = laidOut(text)
        var right = TextSelection(insertionPoint: 0), forward = right
        while forward.head < storage.length {
            right = move(manager, right, .right, .character)
            forward = move(manager, forward, .forward, .character)
            #expect(right.head == forward.head)
        }
        var left = TextSelection(insertionPoint: storage.length)
        var backward = left
        while backward.head > 0 {
            left = move(manager, left, .left, .character)
            backward = move(manager, backward, .backward, .character)
            #expect(left.head == backward.head)
        }
    }

    /// In lines mixing directions, moving right from the left end crosses the line as drawn one
    /// grapheme at a time: it leaves the line after exactly as many steps as the line has
    /// graphemes, each landing on an edge of a cluster of the line.
    @Test func rightCrossesMixedLinesAsDrawn() throws {
        let text = try Self.text("Fixtures/unicode/texts/mixed.txt")
        let (_, manager) = laidOut(text, width: 2_000)
        let snapshot = manager.snapshot()
        let scalars = Array(text.unicodeScalars)
        for line in snapshot.containers[0].lines where !line.fragments.isEmpty {
            let clusters = line.fragments.flatMap { QueryIndex.clusters(of: $0) }
            let edges = Set(clusters.flatMap { [$0.characters.lowerBound, $0.characters.upperBound] })
            var content = line.characterRange
            if scalars[content.upperBound - 1] == "\n" { content = content.lowerBound..<content.upperBound - 1 }
            let graphemes = String(String.UnicodeScalarView(scalars[content])).count
            let y = line.rect.minY + line.rect.height / 2
            var selection = TextSelection(insertionPoint: manager.characterIndex(
                for: Point(x: line.rect.minX - 10, y: y), in: manager.textContainers[0]))
            var steps = 0
            while steps <= graphemes + 1 {
                selection = move(manager, selection, .right, .character)
                guard line.characterRange.contains(selection.head), edges.contains(selection.head) else { break }
                steps += 1
            }
            #expect(steps == graphemes, "line \(line.characterRange): left after \(steps) steps, \(graphemes) graphemes")
        }
    }

    /// In a right-to-left paragraph, right is backward and left forward.
    @Test func rightToLeftParagraphsTurnLeftAndRight() throws {
        let text = try Self.text("Fixtures/texts/udhr/hebrew.txt")
        let (_, manager) = laidOut(text)
        let at = TextSelection(insertionPoint: 20)
        #expect(move(manager, at, .right, .character).head == move(manager, at, .backward, .character).head)
        #expect(move(manager, at, .left, .character).head == move(manager, at, .forward, .character).head)
    }

    /// After a final line break, down from the last line reaches the empty last line (the text's
    /// end) and up from there the last line.
    @Test func theExtraLineIsReachedAndLeft() {
        let (storage, manager) = laidOut("First line of text\nLast line\n")
        let down = move(manager, TextSelection(insertionPoint: 22), .down, .character)
        #expect(down.head == storage.length)
        let up = move(manager, down, .up, .character)
        #expect((19..<29).contains(up.head))
    }
}
