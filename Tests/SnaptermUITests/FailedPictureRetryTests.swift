// A picture that failed says why in a few words ("server unreachable", not the network library's text), loads
// again by itself once its server answers, and at once when the user presses R.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct FailedPictureRetryTests {
    private let reset = LoadError.network(reason: "read(descriptor:pointer:size:): Connection reset by peer (errno: 104)",
                                          url: "mock://rows/1")

    @Test func aNetworkFailureSaysServerUnreachableAndLoadsAgainByItselfWhenTheServerAnswers() async throws {
        // Given a picture whose server is down
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(), error: reset))
        let cell = ImageCell(loader: try UIFixtures.loader(mock))
        cell.show(UIFixtures.url(1))
        // Then its cell says so in two words
        #expect(await UIFixtures.eventually { cell.content == .failed(reason: "server unreachable") })
        // When the server comes back
        mock.stubAll(with: MockResponse(data: Data("picture".utf8)))
        // Then the picture lands without anything done (a retry after a short wait)
        #expect(await UIFixtures.eventually { cell.content == .image(data: Data("picture".utf8), source: .handler) })
        #expect(mock.loadCount(for: UIFixtures.url(1)) >= 2)
    }

    @Test func aPictureThatCannotBeFoundIsNotAskedForAgainByItself() async throws {
        // Given a picture its server does not have
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(), error: .httpStatus(code: 404, url: "mock://rows/1")))
        let loader = try UIFixtures.loader(mock)
        let cell = ImageCell(loader: loader)
        cell.show(UIFixtures.url(1))
        #expect(await UIFixtures.eventually { cell.content == .failed(reason: "not found") })
        // Then no retry is scheduled: the loader goes idle with one load made
        #expect(await UIFixtures.settled(loader))
        #expect(mock.loadCount(for: UIFixtures.url(1)) == 1)
        // When the user asks (R), it is asked again at once
        mock.stubAll(with: MockResponse(data: Data("found".utf8)))
        cell.retryIfFailed()
        #expect(await UIFixtures.eventually { cell.content == .image(data: Data("found".utf8), source: .handler) })
    }
}
