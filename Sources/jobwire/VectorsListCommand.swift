import ArgumentParser
import Foundation
import JobWire

/// `jobwire vectors list`: what the vectors directory holds, per suite and requirement.
struct VectorsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the vector suites, where they are read from, and how many vectors each requirement has."
    )

    @OptionGroup var vectors: VectorsLocationOptions

    func run() async throws {
        try await exitingOnUnusableInput {
            let directory = try vectors.resolve()
            print("vectors: \(directory.path)")
            for suite in VectorSuites.all {
                // A team's own vectors directory may hold only some suites.
                guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(suite.name).path) else {
                    print("suite \(suite.name): no \(suite.name)/ folder here")
                    continue
                }
                let cases = try VectorLoader.load(suite: suite, from: directory, displayRoot: vectors.displayRoot)
                print("suite \(suite.name): \(cases.count) vectors")
                // A vector that names several requirements counts under each.
                let counts = Dictionary(cases.flatMap { $0.requirements.map { ($0, 1) } }, uniquingKeysWith: +)
                for (requirement, count) in counts.sorted(by: { $0.key < $1.key }) {
                    print("  \(requirement.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(count)")
                }
            }
            return .success
        }
    }
}
