/// Resolves the fonts of attribute runs and of characters the primary font lacks.
package struct FontResolver {
    let collection: FontCollection
    /// The font used when an attribute run's font cannot be resolved.
    let fallback: Font
    /// Called once per descriptor that could not be resolved.
    var onFailure: (FontDescriptor, FontError) -> Void = { _, _ in }
    /// The calling thread's last answer (``ShapingScratch``), if it keeps one.
    var memo: PrimaryFontMemo?

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

    /// Creates a value from its parts.
    package init(collection: FontCollection, fallback: Font,
                 onFailure: @escaping (FontDescriptor, FontError) -> Void = { _, _ in }) {
        self.collection = collection
        self.fallback = fallback
        self.onFailure = onFailure
    }
}

/// The primary font one thread resolved last: most paragraphs are in the font of the one
/// before, which a collection would find under its lock (``FontCollection/font(for:)`` keeps a
/// last answer too, for every thread). A collection's answer for a face never changes, so the
/// memo is never stale.
package final class PrimaryFontMemo {
    @exclusivity(unchecked) private var collection: FontCollection?
    @exclusivity(unchecked) private var descriptor = FontDescriptor()
    @exclusivity(unchecked) private var font: Font?

    /// An empty memo.
    package init() {}

    /// The font remembered for `descriptor` in `collection` (sizes aside: the face it asks for).
    func font(for descriptor: FontDescriptor, in collection: FontCollection) -> Font? {
        guard self.collection === collection, let font, self.descriptor.asksForSameFace(as: descriptor) else { return nil }
        return font
    }

    func remember(_ font: Font, for descriptor: FontDescriptor, in collection: FontCollection) {
        (self.collection, self.descriptor, self.font) = (collection, descriptor, font)
    }

    /// Forgets the font and its collection.
    func forget() { (collection, descriptor, font) = (nil, FontDescriptor(), nil) }
}
