import ArgumentParser
import Foundation
import JobWire

/// `jobwire spec export`: the AsyncAPI 3.0.0 and OpenAPI 3.1.0 documents of a profile.
struct SpecExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the AsyncAPI 3.0.0 document of the Socket.IO events and the OpenAPI 3.1.0 document of the REST calls.",
        discussion: """
            Both documents are generated from the shapes the checker judges payloads and bodies \
            with (Sources/JobWire/Contract), so they cannot drift from it; every schema member \
            names the requirement it serves as x-requirement. A profile renames the events, \
            namespace, channel room and paths in both. The output is deterministic: keys sorted, \
            two-space indentation, one trailing newline.

            Examples:
              jobwire spec export --openapi Docs/jobwire.openapi.json --asyncapi Docs/jobwire.asyncapi.json
              jobwire spec export --openapi - --profile names.json

            Exit status: 0 written; 2 a bad profile, no document asked for, or a file that cannot be written.
            """
    )

    @Option(help: ArgumentHelp("Write the AsyncAPI 3.0.0 document here (- for standard output).", valueName: "file"))
    var asyncapi: String?

    @Option(help: ArgumentHelp("Write the OpenAPI 3.1.0 document here (- for standard output).", valueName: "file"))
    var openapi: String?

    @Option(help: ArgumentHelp("A JSON profile of event names, namespace, rooms and paths.", valueName: "file"))
    var profile: String?

    func run() async throws {
        try await exitingOnUnusableInput {
            let names = try profile.map { path throws(InputError) in try ProtocolProfile.load(path: path) } ?? .standard
            guard asyncapi != nil || openapi != nil else { throw CLIError("give --asyncapi FILE, --openapi FILE or both") }
            if let openapi { try write(OpenAPIDocument.json(profile: names).prettyText + "\n", to: openapi) }
            if let asyncapi { try write(AsyncAPIDocument.json(profile: names).prettyText + "\n", to: asyncapi) }
            return .success
        }
    }

    private func write(_ text: String, to path: String) throws {
        if path == "-" {
            print(text, terminator: "")
            return
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
