import Foundation
import MoveJoinProto
import SwiftProtobuf

/// Puts back the fields the protobuf JSON mapping leaves out.
///
/// Proto3's JSON mapping omits every field that holds its default value, so a full event
/// came without `placesLeft`, an empty search without `events`, and a JSON client had to
/// know the schema to tell "0" from "missing". protoc's own option for this
/// ("always print fields without presence") is not in swift-protobuf, so the answer is
/// completed here from the schema (`MoveJoinSchema`): every field without presence gets
/// its default — `0` (`"0"` for 64-bit integers, as the mapping writes them), `false`,
/// `""`, the enum's zero name, `[]` or `{}` — in every message, nested ones too. Fields
/// with presence (`optional`, message fields such as `creator`, oneofs) stay out when
/// unset: their absence means something. Binary answers are unchanged.
struct ProtoJSONDefaults: Sendable {
    private struct Field: Sendable {
        let jsonName: String
        /// The default to write when absent; nil for a field with presence.
        let defaultValue: JSONDefault?
        /// The message type (".movejoin.v1.Event") to complete inside, if it is one of ours.
        let messageType: String?
        let isRepeated: Bool
    }

    private enum JSONDefault: Sendable {
        case number, int64, bool, string, enumName(String), list, map

        var value: Any {
            switch self {
            case .number: 0
            case .int64: "0"
            case .bool: false
            case .string: ""
            case .enumName(let name): name
            case .list: [Any]()
            case .map: [String: Any]()
            }
        }
    }

    /// Fields by the message's full name (".movejoin.v1.Event").
    private let fields: [String: [Field]]

    /// The schema MoveJoin's messages were generated from, read once.
    static let shared: ProtoJSONDefaults = {
        do {
            return try ProtoJSONDefaults(descriptorSet: try MoveJoinSchema.descriptorSet())
        } catch {
            fatalError("MoveJoin's schema (Generated/movejoin.desc) cannot be read: \(error)")
        }
    }()

    init(descriptorSet: Data) throws {
        let set = try Google_Protobuf_FileDescriptorSet(serializedBytes: descriptorSet)
        var messages: [String: Google_Protobuf_DescriptorProto] = [:]
        var enumZeros: [String: String] = [:]
        for file in set.file {
            let scope = file.package.isEmpty ? "" : ".\(file.package)"
            for type in file.enumType { enumZeros["\(scope).\(type.name)"] = type.value.first { $0.number == 0 }?.name ?? "" }
            Self.collect(file.messageType, in: scope, messages: &messages, enumZeros: &enumZeros)
        }
        fields = messages.mapValues { message in
            message.field.map { Self.field($0, messages: messages, enumZeros: enumZeros) }
        }
    }

    /// `message` in the JSON mapping, with every field without presence written.
    func jsonBytes(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
        let plain: [UInt8] = try message.jsonUTF8Bytes()
        guard var object = try JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any] else { return plain }
        complete(&object, as: ".\(type(of: message).protoMessageName)")
        return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    private func complete(_ object: inout [String: Any], as typeName: String) {
        guard let fields = fields[typeName] else { return }
        for field in fields {
            if let present = object[field.jsonName] {
                guard let nested = field.messageType else { continue }
                if field.isRepeated, let items = present as? [Any] {
                    object[field.jsonName] = items.map { item -> Any in
                        guard var inner = item as? [String: Any] else { return item }
                        complete(&inner, as: nested)
                        return inner
                    }
                } else if var inner = present as? [String: Any] {
                    complete(&inner, as: nested)
                    object[field.jsonName] = inner
                }
            } else if let defaultValue = field.defaultValue {
                object[field.jsonName] = defaultValue.value
            }
        }
    }

    private static func collect(_ types: [Google_Protobuf_DescriptorProto], in scope: String,
                                messages: inout [String: Google_Protobuf_DescriptorProto], enumZeros: inout [String: String]) {
        for type in types {
            let name = "\(scope).\(type.name)"
            messages[name] = type
            for nested in type.enumType { enumZeros["\(name).\(nested.name)"] = nested.value.first { $0.number == 0 }?.name ?? "" }
            collect(type.nestedType, in: name, messages: &messages, enumZeros: &enumZeros)
        }
    }

    private static func field(_ field: Google_Protobuf_FieldDescriptorProto, messages: [String: Google_Protobuf_DescriptorProto],
                              enumZeros: [String: String]) -> Field {
        let jsonName = field.hasJsonName ? field.jsonName : field.name
        let target = messages[field.typeName]
        let ours = field.type == .message && target != nil ? field.typeName : nil
        if field.label == .repeated {
            let isMap = target?.options.mapEntry == true
            return Field(jsonName: jsonName, defaultValue: isMap ? .map : .list, messageType: isMap ? nil : ours, isRepeated: true)
        }
        let hasPresence = field.proto3Optional || field.hasOneofIndex || field.type == .message || field.type == .group
        return Field(jsonName: jsonName, defaultValue: hasPresence ? nil : scalarDefault(field, enumZeros: enumZeros),
                     messageType: ours, isRepeated: false)
    }

    private static func scalarDefault(_ field: Google_Protobuf_FieldDescriptorProto, enumZeros: [String: String]) -> JSONDefault {
        switch field.type {
        case .bool: .bool
        case .string, .bytes: .string
        case .enum: .enumName(enumZeros[field.typeName] ?? "")
        case .int64, .uint64, .sint64, .fixed64, .sfixed64: .int64
        default: .number
        }
    }
}
