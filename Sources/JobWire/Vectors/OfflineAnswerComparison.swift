import SocketIOWire

/// Explains how an answer to an `offline` vector differs from the expectation, in words: the first
/// step that differs, its operation, the field, and both values (OFFL-1 ... OFFL-15, AUTH-1 ... AUTH-7).
struct OfflineAnswerComparison {
    let input: JSONValue
    let expected: JSONValue
    let observed: JSONValue

    var mismatch: VectorMismatch? {
        if let want = expected["invalid"] {
            let field = want["field"]?.stringValue ?? "?"
            if let got = observed["invalid"] {
                let gotField = got["field"]?.stringValue
                return gotField == field ? nil : VectorMismatch(expected: "input refused at \(field)", observed: "input refused at \(gotField ?? "(no field named)")\(Self.message(got))")
            }
            return VectorMismatch(expected: "input refused at \(field)", observed: summary(of: observed))
        }
        let want = expected["steps"]?.arrayValue ?? []
        guard let got = observed["steps"]?.arrayValue else {
            return VectorMismatch(expected: "the input runs, with \(Self.count(want.count, "step result"))", observed: summary(of: observed))
        }
        if observed["invalid"] != nil {
            // A refusal may carry the steps that ran before it: the first difference among them
            // is where the implementation went astray, and the refusal only its consequence.
            for index in want.indices where index < got.count {
                if let difference = difference(at: index, want: want, got: got) {
                    return VectorMismatch(expected: difference.expected, observed: difference.observed + "; then \(summary(of: observed))")
                }
            }
            return VectorMismatch(expected: "the input runs, with \(Self.count(want.count, "step result"))", observed: summary(of: observed))
        }
        for index in want.indices {
            guard index < got.count else {
                return VectorMismatch(expected: "a result for \(step(index))", observed: "only \(Self.count(got.count, "step result")) for \(Self.count(want.count, "step"))")
            }
            if let difference = difference(at: index, want: want, got: got) { return difference }
        }
        if got.count > want.count {
            return VectorMismatch(expected: Self.count(want.count, "step result"), observed: Self.count(got.count, "step result"))
        }
        return nil
    }

    /// The first difference within step `index`, in words, or nil when the step agrees.
    private func difference(at index: Int, want: [JSONValue], got: [JSONValue]) -> VectorMismatch? {
        // Effects first: what the app did says more than the state it ended in.
        let effects = JSONDifference.first(expected: want[index]["effects"] ?? .null, observed: got[index]["effects"] ?? .null, path: ["effects"])
        guard let difference = effects ?? JSONDifference.first(expected: want[index], observed: got[index]) else { return nil }
        let place = "after \(step(index)): \(difference.field)"
        var expectedText = "\(place) is \(JSONDifference.describe(difference.expected))"
        var observedText = "\(place) is \(JSONDifference.describe(difference.observed))"
        if difference.path.first == "effects" {
            expectedText += " (effects: \(Self.effects(want[index])))"
            observedText += " (effects: \(Self.effects(got[index])))"
        }
        let agreed = index == 0 ? "first step" : index == 1 ? "steps[0] agrees" : "steps[0] to steps[\(index - 1)] agree"
        return VectorMismatch(expected: expectedText, observed: observedText + " — first difference, \(agreed)")
    }

    /// `steps[2] (goOnline)`, or `steps[2] (response 3 ok)`.
    private func step(_ index: Int) -> String {
        guard let operation = input["steps"]?.arrayValue?[safe: index] else { return "steps[\(index)]" }
        var words = [operation["op"]?.stringValue ?? "?"]
        if let id = operation["id"]?.stringValue { words.append(id) }
        if let seq = operation["seq"] { words.append(seq.compactText) }
        if let outcome = operation["outcome"]?.stringValue { words.append(outcome) }
        if let accepted = operation["accepted"]?.boolValue { words.append(accepted ? "accepted" : "refused") }
        if let now = operation["now"] { words.append("at \(now.compactText)") }
        return "steps[\(index)] (\(words.joined(separator: " ")))"
    }

    private func summary(of answer: JSONValue) -> String {
        if let invalid = answer["invalid"] { return "input refused at \(invalid["field"]?.stringValue ?? "(no field named)")\(Self.message(invalid))" }
        if let steps = answer["steps"]?.arrayValue { return "the input ran, with \(Self.count(steps.count, "step result"))" }
        return "not an offline answer: \(String(answer.compactText.prefix(200)))"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func message(_ invalid: JSONValue) -> String {
        invalid["message"]?.stringValue.map { " (\($0))" } ?? ""
    }

    /// A step's effects in a few words each: `send #4 options, send #1 edit c-1, notify edit c-1`.
    static func effects(_ step: JSONValue) -> String {
        let list = step["effects"]?.arrayValue ?? []
        guard !list.isEmpty else { return "none" }
        return list.map { effect in
            let type = effect["type"]?.stringValue ?? "?"
            switch type {
            case "send", "enqueue":
                let request = effect["request"] ?? .null
                let id = request["id"]?.stringValue.map { " \($0)" } ?? ""
                return "\(type) #\(request["seq"]?.compactText ?? "?") \(request["kind"]?.stringValue ?? "?")\(id)"
            case "drop": return "drop #\(effect["seq"]?.compactText ?? "?")"
            case "notify": return "notify \(effect["for"]?.stringValue ?? "?") \(effect["id"]?.stringValue ?? "?")"
            case "render": return effect["updated"]?.boolValue == true ? "render updated" : "render"
            case "navigate": return "navigate \(effect["screen"]?.stringValue ?? "?")"
            case "alert": return "alert \(effect["for"]?.stringValue ?? "?") \(effect["id"]?.stringValue ?? "?")"
            default: return effect.compactText
            }
        }.joined(separator: ", ")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
