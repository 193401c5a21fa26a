// TileArchiveInfo: an archive's role, layers and attribution, from its metadata (MBTiles table or PMTiles JSON).
import Foundation

/// What an archive's metadata says about how to draw it.
struct TileArchiveInfo: Sendable {
    /// The names of its vector layers (empty when the metadata lists none).
    let layerNames: Set<String>
    /// The attribution as plain text, if any.
    let attribution: String?
    /// What it contributes to a snapshot: the world when it has a `land` layer, an overlay when its
    /// type says so, else a base map.
    let role: TileSourceRole

    /// From MBTiles-style metadata: `json` (holding `vector_layers`), `type` and `attribution`.
    init(metadata: [String: String]) {
        self.init(layers: Self.layers(inJSON: metadata["json"]), type: metadata["type"], attribution: metadata["attribution"])
    }

    /// From a PMTiles metadata object: `vector_layers` at the top (as go-pmtiles writes it) or in a
    /// `json` string (as the MBTiles converter copies it), `type` and `attribution`.
    init(json: Data) {
        let object = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
        let layers = (object["vector_layers"] as? [[String: Any]]).map(Self.layerIDs) ?? Self.layers(inJSON: object["json"] as? String)
        self.init(layers: layers, type: object["type"] as? String, attribution: object["attribution"] as? String)
    }

    private init(layers: Set<String>, type: String?, attribution: String?) {
        layerNames = layers
        self.attribution = attribution.map(Self.plainText).flatMap { $0.isEmpty ? nil : $0 }
        role = layers.contains("land") ? .world : type == "overlay" ? .overlay : .baseMap
    }

    private static func layers(inJSON json: String?) -> Set<String> {
        guard let data = json?.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let layers = object["vector_layers"] as? [[String: Any]] else { return [] }
        return layerIDs(layers)
    }

    private static func layerIDs(_ layers: [[String: Any]]) -> Set<String> {
        Set(layers.compactMap { $0["id"] as? String })
    }

    private static func plainText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "&copy;", with: "©").replacingOccurrences(of: "&amp;", with: "&")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
