import Foundation
import Testing
import TextKit

/// Unicode's own conformance files (15.0, the version ICU 72 implements), run whole against the
/// engine's analysis layer: `ICU.lineBreaks` (UAX #14), `ICU.graphemeBoundaries` (UAX #29) and
/// `BidiParagraph` (UAX #9, levels and visual order per line).
///
/// A failure passes only when `Fixtures/unicode/known-deviations.txt` lists it with a reason; a
/// listed line that no longer fails is reported too, so the list cannot go stale. Each test prints
/// its pass rate.
@Suite("Unicode conformance")
struct UnicodeConformanceTests {
    @Test func lineBreakTest() throws {
        let file = "LineBreakTest.txt"
        var tally = ConformanceTally(file: file)
        for (number, line) in try UnicodeTestData.lines(file) {
            let (utf16, expected) = UnicodeTestData.boundaryCase(line)
            let actual = utf16.withUnsafeBufferPointer { ICU.lineBreaks($0, locale: "") }.map(\.offset)
            tally.record(line: number, passed: actual == expected,
                         message: "expected breaks \(expected), ICU gave \(actual) for \(line)")
        }
        try check(tally)
    }

    @Test func graphemeBreakTest() throws {
        let file = "GraphemeBreakTest.txt"
        var tally = ConformanceTally(file: file)
        for (number, line) in try UnicodeTestData.lines(file) {
            let (utf16, expected) = UnicodeTestData.boundaryCase(line)
            let actual = utf16.withUnsafeBufferPointer { ICU.graphemeBoundaries($0) }.dropFirst().map { Int($0) }
            tally.record(line: number, passed: actual == expected,
                         message: "expected boundaries \(expected), ICU gave \(actual) for \(line)")
        }
        try check(tally)
    }

