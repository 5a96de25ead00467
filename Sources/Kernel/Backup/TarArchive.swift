import Foundation

/// A POSIX tar archive (ustar), the plainest format every system can open: a 512-byte
/// header per file, its bytes padded to 512, and two empty blocks at the end. Only what
/// a backup needs: regular files with names of at most 100 bytes.
public struct TarArchive: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        public let name: String
        public let bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var files: [File]

    public init(files: [File] = []) { self.files = files }

    public func file(_ name: String) -> File? { files.first { $0.name == name } }

    public struct Malformed: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    static let block = 512

    /// The archive's bytes; `modified` is every file's time.
    public func bytes(modified: Date) throws -> [UInt8] {
        var out: [UInt8] = []
        for file in files {
            let name = Array(file.name.utf8)
            guard !name.isEmpty, name.count <= 100 else { throw Malformed(description: "a name of 1–100 bytes: \(file.name)") }
            var header = [UInt8](repeating: 0, count: Self.block)
            header.replaceSubrange(0..<name.count, with: name)
            Self.put(octal: 0o644, width: 8, at: 100, in: &header)
            Self.put(octal: 0, width: 8, at: 108, in: &header)
            Self.put(octal: 0, width: 8, at: 116, in: &header)
            Self.put(octal: file.bytes.count, width: 12, at: 124, in: &header)
            Self.put(octal: max(0, Int(modified.timeIntervalSince1970)), width: 12, at: 136, in: &header)
            header[156] = UInt8(ascii: "0")
            header.replaceSubrange(257..<265, with: Array("ustar\u{0}00".utf8))
            // The checksum is the sum of the header's bytes with its own field as spaces.
            header.replaceSubrange(148..<156, with: [UInt8](repeating: 32, count: 8))
            let sum = header.reduce(0) { $0 + Int($1) }
            Self.put(octal: sum, width: 7, at: 148, in: &header)
            header[155] = 32
            out += header
            out += file.bytes
            out += [UInt8](repeating: 0, count: (Self.block - file.bytes.count % Self.block) % Self.block)
        }
        out += [UInt8](repeating: 0, count: 2 * Self.block)
        return out
    }

    /// Reads an archive: every regular file, checked against its header's checksum.
    public init(reading bytes: [UInt8]) throws {
        var files: [File] = []
        var offset = 0
        while offset + Self.block <= bytes.count {
            let header = Array(bytes[offset..<offset + Self.block])
            if header.allSatisfy({ $0 == 0 }) { break }
            guard let size = Self.octal(header[124..<136]), let stored = Self.octal(header[148..<156]) else {
                throw Malformed(description: "a header's numbers are not octal")
            }
            var check = header
            check.replaceSubrange(148..<156, with: [UInt8](repeating: 32, count: 8))
            guard check.reduce(0, { $0 + Int($1) }) == stored else { throw Malformed(description: "a header's checksum does not match") }
            let start = offset + Self.block
            guard size >= 0, start + size <= bytes.count else { throw Malformed(description: "a file runs past the end") }
            let nameBytes = header[0..<100].prefix { $0 != 0 }
            let type = header[156]
            if type == UInt8(ascii: "0") || type == 0 {
                files.append(File(name: String(decoding: nameBytes, as: UTF8.self), bytes: Array(bytes[start..<start + size])))
            }
            offset = start + (size + Self.block - 1) / Self.block * Self.block
        }
        self.files = files
    }

    private static func put(octal value: Int, width: Int, at offset: Int, in header: inout [UInt8]) {
        let digits = Array(String(value, radix: 8).utf8)
        let padded = [UInt8](repeating: UInt8(ascii: "0"), count: max(0, width - 1 - digits.count)) + digits
        header.replaceSubrange(offset..<offset + padded.count, with: padded)
        header[offset + padded.count] = 0
    }

    private static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: field.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? 0 : Int(text, radix: 8)
    }
}
