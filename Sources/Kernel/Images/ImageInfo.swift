import Foundation

/// What an image's bytes say it is: JPEG or PNG, its size in pixels. Checked through to the
/// end — a PNG's every chunk against its CRC up to IEND, a JPEG's segments up to the scan
/// and its end marker — so that a renamed file or a cut-off upload is refused.
public struct ImageInfo: Sendable, Equatable {
    public let contentType: String
    public let width: Int
    public let height: Int

    public init?(_ bytes: [UInt8]) {
        if let png = Self.png(bytes) { self = png } else if let jpeg = Self.jpeg(bytes) { self = jpeg } else { return nil }
    }

    private init(contentType: String, width: Int, height: Int) {
        self.contentType = contentType
        self.width = width
        self.height = height
    }

    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func png(_ b: [UInt8]) -> ImageInfo? {
        guard b.count > 33, Array(b[0..<8]) == pngSignature else { return nil }
        var offset = 8, size: (Int, Int)?, ended = false, sawData = false
        while offset + 12 <= b.count {
            let length = Int(be32(b, offset)), type = Array(b[offset + 4..<offset + 8])
            guard length >= 0, offset + 12 + length <= b.count else { return nil }
            let crc = be32(b, offset + 8 + length)
            guard CRC32.checksum(b[offset + 4..<offset + 8 + length]) == crc else { return nil }
            switch String(decoding: type, as: UTF8.self) {
            case "IHDR" where length == 13: size = (Int(be32(b, offset + 8)), Int(be32(b, offset + 12)))
            case "IDAT": sawData = true
            case "IEND": ended = true
            default: break
            }
            offset += 12 + length
            if ended { break }
        }
        guard ended, sawData, let (w, h) = size, w > 0, h > 0 else { return nil }
        return ImageInfo(contentType: "image/png", width: w, height: h)
    }

    private static func jpeg(_ b: [UInt8]) -> ImageInfo? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8, b[b.count - 2] == 0xFF, b[b.count - 1] == 0xD9 else { return nil }
        var offset = 2, size: (Int, Int)?
        while offset + 4 <= b.count {
            guard b[offset] == 0xFF else { return nil }
            let marker = b[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            let length = Int(b[offset + 2]) << 8 | Int(b[offset + 3])
            guard length >= 2, offset + 2 + length <= b.count else { return nil }
            // Start of frame (baseline, progressive…; not DHT C4, JPG C8, DAC CC): the size.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), length >= 7 {
                size = (Int(b[offset + 7]) << 8 | Int(b[offset + 8]), Int(b[offset + 5]) << 8 | Int(b[offset + 6]))
            }
            if marker == 0xDA { break }   // start of scan: the image data runs to the end marker
            offset += 2 + length
        }
        guard let (w, h) = size, w > 0, h > 0 else { return nil }
        return ImageInfo(contentType: "image/jpeg", width: w, height: h)
    }

    private static func be32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, polynomial 0xEDB88320).
public enum CRC32 {
    public static let table: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}

/// The checks an uploaded image passes before it is kept: present, within `maxBytes`, a
/// whole JPEG or PNG (`ImageInfo`), and no larger than `maxSide` pixels a side. Each fault
/// is named on `field` in the person's language.
public enum ImageCheck {
    public static func check(_ field: String, _ bytes: [UInt8]?, maxBytes: Int, maxSide: Int, into validator: inout Validator) -> ImageInfo? {
        guard let bytes, !bytes.isEmpty else {
            validator.add(field, "validation.required")
            return nil
        }
        guard bytes.count <= maxBytes else {
            validator.add(field, "image.too_big", ["max": String(maxBytes / 1024) + " KB"])
            return nil
        }
        guard let info = ImageInfo(bytes) else {
            validator.add(field, "image.not_an_image")
            return nil
        }
        guard info.width <= maxSide, info.height <= maxSide else {
            validator.add(field, "image.too_large", ["side": String(maxSide)])
            return nil
        }
        return info
    }
}
