/// The cache's styles: the id each shaping input is kept under, and the memos of the inputs a
/// shaping thread asked for lately.
extension ShapeCache {
    /// A style's id in the cache, whether its runs are shaped word by word, whether its shaping
    /// reads the text around a run (``shapesWithoutContext(_:)``), and the HarfBuzz plan its
    /// words and runs are shaped by.
    struct CacheStyle {
        var id: Int32, byWord: Bool, readsContext: Bool
        var plan: HarfBuzzFont.ShapePlan?
    }

    /// A style a thread asked a cache for (``GlyphAssembly/recentStyles``): an object, so that it
    /// is compared in place (a tuple in an optional was copied whole, strings and arrays, to be
    /// read).
    final class StyleMemo {
        let cache: ShapeCache, input: ShapingInput, style: CacheStyle

        init(cache: ShapeCache, input: ShapingInput, style: CacheStyle) {
            (self.cache, self.input, self.style) = (cache, input, style)
        }
    }

    /// ``style(for:)``, or the answer `out`'s thread had if it asked for the same input lately
    /// (``GlyphAssembly/recentStyles``).
    func style(for key: ShapingInput, askedBefore out: GlyphAssembly) -> CacheStyle {
        let quickKey = key.quickKey
        for index in out.recentStyleKeys.indices where out.recentStyleKeys[index] == quickKey {
            let memo = out.recentStyles[index]
            if memo.cache === self, memo.input.matches(key) { return memo.style }
        }
        let found = style(for: key)
        let memo = StyleMemo(cache: self, input: key, style: found)
        if out.recentStyles.count < Self.threadStyleCount {
            out.recentStyles.append(memo)
            out.recentStyleKeys.append(quickKey)
        } else {
            out.recentStyles[out.oldestStyle] = memo
            out.recentStyleKeys[out.oldestStyle] = quickKey
            out.oldestStyle = (out.oldestStyle + 1) % Self.threadStyleCount
        }
        return found
    }

    /// Styles a thread keeps at hand (``GlyphAssembly/recentStyles``): more than the inputs of
    /// most multilingual text (a few a script: its font, direction and language; 18 in the
    /// multilingual benchmark corpus).
    static let threadStyleCount = 32
}
