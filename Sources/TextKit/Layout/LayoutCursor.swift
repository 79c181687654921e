/// Where layout continues: a container of the chain, a y inside it, and how many lines the
/// container already holds.
///
/// Kept in 16 bytes (the index and the count in 32 bits each): every line and paragraph of a
/// layout keeps several.
package struct LayoutCursor: Hashable {
    package var y: Double
    private var storedContainer: Int32
    private var storedLines: Int32

    /// The container's index in the chain.
    var container: Int {
        get { Int(storedContainer) }
        set { storedContainer = Int32(newValue) }
    }

    /// Lines the container holds above the cursor.
    var lines: Int {
        get { Int(storedLines) }
        set { storedLines = Int32(newValue) }
    }

    init(container: Int, y: Double, lines: Int = 0) {
        self.y = y
        storedContainer = Int32(container)
        storedLines = Int32(lines)
    }

    /// Moves to the top of the next container of `containers` (past the end when there is none).
    mutating func moveToNextContainer(of containers: [TextContainer]) {
        container += 1
        lines = 0
        if container < containers.count { y = containers[container].textRect.minY }
    }

    /// This cursor, measured in the frame of a paragraph that starts at `origin`, in container
    /// coordinates: in the container the paragraph starts in, y and line count are measured from
    /// `origin` (added to it); in later containers they are the container's own.
    ///
    /// A paragraph is laid out in its frame, so its lines come out the same, bit for bit,
    /// wherever it starts in a stretch of a container whose bands all answer alike: moving it
    /// down is a change of `origin` (see `LayoutManager+LineShifting.swift`).
    func placed(at origin: LayoutCursor) -> LayoutCursor {
        guard container == origin.container else { return self }
        return LayoutCursor(container: container, y: origin.y + y, lines: origin.lines + lines)
    }

    /// Below every container of a chain of `count`: a placement that looked there depends on
    /// the whole rest of the chain and on how many containers it has.
    static func pastEnd(of count: Int) -> LayoutCursor { LayoutCursor(container: count, y: .infinity) }

    /// Moves to `other` when it is farther down the chain (later container, or lower in the
    /// same one); keeps the line count.
    mutating func extend(through other: LayoutCursor) {
        if other.container > container || (other.container == container && other.y > y) {
            container = other.container
            y = other.y
        }
    }
}

/// The part of a container chain a placement looked at: from `start` (a line's search start)
/// down to `reach` (the bottom of the lowest band examined, widow and orphan look-ahead
/// included), through every container in between. A line placed from the same start gives the
/// same line as long as the geometry of its region did not change.
struct SearchedRegion {
    var start: LayoutCursor
    var reach: LayoutCursor

    /// Whether a change of container `index` within `band` (nil: the whole container) meets the
    /// region. A region that reaches a container only to learn whether it exists (`reach.y` = -∞
    /// there) meets no change of its geometry: `LayoutManager.invalidate(fromContainer:)`
    /// handles insertions and removals.
    func meets(container index: Int, band: ClosedRange<Double>?) -> Bool {
        guard index >= start.container, index <= reach.container else { return false }
        guard let band else { return index < reach.container || reach.y > -Double.infinity }
        let top = index == start.container ? start.y : -Double.infinity
        let bottom = index == reach.container ? reach.y : Double.infinity
        return band.upperBound > top && band.lowerBound < bottom
    }
}
