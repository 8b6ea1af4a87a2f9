import SocketIOWire

/// Runs an offline scenario, a starting state and a list of operations, through
/// ``OfflineAppModel`` and keeps the state and effects after every step: the function the
/// `offline` vectors test (OFFL-1 ... OFFL-15, AUTH-1 ... AUTH-7).
public enum OfflineScenario {
    /// What one step left behind.
    public struct StepResult: Sendable, Hashable {
        /// The whole state after the step.
        public var state: OfflineAppModel
        /// What the step made the app do, in order.
        public var effects: [OfflineEffect]

        /// A step's outcome.
        public init(state: OfflineAppModel, effects: [OfflineEffect]) {
            self.state = state
            self.effects = effects
        }

        /// `{"state": …, "effects": […]}`, as a vector expects it.
        public var json: JSONValue { ["state": state.json, "effects": .array(effects.map(\.json))] }
    }

    /// Applies `operations` to `model` in order; the first one the state does not allow throws
    /// with its field under `steps[i]` (OFFL-15).
    public static func run(_ model: OfflineAppModel, _ operations: [OfflineOperation]) throws(OfflineInputError) -> [StepResult] {
        var model = model
        var results: [StepResult] = []
        for (index, operation) in operations.enumerated() {
            do throws(OfflineInputError) {
                let effects = try model.apply(operation)
                results.append(StepResult(state: model, effects: effects))
            } catch {
                throw error.prefixed(by: "steps[\(index)]")
            }
        }
        return results
    }

    /// Validates and runs a vector input `{"initial": state, "steps": [operation, …]}`.
    ///
    /// The state is checked first, then each step in turn: its shape, then whether the state
    /// it meets allows it, so an error in step 3 is found only after steps 0 to 2 have run.
    public static func run(input: JSONValue) -> Result<[StepResult], OfflineInputError> {
        do throws(OfflineInputError) {
            guard let root = input.objectValue else {
                throw OfflineInputError(field: "input", message: "expected an object, found \(input.typeDescription)")
            }
            var model = try OfflineAppModel(json: root["initial"], path: "initial")
            var results: [StepResult] = []
            for (index, step) in try OfflineFieldReader(object: root).array("steps").enumerated() {
                let path = "steps[\(index)]"
                let operation = try OfflineOperation(json: step, path: path)
                do throws(OfflineInputError) {
                    let effects = try model.apply(operation)
                    results.append(StepResult(state: model, effects: effects))
                } catch {
                    throw error.prefixed(by: path)
                }
            }
            return .success(results)
        } catch {
            return .failure(error)
        }
    }
}
