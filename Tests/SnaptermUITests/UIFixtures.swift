// UIFixtures: a controllable clock and a mock-backed loader for headless UI tests.
import Foundation
import SchemeLoader
import TestSupport

/// A clock the test moves by hand.
@MainActor
final class ManualClock {
    private(set) var now = ContinuousClock.now
    func advance(by duration: Duration) { now = now + duration }
}

enum UIFixtures {
    static func url(_ row: Int) -> URL { URL(string: "mock://rows/\(row)")! }

    static func loader(_ mock: MockSchemeHandler) throws -> SchemeLoader {
        var configuration = SchemeLoaderConfiguration()
        configuration.maxConcurrentLoads = 32
        return try SchemeLoader(handlers: [mock], configuration: configuration)
    }

    /// Polls (yielding to the main actor) until `condition` holds.
    @MainActor
    static func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
        await TestSupport.eventually(timeout: timeout, condition)
    }
}
