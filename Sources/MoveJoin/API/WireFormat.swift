import Foundation
import Kernel
import MoveJoinProto
import SwiftProtobuf
import Vapor

/// The two encodings of MoveJoin's API messages: binary protobuf and the protobuf JSON
/// mapping. Requests are read by their `Content-Type`; answers are written in the first
/// of the two the `Accept` header names (JSON when it names neither, or is absent).
enum WireFormat: Sendable {
    case protobuf
    case json

    static let protobufType = HTTPMediaType(type: "application", subType: "x-protobuf")
    /// Other names clients use for binary protobuf.
    static let protobufSubtypes: Set<String> = ["x-protobuf", "protobuf", "vnd.google.protobuf", "octet-stream"]

    var mediaType: HTTPMediaType {
        switch self {
        case .protobuf: Self.protobufType
        case .json: HTTPMediaType(type: "application", subType: "json", parameters: ["charset": "utf-8"])
        }
    }

    /// The encoding of a request body, from its `Content-Type`; 415 for anything else.
    static func ofBody(_ request: Request) throws -> WireFormat {
        guard let type = request.headers.contentType else { return .json }
        if type.type == "application", protobufSubtypes.contains(type.subType) { return .protobuf }
        if type.type == "application", type.subType == "json" { return .json }
        throw AppError(.unsupportedMediaType, code: "unsupported_media_type", key: "mj.error.media_type")
    }

    /// The encoding the client asked for in `Accept` (in its order of preference).
    static func forAnswer(_ request: Request) -> WireFormat {
        for preference in request.headers.accept {
            let type = preference.mediaType
            guard type.type == "application" else { continue }
            if protobufSubtypes.contains(type.subType) { return .protobuf }
            if type.subType == "json" { return .json }
        }
        return .json
    }

    /// Unknown fields are ignored, as the binary format ignores unknown field numbers (the
    /// protobuf JSON mapping's "ignore unknown fields"): a client newer than the server
    /// may send a field this server does not know yet, and must not be refused for it.
    static let jsonDecoding: JSONDecodingOptions = {
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        return options
    }()

    func decode<M: SwiftProtobuf.Message>(_ type: M.Type, from bytes: [UInt8]) throws -> M {
        switch self {
        case .protobuf: try M(serializedBytes: bytes)
        case .json: try M(jsonUTF8Bytes: bytes, options: Self.jsonDecoding)
        }
    }

    func encode(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
        switch self {
        case .protobuf: try message.serializedBytes()
        case .json: try ProtoJSONDefaults.shared.jsonBytes(message)
        }
    }
}

extension Request {
    /// The request body as a `M`, in either encoding. A missing body is an empty message
    /// (whose required fields then fail validation); a body that does not parse is a 400.
    func message<M: SwiftProtobuf.Message>(_ type: M.Type) throws -> M {
        let format = try WireFormat.ofBody(self)
        let bytes = body.data.map { Array($0.readableBytesView) } ?? []
        if bytes.isEmpty { return M() }
        do {
            return try format.decode(type, from: bytes)
        } catch {
            throw AppError(.badRequest, code: "invalid_body",
                           key: format == .json ? "mj.error.invalid_json" : "mj.error.invalid_protobuf",
                           arguments: ["detail": Self.describe(error)])
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as JSONDecodingError: "\(error)"
        case let error as BinaryDecodingError: "\(error)"
        default: "\(type(of: error))"
        }
    }
}

extension SwiftProtobuf.Message {
    /// This message as an answer, in the encoding the request asked for.
    func response(for request: Request, status: HTTPResponseStatus = .ok) throws -> Response {
        let format = WireFormat.forAnswer(request)
        let response = Response(status: status, body: .init(data: Data(try format.encode(self))))
        response.headers.contentType = format.mediaType
        response.headers.add(name: .vary, value: "Accept")
        return response
    }
}
