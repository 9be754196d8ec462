import CatalogKit
import Foundation
import Testing
import Three20
import Three20TestSupport

/// The Controls demos in a pseudo-terminal: typing, pasting, clicking, composing, and the
/// launcher's order kept across runs.
extension CatalogInteractiveTests {
  /// Opens a listed demo from the index by searching for its URL.
  static func openDemo(_ url: String, in terminal: Terminal) -> Bool {
    terminal.send("/")
    terminal.send(url)
    guard terminal.waitFor("/ \(url)") else { return false }
    terminal.send("\r")  // ends the search
    terminal.send("\r")  // opens the first match
    return true
  }

  /// A text field takes wide characters and a paste whose newline and escape sequence arrive
  /// as text; Enter submits; a click presses a button; Escape leaves a field's screen; a
  /// slider row of a table changes with the arrows and reports it; the terminal is put back
  /// as it was.
  @Test(.timeLimit(.minutes(2)))
  func typesPastesAndClicksInTheControls() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
    let terminal = try #require(Terminal(columns: 80, rows: 30))
    defer { terminal.close() }
    let before = terminal.settings()
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit"), Self.openDemo("controls/textfields", in: terminal) else {
        return false
      }
      // The placeholder, its first cell under the cursor.
      guard terminal.waitFor("our name") else { return false }
      terminal.send("漢字 ok")
      terminal.send("\u{1B}[200~ and\r\u{1B}[31mred q\u{1B}[201~")
      terminal.send("\r")
      guard terminal.waitFor("Hello, 漢字 ok and ␛[31mred q!") else { return false }
      terminal.send("\u{1B}")  // the field does not use Escape: back to the index
      guard terminal.waitFor("q quit"), Self.openDemo("controls/buttons", in: terminal) else { return false }
      guard terminal.waitFor("Press a button") else { return false }
      // "Plain" is on the screen's sixth row, from the third column: press and release there.
      terminal.send("\u{1B}[<0;5;6M\u{1B}[<0;5;6m")
      guard terminal.waitFor("Pressed Plain (1 presses)") else { return false }
      terminal.send("\u{1B}")
      guard terminal.waitFor("q quit"), Self.openDemo("controls/table", in: terminal) else { return false }
      guard terminal.waitFor("Nothing changed yet") else { return false }
      // ↓ three times reaches Volume; → twice moves it by two steps of 5.
      terminal.send("\u{1B}[B\u{1B}[B\u{1B}[B\u{1B}[C\u{1B}[C")
      guard terminal.waitFor("Volume → 70") else { return false }
      terminal.send("q")
      return true
    }
    try await run(terminal, state: state)
    #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    #expect(terminal.settings() == before)
    #expect(terminal.waitFor("\u{1B}[?1049l"))
    #expect(terminal.output.contains("\u{1B}[?1006h\u{1B}[?2004h"))
    #expect(terminal.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }

  /// The composer opened by `tt://compose?to=…`: Subject and body typed, Ctrl-S sends, and
  /// the screen that opened it reads the result; a blank composer's To field suggests people.
  @Test(.timeLimit(.minutes(2)))
  func sendsAMessageAndReadsTheResult() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
    let terminal = try #require(Terminal(columns: 80, rows: 30))
    defer { terminal.close() }
    let script = terminal.script { terminal in
      guard terminal.waitFor("q quit"), Self.openDemo("controls/composers", in: terminal) else {
        return false
      }
      guard terminal.waitFor("Nothing sent yet") else { return false }
      terminal.send("\r")  // the focused button: a message to ada@example.com
      guard terminal.waitFor("Subject:") else { return false }
      terminal.send("Lunch\t")
      terminal.send("Friday at one?\rBring the slides.")
      terminal.send("\u{13}")  // Ctrl-S
      guard terminal.waitFor("Sent to ada@example.com: \"Lunch\"") else { return false }
      terminal.send("\t\r")  // the next button: a blank message
      guard terminal.waitFor("Subject:") else { return false }
      terminal.send("gra")
      guard terminal.waitFor("Grace Hopper") else { return false }
      terminal.send("\u{1B}[B\r")  // choose the suggestion, pick it
      terminal.send("\tHello\u{13}")
      guard terminal.waitFor("Sent to Grace Hopper: \"Hello\"") else { return false }
      terminal.send("q")
      return true
    }
    try await run(terminal, state: state)
    #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
  }

  /// The launcher's order, changed in edit mode, is kept for the next run.
  @Test(.timeLimit(.minutes(2)))
  func launcherOrderIsKeptAcrossRuns() async throws {
    let state = FileManager.default.temporaryDirectory
      .appendingPathComponent("catalog-\(UUID().uuidString)/navigator.json")
    let folder = state.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let terminal = try #require(Terminal(columns: 80, rows: 30))
      defer { terminal.close() }
      let script = terminal.script { terminal in
        guard terminal.waitFor("q quit"), Self.openDemo("controls/launcher", in: terminal) else {
          return false
        }
        guard terminal.waitFor("Enter opens") else { return false }
        terminal.send("e")
        terminal.send("\u{1B}[1;3C")  // Alt-→: Core moves after Style
        terminal.send("\r")  // Enter ends editing (an Escape just before q would read as Alt-Q)
        terminal.send("q")
        return true
      }
      try await run(terminal, state: state)
      #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    }
    let saved = try String(contentsOf: folder.appendingPathComponent("launcher.json"), encoding: .utf8)
    let style = try #require(saved.range(of: "tt:\\/\\/style") ?? saved.range(of: "tt://style"))
    let core = try #require(saved.range(of: "tt:\\/\\/core") ?? saved.range(of: "tt://core"))
    #expect(style.lowerBound < core.lowerBound)
    do {
      let terminal = try #require(Terminal(columns: 80, rows: 30))
      defer { terminal.close() }
      let script = terminal.script { terminal in
        guard terminal.waitFor("Enter opens") else { return false }  // restored on the launcher
        terminal.send("\r")  // the first icon is Style now
        guard terminal.waitFor("Shapes") else { return false }
        terminal.send("q")
        return true
      }
      try await run(terminal, state: state)
      #expect(script.wait(), "never saw \(terminal.lastMissing ?? "")")
    }
  }
}
