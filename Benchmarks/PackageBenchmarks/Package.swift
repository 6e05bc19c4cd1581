// swift-tools-version: 6.2
//
// The phases of the trace workloads through AdaptiveLayout's Swift API, as
// ordo-one/benchmark (package-benchmark) benchmarks, so that a regression
// shows in `swift package benchmark` and its baselines:
//
//     cd Benchmarks/PackageBenchmarks
//     swift package benchmark                                  # run and print
//     swift package benchmark baseline update main             # keep a baseline
//     swift package benchmark baseline check main              # fail on a regression
//
// A package of its own, beside the library rather than in it, so that
// building or testing AdaptiveLayout never builds the benchmark harness.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the
// checkout was cloned as: read it rather than assume it.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let adaptiveLayout = root.lastPathComponent

let package = Package(
    name: "AdaptiveLayoutBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: root.path),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Transitions",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AdaptiveLayout", package: adaptiveLayout),
                .product(name: "LayoutWorkloads", package: adaptiveLayout),
            ],
            path: "Benchmarks/Transitions",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
