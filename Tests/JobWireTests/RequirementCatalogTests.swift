import Foundation
import Testing
@testable import JobWire

/// The requirement catalogue reads PROTOCOL.md's `Judge: none.` lines as
/// `Scripts/extract_requirements.py` writes them, and the extractor is strict about the line.
struct RequirementCatalogTests {
    static let python = ProcessInfo.processInfo.environment["JOBWIRE_PYTHON"] ?? "python3"

    /// Runs the extractor on `document` (a changed copy of PROTOCOL.md), writing to a scratch folder.
    static func extract(_ document: String) throws -> (status: Int32, stderr: String, vectors: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobwire-extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let doc = folder.appendingPathComponent("PROTOCOL.md")
        try document.write(to: doc, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, TestPaths.root.appendingPathComponent("Scripts/extract_requirements.py").path,
                             "--doc", doc.path, "--out", folder.appendingPathComponent(RequirementCatalog.fileName).path, "--no-seeds"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, errors, folder)
    }

    static let protocolText = try! String(contentsOf: TestPaths.root.appendingPathComponent("Docs/PROTOCOL.md"), encoding: .utf8)

    /// PROTOCOL.md with `lines` inserted after the blank line that ends MSG-1's block.
    static func withJudgeLine(_ lines: String) -> String {
        let heading = protocolText.range(of: "### MSG-2 ")!
        return protocolText.replacingCharacters(in: heading.lowerBound..<heading.lowerBound, with: lines + "\n\n")
    }

    @Test func theShippedCatalogueReadsAndNoneIsJudgeNoneWithoutAReason() throws {
        let catalog = try RequirementCatalog.load(fromVectors: TestPaths.vectors)
        #expect(catalog.requirements.allSatisfy { $0.judgeNone.map { !$0.isEmpty } ?? true })
    }

    @Test func aJudgeNoneLineBecomesTheRequirementsReason() throws {
        let result = try Self.extract(Self.withJudgeLine("Judge: none. Nothing the kit can observe shows it."))
        #expect(result.status == 0, "\(result.stderr)")
        let catalog = try RequirementCatalog.load(fromVectors: result.vectors)
        #expect(catalog["MSG-1"]?.judgeNone == "Nothing the kit can observe shows it.")
        #expect(catalog["MSG-2"]?.judgeNone == nil)
    }

    @Test(arguments: ["Judge: none.", "Judge: rule FLOW-1.", "Judge: none. one\nand two", "Judge: none. why\n\nDecision: late"])
    func aBadJudgeLineIsRefusedNamingItsLine(_ lines: String) throws {
        let result = try Self.extract(Self.withJudgeLine(lines))
        #expect(result.status == 2)
        #expect(result.stderr.contains("PROTOCOL.md:") && result.stderr.contains("MSG-1"), "\(result.stderr)")
    }
}
