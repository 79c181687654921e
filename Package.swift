// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "textkit",
    products: [
        .library(name: "TextKit", targets: ["TextKit"]),
        .library(name: "TextKitFormats", targets: ["TextKitFormats"]),
        .library(name: "TextKitSVG", targets: ["TextKitSVG"]),
        .library(name: "TextKitImage", targets: ["TextKitImage"]),
        .library(name: "TextKitRender", targets: ["TextKitRender"]),
        .executable(name: "textkit", targets: ["TextKitCLI"]),
        .executable(name: "textkit-fuzz", targets: ["TextKitFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP server of `textkit serve` (the executable only; no library depends on it).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
        // Thin system-library targets: one per C library, each a module map and a shim header.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // ICU is link-only: its headers stay inside CICUShim (see docs/native-deps in shared/).
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        .target(name: "CICUShim", dependencies: ["CICU"]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // cairo (with its FreeType/fontconfig fonts and PDF/SVG/PNG back ends) for rendering.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libhyphen (no pkg-config file): hyphenation patterns from the hyphen-* packages.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),

        // Geometry: points, rects, transforms, Bézier paths, flattening, band extents. No text.
        .target(name: "TextKitGeometry"),
        // SVG import: shapes and path data to BezierPath.
        .target(name: "TextKitSVG", dependencies: ["TextKitGeometry"]),
        // PNG decoding (libpng) into alpha masks for image exclusions.
        .target(name: "TextKitImage", dependencies: ["TextKitGeometry", "CPNG"]),
        // The engine.
        .target(
            name: "TextKit",
            dependencies: ["TextKitGeometry", "CFreeType", "CHarfBuzz", "CFontconfig", "CICUShim", "CHyphen", "CHeapTuning"]
        ),
        // File formats beside the engine: the layout JSON writer, the styled-input reader and the
        // layout request reader of `textkit serve` (whose exclusions are SVG path data).
        .target(name: "TextKitFormats", dependencies: ["TextKit", "TextKitSVG"]),
        // Rendering a layout to PDF, SVG and PNG with cairo.
        .target(name: "TextKitRender", dependencies: ["TextKit", "CCairo", "CFontconfig"]),
        // The C allocator's heap growth: set by the one-shot commands, reserved by each shaping worker thread.
        .target(name: "CHeapTuning"),
        // The `textkit` command.
        .executableTarget(
            name: "TextKitCLI",
            dependencies: [
                "TextKit", "TextKitFormats", "TextKitSVG", "TextKitImage", "TextKitRender", "ProcessOutput", "CHeapTuning",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Resources/fonts"), .copy("Resources/playground")]
        ),

        // An editor's loop through the public API (edit, Return, drag an exclusion, arrow keys,
        // draw the screen): `swift run EditorExample`.
        .executableTarget(name: "EditorExample", dependencies: ["TextKit"], path: "Examples/Editor"),

        // Fuzzing: libFuzzer's driver, declared for the fuzz targets (scripts/fuzz.sh builds with -DFUZZING),
        // and the targets, which replay files when built plainly.
        .target(name: "CFuzzSupport"),
        .executableTarget(
            name: "TextKitFuzz",
            dependencies: ["CFuzzSupport", "TextKit", "TextKitFormats", "TextKitGeometry", "TextKitSVG", "TextKitImage"]
        ),

        // Reading child processes' output, shared by the test targets that run the executables.
        .target(name: "ProcessOutput"),
        // The seeded random generator every test target draws its random inputs from.
        .target(name: "SeededRandom"),
        // A JSON Schema (2020-12 subset) validator, for the tests that check the layout JSON.
        .target(name: "JSONSchemaValidation"),
        // Paths into the repository and the fixture font, for the engine and format tests.
        .target(name: "TestFixtures", dependencies: ["TextKit"]),
        .testTarget(name: "TextKitGeometryTests", dependencies: ["TextKitGeometry", "SeededRandom"]),
        .testTarget(name: "TextKitSVGTests", dependencies: ["TextKitSVG", "SeededRandom"]),
        .testTarget(name: "TextKitImageTests", dependencies: ["TextKitImage"]),
        .testTarget(
            name: "TextKitTests",
            dependencies: ["TextKit", "TextKitFormats", "TextKitSVG", "ProcessOutput", "SeededRandom", "TestFixtures"]
        ),
        .testTarget(name: "TextKitFormatsTests",
                    dependencies: ["TextKitFormats", "TextKit", "TestFixtures", "JSONSchemaValidation", "SeededRandom"]),
        .testTarget(
            name: "TextKitCLITests",
            dependencies: ["TextKitCLI", "EditorExample", "TextKit", "TextKitFormats", "TextKitRender", "ProcessOutput",
                           "TestFixtures", "JSONSchemaValidation"]
        ),
        .testTarget(name: "TextKitRenderTests", dependencies: ["TextKitRender", "TextKit", "TextKitSVG", "ProcessOutput"]),
        .testTarget(name: "TextKitFuzzTests", dependencies: ["TextKitFuzz", "ProcessOutput"]),
    ]
)
