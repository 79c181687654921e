import Testing
import TextKit

/// The word cache never ends a segment before a character that belongs to the cluster before it
/// (``ICU/continuesCluster(_:)``, ICU's tables): for every code point both Unicode versions know
/// (assigned by Unicode 15.0, ICU 72's version), the answer is the one the Unicode properties of
/// the standard library give.
@Suite("Characters that continue a cluster")
struct ClusterContinuationTests {
    @Test func icuAgreesWithTheStandardLibraryOnEveryCodePoint() {
        var disagreements: [String] = []
        var continuing = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                  (age.major, age.minor) <= (15, 0) else { continue }
            let properties = scalar.properties
            let expected = properties.isGraphemeExtend || properties.generalCategory == .spacingMark
                || properties.isJoinControl || properties.isVariationSelector
            if expected { continuing += 1 }
            if ICU.continuesCluster(value) != expected { disagreements.append("U+\(String(value, radix: 16))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(12))")
        #expect(continuing > 2_000)  // marks of every script, joiners, variation selectors
    }
}
