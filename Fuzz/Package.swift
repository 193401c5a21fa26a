// swift-tools-version:6.0
// Fuzz: libFuzzer targets for Snapterm's pure-Swift parsers. A package of its own, so a sanitizer build
// compiles only the few files it fuzzes (symlinked from ../Sources), never NIO, GRDB or the C libraries.
// Build and run through ../scripts/fuzz (swift build -Xswiftc -sanitize=fuzzer,address).
import PackageDescription

/// An executable whose main.swift hands its test function to libFuzzer's driver.
func fuzzTarget(_ name: String, _ dependency: String) -> Target {
    .executableTarget(name: name, dependencies: [.target(name: dependency), .target(name: "FuzzSupport")])
}

let package = Package(
    name: "SnaptermFuzz",
    targets: [
        .target(name: "LibFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["LibFuzzerDriver"]),
        .target(name: "FuzzedURLs"),
        .target(name: "FuzzedText"),
        .target(name: "FuzzedMVT"),
        fuzzTarget("fuzz-url", "FuzzedURLs"),
        fuzzTarget("fuzz-text", "FuzzedText"),
        fuzzTarget("fuzz-keys", "FuzzedText"),
        fuzzTarget("fuzz-mvt", "FuzzedMVT"),
    ]
)
