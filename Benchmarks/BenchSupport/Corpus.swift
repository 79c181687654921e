import Foundation

/// Where the benchmarks find their inputs: the repository (located from this file, so the
/// working directory does not matter), the generated corpora and the fixture font.
public enum Corpus {
    /// The repository root (the parent of `Benchmarks/`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// DejaVu Sans as bundled with the fixtures (identical to Debian's fonts-dejavu-core file).
    public static var fixtureFontPath: String {
        repositoryRoot.appendingPathComponent("Fixtures/fonts/DejaVuSans.ttf").path
    }

    /// The path of a generated corpus, e.g. `en-1mb.txt`.
    public static func path(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Benchmarks/.corpus/\(name)").path
    }

    /// The text of a generated corpus; stops the process with a hint when it is missing.
    public static func load(_ name: String) -> String {
        load(path: path(name))
    }

    /// The text of a file; stops the process with a hint when it is missing.
    public static func load(path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("\(path) is missing: run scripts/make-corpus.py first")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The paragraphs of `text` without their LF terminators (the generated corpora use LF only).
    public static func paragraphs(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map { $0 }
    }
}
