import Crypto
import Foundation
import Vapor

/// The CSS and JavaScript every page uses, read once at start from the module's
/// resources and served from memory with a content hash in the URL, so browsers cache
/// them for a year and still see a new version at once.
public struct StaticAssets: Sendable {
    public struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: HTTPMediaType
        let version: String
    }

    let assets: [String: Asset]

    static let types: [String: HTTPMediaType] = [
        "css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
        "js": HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "svg": HTTPMediaType(type: "image", subType: "svg+xml"),
    ]

    static func load(appDirectories: [URL] = []) throws -> StaticAssets {
        guard let directory = Bundle.module.url(forResource: "Public", withExtension: nil) else {
            throw ConfigurationError("The kernel's Public resources are missing from the build")
        }
        var assets: [String: Asset] = [:]
        for directory in [directory] + appDirectories {
            try load(directory, into: &assets)
        }
        return StaticAssets(assets: assets)
    }

    private static func load(_ directory: URL, into assets: inout [String: Asset]) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let ext = (name as NSString).pathExtension
            guard let type = types[ext] else { continue }
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let version = SecretToken.hex(SHA256.hash(data: data).prefix(6))
            guard assets[name] == nil else { throw ConfigurationError("Two static assets are called \(name)") }
            assets[name] = Asset(body: ByteBuffer(data: data), contentType: type, version: version)
        }
    }

    public func has(_ name: String) -> Bool { assets[name] != nil }

    /// The cache-busting URL of an asset, e.g. `/static/hromada.css?v=3fa2c1`.
    public func url(_ name: String) -> String {
        guard let asset = assets[name] else { return "/static/\(name)" }
        return "/static/\(name)?v=\(asset.version)"
    }

    func response(for name: String, request: Request) -> Response? {
        guard let asset = assets[name] else { return nil }
        var headers = HTTPHeaders()
        headers.contentType = asset.contentType
        headers.replaceOrAdd(name: .eTag, value: "\"\(asset.version)\"")
        let versioned = request.query[String.self, at: "v"] == asset.version
        headers.replaceOrAdd(name: .cacheControl, value: versioned ? "public, max-age=31536000, immutable" : "no-cache")
        if request.headers.first(name: .ifNoneMatch) == "\"\(asset.version)\"" {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(buffer: asset.body))
    }
}
