// swift-tools-version:6.0
import PackageDescription

// A REST client for JobWire's backend, generated at build time by swift-openapi-generator from
// the kit's OpenAPI document (Docs/jobwire.openapi.json, linked into the target), and a test that
// drives a live `jobwire broker` with it.
let package = Package(
    name: "openapi-client-swift",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "JobWireRESTClient", targets: ["JobWireRESTClient"]),
        .executable(name: "jobwire-rest-walkthrough", targets: ["jobwire-rest-walkthrough"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .target(
            name: "JobWireRESTClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Runs the walkthrough against a backend: `swift run jobwire-rest-walkthrough http://127.0.0.1:3000`.
        .executableTarget(name: "jobwire-rest-walkthrough", dependencies: ["JobWireRESTClient"]),
        // Starts `jobwire broker` (JOBWIRE_BIN, else the kit's .build/debug/jobwire) on port 0 and
        // drives it with the generated client.
        .testTarget(name: "JobWireRESTClientTests", dependencies: ["JobWireRESTClient"]),
    ],
    swiftLanguageModes: [.v6]
)
