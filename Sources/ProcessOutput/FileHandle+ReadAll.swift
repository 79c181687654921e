import Foundation
import Glibc

/// Reading a pipe or standard input to its end: what the test targets share (reading a child
/// process's output). The command itself reads with `FileReader` (TextKitCLI).
extension FileHandle {
    /// Everything left to read, retrying reads a signal interrupted (Foundation's
    /// `readDataToEndOfFile()` traps on EINTR, which a busy machine delivers now and then).
    ///
    /// A read error is not the end of the input: it traps with the system's reason rather than
    /// return what was read so far as if it were everything.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                preconditionFailure("read(2) of descriptor \(fileDescriptor) failed: \(String(cString: strerror(errno)))")
            }
        }
    }
}