    /// `BidiTest.txt`: inputs are bidi classes, turned into one representative character each;
    /// every listed paragraph direction (auto, LTR, RTL) is a case.
    @Test func bidiTest() throws {
        let file = "BidiTest.txt"
        let deviations = try KnownDeviations.load()
        let acceptUnidirectionalLevels = deviations.reason(file: file, rule: "unidirectional-levels") != nil
        var tally = ConformanceTally(file: file)
        var levels: [UInt8?] = []
        var order: [Int] = []
        let directions: [(bit: Int, direction: WritingDirection)] = [(1, .natural), (2, .leftToRight), (4, .rightToLeft)]
        for (number, line) in try UnicodeTestData.lines(file) {
            if line.hasPrefix("@Levels:") { levels = UnicodeTestData.levels(line.dropFirst(8)); continue }
            if line.hasPrefix("@Reorder:") { order = UnicodeTestData.integers(line.dropFirst(9)); continue }
            if line.hasPrefix("@") { continue }
            let fields = line.split(separator: ";")
            let utf16 = fields[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map {
                UnicodeTestData.characterForBidiClass[$0]!
            }
            let bits = Int(fields[1].trimmingCharacters(in: .whitespaces), radix: 16)!
            for (bit, direction) in directions where bits & bit != 0 {
                let outcome = BidiOutcome(utf16: utf16, direction: direction)
                let levelsMatch = zip(levels, outcome.levels).allSatisfy { $0 == nil || $0 == $1 }
                let visible = outcome.order.filter { levels[$0] != nil }
                let byRule = !levelsMatch && visible == order && acceptUnidirectionalLevels
                    && Self.sameSingleDirection(levels, outcome.levels)
                tally.record(line: number, passed: levelsMatch && visible == order, acceptedByRule: byRule,
                             message: "\(line) [\(direction)]: levels \(outcome.levels) (expected \(levels)), "
                                 + "order \(visible) (expected \(order))")
            }
        }
        try check(tally)
    }

    /// `BidiCharacterTest.txt`: real characters (paired brackets included), with the resolved
    /// paragraph level, levels and visual order.
    @Test func bidiCharacterTest() throws {
        let file = "BidiCharacterTest.txt"
        let deviations = try KnownDeviations.load()
        let acceptUnidirectionalLevels = deviations.reason(file: file, rule: "unidirectional-levels") != nil
        var tally = ConformanceTally(file: file)
        for (number, line) in try UnicodeTestData.lines(file) {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            var utf16: [UInt16] = []
            for hex in fields[0].split(separator: " ") {
                utf16.append(contentsOf: Unicode.Scalar(UInt32(hex, radix: 16)!)!.utf16)
            }
            let direction: WritingDirection = switch fields[1] {
            case "0": .leftToRight
            case "1": .rightToLeft
            default: .natural
            }
            let paragraphLevel = UInt8(fields[2])!
            let levels = UnicodeTestData.levels(fields[3])
            let order = UnicodeTestData.integers(fields[4])
            let outcome = BidiOutcome(utf16: utf16, direction: direction)
            let levelsMatch = zip(levels, outcome.levels).allSatisfy { $0 == nil || $0 == $1 }
            let visible = outcome.order.filter { levels[$0] != nil }
            let paragraphMatches = outcome.paragraphLevel == paragraphLevel
            let byRule = paragraphMatches && !levelsMatch && visible == order && acceptUnidirectionalLevels
                && Self.sameSingleDirection(levels, outcome.levels)
            tally.record(line: number,
                         passed: paragraphMatches && levelsMatch && visible == order, acceptedByRule: byRule,
                         message: "paragraph \(outcome.paragraphLevel) (expected \(paragraphLevel)), levels "
                             + "\(outcome.levels) (expected \(levels)), order \(visible) (expected \(order))")
        }
        try check(tally)
    }

    // MARK: - Internals

    /// ICU's shortcut for unidirectional text: all levels are reported as the paragraph level when
    /// every resolved level has the same parity, which keeps the visual order.
    static func sameSingleDirection(_ expected: [UInt8?], _ actual: [UInt8]) -> Bool {
        let expectedParities = Set(expected.compactMap { $0.map { $0 & 1 } })
        let actualParities = Set(actual.enumerated().filter { expected[$0.offset] != nil }.map { $0.element & 1 })
        return expectedParities.count == 1 && expectedParities == actualParities
    }

    /// Fails for unexpected failures and for listed lines that pass; prints the pass rate.
    private func check(_ tally: ConformanceTally) throws {
        let deviations = try KnownDeviations.load()
        let listed = deviations.lines(of: tally.file)
        print("conformance: \(tally)")
        if let dump = ProcessInfo.processInfo.environment["TEXTKIT_CONFORMANCE_DUMP"] {
            // Writes every unexpected failure, for reviewing new ICU versions.
            let text = tally.unexpected.map { "\(tally.file)\t\($0.line)\t\($0.message)" }.joined(separator: "\n")
            try text.write(toFile: "\(dump)/\(tally.file).failures", atomically: true, encoding: .utf8)
        }
        for failure in tally.unexpected.prefix(20) {
            Issue.record("\(tally.file):\(failure.line) fails and is not in known-deviations.txt: \(failure.message)")
        }
        if tally.unexpected.count > 20 { Issue.record("\(tally.file): \(tally.unexpected.count - 20) more failures") }
        for stale in listed.subtracting(tally.listedFailures).sorted() {
            Issue.record("\(tally.file):\(stale) is listed in known-deviations.txt but passes: remove it")
        }
    }
}

extension ConformanceTally {
    /// Counts one case; a failing case is unexpected unless its line is listed.
    mutating func record(line: Int, passed ok: Bool, acceptedByRule: Bool = false,
                         message: @autoclosure () -> String) {
        cases += 1
        if ok { passed += 1; return }
        if acceptedByRule { acceptedByRules += 1; return }
        if Self.deviations.reason(file: file, line: line) != nil {
            listedFailures.insert(line)
            deviations += 1
        } else {
            unexpected.append((line, message()))
        }
    }

    static let deviations: KnownDeviations = (try? KnownDeviations.load()) ?? KnownDeviations()
}
