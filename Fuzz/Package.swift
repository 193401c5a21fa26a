// swift-tools-version:6.0
// Fuzz: libFuzzer targets for Snapterm's parsers (pure Swift, and the C of DirectJPEG and of the TIFF decoder). A package of its own, so a sanitizer build
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
        // SafeText, under the name of the module it ships in, so the files that import it compile unchanged.
        .target(name: "TerminalGraphics"),
        .target(name: "FuzzedText", dependencies: ["TerminalGraphics"]),
        .target(name: "FuzzedMVT"),
        // Imaging's BMP reader is internal: compiled for @testable import, so nothing is made public for fuzzing.
        .target(name: "FuzzedPictures", swiftSettings: [.unsafeFlags(["-enable-testing"])]),
        // The C side of Imaging's DirectJPEG, instrumented for coverage; libjpeg itself is the system's.
        .target(name: "FuzzedJPEG", cSettings: [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])],
                linkerSettings: [.linkedLibrary("jpeg")]),
        // The TIFF side of Imaging's HEIFTIFFThumbnail (CDirectDecoders), instrumented; libtiff itself is the system's.
        .target(name: "FuzzedTIFF", cSettings: [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])],
                linkerSettings: [.linkedLibrary("tiff")]),
        fuzzTarget("fuzz-url", "FuzzedURLs"),
        fuzzTarget("fuzz-text", "TerminalGraphics"),
        fuzzTarget("fuzz-keys", "FuzzedText"),
        fuzzTarget("fuzz-mvt", "FuzzedMVT"),
        fuzzTarget("fuzz-jpeg", "FuzzedJPEG"),
        fuzzTarget("fuzz-bmp", "FuzzedPictures"),
        fuzzTarget("fuzz-tiles", "FuzzedPictures"),
        fuzzTarget("fuzz-tiff", "FuzzedTIFF"),
    ]
)
