import Testing
import TextKit

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
}
