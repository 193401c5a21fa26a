// RetryPolicyTests: the back-off doubles up to its maximum and never undercuts the server's retry_after_ms.
import MatrixSending
import Testing

@Suite struct RetryPolicyTests {
    @Test func theWaitDoublesUpToTheMaximumAndHonoursRetryAfter() {
        let policy = RetryPolicy(initial: .milliseconds(500), maximum: .seconds(3))
        #expect((1...5).map { policy.delay(afterFailures: $0) }
            == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
        #expect(policy.delay(afterFailures: 1, retryAfter: .seconds(7)) == .seconds(7))
        #expect(policy.delay(afterFailures: 3, retryAfter: .milliseconds(10)) == .seconds(2))
    }
}
