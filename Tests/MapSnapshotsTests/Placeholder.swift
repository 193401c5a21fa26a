// Placeholder until the map tests are merged (remove then).
import MapSnapshots
