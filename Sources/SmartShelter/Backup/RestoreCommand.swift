import Foundation
import Kernel
import Vapor

/// `hromada shelter-restore FILE`: restores a Smart Shelter backup (the director's download,
/// `docs/shelter-backup.md`) into this installation, whose shelter must be empty — start it
/// with `HROMADA_DEMO_DATA=false`. All or nothing: one transaction.
struct RestoreCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "The backup archive (.tar) to restore")
        var file: String
    }

    var help: String { "Restores a Smart Shelter backup into an empty installation (see docs/shelter-backup.md)" }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let data = FileManager.default.contents(atPath: signature.file) else {
            throw BackupError("Cannot read \(signature.file).")
        }
        let written = try await ShelterContext(context.application.services).backup.restore(Array(data))
        for table in written { context.console.print("\(table.name): \(table.rows)") }
        context.console.print("Restored \(written.reduce(0) { $0 + $1.rows }) rows from \(signature.file).")
    }
}
