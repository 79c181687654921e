/// The script stage of itemization: every UTF-16 unit's ICU script, Common and Inherited
/// resolved from their neighbours (UAX #24), with shortcuts for ASCII.
extension Itemizer {
    /// The script every unit of `utf16` resolves to when all of them are ASCII that `font`
    /// covers (Latin when there is a letter, else Common: see ``asciiScriptCodes(_:)``), nil
    /// otherwise.
    package static func coveredASCIIScript(_ utf16: [UInt16], font: Font) -> Int32? {
        // A font with every printable ASCII character (most fonts) covers all of ASCII (controls
        // need no glyph): whether some unit is beyond ASCII or a letter, found without an early
        // exit (the compiler vectorizes it), answers at once.
        if font.asciiCoverageMask == (~0, ~0) {
            let (highest, hasLetter) = asciiSummary(utf16)
            guard highest < 0x80 else { return nil }
            return hasLetter ? latinScript : ICU.commonScript
        }
        return coveredASCIIScriptByMask(utf16, font: font)
    }

    /// The largest unit of `utf16`, and whether an ASCII letter is among its units: two plain
    /// maximum and minimum reductions (conditions in the loop keep the compiler from vectorizing
    /// it), the second the least distance of a unit lowercased from "a" (A…Z become a…z, no
    /// other unit lands in a…z, below "a" it wraps).
    static func asciiSummary(_ utf16: [UInt16]) -> (highest: UInt16, hasLetter: Bool) {
        utf16.withUnsafeBufferPointer { units in
            var highest: UInt16 = 0, nearestLetter = UInt16.max
            for unit in units {
                highest = Swift.max(highest, unit)
                nearestLetter = Swift.min(nearestLetter, (unit | 0x20) &- 0x61)
            }
            return (highest, nearestLetter < 26)
        }
    }

    /// ``coveredASCIIScript(_:font:)`` from the set of ASCII units the text holds (one pass
    /// collecting which occur, then one test), for any font.
    package static func coveredASCIIScriptByMask(_ utf16: [UInt16], font: Font) -> Int32? {
        var low: UInt64 = 0, high: UInt64 = 0, wide: UInt16 = 0
        utf16.withUnsafeBufferPointer { units in
            for unit in units {
                wide |= unit & 0xFF80
                let bit: UInt64 = 1 &<< UInt64(unit & 63)
                let isHigh = UInt64(unit &>> 6 & 1) // 1 for 64…127: without a branch
                low |= bit & (isHigh &- 1)
                high |= bit & (0 &- isHigh)
            }
        }
        let (coveredLow, coveredHigh) = font.asciiCoverageMask
        guard wide == 0, low & ~coveredLow == 0, high & ~coveredHigh == 0 else { return nil }
        // ASCII letters are 0x41…0x5A (bits 1…26 of `high`) and 0x61…0x7A (bits 33…58).
        let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE
        return high & letters != 0 ? latinScript : ICU.commonScript
    }

    /// The ICU script code of every UTF-16 unit, Common/Inherited resolved from neighbours.
    package func resolvedScriptCodes() -> [Int32] {
        if let ascii = Self.asciiScriptCodes(utf16) { return ascii }
        let utf16 = utf16 // (the closures below capture the text, not a copy of the itemizer)
        var codes = [Int32](filledWith: ICU.commonScript, count: utf16.count)
        let latin = Self.latinScript
        let memo = scriptMemo?.table
        // Through buffers: this runs for every unit of every paragraph beyond ASCII.
        let only = codes.withUnsafeMutableBufferPointer { codes in
            utf16.withUnsafeBufferPointer { units -> Int32? in
                var index = 0
                var lastUnit: UInt16 = 0xFFFF, lastCode = ICU.commonScript
                // The one real script met so far (Common while none), and whether another came.
                var single = ICU.commonScript, mixed = false
                while index < units.count {
                    let unit = units[index]
                    // ASCII letters are Latin, the rest of ASCII Common (as in asciiScriptCodes): most
                    // characters of a paragraph with one curly quote or accented letter ask ICU nothing.
                    if unit < 0x80 {
                        if Self.isASCIILetter(unit) {
                            codes[index] = latin
                            if single != latin { mixed = mixed || single != ICU.commonScript; single = latin }
                        }
                        index += 1
                        continue
                    }
                    if unit == lastUnit {
                        codes[index] = lastCode
                        index += 1
                        continue
                    }
                    let (scalar, length) = Self.decode(utf16, at: index)
                    // (Script codes from 0xFF on, none in ICU 72, are asked each time.)
                    let code = length == 1 && memo != nil
                        ? CodeUnitMemo.value(of: unit, in: memo.unsafelyUnwrapped) { ICU.script(of: UInt32($0)) }
                        : ICU.script(of: scalar)
                    for k in index..<index + length { codes[k] = code }
                    if length == 1 { lastUnit = unit; lastCode = code }
                    if Self.isReal(code), code != single {
                        mixed = mixed || single != ICU.commonScript
                        single = code
                    }
                    index += length
                }
                return mixed || single == ICU.commonScript ? nil : single
            }
        }
        // One real script (English with curly quotes and dashes, most text of one language):
        // resolution gives every character that script (the Common and Inherited ones before
        // it take it when it comes, brackets that of their opening one, which is it too).
        if let only {
            // (Written over the codes found: a second array was one more allocation a paragraph.)
            codes.withUnsafeMutableBufferPointer { $0.update(repeating: only) }
            return codes
        }
        return Self.resolveCommon(consume codes, scalars: { Self.decode(utf16, at: $0) })
    }

