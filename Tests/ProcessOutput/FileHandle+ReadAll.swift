import Foundation
import Glibc

/// What the test targets share for reading a child process's output (a plain target under
/// Tests/, linked only into test targets).
extension FileHandle {
    /// Everything left to read, retrying reads a signal interrupted (Foundation's
    /// `readDataToEndOfFile()` traps on EINTR, which a busy machine delivers now and then).
    /// The CLI keeps its own copy for standard input: a product cannot depend on test code.
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
