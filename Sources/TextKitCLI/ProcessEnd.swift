import Foundation

/// What a command's last step does with the layout it made: nothing. A megabyte of text leaves a
/// layout of millions of small allocations (paragraphs, runs, glyph columns, the snapshot), and
/// freeing them one by one as the command returns takes a sixth of a `textkit layout` run, only
/// for the process to end right after and give all its memory back at once (as compilers skip
/// freeing their data at exit: clang's `-disable-free`).
///
/// Values kept here live until the process ends. Only the command-line commands keep anything:
/// `textkit serve` and the library free their layouts as usual.
enum ProcessEnd {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` alive until the process ends, so that they are never torn down.
    static func keepUntilExit(_ values: Any...) {
        lock.withLock { kept.append(contentsOf: values) }
    }
}
