// SyncFilter: the filter of every `/sync` — members lazy-loaded, a bounded timeline per room — sent inline as
// JSON, so no filter has to be uploaded first.
import Foundation

/// A `/sync` filter.
public struct SyncFilter: Sendable, Equatable {
    /// The most timeline events per room one sync brings (older ones are paged back on demand).
    public var timelineLimit: Int

    /// A filter of `timelineLimit` events per room (20: a screenful).
    public init(timelineLimit: Int = 20) {
        self.timelineLimit = timelineLimit
    }

    /// The filter as the inline JSON of the `filter` parameter.
    public var json: String {
        #"{"room":{"state":{"lazy_load_members":true},"timeline":{"limit":\#(timelineLimit),"lazy_load_members":true}}}"#
    }
}
