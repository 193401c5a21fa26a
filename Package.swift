// swift-tools-version:6.0
// Snapterm — a terminal image gallery and message-draft viewer where every picture is a URL.
import Foundation
import PackageDescription

let package = Package(
    name: "Snapterm",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "snapterm", targets: ["snapterm"]),
        .executable(name: "snapterm-bench", targets: ["snapterm-bench"]),
        .library(name: "SchemeLoader", targets: ["SchemeLoader"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
        .library(name: "MapSnapshots", targets: ["MapSnapshots"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // AES-256-CTR and SHA-256 of encrypted Matrix attachments (already resolved for AsyncHTTPClient's TLS stack).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // The DocC plugin: `swift package generate-documentation --target SchemeLoader` (scripts/test runs it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "SchemeLoader",
            dependencies: [
                "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "SchemeLoader",
                "Imaging",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // CLazyLibraries: libvips, libsixel, chafa and cairo are opened on their first call, not at start
        // (BENCHMARKS.md, "Start-up"). Their modules below give headers only; nothing links them.
        .target(name: "CLazyLibraries"),
        // CJPEGDirect: a JPEG thumbnailed with libjpeg alone (turned by EXIF, its ICC profile converted to sRGB
        // with lcms2, both opened on first use), so a cold `render` of a phone photo never opens libvips.
        .target(name: "CJPEGDirect", dependencies: ["CLazyLibraries"]),
        // CDirectDecoders: HEIC/AVIF thumbnailed with libheif and TIFF with libtiff alone (both opened on first
        // use), averaged down as they decode, so a cold `render` of one never opens libvips.
        .target(name: "CDirectDecoders", dependencies: ["CLazyLibraries"]),
        // Imaging: decode, thumbnail, edit, encode — on libvips.
        .systemLibrary(name: "CVips"),
        .target(
            name: "Imaging",
            dependencies: ["CVips", "CLazyLibraries", "CJPEGDirect", "CDirectDecoders"],
            swiftSettings: pixelLoopsOptimizedInDebug
        ),
        .target(
            name: "AssetLibrary",
            dependencies: ["SchemeLoader", "Imaging"]
        ),
        // TerminalGraphics: pixels in, sixel / text-art bytes out; terminal capability detection.
        .systemLibrary(name: "CSixel"),
        .systemLibrary(name: "CChafa"),
        .target(
            name: "TerminalGraphics",
            dependencies: ["Imaging", "CSixel", "CChafa", "CLazyLibraries"],
            swiftSettings: pixelLoopsOptimizedInDebug
        ),
        // Thumbnails: the `thumb://` stage — a picture encoded for a terminal cell box, cached like any URL.
        .target(
            name: "Thumbnails",
            dependencies: ["SchemeLoader", "Imaging", "TerminalGraphics"]
        ),
        // MapSnapshots: the `map://` handler — MBTiles of vector tiles rendered with Cairo.
        .systemLibrary(name: "CCairo"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .target(
            name: "MapSnapshots",
            dependencies: ["SchemeLoader", "Imaging", "CCairo", "CZlib", "CLazyLibraries", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: pixelLoopsOptimizedInDebug
        ),
        // Matrix: a client of the Matrix client-server API (discovery, login, whoami, logout, sync), the
        // accounts file, the sync engine that writes rooms into MessageStore, the `mxc://` scheme handler and the
        // `emxc://` decrypt stage — knows nothing of terminals.
        .target(
            name: "Matrix",
            dependencies: [
                "SchemeLoader",
                "MessageStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "MessageStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        // MatrixSending: the outbox's sender (retries, order, exactly once), a photo made ready to send, and the
        // sent picture's cache entries seeded from the local pixels.
        .target(
            name: "MatrixSending",
            dependencies: ["Matrix", "MessageStore", "Imaging", "SchemeLoader"]
        ),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw"),
        .target(
            name: "SnaptermUI",
            dependencies: ["SchemeLoader", "Imaging", "CNcurses", "TerminalGraphics", "Thumbnails", "MessageStore"]
        ),
        // ScrollBench: the headless scroll benchmark — the real app against a virtual terminal.
        .target(
            name: "ScrollBench",
            dependencies: ["SnaptermUI", "SchemeLoader", "Thumbnails", "TerminalGraphics", "MessageStore", "Imaging", "TestSupport"]
        ),
        .executableTarget(
            name: "snapterm",
            dependencies: [
                "SchemeLoader",
                "AssetLibrary",
                "Imaging",
                "MapSnapshots",
                "TerminalGraphics",
                "Thumbnails",
                "SnaptermUI",
                "MessageStore",
                "Matrix",
                "MatrixSending",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // lld (shipped with Swift) packs the ~125,000 relative relocations of a static-stdlib binary
            // into 24 KB of DT_RELR instead of 3 MB of RELA: the dynamic loader starts ~0.3 ms sooner.
            // No dynamic exports (35,000 symbols): the Swift runtime's `dladdr` at start scans them all.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"])]
        ),
        // snapterm-bench: the benchmarks, apart so that what users run carries no test code.
        .executableTarget(
            name: "snapterm-bench",
            dependencies: [
                "SchemeLoader",
                "AssetLibrary",
                "Imaging",
                "MapSnapshots",
                "TerminalGraphics",
                "Thumbnails",
                "SnaptermUI",
                "ScrollBench",
                "MessageStore",
                "Matrix",
                "MatrixSending",
                "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SchemeLoaderTests",
            dependencies: ["SchemeLoader", "TestSupport", .product(name: "NIOSSL", package: "swift-nio-ssl")]
        ),
        .testTarget(
            name: "ImagingTests",
            dependencies: ["Imaging", "CVips", "CJPEGDirect", "CDirectDecoders", "TestSupport"]
        ),
        .testTarget(
            name: "TerminalGraphicsTests",
            dependencies: ["TerminalGraphics", "Imaging", "Thumbnails", "SchemeLoader", "TestSupport"]
        ),
        .testTarget(
            name: "MapSnapshotsTests",
            dependencies: ["MapSnapshots", "SchemeLoader", "Imaging", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "AssetLibraryTests",
            dependencies: ["AssetLibrary", "Imaging", "SchemeLoader", "TestSupport"]
        ),
        .testTarget(
            name: "MatrixTests",
            dependencies: ["Matrix", "MessageStore", "SchemeLoader", "Imaging", "Thumbnails", "TerminalGraphics", "TestSupport"]
        ),
        .testTarget(
            name: "MatrixSendingTests",
            dependencies: ["MatrixSending", "Matrix", "MessageStore", "Imaging", "SchemeLoader", "TestSupport"]
        ),
        .testTarget(
            name: "MessageStoreTests",
            dependencies: ["MessageStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "SnaptermCLITests",
            dependencies: ["TestSupport", "Imaging", "Matrix", "SchemeLoader", "AssetLibrary", "snapterm"]
        ),
        .testTarget(
            name: "SnaptermE2ETests",
            dependencies: ["MessageStore", "SnaptermUI", "TestSupport", "Imaging", "AssetLibrary", "Matrix"]
        ),
        .testTarget(
            name: "ScrollBenchTests",
            dependencies: ["ScrollBench", "SnaptermUI", "SchemeLoader", "Thumbnails", "TerminalGraphics", "MessageStore", "TestSupport"]
        ),
        .testTarget(
            name: "SnaptermUITests",
            dependencies: ["SnaptermUI", "Imaging", "SchemeLoader", "TerminalGraphics", "Thumbnails", "MessageStore", "MatrixSending",
                           "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The lazily opened libraries' header search paths, from `pkg-config --cflags` as a `pkgConfig:` system
// library would give them — without its `-l` flags, which would load the libraries at every start.
// Every Swift target that sees their headers, directly or through a module that imports them, gets them.
let lazyLibraryModules: Set<String> = ["CVips", "CSixel", "CChafa", "CCairo"]

func headerSearchFlags(pkgConfigNames: [String]) -> [String] {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags"] + pkgConfigNames
    let output = Pipe()
    pkgConfig.standardOutput = output
    guard (try? pkgConfig.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pkgConfig.waitUntilExit()
    return text.split(separator: " ").map(String.init).filter { $0.hasPrefix("-I") || $0.hasPrefix("-D") }
}

@MainActor func seesLazyLibraryHeaders(_ target: Target) -> Bool {
    target.dependencies.contains { dependency in
        let name: String
        switch dependency {
        case .targetItem(let targetName, _), .byNameItem(let targetName, _): name = targetName
        default: return false
        }
        if lazyLibraryModules.contains(name) { return true }
        return package.targets.first { $0.name == name }.map(seesLazyLibraryHeaders) ?? false
    }
}

/// Per-pixel loops (resampling, colour conversion, sixel encoding, map drawing) are optimised in debug builds too: unoptimised, a
/// thumbnail of a 1 MP photo took ~80 ms of CPU, and the end-to-end tests' UIs starved each other on a
/// loaded machine (HACKING.md, "Runs under load").
var pixelLoopsOptimizedInDebug: [SwiftSetting] { [.unsafeFlags(["-O"], .when(configuration: .debug))] }

let lazyLibraryHeaderFlags = headerSearchFlags(pkgConfigNames: ["vips", "libsixel", "chafa", "cairo"])
for target in package.targets where seesLazyLibraryHeaders(target) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(lazyLibraryHeaderFlags.flatMap { ["-Xcc", $0] })]
}

#if !arch(x86_64)
// Sources/CLazyLibraries/trampolines.S is written for x86-64: elsewhere the libraries link at start as usual.
if let lazyLibraries = package.targets.first(where: { $0.name == "CLazyLibraries" }) {
    lazyLibraries.linkerSettings = ["vips", "gobject-2.0", "gmodule-2.0", "glib-2.0", "sixel", "chafa", "cairo", "jpeg", "lcms2", "heif", "tiff"].map { .linkedLibrary($0) }
}
#endif
