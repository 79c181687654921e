/// Pages of equal size, each with one or more columns: the container chain a document tool
/// usually wants. Every column is a ``TextContainer``; page-level exclusion paths cut across every
/// column they overlap.
public struct PageSetup: Hashable, Sendable {
    /// The page size in points (US Letter by default).
    public var pageSize = Size(width: 612, height: 792)
    /// Space between the page edges and the columns.
    public var margins = EdgeInsets(all: 72)
    /// Columns per page (at least 1).
    public var columns = 1
    /// Space between columns, in points.
    public var gutter = 18.0
    /// The line fragment padding of every column.
    public var lineFragmentPadding = 0.0
    /// The minimum fragment width of every column (nil: one em).
    public var minimumFragmentWidth: Double?
    /// Exclusions in page coordinates (with margins, wrap sides, minimum widths), applied on
    /// every page to every column their margin-grown area overlaps.
    public var exclusions: [Exclusion] = []
    /// Whether the columns of the last page are shortened to end at nearly equal heights
    /// (within 0.5 pt of the shortest height that still holds the same text).
    public var balancesLastPage = false
    /// A shape in page coordinates that text flows inside of (nil: the columns' rectangles);
    /// every column gets it, so text fills the part of each column inside the shape.
    public var shape: BezierPath?

    /// The plain case of ``exclusions``: paths text flows around on both sides. Reading lists
    /// every exclusion's path; setting replaces all exclusions with plain ones.
    public var exclusionPaths: [BezierPath] {
        get { exclusions.map(\.path) }
        set { exclusions = newValue.map { Exclusion(path: $0) } }
    }

    /// The default setup: US Letter, 72 pt margins, one column.
    public init() {}

    /// The width of one column.
    public var columnWidth: Double {
        (pageSize.width - margins.left - margins.right - Double(columns - 1) * gutter) / Double(max(1, columns))
    }

    /// The frame of column `column` on a page, in page coordinates.
    public func columnFrame(_ column: Int) -> Rect {
        Rect(x: margins.left + Double(column) * (columnWidth + gutter), y: margins.top,
             width: columnWidth, height: max(0, pageSize.height - margins.top - margins.bottom))
    }

    /// The exclusions of column `column` on every page, in the column's coordinates: those of
    /// ``exclusions`` whose area meets the column's frame, moved by its origin. Changing a
    /// column container's exclusions to these after ``exclusions`` changed re-lays out only the
    /// lines the exclusions added or removed meet (``LayoutManager/textContainerChanged(_:)``).
    public func exclusions(inColumn column: Int) -> [Exclusion] {
        let frame = columnFrame(column)
        let move = AffineTransform(translationX: -frame.minX, y: -frame.minY)
        return exclusions.filter { !$0.path.isEmpty && $0.bounds.intersects(frame) }.map { $0.applying(move) }
    }
}

/// How many pages to lay out.
public enum PageCount: Hashable, Sendable {
    /// Exactly this many pages; what does not fit is overflow.
    case fixed(Int)
    /// Pages are added until all text fits, up to `maximum`. A page that takes no text (a
    /// cluster wider than a column) ends the process.
    case automatic(maximum: Int)
}

/// The pages a layout manager was given, and where each of its containers sits.
public struct PagedLayout: Hashable, Sendable {
    /// The pages, in order.
    public var pages: [PageDescription]
    /// One placement per container of the layout manager.
    public var placements: [ContainerPlacement]
}

/// Where a container sits: on which page and at which page position.
public struct ContainerPlacement: Hashable, Sendable {
    /// The page's index (0-based).
    public var page: Int
    /// The container's top-left corner in page coordinates.
    public var origin: Point

    /// Creates a placement.
    public init(page: Int, origin: Point) {
        self.page = page
        self.origin = origin
    }
}

/// A page of the output.
public struct PageDescription: Hashable, Sendable {
    /// The page size in points.
    public var size: Size

    /// Creates a page description.
    public init(size: Size) {
        self.size = size
    }
}

