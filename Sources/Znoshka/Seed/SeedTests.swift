import Foundation

/// The tests Znoshka ships with, written by us in the answer sheet's file format
/// (`TestFile`, docs/znoshka-test-files.md): for each compulsory subject a full НМТ
/// simulation, and topic tests. No exam's text is copied.
public enum SeedTests {
    /// Every bundled file of `folder`, by name, as read; a file that does not read is a
    /// build's bug, and `SeedContentTests` fails on it. `tests` holds the first content,
    /// `templates` the question templates that came later (`SeedQuestionTemplates`).
    public static func files(in folder: String = "tests") throws -> [(name: String, data: Data)] {
        guard let folder = Bundle.module.url(forResource: folder, withExtension: nil) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { ($0.lastPathComponent, try Data(contentsOf: $0)) }
    }
}
