import TextKit

/// One client's document in `textkit serve`: a text storage and one `LayoutManager` kept from
/// request to request, so that each request re-lays out only what it changes.
///
/// - A text edit replaces only the characters between the common prefix and suffix of the old
///   and new text: only the paragraphs it touches are reshaped.
/// - A change of exclusions alone sets each column container's exclusions anew
///   (``PageSetup/exclusions(inColumn:)``): the layout manager re-lays out only the lines whose
///   band the exclusions added or removed meet (a drag moves one exclusion: the lines it left
///   and the lines it reached).
/// - A change of page geometry starts the pages over; the shaped paragraphs are kept.
///
/// `@unchecked Sendable`: it is not thread-safe, but ``PlaygroundDocuments`` lends each document
/// to one request at a time, so it only ever moves between threads, never is shared by them.
final class PlaygroundDocument: @unchecked Sendable {
    /// A layout stopped by a budget: the pages or the time it had.
    struct BudgetExceeded: Error {
        var message: String
    }

    /// The font every other font of the document falls back from.
    let primaryFont: Font
    let storage: TextStorage
    let layoutManager: LayoutManager
    private var attributes: TextAttributes
    private var scalars: [Unicode.Scalar]
    private var setup: PageSetup?
    private(set) var pages: [PageDescription] = []
    private(set) var placements: [ContainerPlacement] = []

    /// A document of `text` in `attributes`, laid out with fonts of `collection`.
    init(text: String, attributes: TextAttributes, primaryFont: Font, collection: FontCollection) {
        self.primaryFont = primaryFont
        self.attributes = attributes
        scalars = Array(text.unicodeScalars)
        storage = TextStorage(string: text, attributes: attributes)
        layoutManager = LayoutManager(fontCollection: collection, defaultFont: primaryFont)
        storage.addLayoutManager(layoutManager)
    }

    /// Makes the text `text` in `attributes`: new attributes restyle all of it; otherwise only
    /// the characters that differ from the current text are replaced.
    func update(text: String, attributes new: TextAttributes) {
        let newScalars = Array(text.unicodeScalars)
        guard newScalars != scalars || new != attributes else { return }
        storage.beginEditing()
        if new != attributes {
            attributes = new
            storage.setAttributes(new, range: 0..<scalars.count)
        }
        var prefix = 0
        let shorter = min(scalars.count, newScalars.count)
        while prefix < shorter, scalars[prefix] == newScalars[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix,
              scalars[scalars.count - 1 - suffix] == newScalars[newScalars.count - 1 - suffix] { suffix += 1 }
        if prefix + suffix < max(scalars.count, newScalars.count) {
            let middle = String(String.UnicodeScalarView(newScalars[prefix..<(newScalars.count - suffix)]))
            storage.replaceCharacters(in: prefix..<(scalars.count - suffix), with: middle, attributes: new)
        }
        storage.endEditing()
        scalars = newScalars
    }

    /// Lays the text out on pages set up as `setup`, adding pages until it all fits, at most
    /// `maximumPages` of them, and removing pages it no longer needs.
    ///
    /// - Throws: ``BudgetExceeded`` when the text needs more than `maximumPages` pages, or
    ///   `deadline` passes between two pages; the document then starts its pages over next time.
    func layOut(_ setup: PageSetup, maximumPages: Int, deadline: ContinuousClock.Instant,
                limits: (pages: String, time: String)) throws(BudgetExceeded) {
        if let old = self.setup, Self.sameGeometry(old, setup) {
            if old.exclusions != setup.exclusions {
                for (index, container) in layoutManager.textContainers.enumerated() {
                    container.exclusions = setup.exclusions(inColumn: index % setup.columns)
                }
            }
        } else {
            while !layoutManager.textContainers.isEmpty { layoutManager.removeTextContainer(at: layoutManager.textContainers.count - 1) }
            pages = []
            placements = []
        }
        self.setup = setup
        do throws(BudgetExceeded) {
            if pages.isEmpty { addPage(setup) }
            while let before = layoutManager.overflowRange {
                guard pages.count < maximumPages else {
                    throw BudgetExceeded(message: "the text needs more than \(maximumPages) pages (\(limits.pages))")
                }
                guard ContinuousClock.now < deadline else {
                    throw BudgetExceeded(message: "the layout took longer than \(limits.time) after \(pages.count) pages")
                }
                addPage(setup)
                if let after = layoutManager.overflowRange, after.lowerBound == before.lowerBound {
                    // The new page took no text (a cluster wider than a column): report overflow.
                    removeLastPage(setup)
                    break
                }
            }
            // Pages after the one holding the last character are no longer needed.
            if layoutManager.overflowRange == nil, storage.length > 0,
               let last = layoutManager.textContainer(forCharacterAt: storage.length - 1),
               let index = layoutManager.textContainers.firstIndex(where: { $0 === last }) {
                while pages.count > index / setup.columns + 1 { removeLastPage(setup) }
            }
        } catch {
            self.setup = nil
            throw error
        }
    }

    // MARK: - Internals

    /// Whether two setups differ in their exclusions at most.
    private static func sameGeometry(_ a: PageSetup, _ b: PageSetup) -> Bool {
        var a = a, b = b
        a.exclusions = []
        b.exclusions = []
        return a == b
    }

    /// Appends one page of `setup`'s columns and lays the text out (`layOutPages` places them).
    private func addPage(_ setup: PageSetup) {
        let added = layoutManager.layOutPages(setup, count: .fixed(1))
        let page = pages.count
        pages += added.pages
        placements += added.placements.map { ContainerPlacement(page: $0.page + page, origin: $0.origin) }
    }

    private func removeLastPage(_ setup: PageSetup) {
        for _ in 0..<setup.columns { layoutManager.removeTextContainer(at: layoutManager.textContainers.count - 1) }
        placements.removeLast(setup.columns)
        pages.removeLast()
    }
}
