// swift-tools-version: 6.1
// textkit's benchmarks: a package of their own, so `swift build`/`swift test` at the root never
// build ordo-one/benchmark. Run from this folder: `swift package benchmark` (see README, Performance).
import Foundation
import PackageDescription

// The identity of a path dependency is its directory name, not its `name:` (a worktree or a clone
// under another name would break a hard-coded "textkit").
let rootIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "TextKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        // The explicit trait list drops the default RuntimeInterposer trait (and its package).
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // HarfBuzz for the raw-shaping floor; the root's CHarfBuzz is not a product, and a second
        // module named CHarfBuzz would clash, hence the name.
        .systemLibrary(name: "CHarfBuzzBench", path: "CHarfBuzzBench", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        // <malloc.h> (mallinfo2, mallopt) for tools/retained-glyphs.
        .systemLibrary(name: "CMallocInfo", path: "CMallocInfo"),
        // Corpus loading, the raw-HarfBuzz floor and the layout scenarios, shared by both.
        .target(
            name: "BenchSupport",
            dependencies: [.product(name: "TextKit", package: rootIdentity), "CHarfBuzzBench"],
            path: "BenchSupport"
        ),
        // The ordo-one benchmarks: `swift package benchmark`.
        .executableTarget(
            name: "TextBench",
            dependencies: [
                "BenchSupport",
                .product(name: "TextKit", package: rootIdentity),
                .product(name: "TextKitFormats", package: rootIdentity),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "TextBench",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // textkit's side of peers/run-peers.py (plain executable, one JSON line).
        .executableTarget(
            name: "textkit-peer",
            dependencies: ["BenchSupport", .product(name: "TextKit", package: rootIdentity)],
            // Not directly under Benchmarks/: the benchmark plugin runs every executable target there.
            path: "peers/textkit-peer"
        ),
        // Bytes retained per glyph after a layout (one JSON line; see its main.swift).
        .executableTarget(
            name: "retained-glyphs",
            dependencies: ["BenchSupport", "CMallocInfo", .product(name: "TextKit", package: rootIdentity)],
            path: "tools/retained-glyphs"
        ),
    ]
)
