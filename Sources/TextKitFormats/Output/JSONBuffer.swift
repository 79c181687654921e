/// A byte buffer for writing JSON quickly and deterministically, flushed in chunks to a sink.
///
/// Numbers are written in fixed point with at most three decimals (1/1000 pt), trailing zeros
/// removed, so the same layout always gives the same bytes.
struct JSONBuffer {
    private let store: ByteStore
    private let flushThreshold: Int
    private let sink: ([UInt8]) throws -> Void
    /// The last glyph's y and its bytes (a line's glyphs share their baseline: it is formatted
    /// once a line); NaN before the first, which no y equals.
    private var lastY = Double.nan
    private var lastYBytes: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var lastYLength = 0

    init(flushThreshold: Int = 1 << 16, sink: @escaping ([UInt8]) throws -> Void) {
        self.flushThreshold = flushThreshold
        self.sink = sink
        store = ByteStore(capacity: flushThreshold + 1024)
    }

    /// The bytes not flushed yet.
    var bytes: [UInt8] { store.contents }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { store.append($0) }
    }

    mutating func byte(_ value: UInt8) { store.append(value) }

    /// Appends bytes written elsewhere (by another buffer).
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { store.append($0) }
    }

    mutating func int(_ value: Int) {
        if value < 0 {
            store.append(UInt8(ascii: "-"))
            unsigned(UInt64(-(value + 1)) + 1)
        } else {
            unsigned(UInt64(value))
        }
    }

    /// A number rounded to 1/1000; non-finite values become null (they never occur in layouts).
    mutating func number(_ value: Double) {
        let written = store.write(maximumLength: Self.maximumNumberLength) { Self.format(value, at: $0) }
        guard written == 0 else { return }
        if !value.isFinite { raw("null") } else { string(value.description, quoted: false) }
    }

    /// One glyph of the layout JSON, `[id,font,x,y,advance,character]`, with one capacity check:
    /// the same bytes as writing the brackets, commas and each field with ``int(_:)`` and
    /// ``number(_:)``.
    mutating func glyph(id: Int, font: Int, x: Double, y: Double, advance: Double, character: Int) {
        let written = store.write(maximumLength: 3 * Self.maximumNumberLength + 3 * 21 + 7) { start in
            var end = start
            end.pointee = UInt8(ascii: "["); end += 1
            end += Self.format(id, at: end); end.pointee = UInt8(ascii: ","); end += 1
            end += Self.format(font, at: end); end.pointee = UInt8(ascii: ","); end += 1
            // A length of 0 (null or a huge number): nothing is kept, the glyph is written field by field.
            var length = Self.format(x, at: end)
            guard length > 0 else { return 0 }
            end += length; end.pointee = UInt8(ascii: ","); end += 1
            if y.bitPattern == lastY.bitPattern {
                // (24 bytes stored at once: the room reserved holds them, what follows overwrites.)
                UnsafeMutableRawPointer(end).storeBytes(of: lastYBytes, as: (UInt64, UInt64, UInt64).self)
                length = lastYLength
            } else {
                length = Self.format(y, at: end)
                guard length > 0 else { return 0 }
                lastYBytes = UnsafeRawPointer(end).loadUnaligned(as: (UInt64, UInt64, UInt64).self)
                (lastY, lastYLength) = (y, length)
            }
            end += length; end.pointee = UInt8(ascii: ","); end += 1
            length = Self.format(advance, at: end)
            guard length > 0 else { return 0 }
            end += length; end.pointee = UInt8(ascii: ","); end += 1
            end += Self.format(character, at: end); end.pointee = UInt8(ascii: "]"); end += 1
            return end - start
        }
        guard written == 0 else { return }
        byte(UInt8(ascii: "[")); int(id); byte(UInt8(ascii: ",")); int(font); byte(UInt8(ascii: ","))
        number(x); byte(UInt8(ascii: ",")); number(y); byte(UInt8(ascii: ",")); number(advance)
        byte(UInt8(ascii: ",")); int(character); byte(UInt8(ascii: "]"))
    }

    /// The most bytes ``format(_:at:)-(Double,_)`` writes: a sign, 16 integer digits, a point and
    /// three decimals.
    private static let maximumNumberLength = 21

    /// Writes `value` rounded to 1/1000 in fixed point (trailing zeros removed) at `start` and
    /// returns the length; 0 (nothing written) when it is not finite or too large for that.
    @inline(__always)
    private static func format(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> Int {
        guard let milli = thousandths(value) else { return 0 }
        let negative = milli < 0
        let whole = milli.magnitude / 1000, fraction = Int(milli.magnitude % 1000)
        let sign = negative ? 1 : 0, integerEnd = sign + digitCount(whole)
        if negative { start.pointee = UInt8(ascii: "-") }
        writeDigits(whole, endingAt: start + integerEnd)
        // The point and the fraction's digits without trailing zeros, from a table: four bytes
        // stored at once (past the number's end when shorter: the room reserved for a number
        // holds them, and what follows overwrites them).
        let (bytes, length) = fractions.withUnsafeBufferPointer { ($0[fraction], Int($0[fraction] >> 32)) }
        UnsafeMutableRawPointer(start + integerEnd).storeBytes(of: UInt32(truncatingIfNeeded: bytes), as: UInt32.self)
        return integerEnd + length
    }

    /// For each fraction 0…999 (thousandths): its point and digits without trailing zeros in the
    /// low four bytes (in memory order), their count above (0 for 0: nothing is written).
    private static let fractions: [UInt64] = (0..<1000).map { fraction in
        guard fraction > 0 else { return 0 }
        var digits = Array(String(fraction + 1000).utf8.dropFirst()) // three digits, zeros kept
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let text = [UInt8(ascii: ".")] + digits
        var bytes: UInt64 = 0
        for (index, byte) in text.enumerated() { bytes |= UInt64(byte) << (8 * index) }
        return bytes | UInt64(text.count) << 32
    }

    /// `value × 1000` rounded half away from zero (what `(value * 1000).rounded()` gives), nil
    /// when it is not finite or not below 9 × 10¹⁵ in magnitude. Without the call to libm's
    /// `round` that the baseline x86-64 target makes (no rounding instruction before SSE4.1):
    /// the product truncated, then moved by one when the part cut off is a half or more. That
    /// part is exact: below 2⁵³ the integer part is a Double, and the difference of a Double and
    /// its truncation is representable.
    @inline(__always)
    static func thousandths(_ value: Double) -> Int64? {
        let scaled = value * 1000
        // (False for NaN and the infinities too.)
        guard abs(scaled) < 9e15 else { return nil }
        var whole = Int64(scaled)
        let cut = scaled - Double(whole)
        if cut >= 0.5 { whole += 1 } else if cut <= -0.5 { whole -= 1 }
        return whole
    }

    /// Writes the decimal digits of `value` at `start` and returns the length (at most 20).
    @inline(__always)
    private static func format(_ value: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        let negative = value < 0
        let rest = value.magnitude
        let length = (negative ? 1 : 0) + digitCount(UInt64(rest))
        writeDigits(UInt64(rest), endingAt: start + length)
        if negative { start.pointee = UInt8(ascii: "-") }
        return length
    }

    /// Writes the decimal digits of `value` (at least one) backwards, ending just before `end`:
    /// two at a time from a table (half the divisions of one at a time).
    @inline(__always)
    private static func writeDigits(_ value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var rest = value, end = end
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            end -= 2
            end[0] = pairs[pair]
            end[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(rest) &* 2
            end[-2] = pairs[pair]
            end[-1] = pairs[pair &+ 1]
        } else {
            end[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// "00", "01", …, "99".
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// The number of decimal digits of `value` (1 for 0).
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        // Compared with powers of ten, not divided by ten.
        var count = 1, bound: UInt64 = 10
        while count < 20, value >= bound {
            count += 1
            bound &*= 10
        }
        return count
    }

    /// A JSON string with the escapes RFC 8259 requires.
    mutating func string(_ value: String, quoted: Bool = true) {
        if quoted { store.append(UInt8(ascii: "\"")) }
        for unit in value.utf8 {
            switch unit {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                store.append(hex[Int(unit >> 4)])
                store.append(hex[Int(unit & 15)])
            default: store.append(unit)
            }
        }
        if quoted { store.append(UInt8(ascii: "\"")) }
    }

    /// Appends `bytes` written elsewhere (by another buffer) and writes out what is large: a
    /// piece of at least half the flush threshold goes to the sink as it is, after the bytes
    /// before it, instead of being copied into the buffer and out again.
    mutating func appendFlushing(_ bytes: [UInt8]) throws {
        guard bytes.count >= flushThreshold / 2 else {
            append(bytes)
            try flushIfNeeded()
            return
        }
        try flush()
        try sink(bytes)
    }

    /// Writes the buffer out if it is large.
    mutating func flushIfNeeded() throws {
        if store.count >= flushThreshold { try flush() }
    }

    mutating func flush() throws {
        guard store.count > 0 else { return }
        try sink(store.contents)
        store.count = 0
    }

    private mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            store.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        store.write(length: Self.digitCount(value)) { Self.writeDigits(value, endingAt: $0) }
    }
}

/// Growable raw bytes: appends write straight into memory, without an array's per-append checks.
private final class ByteStore {
    private var memory: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        memory = .allocate(capacity: self.capacity)
        // Initialized through to its end: a number's writer reads back more bytes than it wrote.
        memory.initialize(repeating: 0, count: self.capacity)
    }

    deinit { memory.deallocate() }

    var contents: [UInt8] { Array(UnsafeBufferPointer(start: memory, count: count)) }

    @inline(__always) func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.initialize(repeating: 0, count: grown)
        bigger.update(from: memory, count: count)
        memory.deallocate()
        memory = bigger
        capacity = grown
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        memory[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (memory + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes `body` writes forwards from the start it is given (at most
    /// `maximumLength`) and returns how many it wrote.
    @inline(__always) func write(maximumLength: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> Int {
        reserve(maximumLength)
        let written = body(memory + count)
        count += written
        return written
    }

    /// Appends `length` bytes that `body` writes backwards, given the end of their place.
    @inline(__always) func write(length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(length)
        body(memory + count + length)
        count += length
    }
}
