// swift-tools-version: 6.0
// Code generators, built apart from the server (scripts/generate-openapi,
// scripts/generate-protos) so the main build never pays for them.
import PackageDescription

let package = Package(
    name: "hromada-tools",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
    ],
    targets: []
)
