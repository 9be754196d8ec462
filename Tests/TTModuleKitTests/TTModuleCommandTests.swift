import ArgumentParser
import TTModuleKit
import Testing

/// The command line parses what the help promises, and rejects the rest with status 64.
@Suite struct TTModuleCommandTests {
  /// The help names every command, the accepted names, the safety rules and the exit statuses.
  @Test func helpExplainsEverything() {
    let help = TTModuleCommand.helpMessage()
    for word in [
      "list", "deps", "new", "add", "remove", "Three20UI", "extThree20XML", "--dry-run", "--force",
      "ttmodule:begin", "EXIT STATUS", "64", "65",
    ] {
      #expect(help.contains(word), "help lacks \(word)")
    }
  }

  /// Every subcommand parses its documented form.
  @Test(arguments: [
    ["list"], ["list", "--json"], ["deps", "Table"], ["deps", "--json", "Table", "XMLExt"],
    ["new", "/tmp/x", "Table", "--dry-run"],
    ["new", "/tmp/x", "--name", "X", "--url", "https://h/r.git", "--from", "1.0.0", "Core"],
    ["add", "Network", "--project", "/tmp/x"], ["remove", "Network", "--force", "--dry-run"],
  ])
  func documentedFormsParse(arguments: [String]) throws {
    _ = try TTModuleCommand.parseAsRoot(arguments)
  }

  /// Malformed command lines fail with status 64.
  @Test(arguments: [
    ["frobnicate"], ["deps"], ["new", "/tmp/x"], ["new", "/tmp/x", "Core", "--url", "https://h/r.git"],
    ["new", "/tmp/x", "Core", "--url", "https://h/r.git", "--from", "1.0.0", "--three20-path", "/r"], ["add"],
  ])
  func malformedCommandLinesExit64(arguments: [String]) {
    do {
      _ = try TTModuleCommand.parseAsRoot(arguments)
      Issue.record("\(arguments) parsed")
    } catch {
      #expect(TTModuleCommand.exitCode(for: error).rawValue == 64)
    }
  }
}
