import Foundation
import Testing
import TextKit

/// A face is loaded once per collection, however many threads first ask for it at the same time
/// (the others wait for it: loading reads and digests the whole file).
@Suite("Loading each face once")
struct FontLoadingTests {
    @Test func concurrentFirstRequestsLoadEachFaceOnce() async throws {
        let names = ["DejaVuSans.ttf", "NotoSansCJK-Subset.otf", "NotoSansThai-Subset.ttf", "NotoSansArabic-Subset.ttf"]
        let paths = names.map { Fixtures.path("Fixtures/fonts/\($0)") }
        for _ in 0..<4 {
            let collection = FontCollection()
            let loaded = await withTaskGroup(of: (String, ObjectIdentifier?).self) { group in
                for request in 0..<(8 * paths.count) {
                    let path = paths[request % paths.count]
                    group.addTask { (path, (try? collection.font(file: path)).map(ObjectIdentifier.init)) }
                }
                var identities: [String: Set<ObjectIdentifier?>] = [:]
                for await (path, identity) in group { identities[path, default: []].insert(identity) }
                return identities
            }
            #expect(collection.filesLoaded == paths.count)
            for path in paths {
                #expect(loaded[path]?.count == 1 && loaded[path]?.contains(nil) == false, "\(path): \(loaded[path] ?? [])")
            }
        }
    }
}
