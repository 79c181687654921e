import TextKit
import TextKitRender

/// A finished layout and the command's output flags: what every ``LayoutOutputFormat`` writes from.
package final class LayoutOutput {
    /// The layout.
    package let snapshot: LayoutSnapshot
    /// The pages, in order.
    package let pages: [PageDescription]
    /// Where each container of the snapshot sits (one per container).
    package let placements: [ContainerPlacement]
    /// The laid-out text and its attributes (colours, the text of a PDF).
    package let storage: TextStorage
    /// What the layout warned about (the JSON records them).
    package let warnings: [LayoutWarning]
    /// The output as the messages name it: the `-o` path as given.
    package let path: String
    /// `--pretty`: indented JSON.
    package let pretty: Bool
    /// `--dpi` and `--show`, for the drawings.
    package let renderOptions: RenderOptions
    /// `--single`: every page in one image (a size error suggests dropping it).
    package let single: Bool

    /// An output of `snapshot` laid on `pages` (containers placed by `placements`) for `path`.
    package init(snapshot: LayoutSnapshot, pages: [PageDescription], placements: [ContainerPlacement],
                 storage: TextStorage, warnings: [LayoutWarning], path: String, pretty: Bool = false,
                 renderOptions: RenderOptions = RenderOptions(), single: Bool = false) {
        self.snapshot = snapshot
        self.pages = pages
        self.placements = placements
        self.storage = storage
        self.warnings = warnings
        self.path = path
        self.pretty = pretty
        self.renderOptions = renderOptions
        self.single = single
    }

    /// The renderer every drawing of this output shares, made on first use (it copies the text
    /// and its colours, which the JSON never needs).
    package private(set) lazy var renderer = LayoutRenderer(
        snapshot: snapshot, pages: pages, placements: placements, storage: storage, options: renderOptions)
}
