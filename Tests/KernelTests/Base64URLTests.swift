import Foundation
import Kernel
import Testing

extension KernelTests {
    /// The secrets' and Web Push keys' encoding.
    @Suite("base64url")
    struct Base64URLTests {
        @Test("RFC 4648's vectors, without padding")
        func vectors() {
            let expected = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
            for (text, encoded) in expected {
                #expect(Base64URL.encode(Array(text.utf8)) == encoded, "\(text)")
            }
        }

        @Test("the same as Foundation's base64 with the URL alphabet and no padding, for every length up to 70 and every byte")
        func againstFoundation() {
            var generator = SystemRandomNumberGenerator()
            var all = (0...255).map { UInt8($0) }
            for length in 0...70 {
                for _ in 0..<20 {
                    all.shuffle(using: &generator)
                    let bytes = Array(all.prefix(length))
                    let foundation = Data(bytes).base64EncodedString()
                        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                    #expect(Base64URL.encode(bytes) == foundation)
                    #expect(WebPushCrypto.bytes(base64URL: Base64URL.encode(bytes)) == bytes)
                }
            }
        }

        @Test("a secret token is 43 characters of the URL alphabet, and never the same twice")
        func secretTokens() {
            let tokens = (0..<1_000).map { _ in SecretToken.generate() }
            let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            #expect(tokens.allSatisfy { $0.count == 43 && $0.allSatisfy(alphabet.contains) })
            #expect(Set(tokens).count == tokens.count)
        }
    }
}
