// TestCertificate: a self-signed certificate for 127.0.0.1, made with openssl(1), for https test servers.
import Foundation
import NIOSSL
import SchemeLoader

/// Makes a certificate and key a test's https server can use and its client can trust.
public enum TestCertificate {
    /// Writes a self-signed P-256 certificate for 127.0.0.1 and its key into `folder`; returns the PEM paths.
    public static func make(in folder: TemporaryDirectory) throws -> (certificate: String, key: String) {
        let (cert, key) = (folder.appending("cert.pem").path, folder.appending("key.pem").path)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                             "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1"]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
        return (cert, key)
    }
}

extension HTTPSchemeHandler.Configuration {
    /// The defaults, trusting only `certificate` (a PEM file, e.g. ``TestCertificate``'s) for `https`: a client of
    /// a test server.
    public static func trusting(certificate: String) throws -> Self {
        var configuration = Self()
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        configuration.tlsConfiguration = trust
        return configuration
    }
}
