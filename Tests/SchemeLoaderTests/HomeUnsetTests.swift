// With HOME unset, the cache goes to the account's own home, or nowhere (the caller refuses) —
// never to a shared temporary folder.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct HomeUnsetTests {
    @Test func homeUnsetUsesTheAccountsHome() {
        #expect(CacheLocation.directory(environment: [:], accountHome: "/home/ada")?.path == "/home/ada/.cache/snapterm")
        #expect(CacheLocation.directory(environment: ["HOME": "relative"], accountHome: "/home/ada")?.path == "/home/ada/.cache/snapterm")
    }

    @Test func noHomeAtAllIsNoLocationNotATemporaryFolder() {
        // Before: $TMPDIR/snapterm-cache, shared by every user of the machine
        for accountHome in [nil, "", "/", "relative"] as [String?] {
            #expect(CacheLocation.directory(environment: [:], accountHome: accountHome) == nil)
        }
        #expect(CacheLocation.directory(environment: ["XDG_CACHE_HOME": "/x"], accountHome: nil)?.path == "/x/snapterm")
    }

    /// The account's home comes from the password database (files read at every start of a
    /// command): it is looked up only when neither XDG_CACHE_HOME nor HOME says where to go.
    @Test func theAccountsHomeIsLookedUpOnlyWhenNeeded() {
        let lookups = Locked(0)
        func lookUp() -> String? { lookups.withLock { $0 += 1 }; return "/home/ada" }
        _ = CacheLocation.directory(environment: ["XDG_CACHE_HOME": "/x"], accountHome: lookUp())
        _ = CacheLocation.directory(environment: ["HOME": "/home/bob"], accountHome: lookUp())
        #expect(lookups.withLock { $0 } == 0)
        #expect(CacheLocation.directory(environment: [:], accountHome: lookUp())?.path == "/home/ada/.cache/snapterm")
        #expect(lookups.withLock { $0 } == 1)
    }
}
