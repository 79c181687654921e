import Foundation
import TextKit

/// Reading Unicode's conformance files (`Fixtures/unicode/*.txt`) and the list of ICU's accepted
/// deviations (`Fixtures/unicode/known-deviations.txt`).
enum UnicodeTestData {
    /// The data lines of a fixture file with their 1-based line numbers, comments stripped.
    static func lines(_ name: String) throws -> [(number: Int, text: Substring)] {
        let data = try String(contentsOfFile: Fixtures.path("Fixtures/unicode/\(name)"), encoding: .utf8)
        var out: [(Int, Substring)] = []
        var number = 0
        for raw in data.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let text = raw.prefix { $0 != "#" }
            if text.contains(where: { !$0.isWhitespace }) { out.append((number, text)) }
        }
        return out
    }

    /// A boundary test line (`× 0023 ÷ 0020 ÷`, UAX #14 and #29 files): the text as UTF-16 and the
    /// UTF-16 offsets where a break is expected (`÷`), excluding offset 0.
    static func boundaryCase(_ line: Substring) -> (utf16: [UInt16], breaks: [Int]) {
        var utf16: [UInt16] = []
        var breaks: [Int] = []
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            switch token {
            case "÷": if !utf16.isEmpty { breaks.append(utf16.count) }
            case "×": break
            default:
                let scalar = Unicode.Scalar(UInt32(token, radix: 16)!)!
                utf16.append(contentsOf: scalar.utf16)
            }
        }
        return (utf16, breaks)
    }

    /// Representative characters for each bidi class of `BidiTest.txt` (the ones ICU's own
    /// conformance test uses where they are real characters of the class).
    static let characterForBidiClass: [Substring: UInt16] = [
        "L": 0x0061, "R": 0x05D0, "AL": 0x0627, "EN": 0x0031, "ES": 0x002D, "ET": 0x0025,
        "AN": 0x0660, "CS": 0x002C, "B": 0x2029, "S": 0x0009, "WS": 0x0020, "ON": 0x003D,
        "NSM": 0x0300, "BN": 0x00AD, "LRE": 0x202A, "LRO": 0x202D, "RLE": 0x202B, "RLO": 0x202E,
        "PDF": 0x202C, "LRI": 0x2066, "RLI": 0x2067, "FSI": 0x2068, "PDI": 0x2069,
    ]

    /// Levels as written in the files: a number, or nil for "x" (removed by rule X9).
    static func levels(_ text: Substring) -> [UInt8?] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0 == "x" ? nil : UInt8($0)! }
    }

    /// Integers separated by white space.
    static func integers(_ text: Substring) -> [Int] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Int($0)! }
    }
}

/// The engine's bidi result for one paragraph of text that is also one line: levels per code
/// point and the visual order of code points (rule L2, via ``BidiParagraph/visualRuns(_:)``).
struct BidiOutcome: Equatable {
    var paragraphLevel: UInt8
    var levels: [UInt8]
    /// Code point indices, left to right.
    var order: [Int]

    init(utf16: [UInt16], direction: WritingDirection) {
        // Code point index of every UTF-16 unit.
        var pointIndex: [Int] = []
        pointIndex.reserveCapacity(utf16.count)
        var points = 0
        for unit in utf16 {
            if UTF16.isTrailSurrogate(unit), !pointIndex.isEmpty { pointIndex.append(points - 1); continue }
            pointIndex.append(points)
            points += 1
        }
        let paragraph = utf16.withUnsafeBufferPointer { BidiParagraph($0, direction: direction) }
        paragraphLevel = paragraph.paragraphLevel
        var levels = [UInt8](repeating: 0, count: points)
        for (unit, point) in pointIndex.enumerated() { levels[point] = paragraph.level(at: unit) }
        self.levels = levels
        var order: [Int] = []
        for run in paragraph.visualRuns(0..<utf16.count) {
            var indices: [Int] = []
            for unit in run.range where indices.last != pointIndex[unit] { indices.append(pointIndex[unit]) }
            order += run.rightToLeft ? indices.reversed() : indices
        }
        self.order = order
    }
}

/// ICU's documented deviations from Unicode's conformance files, read from
/// `Fixtures/unicode/known-deviations.txt`. Each entry names a file and either a line number or a
/// rule (a whole class of differences), with a reason.
struct KnownDeviations {
    struct Entry: Hashable { var file: String; var key: String }
    private(set) var reasons: [Entry: String] = [:]

    static func load() throws -> KnownDeviations {
        var result = KnownDeviations()
        let path = Fixtures.path("Fixtures/unicode/known-deviations.txt")
        for raw in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
            precondition(fields.count == 3 && !fields[2].isEmpty, "known-deviations.txt: bad line \(line)")
            result.reasons[Entry(file: fields[0], key: fields[1])] = fields[2]
        }
        return result
    }

    /// The reason a failure at `line` of `file` is accepted, or nil.
    func reason(file: String, line: Int) -> String? { reasons[Entry(file: file, key: "line \(line)")] }
    /// The reason a class of failures is accepted, or nil.
    func reason(file: String, rule: String) -> String? { reasons[Entry(file: file, key: "rule \(rule)")] }
    /// Line entries listed for `file`.
    func lines(of file: String) -> Set<Int> {
        Set(reasons.keys.filter { $0.file == file && $0.key.hasPrefix("line ") }.compactMap { Int($0.key.dropFirst(5)) })
    }
}

/// Counts of one conformance run.
struct ConformanceTally: CustomStringConvertible {
    var file: String
    var cases = 0
    var passed = 0
    /// Failing cases accepted by a line entry of the deviation list.
    var deviations = 0
    /// Failing cases accepted by a rule entry (a documented class of ICU differences).
    var acceptedByRules = 0
    /// Lines that failed with no deviation entry (with a description).
    var unexpected: [(line: Int, message: String)] = []
    /// Lines that failed and are listed (to detect stale entries).
    var listedFailures: Set<Int> = []

    var description: String {
        let rate = cases == 0 ? 0 : Double(passed) / Double(cases) * 100
        return "\(file): \(passed)/\(cases) passed (\(String(format: "%.2f", rate))%), "
            + "\(deviations) listed ICU deviations, \(acceptedByRules) accepted by rule (same visual order), "
            + "\(unexpected.count) unexpected failures"
    }
}
