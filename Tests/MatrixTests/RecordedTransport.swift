// RecordedTransport: a MatrixTransport that answers from recorded JSON (Tests/Fixtures/matrix/) by path and keeps every
// request it was given, for the unit tests of parsing and errors — no server.
import Foundation
import Matrix
import Synchronization
import TestSupport

/// Answers requests from a table of path → (status, recorded file or bytes); records the requests.
final class RecordedTransport: MatrixTransport {
    /// What one path answers.
    struct Answer: Sendable {
        let status: Int
        let body: Data
    }

    private let answers: [String: Answer]
    private let requests = Mutex<[MatrixHTTPRequest]>([])

    /// A transport answering `answers` (by URL path); other paths are unreachable.
    init(_ answers: [String: Answer]) {
        self.answers = answers
    }

    /// Every request so far, in order.
    var received: [MatrixHTTPRequest] { requests.withLock { $0 } }

    func perform(_ request: MatrixHTTPRequest) async throws(MatrixError) -> MatrixHTTPResponse {
        requests.withLock { $0.append(request) }
        guard let answer = answers[request.url.path] else {
            throw .unreachable(url: "\(request.url.scheme ?? "")://\(request.url.host ?? "")", reason: "connection refused")
        }
        return MatrixHTTPResponse(status: answer.status, body: answer.body)
    }
}

extension RecordedTransport.Answer {
    /// The recorded answers: Synapse 1.163's, and a web server's that is no homeserver.
    static let folder = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/matrix")

    /// `status` with the recorded file `name` (Tests/Fixtures/matrix/name) as body.
    static func recorded(_ name: String, status: Int = 200) -> Self {
        Self(status: status, body: (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data())
    }

    /// `status` with `text` as body.
    static func text(_ text: String, status: Int = 200) -> Self {
        Self(status: status, body: Data(text.utf8))
    }
}

/// A base URL for the recorded tests.
let recordedBase = URL(string: "https://matrix.example.org")!
