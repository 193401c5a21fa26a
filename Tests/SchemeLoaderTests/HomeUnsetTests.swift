// With HOME unset, the cache goes to the account's own home, or nowhere (the caller refuses) —
// never to a shared temporary folder.
import Foundation
import SchemeLoader
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
}
