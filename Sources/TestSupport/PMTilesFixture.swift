// PMTilesFixture: the shipped world map as PMTiles, converted once by scripts/fixtures/pmtiles-from-mbtiles.sh.
import Foundation

/// PMTiles copies of the shipped MBTiles for tests that compare both. The world (~26 MB) is not
/// committed: it is converted on first use into a temporary folder that later runs reuse.
public enum PMTilesFixture {
    /// Why a test that needs the converted world is skipped when it cannot be made.
    public static let requirement = "needs the world as PMTiles: scripts/fixtures/pmtiles-from-mbtiles.sh (python3, pip's pmtiles) failed, see its message above"

    /// The committed Helsinki archive (made with the same script).
    public static let helsinki = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/maps/helsinki.pmtiles")

    /// The converted world, or nil — the converter's message written once to standard error — when
    /// the script cannot run here (no python3, no pip, no network to install the package).
    public static func world() async -> URL? {
        switch await conversion.value {
        case .success(let url): return url
        case .failure: return nil
        }
    }

    private static let conversion = Task<Result<URL, SpawnError>, Never> {
        let root = CommandRunner.repositoryRoot
        let source = root.appendingPathComponent("assets/maps/world.mbtiles")
        let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapterm-pmtiles-\(size)")
        let script = root.appendingPathComponent("scripts/fixtures/pmtiles-from-mbtiles.sh").path
        do {
            let run = try await OffPool.run { try Spawn.run(script, [folder.path, "world"]) }
            guard run.status == 0 else { throw SpawnError(description: "exit \(run.status): \(run.output)") }
            return .success(folder.appendingPathComponent("world.pmtiles"))
        } catch {
            let failure = error as? SpawnError ?? SpawnError(description: "\(error)")
            FileHandle.standardError.write(Data("PMTilesFixture: the world could not be converted: \(failure)\n".utf8))
            return .failure(failure)
        }
    }
}
