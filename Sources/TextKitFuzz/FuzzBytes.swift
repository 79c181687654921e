/// The bytes of a fuzz input read one at a time (each past the end reads as 0), then the rest.
struct FuzzBytes {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or 0 past the end.
    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[min(position, bytes.count)...] }
}
