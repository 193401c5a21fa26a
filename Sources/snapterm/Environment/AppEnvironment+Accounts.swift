// AppEnvironment+Accounts: where the Matrix accounts file is (`$XDG_DATA_HOME/snapterm/accounts.json` …), and
// the `mxc://` handler made from the account stored there.
import Foundation
import Matrix
import SchemeLoader

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

    /// The most recently logged-in account, nil when none is stored (or the accounts file cannot be read:
    /// the `mxc://` handler says why).
    func storedMatrixSession() -> MatrixSession? {
        (try? accountStore.load())?.last
    }

    /// The `mxc://` handler: media loaded as the most recently logged-in account; with none stored (or an
    /// accounts file that cannot be read), a handler that refuses every `mxc://` URL saying to log in first.
    func matrixMediaHandler() -> any SchemeHandling {
        let sessions: [MatrixSession]
        do {
            sessions = try accountStore.load()
        } catch let error as MatrixError {
            return MatrixMediaSchemeHandler(unavailable: error)
        } catch {
            return MatrixMediaSchemeHandler(unavailable: MatrixError.noAccount("is known (\(error))"))
        }
        guard let session = sessions.last else {
            return MatrixMediaSchemeHandler(unavailable: MatrixError.noAccount("is stored to load mxc:// pictures"))
        }
        var configuration = MatrixMediaSchemeHandler.Configuration()
        configuration.isOffline = isOffline
        return MatrixMediaSchemeHandler(session: session, configuration: configuration)
    }
}
