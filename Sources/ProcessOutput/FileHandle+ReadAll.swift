import Foundation
import Glibc

/// Reading a pipe or standard input to its end: what the CLI and the test targets (reading a
/// child process's output) share.
extension FileHandle {
    /// Everything left to read, retrying reads a signal interrupted (Foundation's
    /// `readDataToEndOfFile()` traps on EINTR, which a busy machine delivers now and then).
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[0..<count]) }
            else if count == 0 || errno != EINTR { return data }
        }
    }
}
