// TestHomeserverEnvironmentTests: without the homeserver's variables a Matrix test fails saying how to start
// one — never silently skipped.
import Foundation
import TestSupport
import Testing

@Suite struct TestHomeserverEnvironmentTests {
    @Test func givenNoHomeserverVariables_whenReadingTheEnvironment_thenTheErrorSaysHowToStartOne() {
        let error = #expect(throws: TestHomeserverError.self) { try TestHomeserver.fromEnvironment([:]) }
        #expect(error?.description.contains("./scripts/test") == true)
        #expect(error?.description.contains(#"eval "$(scripts/matrix/homeserver start)""#) == true)
    }

    @Test func givenTheVariables_whenReadingTheEnvironment_thenURLAndPythonAreTaken() throws {
        let homeserver = try TestHomeserver.fromEnvironment([
            "SNAPTERM_TEST_HOMESERVER": "http://127.0.0.1:8008", "SNAPTERM_TEST_HOMESERVER_SECRET": "s",
            "SNAPTERM_TEST_MATRIX_PYTHON": "/venv/bin/python",
        ])
        #expect(homeserver.url == URL(string: "http://127.0.0.1:8008")!)
        #expect(homeserver.python == "/venv/bin/python")
    }
}