    /// The resolved scripts of an all-ASCII paragraph without looking at each character (nil for
    /// any other): ASCII letters are Latin and everything else is Common, so resolution
    /// (`resolveCommon`) gives every character Latin when there is a letter, else Common.
    package static func asciiScriptCodes(_ utf16: [UInt16]) -> [Int32]? {
        let (highest, hasLetter) = asciiSummary(utf16)
        guard highest < 0x80 else { return nil }
        return [Int32](filledWith: hasLetter ? latinScript : ICU.commonScript, count: utf16.count)
    }

    /// Resolves Common and Inherited script codes (UAX #24, as ICU's script runs and Pango do):
    ///
    /// ```
    /// for each character c:
    ///     real script          → current ← it (Common ones before the first real script take it)
    ///     opening bracket      → current; push (its closing bracket, current)
    ///     closing bracket      → the script of its opening bracket on the stack (popping it and
    ///                            everything above it); current ← that script
    ///     other Common, Inherited (marks) → current
    /// ```
    ///
    /// Brackets opened before the first real script get that script when it comes.
    package static func resolveCommon(_ raw: consuming [Int32], scalars decode: (Int) -> (UInt32, Int)) -> [Int32] {
        var codes = raw
        var current = ICU.commonScript
        var stack: [(closing: UInt32, script: Int32)] = []
        let maximumDepth = 63 // as UAX #9 BD16: deeper nesting is not tracked
        // Through the buffer (the array's uniqueness was checked at every write).
        codes.withUnsafeMutableBufferPointer { codes in
            var index = 0
            while index < codes.count {
                let (scalar, length) = decode(index)
                var code = codes[index]
                if isReal(code) {
                    if current == ICU.commonScript {
                        // The first real script: earlier Common characters and open brackets take it.
                        for k in 0..<index { codes[k] = code }
                        for k in stack.indices { stack[k].script = code }
                    }
                    current = code
                } else {
                    switch ICU.pairedBracketType(of: scalar) {
                    case .open:
                        code = current
                        if stack.count < maximumDepth { stack.append((ICU.pairedBracket(of: scalar), current)) }
                    case .close:
                        if let match = stack.lastIndex(where: { ICU.bracketsMatch($0.closing, scalar) }) {
                            code = stack[match].script
                            stack.removeSubrange(match...)
                            current = code
                        } else {
                            code = current
                        }
                    case .none:
                        code = current
                    }
                }
                for k in index..<index + length { codes[k] = code }
                index += length
            }
        }
        return codes
    }

    /// Whether `code` is a script of its own (not Common, Inherited or Unknown, which take
    /// their neighbours').
    @inline(__always)
    static func isReal(_ code: Int32) -> Bool {
        code != ICU.commonScript && code != ICU.inheritedScript && code != ICU.unknownScript
    }

    /// The script of the ASCII letters; every other ASCII character is Common (Scripts.txt).
    static let latinScript = ICU.script(of: 0x61)

    /// Whether the ASCII unit `unit` is a letter (A–Z, a–z).
    @inline(__always)
    static func isASCIILetter(_ unit: UInt16) -> Bool { (unit | 0x20) &- 0x61 < 26 }
}
