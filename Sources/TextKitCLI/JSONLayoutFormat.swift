import TextKitFormats
import TextKitRender

/// The layout JSON (`LayoutJSONWriter`, `docs/json-format.md`): every page in one file, indented
/// with `--pretty`, the layout's warnings recorded.
struct JSONLayoutFormat: LayoutOutputFormat {
    let name = "json"
    let holdsEveryPage = true

    func write(_ output: LayoutOutput, pages: RenderedPages, progress: ((Int) -> Void)?,
               to write: @escaping ([UInt8]) throws -> Void) throws {
        precondition(pages == .all, "the layout JSON holds every page")
        try LayoutJSONWriter(pretty: output.pretty, layoutWarnings: output.warnings)
            .write(output.snapshot, pages: output.pages, placements: output.placements, to: write)
        progress?(output.pages.count)
    }
}
