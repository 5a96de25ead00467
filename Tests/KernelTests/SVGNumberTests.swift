import Foundation
import Testing
@testable import Kernel

@Suite("SVG numbers")
struct SVGNumberTests {
    @Test("one decimal, as String(format: \"%.1f\") writes it: ties, negatives, tiny and large values")
    func likeFormat() {
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, -0.25, -0.04, 1.45, 2.5, 12.34, 199.99, 340, -12.75, 1e-9, 123_456.789]
        // Every coordinate a chart of 340 × 200 units can draw, at a thousandth apart.
        values += stride(from: -50.0, through: 400.0, by: 0.001).map { $0 }
        let differing = values.filter { value in
            let mine = SVGNumber.oneDecimal(value), printf = String(format: "%.1f", value)
            // printf writes "-0.0" for a negative value that rounds to zero; a drawing does not care.
            return mine != printf && !(printf == "-0.0" && mine == "0.0")
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { "\($0): \(SVGNumber.oneDecimal($0)) vs \(String(format: "%.1f", $0))" })")
    }

    @Test("what a drawing cannot hold is 0.0, never a crash")
    func notFinite() {
        #expect(SVGNumber.oneDecimal(.nan) == "0.0" && SVGNumber.oneDecimal(.infinity) == "0.0" && SVGNumber.oneDecimal(-1e300) == "0.0")
    }
}
