/// How many glyphs each paragraph holds, with prefix sums in O(log n) (a Fenwick tree): where
/// the glyph-index queries find a glyph's paragraph and a paragraph's first glyph without
/// numbering the glyphs of the whole layout.
///
/// A paragraph laid out again changes its count in O(log n); paragraphs split or joined (the
/// paragraph indices move) rebuild the tree, in O(n) additions of stored counts.
package struct GlyphCounts {
    /// `tree[i - 1]` holds the sum of the counts of paragraphs `i - lowbit(i) ..< i`.
    private var tree: [Int]
    private var counts: [Int]

    /// The tree of `counts` (one per paragraph, in order).
    package init(_ counts: [Int]) {
        self.counts = counts
        tree = counts
        for i in stride(from: 1, through: tree.count, by: 1) {
            let parent = i + (i & -i)
            if parent <= tree.count { tree[parent - 1] += tree[i - 1] }
        }
    }

    /// The number of paragraphs.
    package var count: Int { counts.count }

    /// The glyphs of every paragraph.
    package var total: Int { glyphs(before: counts.count) }

    /// The glyph count of paragraph `index`.
    package subscript(index: Int) -> Int { counts[index] }

    /// Sets paragraph `index`'s count (nothing for an index past the paragraphs counted: a tree
    /// that no longer has as many paragraphs as the layout is rebuilt before use).
    package mutating func set(_ index: Int, to value: Int) {
        guard counts.indices.contains(index) else { return }
        let delta = value - counts[index]
        guard delta != 0 else { return }
        counts[index] = value
        var i = index + 1
        while i <= tree.count {
            tree[i - 1] += delta
            i += i & -i
        }
    }

    /// The glyphs of the paragraphs before `index` (the index of paragraph `index`'s first glyph).
    package func glyphs(before index: Int) -> Int {
        var sum = 0, i = index
        while i > 0 {
            sum += tree[i - 1]
            i -= i & -i
        }
        return sum
    }

    /// The paragraph holding glyph `glyph` (0 ≤ `glyph` < ``total``): the first whose glyphs and
    /// those before it number more than `glyph`.
    package func paragraph(holdingGlyph glyph: Int) -> Int {
        var position = 0, remaining = glyph
        var step = 1
        while step * 2 <= tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= tree.count, tree[next - 1] <= remaining {
                position = next
                remaining -= tree[next - 1]
            }
            step /= 2
        }
        return position
    }
}
