// TrustedAuthorities: the certificate authorities HTTPS trusts — the system's, plus the ones named by
// SSL_CERT_FILE and SSL_CERT_DIR (the variables curl and OpenSSL read), and one sentence for a refused certificate.
import Foundation
import NIOSSL

/// Which certificate authorities an HTTPS client trusts, and why a server's certificate was refused.
///
/// Verification is never turned off. A private authority (a company's, a test server's) is trusted the way
/// curl and OpenSSL trust it: its PEM file named by `SSL_CERT_FILE`, or a folder of PEM files by
/// `SSL_CERT_DIR` (several folders separated by `:`). They are trusted beside the system's authorities.
public enum TrustedAuthorities {
    /// The client TLS settings for `environment`: `nil` when neither variable names more than the system's own
    /// authorities (the system's defaults stand); a typed error naming the variable and the file when one cannot
    /// be read.
    public static func configuration(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LoadError) -> TLSConfiguration? {
        let file = environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let folders = (environment["SSL_CERT_DIR"] ?? "").split(separator: ":").map(String.init)
        var extra: [NIOSSLCertificate] = []
        if let file, !isSystemStore(file) { extra += try certificates(in: file, variable: "SSL_CERT_FILE") }
        for folder in folders where !isSystemStore(folder) { extra += try certificates(inFolder: folder) }
        guard !extra.isEmpty else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.additionalTrustRoots = [.certificates(extra)]
        return configuration
    }

    /// The process's settings, read once: what every HTTPS client of Snapterm uses.
    public static let fromEnvironment: Result<TLSConfiguration?, LoadError> = Result { () throws(LoadError) in
        try configuration()
    }

    /// The sentence for a TLS failure talking to `host`, or `nil` when `error` is not one. BoringSSL's own
    /// text (an error number and a source path of the build) is never shown.
    public static func refusal(_ error: any Error, host: String) -> LoadError? {
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return .untrustedCertificate(host: host, reason: "its certificate is for another host name")
        }
        guard let ssl = error as? NIOSSLError else { return nil }
        let text = String(describing: ssl)
        let reason: String = if text.contains("CERTIFICATE_VERIFY_FAILED") {
            "its certificate is not signed by an authority this machine trusts, or has expired"
        } else if case .handshakeFailed = ssl {
            "the TLS handshake failed (the server speaks no TLS version or cipher Snapterm accepts)"
        } else {
            "the TLS connection failed"
        }
        return .untrustedCertificate(host: host, reason: reason)
    }

    /// Where the system's authorities are trusted from already (swift-nio-ssl's defaults on Linux: the first
    /// bundle found, and the hashed folder it looks certificates up in when needed). Many machines name them in
    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`; reading them again only adds the time to parse every certificate —
    /// measured: 20 ms before the first request for Debian's folder, which holds each of its 140 authorities
    /// under two names beside the bundle of them all.
    static let systemStores: [String] = {
        let bundle = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"]
            .first { FileManager.default.fileExists(atPath: $0) }
        var folder: ObjCBool = false
        let hashed = FileManager.default.fileExists(atPath: "/etc/ssl/certs", isDirectory: &folder) && folder.boolValue
        return ([bundle] + [hashed ? "/etc/ssl/certs" : nil]).compactMap { $0 }.map(resolved)
    }()

    private static func isSystemStore(_ path: String) -> Bool { systemStores.contains(resolved(path)) }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    private static func certificates(in file: String, variable: String) throws(LoadError) -> [NIOSSLCertificate] {
        do {
            return try NIOSSLCertificate.fromPEMFile(file)
        } catch {
            throw .unreadableTrustStore(variable: variable, path: file,
                                        reason: FileManager.default.isReadableFile(atPath: file)
                                            ? "it holds no PEM certificate" : "no such readable file")
        }
    }

    /// Every PEM certificate in `folder` (`*.pem`, `*.crt` and OpenSSL's hashed names `xxxxxxxx.0`); other
    /// files are skipped, as OpenSSL skips them.
    private static func certificates(inFolder folder: String) throws(LoadError) -> [NIOSSLCertificate] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .unreadableTrustStore(variable: "SSL_CERT_DIR", path: folder, reason: "no such readable folder")
        }
        return names.flatMap { name -> [NIOSSLCertificate] in
            let path = (folder as NSString).appendingPathComponent(name)
            return (try? NIOSSLCertificate.fromPEMFile(path)) ?? []
        }
    }
}
