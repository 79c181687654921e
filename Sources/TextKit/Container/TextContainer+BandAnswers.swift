/// Answers to band queries (``TextContainer/freeSpans(in:minY:height:minimumWidth:)``) kept for
/// containers of one geometry: the columns of every page of a ``PageSetup`` adopt the first
/// page's exclusions (``TextContainer/adoptGeometry(of:)``) and share this too, so a band at the
/// same height on another page is answered without asking the exclusion regions again (lines of
/// equal height fall on the same bands page after page).
///
/// A container gets a fresh one whenever anything its answers depend on changes, so an answer
/// is never stale; the key holds every argument and the text rectangle's vertical extent and
/// padding (bit patterns: -0 and 0 are different keys, as they may give different spans).
/// Bounded: a full table is emptied and fills again. Locked: containers of different layout
/// managers may share it and lay out on different threads.
final class BandAnswers: Sendable {
    /// The most answers kept.
    static let capacity = 8_192

    struct Key: Hashable {
        var proposedMinX: UInt64, proposedMaxX: UInt64
        var minY: UInt64, height: UInt64, minimumWidth: UInt64
        var textMinY: UInt64, textMaxY: UInt64, padding: UInt64

        init(_ proposed: Span, minY: Double, height: Double, minimumWidth: Double, textRect: Rect, padding: Double) {
            proposedMinX = proposed.minX.bitPattern
            proposedMaxX = proposed.maxX.bitPattern
            self.minY = minY.bitPattern
            self.height = height.bitPattern
            self.minimumWidth = minimumWidth.bitPattern
            textMinY = textRect.minY.bitPattern
            textMaxY = textRect.maxY.bitPattern
            self.padding = padding.bitPattern
        }

        /// One word mixed from the fields (multiply–xor, as FNV does) fed to the hasher: a lookup
        /// per line should not cost a full hash of 64 bytes. Equality still compares every field.
        func hash(into hasher: inout Hasher) {
            func mix(_ mixed: UInt64, _ field: UInt64) -> UInt64 {
                let product = (mixed ^ field) &* 0x0000_0100_0000_01b3
                return product ^ (product >> 29)
            }
            var mixed: UInt64 = 0xcbf2_9ce4_8422_2325
            mixed = mix(mix(mix(mix(mixed, proposedMinX), proposedMaxX), minY), height)
            mixed = mix(mix(mix(mix(mixed, minimumWidth), textMinY), textMaxY), padding)
            hasher.combine(mixed)
        }
    }

    private let answers = Locked([Key: [Span]]())

    /// The answer for `key`, computed by `compute` and kept if it was not known.
    func spans(for key: Key, compute: () -> [Span]) -> [Span] {
        if let known = answers.withLock({ $0[key] }) { return known }
        let spans = compute()
        answers.withLock { answers in
            if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = spans
        }
        return spans
    }
}
