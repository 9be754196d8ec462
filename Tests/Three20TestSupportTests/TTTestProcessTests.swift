import Foundation
import Testing
import Three20TestSupport

@Suite("TTTestProcess")
struct TTTestProcessTests {
  /// Standard output, standard error and the exit status come back apart.
  @Test func outputErrorsAndStatusComeBack() throws {
    let result = try TTTestProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
    #expect(result.status == 3)
    #expect(result.output == "out\n")
    #expect(result.errors == "err\n")
  }

  /// A child that writes more than a pipe holds to both streams still finishes.
  @Test func largeOutputOnBothStreamsDoesNotBlock() throws {
    let script = "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; head -c 300000 /dev/zero"
    let result = try TTTestProcess.run("/bin/sh", ["-c", script])
    #expect(result.status == 0)
    #expect(result.output.utf8.count == 600_000)
    #expect(result.errors.utf8.count == 300_000)
  }

  /// A process killed by a signal reports 128 plus the signal's number.
  @Test func killedProcessReportsItsSignal() throws {
    let result = try TTTestProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
    #expect(result.status == 128 + SIGTERM)
  }

  /// Standard input is empty, and the environment is the one given.
  @Test func inputIsEmptyAndEnvironmentIsPassed() throws {
    let result = try TTTestProcess.run(
      "/bin/sh", ["-c", "cat; echo \"$TT_VALUE\""], environment: ["TT_VALUE": "x"])
    #expect(result.output == "x\n")
  }

  /// A program that does not exist is an error that names it, not a crash.
  @Test func missingProgramThrows() {
    #expect(throws: TTTestProcess.Failure.self) {
      try TTTestProcess.run("/nonexistent/program", [])
    }
  }

  /// Finishing twice returns the same result.
  @Test func finishingTwiceGivesTheSameResult() throws {
    let process = try TTTestProcess("/bin/sh", ["-c", "echo once"])
    #expect(process.finish().output == "once\n")
    #expect(process.finish().output == "once\n")
  }
}
