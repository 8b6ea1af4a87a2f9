import ArgumentParser
import JobWireBroker

/// The deliberate faults of the embedded reference backend: the `--mutant` flag `verify` and `replay` share.
struct MutantOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run the embedded backend with this deliberate fault (repeat): \(BackendFaults.named.map(\.name).joined(separator: ", ")), or a task API one: \(TaskFaults.named.map(\.name).joined(separator: ", ")).", valueName: "name"))
    var mutant: [String] = []

    /// The faults named, or a CLIError naming the unknown one and listing the faults.
    func faults() throws(CLIError) -> (BackendFaults, TaskFaults) {
        var faults: BackendFaults = []
        var taskFaults: TaskFaults = []
        for name in mutant {
            if let named = BackendFaults.named.first(where: { $0.name == name }) {
                faults.insert(named.fault)
            } else if let named = TaskFaults.named.first(where: { $0.name == name }) {
                taskFaults.insert(named.fault)
            } else {
                throw CLIError("--mutant \(name): no such fault; the faults are \((BackendFaults.named.map(\.name) + TaskFaults.named.map(\.name)).joined(separator: ", "))")
            }
        }
        return (faults, taskFaults)
    }
}
