#if canImport(Glibc)
import Glibc
#endif
#if FUZZING
internal import CFuzzSupport
#endif
import Foundation

/// `textkit-fuzz TARGET [ARGUMENTS…]`: runs one fuzz target.
///
/// Built with `-sanitize=fuzzer -DFUZZING` (`scripts/fuzz.sh`), the arguments after the target
/// go to libFuzzer (corpus folders, `-max_total_time=…`). Built plainly, the same binary replays
/// files and folders of inputs through the target (`textkit-fuzz svg Fixtures/fuzz/svg`), so
/// `swift build` links it and the tests replay the regression fixtures with it.
///
/// Exit status: 0 when every input ran, 64 for bad arguments, 66 for an unreadable input; a
/// crashing input crashes the program (that is the point).
@main
struct TextKitFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        let name = arguments.count > 1 ? arguments.remove(at: 1) : ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("usage: textkit-fuzz TARGET [INPUT…]; TARGET is one of \(names)\n".utf8))
            exit(64)
        }
        FuzzTarget.selected = target
        #if FUZZING
        exit(runLibFuzzer(arguments))
        #else
        exit(replay(arguments.dropFirst(), target: target))
        #endif
    }

    #if FUZZING
    /// Hands the arguments (without the target name) to libFuzzer.
    static func runLibFuzzer(_ arguments: [String]) -> Int32 {
        var argc = Int32(arguments.count)
        let strings = arguments.map { strdup($0) } + [nil]
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count)
        argv.initialize(from: strings, count: strings.count)
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &pointer) { data, size in fuzzOne(data, size) }
    }
    #endif

    /// Runs every file named, and every file inside every folder named (sorted), through `target`.
    static func replay(_ paths: ArraySlice<String>, target: FuzzTarget) -> Int32 {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("textkit-fuzz: error: \(path): no such file\n".utf8))
                return 66
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("textkit-fuzz: error: \(file): cannot read the file\n".utf8))
                return 66
            }
            target.run(Array(data))
        }
        print("textkit-fuzz: \(target.rawValue): \(files.count) input(s) ran")
        return 0
    }
}

/// libFuzzer's entry point: one input through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}
