import Foundation

/// A PNG drawn in code, for demo data (Smart Shelter's animals, Golden Ager's volunteers)
/// and tests: deflate's stored blocks need no compressor, so the file is plain and valid,
/// if not small.
public enum PNGDrawing {
    /// A `width`×`height` RGB image, each pixel from `color(x, y)`.
    public static func png(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for y in 0..<height {
            raw.append(0)   // filter: none
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                raw += [r, g, b]
            }
        }
        var ihdr = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]   // 8 bits, RGB, deflate, no filter set, not interlaced
        return ImageInfo.pngSignature + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A round face on a coloured ground: a stand-in portrait.
    public static func portrait(side: Int, ground: (UInt8, UInt8, UInt8), face: (UInt8, UInt8, UInt8)) -> [UInt8] {
        png(width: side, height: side) { x, y in
            let dx = Double(x - side / 2), dy = Double(y - side / 2 - side / 10)
            let r = Double(side) * 0.32
            let ear = { (cx: Double) in (Double(x) - cx) * (Double(x) - cx) + Double(y - side / 4) * Double(y - side / 4) < r * r / 5 }
            return dx * dx + dy * dy < r * r || ear(Double(side) * 0.27) || ear(Double(side) * 0.73) ? face : ground
        }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(CRC32.checksum(body))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length >= data.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + be32(b << 16 | a)
    }

    private static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
