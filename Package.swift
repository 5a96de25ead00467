// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "hromada",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hromada", targets: ["Hromada"]),
        .library(name: "Kernel", targets: ["Kernel"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // Already a dependency of Vapor; named here because tests stream responses with it.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "Kernel",
            dependencies: [
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            resources: [.copy("Public")]
        ),
        .target(
            name: "GoldenAger",
            dependencies: ["Kernel"],
            resources: [.copy("Public")]
        ),
        .executableTarget(
            name: "Hromada",
            dependencies: ["Kernel", "GoldenAger"]
        ),
        .target(
            name: "HromadaTesting",
            dependencies: [
                "Kernel",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Tests/HromadaTesting"
        ),
        .testTarget(
            name: "KernelTests",
            dependencies: [
                "Kernel", "HromadaTesting",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "GoldenAgerTests",
            dependencies: [
                "GoldenAger", "Kernel", "HromadaTesting",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
