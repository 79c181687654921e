internal import CCairo

/// Where a cairo stream surface (PDF, SVG) or PNG writer sends its bytes: a Swift closure.
///
/// cairo calls the C callback synchronously, on the drawing thread, while a surface is drawn,
/// finished or written; the callback finds this object through its `closure` pointer. The first
/// error the closure throws is kept (cairo only learns "write error") and rethrown by the owner.
final class CairoOutputStream {
    /// Receives each chunk cairo writes.
    let write: ([UInt8]) throws -> Void
    /// The first error `write` threw.
    private(set) var error: (any Error)?

    init(_ write: @escaping ([UInt8]) throws -> Void) {
        self.write = write
    }

    /// The pointer cairo hands back to ``callback``; valid while `self` is alive.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C write function for every cairo stream API.
    static let callback: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let stream = Unmanaged<CairoOutputStream>.fromOpaque(closure).takeUnretainedValue()
        guard stream.error == nil else { return CAIRO_STATUS_WRITE_ERROR }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } ?? []
        do {
            try stream.write(bytes)
            return CAIRO_STATUS_SUCCESS
        } catch {
            stream.error = error
            return CAIRO_STATUS_WRITE_ERROR
        }
    }
}

/// Bytes cairo reads a PNG from.
final class CairoInputStream {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The pointer cairo hands back to ``callback``; valid while `self` is alive.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The C read function: copies exactly `length` bytes or fails.
    static let callback: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let stream = Unmanaged<CairoInputStream>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard stream.bytes.count - stream.offset >= count else { return CAIRO_STATUS_READ_ERROR }
        stream.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress! + stream.offset, count: count)
        }
        stream.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

/// cairo's description of a status, as a Swift string.
func cairoMessage(_ status: cairo_status_t) -> String {
    String(cString: cairo_status_to_string(status))
}
