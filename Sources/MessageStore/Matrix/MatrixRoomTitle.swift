// MatrixRoomTitle: what a room is called in the list — its name, else its alias, else its heroes, as the
// specification's display-name rules say.
import Foundation

/// A room's title from its stored state.
enum MatrixRoomTitle {
    /// `name`, else `canonicalAlias`, else up to five heroes joined, else "empty room".
    static func title(name: String?, canonicalAlias: String?, heroes: [String]?) -> String {
        if let name, !name.isEmpty { return name }
        if let canonicalAlias, !canonicalAlias.isEmpty { return canonicalAlias }
        if let heroes, !heroes.isEmpty { return heroes.prefix(5).joined(separator: ", ") }
        return "empty room"
    }

    /// Heroes stored as a JSON array.
    static func heroes(json: String) -> [String]? {
        try? JSONDecoder().decode([String].self, from: Data(json.utf8))
    }
}
