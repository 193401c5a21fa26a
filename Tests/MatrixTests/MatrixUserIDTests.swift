// MatrixUserIDTests: a user as typed at login — `alice` or `@alice:example.org` — and what is refused.
import Matrix
import Testing

@Suite struct MatrixUserIDTests {
    @Test func givenALocalpart_whenParsed_thenItIsSentAsTyped() throws {
        let user = try MatrixUserID("alice")
        #expect(user.text == "alice")
        #expect(user.localpart == "alice")
        #expect(user.serverName == nil)
    }

    @Test func givenAFullUserID_whenParsed_thenLocalpartAndServerAreKnown() throws {
        let user = try MatrixUserID("@alice:example.org:8448")
        #expect(user.text == "@alice:example.org:8448")
        #expect(user.localpart == "alice")
        #expect(user.serverName == "example.org:8448")
    }

    @Test(arguments: ["", "@alice", "@:example.org", "@alice:", "ali ce", "alice:example.org", "a\u{1B}[2J"])
    func givenSomethingElse_whenParsed_thenItIsRefusedWithASentence(text: String) {
        let error = #expect(throws: MatrixError.self) { try MatrixUserID(text) }
        #expect(error?.description.contains("is not a Matrix user") == true)
    }
}
