// swift-tools-version: 6.0
// The libFuzzer target for the spec loader and checker. Its own package because the
// fuzzer's entry point exists only when building with -sanitize=fuzzer; it compiles the
// core's sources through symlinks. See Fuzz/README.md.
import PackageDescription

let package = Package(
  name: "ReduxGenFuzz",
  targets: [
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
    .target(name: "ReduxGenCore", dependencies: ["CYAML"]),
    .executableTarget(name: "ReduxGenFuzz", dependencies: ["ReduxGenCore"]),
  ],
  swiftLanguageModes: [.v6]
)
