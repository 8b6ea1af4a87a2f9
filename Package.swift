// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "JobWire",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "JobWire", targets: ["JobWire"]),
        .library(name: "SocketIOWire", targets: ["SocketIOWire"]),
        .library(name: "SocketIONIO", targets: ["SocketIONIO"]),
        .library(name: "JobWireBroker", targets: ["JobWireBroker"]),
        .executable(name: "jobwire", targets: ["jobwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Pure wire codecs and the order-keeping JSON value: Foundation only, no I/O.
        .target(name: "SocketIOWire"),
        // The protocol itself: messages, eligibility, rules, trace, checker, vectors, reports.
        // Foundation only, so any app's test target can use it.
        .target(
            name: "JobWire",
            dependencies: ["SocketIOWire"],
            resources: [.copy("Resources/Vectors")]
        ),
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
                "JobWire", "SocketIOWire", "SocketIONIO",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command-line tool: one file per subcommand, all real work in the libraries.
        .executableTarget(
            name: "jobwire",
            dependencies: [
                "JobWire", "JobWireBroker", "SocketIONIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "SocketIOWireTests", dependencies: ["SocketIOWire"]),
        .testTarget(name: "JobWireTests", dependencies: ["JobWire", "SocketIOWire"]),
        .testTarget(
            name: "JobWireBrokerTests",
            dependencies: [
                "JobWireBroker", "JobWire", "SocketIOWire", "SocketIONIO",
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
        .testTarget(name: "jobwireTests", dependencies: ["jobwire"]),
    ],
    swiftLanguageModes: [.v6]
)
