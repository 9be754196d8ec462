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

  /// --graphics chooses how pictures are drawn, over what the environment says; without colour
  /// there are none.
  @Test func graphicsOverridesTheEnvironment() throws {
    let options = try CatalogOptions(arguments: ["--graphics", "sixel"])
    #expect(options.graphics == .sixel)
    let kitty = ["TERM": "xterm-kitty"]
    #expect(options.capabilities(environment: kitty, isTerminal: true).graphics == .sixel)
    #expect(CatalogOptions().capabilities(environment: kitty, isTerminal: true).graphics == .kitty)
    var always = options
    always.color = .always
    #expect(always.capabilities(environment: [:], isTerminal: false).graphics == .sixel)
    #expect(options.capabilities(environment: kitty, isTerminal: false).graphics == .none)
  }

  /// Wrong values are refused with a message naming the option and the value.
  @Test(arguments: [
    (["--width", "0"], "--width"), (["--width", "wide"], "wide"), (["--color", "pink"], "pink"),
    (["--bogus"], "--bogus"), (["a", "b"], "one URL"), (["--svg"], "--svg"),
    (["--graphics", "ascii"], "--graphics takes kitty, sixel, iterm2, symbols or none, not \"ascii\""),
  ])
  func refusesWrongArguments(arguments: [String], mention: String) {
    #expect {
      _ = try CatalogOptions(arguments: arguments)
    } throws: { error in
      "\(error)".contains(mention)
    }
  }

  /// Sizes are bounded by what one canvas holds: each side from 1 to 10000, and at most
  /// `TTCanvas.maximumCellCount` cells; the message names both arguments, the cells and what fits.
  @Test(arguments: [
    (
      ["--width", "10000", "--height", "10000"],
      "--width 10000 and --height 10000 make 100000000 cells, more than a screen holds (1000000); "
        + "at that width give --height from 1 to 100"
    ),
    (["--height", "5000", "--width", "300"], "give --height from 1 to 3333"),
    (["--width", "10001"], "--width takes a number from 1 to 10000, not \"10001\""),
    (["--height", "99999999999999999999"], "--height takes a number from 1 to 10000"),
  ])
  func refusesSizesBeyondOneCanvas(arguments: [String], mention: String) {
    #expect {
      _ = try CatalogOptions(arguments: arguments)
    } throws: { error in
      "\(error)".contains(mention)
    }
  }

  /// Sizes within the bounds are accepted.
  @Test func acceptsSizesWithinOneCanvas() throws {
    let options = try CatalogOptions(arguments: ["--width", "1000", "--height", "1000"])
    #expect(options.width == 1000 && options.height == 1000)
  }

  /// Arguments quoted in messages have their control characters escaped: the message shows an
  /// escape sequence, a bell or a NUL and never sends it to the terminal.
  @Test(arguments: [
    ["--color", "\u{1B}]0;pwned\u{07}"], ["--bogus\u{1B}[2J"], ["a", "b\u{0}c"], ["--width", "\u{1B}[31m"],
  ])
  func argumentsInMessagesAreEscaped(arguments: [String]) {
    #expect {
      _ = try CatalogOptions(arguments: arguments)
    } throws: { error in
      let text = "\(error)"
      return !text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\u{0}")
        && (text.contains("\\u{1B}") || text.contains("\\0"))
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
