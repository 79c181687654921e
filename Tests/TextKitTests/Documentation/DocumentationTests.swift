import Foundation
import Testing

/// The DocC catalogs' Topics lists are the public API: every public type must appear in its
/// module's catalog, and every symbol listed must exist.
@Suite("Documentation catalogs")
struct DocumentationTests {
    static func publicTypes(in module: String) throws -> Set<String> {
        let folder = Fixtures.path("Sources/\(module)")
        var names: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"(?m)^public (?:final class|struct|enum|protocol) ([A-Za-z][A-Za-z0-9]*)"#)
        for case let file as String in FileManager.default.enumerator(atPath: folder)! where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    static func listed(in catalog: String) throws -> Set<String> {
        let text = try String(contentsOfFile: Fixtures.path(catalog), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"^- ``([A-Za-z][A-Za-z0-9]*)``"#, options: .anchorsMatchLines)
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        })
    }

    @Test(arguments: [("TextKit", "Sources/TextKit/TextKit.docc/TextKit.md"),
                      ("TextKitGeometry", "Sources/TextKitGeometry/TextKitGeometry.docc/TextKitGeometry.md"),
                      ("TextKitFormats", "Sources/TextKitFormats/TextKitFormats.docc/TextKitFormats.md")])
    func topicsListThePublicAPI(module: String, catalog: String) throws {
        let types = try Self.publicTypes(in: module)
        let listed = try Self.listed(in: catalog)
        #expect(!types.isEmpty, "no public types found in Sources/\(module)")
        #expect(types.subtracting(listed).sorted() == [], "public types missing from \(catalog)")
        #expect(listed.subtracting(types).sorted() == [], "listed in \(catalog) but not public")
    }
}