extension LayoutManager {
    /// Appends the containers of `count` pages set up as `setup` and lays the text out.
    ///
    /// Complexity: with ``PageCount/automatic(maximum:)`` pages are added about as many at a
    /// time as the text left needs, and each addition only lays out the text that did not fit
    /// before.
    ///
    /// - Parameter progress: called with the number of pages laid out so far, after each
    ///   addition of pages (for a progress display on long documents).
    public func layOutPages(_ setup: PageSetup, count: PageCount, progress: ((Int) -> Void)? = nil) -> PagedLayout {
        var result = PagedLayout(pages: [], placements: [])
        let existing = textContainers.count
        switch count {
        case .fixed(let pages):
            for _ in 0..<max(0, pages) { addPage(setup, to: &result) }
        case .automatic(let maximum):
            addPage(setup, to: &result)
            progress?(result.pages.count)
            // Pages are added as many at a time as the rest of the text needs (estimated from
            // the characters per page so far), at most as many as there are already (but 8 to
            // 256, so progress is still reported often), not one by one: each addition is a
            // layout pass, and a pass per page restarted the shaping pipeline 330 times for a
            // megabyte. The pages the text did not reach are taken off again, so the pages are
            // those of adding one at a time until the text fits or a page takes none of it
            // (then none ever would: every page has the first one's geometry).
            while let overflow = overflowRange, result.pages.count < maximum {
                let before = result.pages.count
                let perPage = Double(overflow.lowerBound) / Double(before)
                let estimate = perPage > 0 ? (Double(overflow.count) / perPage * 1.05).rounded(.up) + 1 : 1
                let step = min(estimate, Double(min(max(before, 8), 256)), Double(maximum - before))
                for _ in 0..<Int(step) { addPage(setup, to: &result) }
                let added = result.pages.count
                let used = pagesHoldingText(setup, existing: existing)
                removeLastPages(added - max(used, before), setup, from: &result)
                progress?(result.pages.count)
                if used < added, overflowRange != nil { break }
            }
        }
        precondition(textContainers.count - existing == result.placements.count)
        ensureLayout()
        if setup.balancesLastPage, setup.columns > 1, result.pages.count > 0 {
            balanceLastPage(columns: setup.columns)
        }
        return result
    }

    // MARK: - Internals

    /// Shortens the last page's columns to the smallest height (to 0.5 pt) that still holds the
    /// same text, so they end at nearly equal heights.
    ///
    /// ```
    /// low ← 0, high ← the full height (fits)
    /// while high − low > 0.5: mid ← (low + high) / 2; lay out with mid; fits ? high ← mid : low ← mid
    /// ```
    /// Each try re-lays out only the last page (its containers changed; the text before them
    /// stays), so the cost is about ten layouts of one page.
    private func balanceLastPage(columns: Int) {
        let last = Array(textContainers.suffix(columns))
        guard let fullHeight = last.first?.size.height, fullHeight.isFinite else { return }
        let target = overflowRange
        func fits(_ height: Double) -> Bool {
            for container in last { container.size.height = height }
            return overflowRange == target
        }
        var low = 0.0, high = fullHeight
        while high - low > 0.5 {
            let mid = (low + high) / 2
            if fits(mid) { high = mid } else { low = mid }
        }
        _ = fits(high)
        ensureLayout()
    }

    /// How many of the pages after the first `existing` containers hold text: up to the page of
    /// the last character laid out (0 when none is laid out there).
    private func pagesHoldingText(_ setup: PageSetup, existing: Int) -> Int {
        let last = (overflowRange?.lowerBound ?? textStorage?.length ?? 0) - 1
        guard last >= 0, let container = textContainer(forCharacterAt: last),
              let index = containerIndex(container), index >= existing else { return 0 }
        return (index - existing) / max(1, setup.columns) + 1
    }

    /// Takes the containers of the last `count` pages off again.
    private func removeLastPages(_ count: Int, _ setup: PageSetup, from result: inout PagedLayout) {
        guard count > 0 else { return }
        let containers = count * max(1, setup.columns)
        for _ in 0..<containers { removeTextContainer(at: textContainers.count - 1) }
        result.placements.removeLast(containers)
        result.pages.removeLast(count)
    }

    private func addPage(_ setup: PageSetup, to result: inout PagedLayout) {
        let page = result.pages.count
        result.pages.append(PageDescription(size: setup.pageSize))
        // Every page's columns have the geometry of the first page's: reuse its prepared regions.
        let firstPage = page > 0 ? Array(textContainers.suffix(setup.columns * page).prefix(setup.columns)) : []
        for column in 0..<max(1, setup.columns) {
            let frame = setup.columnFrame(column)
            let container = TextContainer(size: frame.size)
            container.lineFragmentPadding = setup.lineFragmentPadding
            container.minimumFragmentWidth = setup.minimumFragmentWidth
            if column < firstPage.count {
                container.adoptGeometry(of: firstPage[column])
            } else {
                let move = AffineTransform(translationX: -frame.minX, y: -frame.minY)
                container.exclusions = setup.exclusions(inColumn: column)
                container.shape = setup.shape.map { $0.applying(move) }
            }
            addTextContainer(container)
            result.placements.append(ContainerPlacement(page: page, origin: frame.origin))
        }
    }
}
