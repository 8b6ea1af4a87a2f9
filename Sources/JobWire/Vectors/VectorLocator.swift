import Foundation

/// Finds the `Vectors/` directory that ships with JobWire, so `jobwire` works from any directory.
///
/// Order: an explicit directory (`--vectors DIR`), then `JOBWIRE_VECTORS`, then the resource
/// bundle next to the running executable, then the package checkout this code was built from.
public enum VectorLocator {
    /// The name of the environment variable that points at a vectors directory.
    public static let environmentVariable = "JOBWIRE_VECTORS"

    /// The vectors directory to use, or an error listing every place that was tried.
    public static func directory(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) -> URL {
        if let explicit {
            let url = URL(fileURLWithPath: explicit)
            guard isDirectory(url) else {
                throw InputError(file: explicit, message: "is not a directory of vectors")
            }
            return url
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            let url = URL(fileURLWithPath: fromEnvironment)
            guard isDirectory(url) else {
                throw InputError(file: fromEnvironment, message: "named by \(environmentVariable) is not a directory of vectors")
            }
            return url
        }
        let candidates = bundledCandidates() + [sourceCheckout()]
        if let found = candidates.first(where: isDirectory) { return found }
        throw InputError(
            file: candidates.map(\.path).joined(separator: ", "),
            message: "no vectors found; pass --vectors DIR or set \(environmentVariable)"
        )
    }

    /// The resource bundle SwiftPM builds beside the executable (`JobWire_JobWire.resources`).
    static func bundledCandidates() -> [URL] {
        let executableDirectory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        let bundleNames = ["JobWire_JobWire.resources", "JobWire_JobWire.bundle/Contents/Resources", "JobWire_JobWire.bundle"]
        var directories = [executableDirectory, Bundle.main.bundleURL]
        directories += Bundle.allBundles.map(\.bundleURL)
        var result: [URL] = []
        for directory in directories {
            for name in bundleNames {
                result.append(directory.appendingPathComponent(name).appendingPathComponent("Vectors"))
            }
        }
        return result
    }

    /// `Vectors/` at the root of the package checkout this file was compiled from.
    static func sourceCheckout() -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Vectors
            .deletingLastPathComponent()  // JobWire
            .appendingPathComponent("Resources/Vectors")
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
