/// Resolves the fonts of attribute runs and of characters the primary font lacks.
package struct FontResolver {
    let collection: FontCollection
    /// The font used when an attribute run's font cannot be resolved.
    let fallback: Font
    /// Called once per descriptor that could not be resolved.
    var onFailure: (FontDescriptor, FontError) -> Void = { _, _ in }
    /// The calling thread's recent answers (``ShapingScratch``), if it keeps them.
    var memo: FontMemo?

    func primaryFont(for descriptor: FontDescriptor) -> Font {
        if let memo, let font = memo.font(for: descriptor, in: collection) { return font }
        do {
            let font = try collection.font(for: descriptor)
            memo?.remember(font, for: descriptor, in: collection)
            return font
        } catch {
            onFailure(descriptor, error)
            return fallback
        }
    }

    /// ``FontCollection/fallbackFont(for:like:)`` for one scalar, from the calling thread's memo
    /// when it has the answer (most paragraphs of a script the primary font lacks ask for the
    /// same few characters' font first; the collection answers under its lock, from a hashed
    /// table, about 1,500 instructions).
    func fallbackFont(for scalar: Unicode.Scalar, like base: Font) -> Font? {
        if let memo, let answer = memo.fallback(for: scalar, like: base, in: collection) { return answer }
        let font = collection.fallbackFont(for: scalar, like: base)
        memo?.remember(font, forFallback: scalar, like: base, in: collection)
        return font
    }

    /// Creates a value from its parts.
    package init(collection: FontCollection, fallback: Font,
                 onFailure: @escaping (FontDescriptor, FontError) -> Void = { _, _ in }) {
        self.collection = collection
        self.fallback = fallback
        self.onFailure = onFailure
    }
}

/// What one thread's font questions were answered lately: the primary font it resolved last
/// (most paragraphs are in the font of the one before, which a collection would find under its
/// lock; ``FontCollection/font(for:)`` keeps a last answer too, for every thread), and the
/// fallback fonts of the single characters it asked for (``FontResolver/fallbackFont(for:like:)``),
/// in a table of ``fallbackSlots`` by scalar. Every answer is of one collection; a question of
/// another one forgets them. A collection's answers never change, so the memo is never stale.
package final class FontMemo {
    /// The collection the answers are from (held, as the fonts are, so that no other object takes
    /// its identity, or theirs, meanwhile).
    @exclusivity(unchecked) private var collection: FontCollection?
    @exclusivity(unchecked) private var descriptor = FontDescriptor()
    @exclusivity(unchecked) private var font: Font?
    /// The fallback answers: scalar, base font, font (empty until the first).
    @exclusivity(unchecked) private var fallbacks: [(scalar: UInt32, base: Font?, font: Font?)] = []

    /// Fallback answers kept, each in the slot of its scalar's low bits (a power of two).
    static let fallbackSlots = 64

    /// An empty memo.
    package init() {}

    /// The font remembered for `descriptor` in `collection` (sizes aside: the face it asks for).
    func font(for descriptor: FontDescriptor, in collection: FontCollection) -> Font? {
        guard self.collection === collection, let font, self.descriptor.asksForSameFace(as: descriptor) else { return nil }
        return font
    }

    func remember(_ font: Font, for descriptor: FontDescriptor, in collection: FontCollection) {
        adopt(collection)
        (self.descriptor, self.font) = (descriptor, font)
    }

    /// The fallback font remembered for `scalar` and `base` in `collection` (`.some(nil)`: none
    /// has it), or nil when none is.
    @inline(__always)
    func fallback(for scalar: Unicode.Scalar, like base: Font, in collection: FontCollection) -> Font?? {
        guard self.collection === collection, !fallbacks.isEmpty else { return nil }
        let slot = Int(scalar.value) & (Self.fallbackSlots - 1)
        guard fallbacks[slot].scalar == scalar.value, fallbacks[slot].base === base else { return nil }
        return .some(fallbacks[slot].font)
    }

    func remember(_ font: Font?, forFallback scalar: Unicode.Scalar, like base: Font, in collection: FontCollection) {
        adopt(collection)
        if fallbacks.isEmpty { fallbacks = Array(repeating: (scalar: .max, base: nil, font: nil), count: Self.fallbackSlots) }
        fallbacks[Int(scalar.value) & (Self.fallbackSlots - 1)] = (scalar.value, base, font)
    }

    /// Forgets every answer and their collection.
    func forget() { (collection, descriptor, font, fallbacks) = (nil, FontDescriptor(), nil, []) }

    /// Makes `collection` the one the answers are from, forgetting those of another.
    private func adopt(_ collection: FontCollection) {
        guard self.collection !== collection else { return }
        forget()
        self.collection = collection
    }
}
