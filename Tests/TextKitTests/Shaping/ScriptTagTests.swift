import Testing
@testable import TextKit

/// The shaper builds HarfBuzz's script tag from the ISO 15924 code itself (no C string per
/// shaping call): it must read every code as `hb_script_from_string` does.
@Suite("Script tags")
struct ScriptTagTests {
    @Test func everyICUScriptCodeReadsAsHarfBuzzReadsIt() {
        // ICU's script codes run from 0 to a little over 200; past the last, "Zyyy".
        let codes = (0..<256).map { ICU.scriptCode(Int32($0)) }
        let odd = ["", "L", "Lat", "latn", "LATN", "Latnx", "Zzzz", "Qaai"]
        let disagreeing = (codes + odd).filter { !HarfBuzzFont.scriptAgreesWithHarfBuzz($0) }
        #expect(disagreeing.isEmpty, "\(disagreeing)")
        #expect(Set(codes).count > 150)
    }

    /// A run's style keeps its script as a packed tag: every ICU script's tag gives its code
    /// back, distinct codes give distinct tags, and the empty code is tag 0.
    @Test func tagsGiveTheirCodesBack() {
        let codes = (0..<256).map { ICU.scriptCode(Int32($0)) }
        #expect(codes.allSatisfy { ScriptTag($0).code == $0 })
        #expect(Set(codes.map { ScriptTag($0) }).count == Set(codes).count)
        #expect((0..<256).allSatisfy { ICU.scriptTag(Int32($0)) == ScriptTag(ICU.scriptCode(Int32($0))) })
        #expect(ScriptTag("").rawValue == 0 && ScriptTag("Hira").code == "Hira" && ScriptTag("Ab").code == "Ab")
    }
}
