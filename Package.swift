// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "JobWire",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "JobWire", targets: ["JobWire"]),
        .library(name: "JobWireAdapters", targets: ["JobWireAdapters"]),
        .library(name: "SocketIOWire", targets: ["SocketIOWire"]),
        .library(name: "SocketIONIO", targets: ["SocketIONIO"]),
        .library(name: "JobWireBroker", targets: ["JobWireBroker"]),
        .executable(name: "jobwire", targets: ["jobwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Test only: generators and shrinking for the property tests of JobWireTests.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Pure wire codecs and the order-keeping JSON value: Foundation only, no I/O.
        .target(name: "SocketIOWire"),
        // The protocol itself: messages, eligibility, rules, trace, checker, vectors, reports.
        // Foundation only, no processes, threads or signals, so any app's test target can use it
        // (Scripts/check_module_promises.py keeps it so).
        .target(
            name: "JobWire",
            dependencies: ["SocketIOWire"],
            resources: [.copy("Resources/Vectors")]
        ),
        // The adapter runner: starts a testee program and speaks Docs/ADAPTER.md over its pipes
        // (Process, reader threads, SIGPIPE), for `vectors run` and `scenario run --adapter`.
        .target(name: "JobWireAdapters", dependencies: ["JobWire", "SocketIOWire"]),
        // Engine.IO / Socket.IO server and client transports on SwiftNIO.
        .target(
            name: "SocketIONIO",
            dependencies: [
                "SocketIOWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The mock broker and reference backend.
        .target(
            name: "JobWireBroker",
            dependencies: [
                "JobWire", "JobWireAdapters", "SocketIOWire", "SocketIONIO",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The benchmarks of `jobwire bench`: the checker beside jq, and the fan-out load generator
        // with its server under test. Used by the CLI only.
        .target(
            name: "JobWireBench",
            dependencies: [
                "JobWire", "SocketIOWire", "SocketIONIO",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        // The command-line tool: one file per subcommand, all real work in the libraries.
        .executableTarget(
            name: "jobwire",
            dependencies: [
                "JobWire", "JobWireAdapters", "JobWireBench", "JobWireBroker", "SocketIONIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // FreedMemoryTests' trim in a process of its own (see its main.swift). Used by tests only.
        .executableTarget(name: "FreedMemoryProbe", dependencies: ["JobWireBroker"]),
        .testTarget(name: "SocketIOWireTests", dependencies: ["SocketIOWire"]),
        .testTarget(
            name: "JobWireTests",
            dependencies: ["JobWire", "SocketIOWire", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "JobWireAdaptersTests", dependencies: ["JobWireAdapters", "JobWire"]),
        .testTarget(
            name: "JobWireBrokerTests",
            dependencies: [
                "JobWireBroker", "JobWire", "SocketIOWire", "SocketIONIO", "FreedMemoryProbe",
                .product(name: "Logging", package: "swift-log"),
            ],
            // The python-socketio fake app is run from its source folder, found through #filePath.
            exclude: ["Interop"]
        ),
        .testTarget(
            name: "SocketIONIOTests",
            dependencies: [
                "SocketIONIO", "SocketIOWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The Python interop scripts are run from their source folder, found through #filePath.
            exclude: ["Interop"]
        ),
        // The benchmarks' pure parts, and the load generator against the bench server on port 0.
        .testTarget(
            name: "JobWireBenchTests",
            dependencies: [
                "JobWireBench", "SocketIONIO", "SocketIOWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "jobwireTests", dependencies: ["jobwire"]),
    ],
    swiftLanguageModes: [.v6]
)
