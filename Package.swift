// swift-tools-version: 6.2
//
// AdaptiveLayout: a cross-platform Auto Layout engine.
//
// MARK: - Modules
//   CSolver       the C incremental simplex core (C11, no Swift knowledge)
//   Cassowary     a thin Swift wrapper over CSolver
//   solver-bench  trace replayer for benchmarks and differential tests (C)
//   LayoutWorkloads, layout-bench  the trace workloads through the Swift API
//   AdaptiveLayout  Auto Layout's model: views, guides, constraints, anchors
//   LayoutInterchange  the interchange JSON, layout documents (YAML/JSON, via Yams), image files
//   layout        the command-line tool (interchange JSON in and out)
import PackageDescription

/// The C targets' debug information in DWARF 4: valgrind gives up on the
/// toolchain's default, DWARF 5 ("Possibly corrupted debuginfo file"), and
/// callgrind is how instructions are counted here.
let valgrindReadableSymbols: CSetting = .unsafeFlags(["-gdwarf-4"])

let package = Package(
    name: "AdaptiveLayout",
    products: [
        .library(name: "csolver", type: .static, targets: ["CSolver"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AdaptiveLayout", targets: ["AdaptiveLayout"]),
        .executable(name: "solver-bench", targets: ["solver-bench"]),
        .executable(name: "layout", targets: ["layout"]),
        .executable(name: "layout-bench", targets: ["layout-bench"]),
        // The benchmark workloads, for Benchmarks/PackageBenchmarks (package-benchmark).
        .library(name: "LayoutWorkloads", targets: ["LayoutWorkloads"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .target(
            name: "CSolver",
            path: "CSolver",
            exclude: ["README.md", "tests", "examples"],
            sources: ["src"],
            publicHeadersPath: "include",
            cSettings: [
                .define("NDEBUG", .when(configuration: .release)),
                valgrindReadableSymbols,
            ],
            // The reserve's helper thread (cs_alloc.c); in libc itself since glibc 2.34.
            // libm: the floating-point environment (fetestexcept and the rest,
            // cs_internal.h "Exact arithmetic"), which glibc keeps there.
            linkerSettings: [
                .linkedLibrary("pthread", .when(platforms: [.linux])),
                .linkedLibrary("m", .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "solver-bench",
            dependencies: ["CSolver"],
            path: "Benchmarks/solver-bench",
            cSettings: [.define("_GNU_SOURCE"), valgrindReadableSymbols]
        ),
        .target(
            name: "Cassowary",
            dependencies: ["CSolver"],
            path: "Sources/Cassowary"
        ),
        .target(
            name: "AdaptiveLayout",
            dependencies: ["Cassowary"],
            path: "Sources/AdaptiveLayout",
            // rounded() calls libm's round, which Swift links only with Foundation or Glibc.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        .target(
            name: "LayoutInterchange",
            dependencies: ["AdaptiveLayout", .product(name: "Yams", package: "Yams")],
            path: "Sources/LayoutInterchange"
        ),
        .executableTarget(
            name: "layout",
            dependencies: ["LayoutInterchange", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/layout"
        ),
        .target(
            name: "LayoutWorkloads",
            dependencies: ["AdaptiveLayout"],
            path: "Benchmarks/LayoutWorkloads"
        ),
        .executableTarget(
            name: "layout-bench",
            dependencies: ["AdaptiveLayout", "LayoutWorkloads"],
            path: "Benchmarks/layout-bench"
        ),
        .testTarget(
            name: "AdaptiveLayoutTests",
            dependencies: ["AdaptiveLayout", "LayoutInterchange"],
            path: "Tests/AdaptiveLayoutTests"
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary"],
            path: "Tests/CassowaryTests"
        ),
    ],
    cLanguageStandard: .c11
)

// The Swift fuzz targets link libFuzzer's driver, which only a build with
// `-sanitize=fuzzer` provides: scripts/fuzz.sh sets ADAPTIVELAYOUT_FUZZ for it.
if Context.environment["ADAPTIVELAYOUT_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "fuzz/FuzzDriver"))
    for target in ["layout-fuzz", "document-fuzz", "vfl-fuzz", "ib-fuzz"] {
        package.targets.append(.executableTarget(
            name: target,
            dependencies: ["FuzzDriver", "AdaptiveLayout", "LayoutInterchange"],
            path: "fuzz/\(target)"
        ))
        package.products.append(.executable(name: target, targets: [target]))
    }
}
