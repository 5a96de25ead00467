@testable import Kernel
import Testing
import Vapor

extension KernelTests {
    @Suite("Cookie header parsing")
    struct CookieParsingTests {
        @Test("name=value pairs separated by ';', spaces trimmed, quotes taken off, '=' kept inside values, the last of a name wins")
        func pairs() {
            let cookies = Request.parseCookies([#"a=1; b="two";c = 3 ;d=4=5==; =nameless; junk; a=6"#, "e="])
            #expect(cookies == ["a": "6", "b": "two", "c": "3", "d": "4=5==", "e": ""])
            #expect(Request.parseCookies([]).isEmpty)
        }
    }
}
