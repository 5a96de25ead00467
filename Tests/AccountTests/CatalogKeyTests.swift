import Foundation
import HromadaSuite
import Kernel
import Testing

/// A text key misspelt in the code shows people the key itself («ga.relative.code_wrong»)
/// instead of a sentence, and no other test notices unless it reads that very message.
@Suite("Text keys")
struct CatalogKeyTests {
    /// The repository's root, from this file's path (Tests/AccountTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every key an app's code names literally is in its catalog or the kernel's", arguments: Suite.apps.map(MountedApp.init))
    func literalKeysExist(_ mounted: MountedApp) throws {
        let catalogs = [mounted.app.catalog, KernelStrings.catalog]
        let prefixes = Set(mounted.app.catalog.tables[.uk, default: [:]].keys.compactMap { $0.split(separator: ".").first.map(String.init) })
        let module = String(describing: type(of: mounted.app))
        let sources = Self.root.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 10, "found \(module)'s sources at \(sources.path)")
        // A whole literal: a key built by interpolation («ga.status.\(…)») does not match.
        let literal = /"([a-z]+)\.([A-Za-z0-9_.]+)"/
        var missing: Set<String> = []
        for file in files {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: literal) where prefixes.contains(String(match.1)) {
                let key = "\(match.1).\(match.2)"
                guard !key.hasSuffix(".") else { continue }
                let known = catalogs.contains { $0.lookup(key, in: .uk) != nil || $0.lookup("\(key)#one", in: .uk) != nil }
                if !known { missing.insert("\(file.lastPathComponent): \(key)") }
            }
        }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }
}
