// SyntheticPlaces: a deterministic list of places for the benchmark when no place data is shipped.
import SnaptermUI

/// Generated places spread over the globe, the same every run.
public enum SyntheticPlaces {
    /// `count` places named "Place 1", "Place 2", … at deterministic coordinates.
    public static func make(count: Int) -> [Place] {
        (0..<max(0, count)).map { index in
            let latitude = Double((index * 7919) % 14_000) / 100 - 70
            let longitude = Double((index * 104_729) % 36_000) / 100 - 180
            return Place(name: "Place \(index + 1)", country: "ZZ", latitude: latitude, longitude: longitude,
                         population: 1_000 + (index * 7_727) % 5_000_000)
        }
    }
}
