import Foundation

/// The schema the messages were generated from, as protoc wrote it
/// (`Generated/movejoin.desc`, a `google.protobuf.FileDescriptorSet`; scripts/generate-protos).
public enum MoveJoinSchema {
    /// The serialized descriptor set of `movejoin.proto`.
    public static func descriptorSet() throws -> Data {
        guard let url = Bundle.module.url(forResource: "movejoin", withExtension: "desc") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
