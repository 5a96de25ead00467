// Protobuf against JSON for one real MoveJoin answer (see bench/README.md, "MoveJoin").
//
// Usage: MoveJoinWireBench PAGE.pb PAGE.json [iterations]
//
// PAGE.pb and PAGE.json are the same search answer (GET /movejoin/api/v1/events with
// pageSize=100) fetched from the running server in each encoding. The program checks
// that both decode to the same message, then times, in one run, encoding and decoding
// that message in each encoding (the median of 15 batches of `iterations` each), and
// prints bytes, times and the JSON/protobuf ratios as a Markdown table.
import Foundation
import MoveJoinProto
import SwiftProtobuf

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: MoveJoinWireBench PAGE.pb PAGE.json [iterations]") }
let binary = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
let json = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
let iterations = arguments.count > 3 ? Int(arguments[3]) ?? 200 : 200

let fromBinary = try MJEventPage(serializedBytes: binary)
let fromJSON = try MJEventPage(jsonUTF8Data: json)
guard fromBinary == fromJSON else { fail("the two answers are not the same message") }
guard fromBinary.events.count == 100 else { fail("expected 100 events, got \(fromBinary.events.count)") }
let page = fromBinary

/// Median seconds per operation over 15 batches.
func time(_ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<max(1, iterations / 10) { try body() }  // warm-up
    var batches: [Double] = []
    for _ in 0..<15 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        batches.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 / Double(iterations))
    }
    return batches.sorted()[batches.count / 2]
}

var sink = 0
let encodeBinary = try time { sink &+= (try page.serializedData()).count }
let encodeJSON = try time { sink &+= (try page.jsonUTF8Data()).count }
let decodeBinary = try time { sink &+= try MJEventPage(serializedBytes: binary).events.count }
let decodeJSON = try time { sink &+= try MJEventPage(jsonUTF8Data: json).events.count }

func micro(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }
func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f×", a / b) }

print("| measure (100 events) | protobuf | JSON | JSON ÷ protobuf |")
print("|---|---:|---:|---:|")
print("| bytes on the wire (as served) | \(binary.count) | \(json.count) | \(ratio(Double(json.count), Double(binary.count))) |")
print("| encode, median per answer | \(micro(encodeBinary)) | \(micro(encodeJSON)) | \(ratio(encodeJSON, encodeBinary)) |")
print("| decode, median per answer | \(micro(decodeBinary)) | \(micro(decodeJSON)) | \(ratio(decodeJSON, decodeBinary)) |")
FileHandle.standardError.write(Data("(\(iterations) × 15 batches per figure; checksum \(sink))\n".utf8))
