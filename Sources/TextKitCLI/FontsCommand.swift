import ArgumentParser
import TextKit

/// `textkit fonts [INPUT]`: the fonts fontconfig offers and the scripts each covers, or, for a
/// text, the font the engine chose for each run of it and why.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the installed fonts and the scripts they cover, or the font each run of a text gets.",
        discussion: "Without INPUT: one line per font family fontconfig offers (faces, scripts covered), then "
            + "the scripts no installed font covers and the Debian package that provides them. With INPUT: for "
            + "each run of the text (as `layout` itemizes it; runs of only spaces left out), its place, script, "
            + "language, the face used and the fallback chain (the run's font, the fonts fontconfig offered that "
            + "lack the character, the font chosen), so a character drawn as a box (.notdef) is explained. "
            + "Exit status: 0 success, 64 bad options, 65 malformed input, 66 missing or unreadable input, "
            + "69 font unavailable.")

    @Argument(help: "A UTF-8 text file, a styled-text JSON file, or - for standard input (optional).")
    var input: String?

    @Option(help: "Font family, looked up with fontconfig (as for layout).") var font: String?
    @Option(name: .customLong("font-file"), help: "A font file to use instead of a family.") var fontFile: String?
    @Option(help: "The text's language, a BCP 47 tag.") var language: String?
    @Option(name: .customLong("input-format"), help: "text, json, or auto (json for files ending in .json).")
    var inputFormat: InputFormat = .auto

    func run() throws {
        StandardStream.ignoreBrokenPipes()
        try CLIError.reportingFailures {
            if let input { try explainRuns(of: input) } else { try listFonts() }
        }
    }

    // MARK: - Internals

    /// One line per family: faces, scripts covered; then the scripts no font covers.
    private func listFonts() throws {
        let fonts = FontCollection().installedFonts()
        var families: [(name: String, faces: Int, scripts: [FontScript])] = []
        for face in fonts {
            if families.last?.name == face.family {
                families[families.count - 1].faces += 1
                for script in face.scripts where !families[families.count - 1].scripts.contains(script) {
                    families[families.count - 1].scripts.append(script)
                }
            } else {
                families.append((face.family, 1, face.scripts))
            }
        }
        let width = min(40, families.map(\.name.count).max() ?? 6)
        var out = pad("FAMILY", width) + "  FACES  SCRIPTS\n"
        for family in families {
            let scripts = FontScript.known.filter(family.scripts.contains).map(\.name).joined(separator: ", ")
            out += pad(family.name, width) + "  " + pad(String(family.faces), 5, right: true) + "  "
                + (scripts.isEmpty ? "-" : scripts) + "\n"
        }
        let covered = Set(fonts.flatMap(\.scripts))
        let uncovered = FontScript.known.filter { !covered.contains($0) }
        out += "\(fonts.count) faces in \(families.count) families. "
        if uncovered.isEmpty {
            out += "Every script of the table has a font.\n"
        } else {
            var byPackage: [(String?, [String])] = []
            for script in uncovered {
                if let index = byPackage.firstIndex(where: { $0.0 == script.package }) {
                    byPackage[index].1.append(script.name)
                } else {
                    byPackage.append((script.package, [script.name]))
                }
            }
            out += "No installed font covers " + byPackage.map { package, names in
                names.joined(separator: ", ") + (package.map { " (\($0) provides \(names.count == 1 ? "it" : "them"))" } ?? "")
            }.joined(separator: "; ") + ".\n"
        }
        try StandardStream.writeOutput(Array(out.utf8))
    }

    /// The font of each run of `input` as `layout` chooses it, and the chain that led there.
    private func explainRuns(of input: String) throws {
        var arguments = [input, "--input-format", inputFormat.rawValue]
        if let font { arguments += ["--font", font] }
        if let fontFile { arguments += ["--font-file", fontFile] }
        if let language { arguments += ["--language", language] }
        let options = try LayoutOptions.parse(arguments)
        let bytes = try InputText.readBytes(options.input, limit: options.maxInputBytes).bytes
        let job = try PageLayoutJob(options: options, input: bytes)
        let collection = job.layoutManager.fontCollection
        let text = Array(job.storage.string.unicodeScalars)
        var runs = job.layoutManager.fontRuns()
        // Runs of only white space are left out (a space between two words in a fallback font
        // is in the primary font), and neighbours with the same face, script and language on
        // one line read as one run (bidi levels and attribute runs split them for reasons the
        // font choice does not care about).
        var merged: [FontRunReport] = []
        for run in runs where !text[run.characters].allSatisfy(\.properties.isWhitespace) {
            if let last = merged.last, last.font === run.font, last.script == run.script, last.language == run.language,
               last.line == run.line, (last.firstUncovered == nil) == (run.firstUncovered == nil) {
                merged[merged.count - 1].characters = last.characters.lowerBound..<run.characters.upperBound
                merged[merged.count - 1].missingCount += run.missingCount
            } else {
                merged.append(run)
            }
        }
        runs = merged
        var out = "PLACE      CHARS  SCRIPT       LANG   FACE (runs of only spaces left out)\n"
        for run in runs {
            let script = run.script.map { FontScript.known(code: $0)?.name ?? $0 } ?? "Common"
            out += pad("\(run.line):\(run.column)", 9) + " " + pad(String(run.characters.count), 6, right: true) + "  "
                + pad(script, 12) + " " + pad(run.language ?? "-", 6) + " " + face(run.font)
            if run.missingCount > 0 { out += " (.notdef for \(run.missingCount) characters)" }
            out += "\n" + String(repeating: " ", count: 11) + "chain: " + chain(run, collection: collection) + "\n"
        }
        try StandardStream.writeOutput(Array(out.utf8))
    }

    /// "DejaVu Sans lacks U+0E01 → passed over N fonts (A, B, C, …) → Noto Sans Thai", the
    /// colour font of emoji, or the primary font alone when it covers the run.
    private func chain(_ run: FontRunReport, collection: FontCollection) -> String {
        if run.font != run.primary, run.font.hasColorGlyphs, !run.primary.hasColorGlyphs {
            return "\(run.primary.familyName) → emoji presentation: a colour font → \(run.font.familyName)"
        }
        guard let scalar = run.firstUncovered else { return run.primary.familyName }
        var steps = ["\(run.primary.familyName) lacks \(code(scalar))"]
        let (passedOver, chosen) = collection.fallbackChain(for: run.uncoveredCluster.isEmpty ? [scalar] : run.uncoveredCluster,
                                                            like: run.primary)
        let others = passedOver.filter { $0 != run.primary.familyName }
        if !others.isEmpty {
            let shown = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            steps.append("fontconfig's fonts without it: \(others.count) (\(shown))")
        }
        if let chosen {
            steps.append(chosen.familyName)
        } else {
            let script = run.script.flatMap(FontScript.known(code:))
            steps.append("no installed font has it" + (script?.package.map { "; \($0) provides \(script!.name)" } ?? ""))
        }
        return steps.joined(separator: " → ")
    }

    private func face(_ font: Font) -> String { "\(font.familyName) \(font.styleName) (\(font.filePath))" }

    private func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
