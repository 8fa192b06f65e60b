// swift-tools-version: 6.1
// The store's benchmarks on ordo-one's package-benchmark: percentiles, allocations and ARC
// traffic per dispatch. Its own package, so no one else builds it:
//
//   cd Benchmarks/Harness && swift package benchmark
//
// See Benchmarks/README.md. The generated TaskList feature is compiled from the checked-in
// sources (`TaskList` is a link to Generated/TaskList/Sources).
import Foundation
import PackageDescription

/// SwiftPM names a package used by path after its folder, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let rootPackage = root.lastPathComponent

let package = Package(
  name: "ReduxGenBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "TaskList", dependencies: [.product(name: "ReduxRuntime", package: rootPackage)], path: "TaskList"),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        "TaskList",
        .product(name: "ReduxRuntime", package: rootPackage),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
