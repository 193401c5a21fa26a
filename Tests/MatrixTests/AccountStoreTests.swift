// AccountStoreTests: the accounts file — where it is, its modes (0600 in a 0700 folder), atomic replacement,
// one session per user and homeserver, and a damaged file named in the error.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct AccountStoreTests {
    let alice = MatrixSession(homeserver: URL(string: "https://matrix.example.org")!, userID: "@alice:example.org",
                              deviceID: "A1", accessToken: "syt_alice_secret")

    @Test func givenXDGDataHome_whenLocatingTheStore_thenItIsSnaptermUnderIt() {
        #expect(AccountStore.defaultFolder(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"])?.path == "/data/snapterm")
        #expect(AccountStore.defaultFolder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])?.path
                == "/home/a/.local/share/snapterm")
        #expect(AccountStore.defaultFolder(environment: [:], accountHome: nil) == nil)
    }

    @Test func givenASession_whenSaved_thenTheFileIs0600InA0700FolderWithNoTemporaryLeft() throws {
        let temporary = try TemporaryDirectory()
        let store = AccountStore(folder: temporary.appending("data/snapterm"))
        try store.add(alice)
        #expect(try Self.mode(store.file.path) == 0o600)
        #expect(try Self.mode(store.folder.path) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path) == ["accounts.json"])
        #expect(try store.load() == [alice])
    }

    @Test func givenAnOpenFolder_whenSaving_thenTheFolderIsMadePrivate() throws {
        let temporary = try TemporaryDirectory()
        let folder = temporary.appending("snapterm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try AccountStore(folder: folder).add(alice)
        #expect(try Self.mode(folder.path) == 0o700)
    }

    @Test func givenTheSameUserAgain_whenAdded_thenItReplacesTheOldSession() throws {
        let temporary = try TemporaryDirectory()
        let store = AccountStore(folder: temporary.url)
        var again = alice
        again.deviceID = "A2"
        again.accessToken = "syt_alice_newer"
        let bob = MatrixSession(homeserver: alice.homeserver, userID: "@bob:example.org", deviceID: "B1", accessToken: "syt_bob")
        try store.add(alice)
        try store.add(bob)
        try store.add(again)
        #expect(try store.load() == [bob, again])
        try store.remove(bob)
        #expect(try store.load() == [again])
    }

    @Test func givenNoFile_whenLoading_thenThereAreNoSessions() throws {
        let temporary = try TemporaryDirectory()
        #expect(try AccountStore(folder: temporary.appending("none")).load().isEmpty)
    }

    @Test func givenADamagedFile_whenLoading_thenTheErrorNamesTheFileButNotItsContent() throws {
        let temporary = try TemporaryDirectory()
        let store = AccountStore(folder: temporary.url)
        try Data(#"{"accounts": [{"access_token": "syt_leak"#.utf8).write(to: store.file)
        let error = #expect(throws: MatrixError.self) { try store.load() }
        #expect(error == .accountsFile(path: store.file.path, reason: "it is not an accounts file of this Snapterm"))
        #expect(error?.description.contains("syt_leak") == false)
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
