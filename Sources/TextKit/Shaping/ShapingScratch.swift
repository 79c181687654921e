/// Working memory of one thread shaping paragraph after paragraph: the buffer a run's glyphs
/// are assembled in, the advance prefix computed before it is stored compactly, the items and
/// the font warnings of the paragraph being shaped. Reused, it saves four allocations a
/// paragraph (five when a paragraph's advance prefix is kept in 32 bits) that short paragraphs
/// pay for as much as long ones.
///
/// Never shared between threads: each shaping worker keeps one (``ShapingBatch/Worker``), the
/// layout pass its own.
package final class ShapingScratch {
    /// Where the runs' glyphs are assembled (see ``ShapedRun``).
    let assembly = GlyphAssembly(capacity: 256)
    /// The advance prefix of the paragraph being shaped, in 64 bits (see ``Paragraph``). Not
    /// checked for exclusive access, as ``items``.
    @exclusivity(unchecked) var prefix: [Double] = []
    /// The items of the paragraph being shaped (emptied once its runs are shaped). Not checked
    /// for exclusive access: the scratch belongs to one thread, and the checks of its two uses
    /// a paragraph cost more than reusing the array saves.
    @exclusivity(unchecked) var items: [Item] = []
    /// The primary font this thread resolved last, and its recent one-character fallback fonts.
    let fontMemo = FontMemo()
    /// The scripts of the BMP code units this thread itemized.
    let scripts = CodeUnitMemo()
    /// The line break opportunities of the pieces of text this thread has broken.
    package let lineBreaks = LineBreakMemo()
    /// Warnings about fonts that could not be resolved, for the paragraph being shaped (not
    /// checked for exclusive access, as ``items``).
    @exclusivity(unchecked) var fontWarnings: [LayoutWarning] = []

    /// Empty working memory.
    package init() {}

    /// Lets go of the fonts, the font collection and the word cache the memos hold (a worker's
    /// scratch outlives the layouts it shapes for; the buffers it keeps hold no references).
    func forgetFonts() {
        fontMemo.forget()
        assembly.forgetStyles()
    }
}
