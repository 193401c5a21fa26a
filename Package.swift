// swift-tools-version:6.0
// Snapterm — a terminal image gallery and message-draft viewer where every picture is a URL.
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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "SchemeLoader",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "SchemeLoader",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Imaging: decode, thumbnail, edit, encode — on libvips.
        .systemLibrary(name: "CVips", pkgConfig: "vips"),
        .target(
            name: "Imaging",
            dependencies: ["CVips"]
        ),
        .target(
            name: "AssetLibrary",
            dependencies: ["SchemeLoader", "Imaging"]
        ),
        // TerminalGraphics: pixels in, sixel / text-art bytes out; terminal capability detection.
        .systemLibrary(name: "CSixel", pkgConfig: "libsixel"),
        .systemLibrary(name: "CChafa", pkgConfig: "chafa"),
        .target(
            name: "TerminalGraphics",
            dependencies: ["Imaging", "CSixel", "CChafa"]
        ),
        // Thumbnails: the `thumb://` stage — a picture encoded for a terminal cell box, cached like any URL.
        .target(
            name: "Thumbnails",
            dependencies: ["SchemeLoader", "Imaging", "TerminalGraphics"]
        ),
        // MapSnapshots: the `map://` handler — MBTiles of vector tiles rendered with Cairo.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .target(
            name: "MapSnapshots",
            dependencies: ["SchemeLoader", "Imaging", "CCairo", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "MessageStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw"),
        .target(
            name: "SnaptermUI",
            dependencies: ["SchemeLoader", "CNcurses", "TerminalGraphics", "Thumbnails", "MessageStore"]
        ),
        // ScrollBench: the headless scroll benchmark — the real app against a virtual terminal.
        .target(
            name: "ScrollBench",
            dependencies: ["SnaptermUI", "SchemeLoader", "Thumbnails", "TerminalGraphics", "MessageStore"]
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
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
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
            dependencies: ["Imaging", "CVips", "TestSupport"]
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
            name: "MessageStoreTests",
            dependencies: ["MessageStore", "TestSupport"]
        ),
        .testTarget(
            name: "SnaptermCLITests",
            dependencies: ["TestSupport"]
        ),
        .testTarget(
            name: "SnaptermE2ETests",
            dependencies: ["MessageStore", "SnaptermUI", "TestSupport"]
        ),
        .testTarget(
            name: "ScrollBenchTests",
            dependencies: ["ScrollBench", "SnaptermUI", "SchemeLoader", "Thumbnails", "TerminalGraphics", "MessageStore", "TestSupport"]
        ),
        .testTarget(
            name: "SnaptermUITests",
            dependencies: ["SnaptermUI", "SchemeLoader", "TerminalGraphics", "Thumbnails", "MessageStore", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
