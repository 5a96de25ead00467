import Foundation
import HromadaTesting
@testable import Kernel
import Testing
import Vapor

extension KernelTests {
    @Suite("Request paths")
    struct RequestPathTests {
        @Test("urlPath is url.path, read once; only /<app>/api/… is an API request")
        func paths() async throws {
            try await withDemo { app in
                let cases = [("/znoshka/api/v1/attempts/x", true), ("/znoshka/api", true), ("/znoshka/pages/api/x", false), ("/api", false),
                             ("/a%20b/api/x?q=1", true), ("/", false)]
                for (url, isAPI) in cases {
                    let request = Request(application: app, method: .GET, url: URI(string: url), on: app.eventLoopGroup.next())
                    #expect(request.urlPath == request.url.path, "\(url)")
                    #expect(request.isAPIRequest == isAPI, "\(url)")
                    #expect(request.urlPath == request.url.path, "\(url): read again")
                }
            }
        }
    }
}
