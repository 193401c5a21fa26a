// LoaderFixtures: small helpers the loader tests share.
import Foundation
import SchemeLoader
import TestSupport

enum LoaderFixtures {
    /// A loader with one mock handler (scheme `mock`) and, optionally, a disk cache.
    static func loader(
        _ mock: MockSchemeHandler, disk: URL? = nil, diskLimit: Int = 512 << 20, memoryLimit: Int = 64 << 20,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> SchemeLoader {
        var configuration = SchemeLoaderConfiguration(diskDirectory: disk)
        configuration.diskSizeLimit = diskLimit
        configuration.memoryCostLimit = memoryLimit
        configuration.now = now
        return try SchemeLoader(handlers: [mock], configuration: configuration)
    }

    static func url(_ name: String) -> URL {
        URL(string: "mock://pictures/\(name)")!
    }

    /// Waits (polling briefly) until `condition` holds or `timeout` passes.
    static func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
        await TestSupport.eventually(timeout: timeout, condition)
    }
}
