/// How to stretch or shrink one justified line (or line fragment) to its span.
///
/// Pure arithmetic for the line assembler: the caller measures the line, counts its inter-word
/// spaces and letter gaps, and applies the result to every space and gap of the fragment. A
/// fragment next to an exclusion is justified to its own span; the last line of a paragraph and
/// a fragment ending in a mandatory break are not justified at all (the caller does not call this).
package struct Justification: Sendable, Equatable {
    /// Width added to every inter-word space (negative: removed).
    package var spaceAdjustment: Double
    /// Width added after every letter gap (0 unless the spaces could not absorb the shortfall).
    package var letterSpacing: Double
    /// The Knuth–Plass adjustment ratio of the spaces: `spaceAdjustment / stretch` when
    /// stretching, `spaceAdjustment / shrink` when shrinking (±infinity when there is none).
    package var ratio: Double
    /// Width still missing (> 0, underfull) or still too much (< 0, overfull) after the
    /// adjustment; 0 when the line ends exactly at the span edge.
    package var residual: Double

    /// An adjustment with the given values (the result of ``justify(naturalWidth:targetWidth:spaceCount:letterGapCount:limits:)``).
    package init(spaceAdjustment: Double, letterSpacing: Double, ratio: Double, residual: Double) {
        self.spaceAdjustment = spaceAdjustment
        self.letterSpacing = letterSpacing
        self.ratio = ratio
        self.residual = residual
    }

    /// The limits of justification.
    package struct Limits: Sendable, Equatable {
        /// Most width each space may gain within its stretchability (the paper's ratio ≤ 1 point).
        package var stretchPerSpace: Double
        /// Most width each space may lose (spaces never shrink beyond it).
        package var shrinkPerSpace: Double
        /// Most letter-spacing per letter gap, the last resort after the spaces (0: never).
        package var maximumLetterSpacing: Double
        /// When the spaces and letter-spacing at their limits still leave the line short, stretch
        /// the spaces further so the line ends at the span edge (true), or leave it short (false).
        package var stretchSpacesBeyondLimit: Bool

        /// Limits with the given stretch and shrink per space, no letter-spacing, and lines always
        /// filled when they have a space.
        package init(stretchPerSpace: Double, shrinkPerSpace: Double, maximumLetterSpacing: Double = 0,
                    stretchSpacesBeyondLimit: Bool = true) {
            self.stretchPerSpace = stretchPerSpace
            self.shrinkPerSpace = shrinkPerSpace
            self.maximumLetterSpacing = maximumLetterSpacing
            self.stretchSpacesBeyondLimit = stretchSpacesBeyondLimit
        }
    }

    /// The adjustment that makes a line of `naturalWidth` fill `targetWidth`.
    ///
    /// ```
    /// δ ← target − natural
    /// δ < 0:  each space shrinks by min(−δ / spaces, shrink); the rest is overfull residual
    /// δ > 0:  each space grows by min(δ / spaces, stretch)                   // 1. spaces to the limit
    ///         each letter gap grows by min(rest / gaps, maximumLetterSpacing)  // 2. letters, last resort
    ///         stretchSpacesBeyondLimit: spaces take the rest                   // 3. fill the line
    /// ```
    /// - Parameters:
    ///   - spaceCount: inter-word spaces in the line (trailing spaces excluded).
    ///   - letterGapCount: gaps between letters that letter-spacing may widen (usually grapheme
    ///     clusters minus one, excluding spaces and scripts that must not be spaced).
    package static func justify(naturalWidth: Double, targetWidth: Double, spaceCount: Int,
                               letterGapCount: Int = 0, limits: Limits) -> Justification {
        let delta = targetWidth - naturalWidth
        let spaces = Double(max(0, spaceCount))
        let gaps = Double(max(0, letterGapCount))
        if delta < 0 {
            let perSpace = spaces > 0 ? max(delta / spaces, -limits.shrinkPerSpace) : 0
            let ratio = spaces > 0 && limits.shrinkPerSpace > 0 ? perSpace / limits.shrinkPerSpace : -.infinity
            return Justification(spaceAdjustment: perSpace, letterSpacing: 0, ratio: ratio,
                                 residual: delta - perSpace * spaces)
        }
        if delta == 0 { return Justification(spaceAdjustment: 0, letterSpacing: 0, ratio: 0, residual: 0) }
        let stretch = max(0, limits.stretchPerSpace)
        var perSpace = 0.0, rest = delta
        if spaces > 0 && delta / spaces <= stretch {
            perSpace = delta / spaces
            rest = 0
        } else if spaces > 0 {
            perSpace = stretch
            rest = delta - stretch * spaces
        }
        var letterSpacing = 0.0
        if rest > 0, gaps > 0, limits.maximumLetterSpacing > 0 {
            letterSpacing = min(rest / gaps, limits.maximumLetterSpacing)
            rest -= letterSpacing * gaps
        }
        if rest > 0, spaces > 0, limits.stretchSpacesBeyondLimit {
            perSpace += rest / spaces
            rest = 0
        }
        let ratio = spaces == 0 ? Double.infinity
            : limits.stretchPerSpace > 0 ? perSpace / limits.stretchPerSpace : .infinity
        return Justification(spaceAdjustment: perSpace, letterSpacing: letterSpacing, ratio: ratio,
                             residual: max(0, rest))
    }
}
