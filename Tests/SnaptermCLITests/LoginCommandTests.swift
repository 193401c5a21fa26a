// LoginCommandTests: `snapterm login URL USER --password-stdin` against the real Synapse — what it prints,
// the accounts file's modes, `snapterm accounts`, and the token in no output or file but the accounts file.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct LoginCommandTests {
    @Test func givenTheRightPassword_whenLoggingIn_thenTheSessionIsKeptPrivatelyAndTheTokenIsNowhereElse() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let home = try TemporaryDirectory()
        let environment = ["HOME": home.url.path, "XDG_DATA_HOME": home.appending("data").path,
                           "XDG_CACHE_HOME": home.appending("cache").path]
        let login = try await CommandRunner.run(["login", homeserver.url.absoluteString, user.localpart, "--password-stdin"],
                                                environment: environment, input: Data((user.password + "\n").utf8))
        #expect(login.status == 0, "\(login.stderr)")
        #expect(String(decoding: login.stdout, as: UTF8.self) == "Logged in as \(user.userID) on \(homeserver.url.absoluteString)\n")

        let store = AccountStore(folder: home.appending("data/snapterm"))
        let session = try #require(try store.load().first)
        #expect(session.userID == user.userID)
        #expect(try Self.mode(store.file.path) == 0o600)
        #expect(try Self.mode(store.folder.path) == 0o700)

        let accounts = try await CommandRunner.run(["accounts"], environment: environment)
        #expect(accounts.status == 0)
        #expect(String(decoding: accounts.stdout, as: UTF8.self) == "\(user.userID)  \(homeserver.url.absoluteString)\n")

        for output in [login, accounts] {
            #expect(!String(decoding: output.stdout, as: UTF8.self).contains(session.accessToken))
            #expect(!output.stderr.contains(session.accessToken) && !output.stderr.contains(user.password))
        }
        let token = Data(session.accessToken.utf8)
        for file in try Self.files(under: home.url) where file.standardizedFileURL != store.file.standardizedFileURL {
            #expect(try Data(contentsOf: file).range(of: token) == nil, "the token is in \(file.path)")
        }
        try await MatrixClient().logout(session)
    }

    @Test func givenNoAccount_whenListingAccounts_thenItSaysHowToLogIn() async throws {
        let home = try TemporaryDirectory()
        let accounts = try await CommandRunner.run(["accounts"], environment: ["HOME": home.url.path])
        #expect(accounts.status == 0)
        #expect(accounts.stdout.isEmpty)
        #expect(accounts.stderr == "No Matrix account: log in with snapterm login HOMESERVER USER\n")
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Every regular file under `folder`, hidden ones too.
    static func files(under folder: URL) throws -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walk.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}
