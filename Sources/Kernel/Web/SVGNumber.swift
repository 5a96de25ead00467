/// Numbers written into SVG drawings (the charts' coordinates).
public enum SVGNumber {
    /// `value` with one decimal ("12.3", "-0.5", "0.0"), rounded as `String(format:
    /// "%.1f")` rounds — the exact binary value to the nearest tenth, ties to even — but
    /// written by hand: Foundation's formatting was a fifth of a five-year statistics page's
    /// time (bench/README.md, "Statistics"). A value that is not finite, or beyond what a
    /// drawing holds, is written as 0.0; so is a negative one that rounds to zero.
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0.0" }
        let tenths = nearestTenths(value)
        let magnitude = tenths.magnitude
        return "\(tenths < 0 ? "-" : "")\(magnitude / 10).\(magnitude % 10)"
    }

    /// `value × 10` rounded to the nearest whole number, ties to even, decided on the exact
    /// product: `value * 10` alone is rounded once already (0.15, really 0.1499…, would
    /// become 1.5 and then 2). `fma` gives the sign of `value × 10 − x` exactly.
    private static func nearestTenths(_ value: Double) -> Int {
        var floor = (value * 10).rounded(.down)
        if (-floor).addingProduct(value, 10) < 0 { floor -= 1 }
        if (-(floor + 1)).addingProduct(value, 10) >= 0 { floor += 1 }
        let aboveHalf = (-(floor + 0.5)).addingProduct(value, 10)
        let n = Int(floor)
        if aboveHalf > 0 { return n + 1 }
        if aboveHalf < 0 { return n }
        return n.isMultiple(of: 2) ? n : n + 1
    }
}
