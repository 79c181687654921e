/// A byte buffer for writing JSON quickly and deterministically, flushed in chunks to a sink.
///
/// Numbers are written in fixed point with at most three decimals (1/1000 pt), trailing zeros
/// removed, so the same layout always gives the same bytes.
struct JSONBuffer {
    private(set) var bytes: [UInt8] = []
    private let flushThreshold: Int
    private let sink: ([UInt8]) throws -> Void

    init(flushThreshold: Int = 1 << 16, sink: @escaping ([UInt8]) throws -> Void) {
        self.flushThreshold = flushThreshold
        self.sink = sink
        bytes.reserveCapacity(flushThreshold + 1024)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            unsigned(UInt64(-(value + 1)) + 1)
        } else {
            unsigned(UInt64(value))
        }
    }

    /// A number rounded to 1/1000; non-finite values become null (they never occur in layouts).
    mutating func number(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        let scaled = (value * 1000).rounded()
        guard abs(scaled) < 9e15 else {
            string(value.description, quoted: false)
            return
        }
        let milli = Int64(scaled)
        let negative = milli < 0
        var rest = UInt64(negative ? -milli : milli)
        var fraction = Int(rest % 1000)
        rest /= 1000
        // Digits are written backwards into a small stack buffer, then appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = 32
            if fraction != 0 {
                var digits = 3
                while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
                for _ in 0..<digits {
                    end -= 1
                    buffer[end] = UInt8(ascii: "0") &+ UInt8(fraction % 10)
                    fraction /= 10
                }
                end -= 1
                buffer[end] = UInt8(ascii: ".")
            }
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[end..<32]))
        }
    }

    /// A JSON string with the escapes RFC 8259 requires.
    mutating func string(_ value: String, quoted: Bool = true) {
        if quoted { bytes.append(UInt8(ascii: "\"")) }
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
                bytes.append(hex[Int(unit >> 4)])
                bytes.append(hex[Int(unit & 15)])
            default: bytes.append(unit)
            }
        }
        if quoted { bytes.append(UInt8(ascii: "\"")) }
    }

    /// Writes the buffer out if it is large.
    mutating func flushIfNeeded() throws {
        if bytes.count >= flushThreshold { try flush() }
    }

    mutating func flush() throws {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var rest = value
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = 24
            while rest > 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[end..<24]))
        }
    }
}
