import Testing

/// Without a usable `JOBWIRE_PYTHON` the interop tests fail and say how to fix it; they never skip.
@Suite("Interop setup")
struct InteropSetupTests {
    @Test("an unset JOBWIRE_PYTHON is an error that names ./Scripts/test")
    func unset() {
        #expect {
            try InteropPython.interpreter(environment: [:])
        } throws: { error in
            "\(error)".contains("JOBWIRE_PYTHON is not set") && "\(error)".contains("./Scripts/test")
        }
    }

    @Test("a JOBWIRE_PYTHON that cannot run is an error that names it")
    func missingInterpreter() {
        #expect {
            try InteropPython.interpreter(environment: ["JOBWIRE_PYTHON": "/nonexistent/python"])
        } throws: { error in
            "\(error)".contains("/nonexistent/python")
        }
    }
}
