import Foundation

/// The theory pages Znoshka ships with: Markdown written by us (`TheoryMarkdown`), five
/// topics per compulsory subject, in `Seed/theory/<subject>/NN-slug.md`, each opening with
/// its `# title`.
public enum SeedTheory {
    public struct Page: Sendable {
        public let subject: String
        public let slug: String
        public let title: String
        public let markdown: String
    }

    /// Every bundled page, by subject and then by its number.
    public static func pages() throws -> [Page] {
        guard let folder = Bundle.module.url(forResource: "theory", withExtension: nil) else { return [] }
        var pages: [Page] = []
        for subject in TestFile.subjects {
            let directory = folder.appendingPathComponent(subject)
            guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) else { continue }
            for file in files.filter({ $0.pathExtension == "md" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let firstLine = text.prefix { !$0.isNewline }
                let title = firstLine.hasPrefix("# ") ? String(firstLine.dropFirst(2)) : ""
                pages.append(Page(subject: subject, slug: file.deletingPathExtension().lastPathComponent, title: title,
                                  markdown: String(text.dropFirst(firstLine.count).drop { $0.isNewline })))
            }
        }
        return pages
    }
}
