/// Renders a run as JUnit XML for CI systems: one testcase per case, grouped by requirement
/// as the class name, known failures as skipped with a note, stale known-failures as failures.
public struct JUnitReport {
    public var catalog: RequirementCatalog?

    public init(catalog: RequirementCatalog?) { self.catalog = catalog }

    public func render(_ report: RunReport) -> String {
        let summary = report.summary
        let failures = summary.failed + report.staleKnownFailures.count + report.testeeProblems.count
        let errors = summary.errors + summary.inconclusive
        let tests = report.results.count + report.staleKnownFailures.count + report.testeeProblems.count
        let skipped = summary.skipped + summary.knownFailures
        let time = report.results.reduce(0) { $0 + $1.durationSeconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"jobwire\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(format(time))\">\n"
        xml += "  <testsuite name=\"\(escape(report.title))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(format(time))\">\n"
        xml += "    <properties><property name=\"testee\" value=\"\(escape(report.testee))\"/></properties>\n"
        for result in report.results {
            xml += "    <testcase classname=\"\(escape(result.requirement.rawValue))\" name=\"\(escape(result.id))\" time=\"\(format(result.durationSeconds))\">\n"
            let headline = catalog?.headline(result.requirement) ?? result.requirement.rawValue
            switch result.outcome {
            case .passed: break
            case .failed(let expected, let observed):
                var body = "\(headline)\ncase: \(result.description)\nexpected: \(expected)\nobserved: \(observed)"
                if !result.violations.isEmpty {
                    body = "\(headline)\ncase: \(result.description)"
                    for violation in result.violations {
                        body += "\n\(violation.linesText): expected \(violation.expected); observed \(violation.observed)"
                    }
                    if result.violationCount > result.violations.count { body += "\n... and \(result.violationCount - result.violations.count) more" }
                }
                if result.knownFailure {
                    xml += "      <skipped message=\"known failure\">\(escape(body))</skipped>\n"
                } else {
                    xml += "      <failure message=\"\(escape(headline))\" type=\"failed\">\(escape(body))</failure>\n"
                }
            case .skipped(let reason):
                xml += "      <skipped message=\"\(escape(reason))\"/>\n"
            case .inconclusive(let reason):
                xml += "      <error message=\"\(escape("inconclusive: \(reason)"))\" type=\"inconclusive\"/>\n"
            case .error(let message):
                if result.knownFailure {
                    xml += "      <skipped message=\"known failure\">\(escape(message))</skipped>\n"
                } else {
                    xml += "      <error message=\"\(escape(message))\" type=\"error\"/>\n"
                }
            }
            xml += "    </testcase>\n"
        }
        for stale in report.staleKnownFailures {
            xml += "    <testcase classname=\"known-failures\" name=\"\(escape(stale.id))\" time=\"0\">\n"
            xml += "      <failure message=\"\(escape(stale.reason))\" type=\"stale\">\(escape("\(stale.file):\(stale.line): \(stale.id) \(stale.reason)"))</failure>\n"
            xml += "    </testcase>\n"
        }
        for (index, problem) in report.testeeProblems.enumerated() {
            xml += "    <testcase classname=\"testee\" name=\"problem-\(index + 1)\" time=\"0\">\n"
            xml += "      <failure message=\"\(escape(problem))\" type=\"testee\"/>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private func format(_ seconds: Double) -> String {
        String((seconds * 1000).rounded() / 1000)
    }

    private func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 forbids other control characters even escaped.
                if scalar.value < 0x20 { out += "?" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
