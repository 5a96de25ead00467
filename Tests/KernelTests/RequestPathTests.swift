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

        @Test("queryValue reads one value as Vapor's decoder does: the first of its name, percent and + decoded")
        func queryValues() async throws {
            try await withDemo { app in
                func request(_ url: String) -> Request {
                    Request(application: app, method: .GET, url: URI(string: url), on: app.eventLoopGroup.next())
                }
                let r = request("/a?species=cat&page=2&name=%D0%9A%D1%96%D1%82+%D0%9C%D1%83%D1%80&empty=&flag&page=3")
                #expect(r.queryValue("species") == "cat" && r.queryValue("page") == "2")
                #expect(r.queryValue("name") == "Кіт Мур" && r.queryValue("empty") == "" && r.queryValue("flag") == "")
                #expect(r.queryValue("spec") == nil && r.queryValue("missing") == nil)
                for url in ["/a?species=dog&page=7", "/a?page=%32", "/a?species=a+b", "/a?x=1&&species=cat", "/a?page=%ZZ"] {
                    let r = request(url)
                    for name in ["species", "page"] {
                        #expect(r.queryValue(name) == r.query[String.self, at: name], "\(url) \(name)")
                    }
                }
                #expect(request("/a").queryValue("page") == nil)
            }
        }
    }
}
