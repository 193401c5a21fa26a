// AppEnvironment+Accounts: where the Matrix accounts file is (`$XDG_DATA_HOME/snapterm/accounts.json` …).
import Foundation
import Matrix

extension AppEnvironment {
    /// The Matrix accounts (`$XDG_DATA_HOME/snapterm/accounts.json`, else under `~/.local/share/snapterm/`);
    /// with no home known at all, an error (never a shared temporary folder).
    var accountStore: AccountStore {
        get throws(EnvironmentError) {
            guard let folder = AccountStore.defaultFolder(environment: variables, accountHome: accountHome) else {
                throw .noHome(needed: "the Matrix accounts", variable: "XDG_DATA_HOME")
            }
            return AccountStore(folder: folder)
        }
    }
}
