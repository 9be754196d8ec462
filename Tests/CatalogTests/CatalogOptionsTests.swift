import CatalogKit
import Testing
import Three20

/// The command line.
@Suite("Catalog: command line")
struct CatalogOptionsTests {
  /// Options and a URL are read in any order.
  @Test func readsOptionsAndURL() throws {
    let options = try CatalogOptions(arguments: ["--width", "40", "tt://style/gallery", "--color", "never"])
    #expect(options.url == "tt://style/gallery")
    #expect(options.width == 40)
    #expect(options.color == .never)
  }

  /// Wrong values are refused with a message naming the option and the value.
  @Test(arguments: [
    (["--width", "0"], "--width"), (["--width", "wide"], "wide"), (["--color", "pink"], "pink"),
    (["--bogus"], "--bogus"), (["a", "b"], "one URL"), (["--svg"], "--svg"),
  ])
  func refusesWrongArguments(arguments: [String], mention: String) {
    #expect {
      _ = try CatalogOptions(arguments: arguments)
    } throws: { error in
      "\(error)".contains(mention)
    }
  }

  /// `--color never` is plain; `always` gives colour even when not a terminal or with NO_COLOR.
  @Test func colourChoices() throws {
    var options = CatalogOptions()
    options.color = .never
    #expect(options.capabilities(environment: ["TERM": "xterm-256color"], isTerminal: true) == .plain)
    options.color = .always
    #expect(options.capabilities(environment: ["NO_COLOR": "1"], isTerminal: false).colorProfile != .none)
    options.color = .auto
    #expect(
      options.capabilities(environment: ["TERM": "xterm-256color"], isTerminal: false).colorProfile == .none)
  }
}
