// Three20 benchmarks. Usage: Three20Benchmarks [module …]   (no module: all of them)
import Foundation

let suites: [(name: String, run: () -> Void)] = [
  ("style", StyleBenchmarks.run),
  ("table", TableBenchmarks.run),
  ("navigator", NavigatorBenchmarks.run),
  ("xml", XMLBenchmarks.run),
  ("feed", FeedBenchmarks.run),
  ("network", NetworkBenchmarks.run),
  ("image", ImageBenchmarks.run),
  ("web", WebBenchmarks.run),
]

let requested = Set(CommandLine.arguments.dropFirst().map { $0.lowercased() })
let unknown = requested.subtracting(suites.map(\.name))
if !unknown.isEmpty {
  FileHandle.standardError.write(
    Data(
      "Three20Benchmarks: no benchmarks for \(unknown.sorted().joined(separator: ", ")). Known: \(suites.map(\.name).joined(separator: ", ")).\n"
        .utf8))
  exit(64)
}
for suite in suites where requested.isEmpty || requested.contains(suite.name) {
  suite.run()
}
