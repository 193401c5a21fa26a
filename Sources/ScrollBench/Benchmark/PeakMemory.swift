// PeakMemory: the process's peak resident set size (getrusage ru_maxrss).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The peak resident memory of this process so far.
public enum PeakMemory {
    /// Kibibytes (Linux reports ru_maxrss in KiB; macOS in bytes, converted).
    public static var kibibytes: Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) / 1024
        #else
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }  // Glibc imports the enum, not an Int32
        return Int(usage.ru_maxrss)
        #endif
    }
}
