import TextKitRender

/// An output format of the `textkit` command: its name, whether one file holds every page, a
/// check against its limits and a writer. ``LayoutOutputFormats`` is the table of them, so a new
/// format is a conformer and a row there; the commands hold no format's details.
///
/// The protocol belongs to the command, not to TextKitFormats. Each format already has its library
/// writer, with a sink API a library user calls directly (`LayoutJSONWriter`, `LayoutRenderer`);
/// what this protocol adds is the command's policy around them: the names `--format` and file
/// extensions pick formats by, a file per page, limits worded in the command's flags
/// (``CLIError``), and output through the safe ``OutputFile``. Nothing in the library would consume
/// a public version of it, and listing the drawing formats there would tie TextKitFormats, which
/// has no cairo, to TextKitRender. It is `package`, not internal, for the command's tests.
package protocol LayoutOutputFormat: Sendable {
    /// The name `--format` takes, which is also the file extension that selects the format:
    /// `json`, `pdf`.
    var name: String { get }

    /// Whether one file holds every page (JSON, PDF); otherwise `textkit render` writes a file per
    /// page (`NAME-1.EXT`, `NAME-2.EXT`, …) unless `--single` asks for one image of them all.
    var holdsEveryPage: Bool { get }

    /// Refuses, before any file is opened, `pages` of `output` that the format cannot hold.
    func check(_ output: LayoutOutput, pages: RenderedPages) throws(CLIError)

    /// Writes `pages` of `output` (``RenderedPages/all`` when the format ``holdsEveryPage``),
    /// handing the bytes to `write` in order; an error `write` throws is rethrown as is.
    ///
    /// - Parameter progress: hears the number of pages written so far.
    func write(_ output: LayoutOutput, pages: RenderedPages, progress: ((Int) -> Void)?,
               to write: @escaping ([UInt8]) throws -> Void) throws
}

extension LayoutOutputFormat {
    /// No limit beyond what writing meets.
    package func check(_ output: LayoutOutput, pages: RenderedPages) throws(CLIError) {}

    /// Checks the pages of every file, then writes `files` (each a path and the pages it holds)
    /// all or nothing: each into its temporary ``OutputFile`` first, closed when complete (so
    /// 10,000 pages need no 10,000 descriptors); they are renamed only when all are complete,
    /// and all are removed on any failure.
    ///
    /// - Parameters:
    ///   - input: the input file's identity; writing over it is refused.
    ///   - progress: hears the number of pages written so far, over all files.
    func write(_ output: LayoutOutput, files: [(path: String, pages: RenderedPages)],
               input: FileReader.Identity?, progress: ((Int) -> Void)? = nil) throws {
        for (_, pages) in files { try check(output, pages: pages) }
        var opened: [OutputFile] = []
        do {
            var pagesDone = 0
            for (path, pages) in files {
                let file = try OutputFile(path: path, input: input)
                opened.append(file)
                let before = pagesDone
                try write(output, pages: pages, progress: { done in
                    pagesDone = before + done
                    progress?(pagesDone)
                }, to: file.write)
                try file.finish()
            }
            for file in opened { try file.commit() }
        } catch {
            for file in opened { file.discard() }
            throw error
        }
    }
}

/// The formats the command writes: the one table a new format joins.
package enum LayoutOutputFormats {
    /// What `textkit layout` writes: the layout JSON.
    package static let json: any LayoutOutputFormat = JSONLayoutFormat()

    /// What `textkit render` draws, picked by `--format` or by the output file's extension, in
    /// the order its help and messages name them.
    package static let drawings: [any LayoutOutputFormat] = [RenderFormat.svg, RenderFormat.png, RenderFormat.pdf]

    /// Every format the command writes.
    package static var all: [any LayoutOutputFormat] { [json] + drawings }

    /// The drawing called `name` (case-insensitive), or nil.
    package static func drawing(named name: String) -> (any LayoutOutputFormat)? {
        drawings.first { $0.name == name.lowercased() }
    }

    /// The drawing a file name's extension names (case-insensitive), or nil.
    package static func drawing(forFileName fileName: String) -> (any LayoutOutputFormat)? {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        return drawing(named: String(fileName[fileName.index(after: dot)...]))
    }

    /// The drawings' names as messages list them, each after `prefix`: "svg, png or pdf".
    package static func drawingNames(prefix: String = "") -> String {
        let names = drawings.map { prefix + $0.name }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
