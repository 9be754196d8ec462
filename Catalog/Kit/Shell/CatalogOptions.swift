import Foundation
public import Three20

/// The Catalog's command line.
public struct CatalogOptions: Sendable, Equatable {
  /// When to use colours and attributes.
  public enum ColorChoice: String, Sendable, Equatable {
    case auto, always, never
  }

  /// The URL to render once, if any.
  public var url: String?
  /// The width to render at; the terminal's width, else 80, by default.
  public var width: Int?
  /// The height to render at; the screen's own height by default.
  public var height: Int?
  /// When to use colours.
  public var color: ColorChoice = .auto
  /// How to show pictures; `nil` asks the environment and the terminal.
  public var graphics: TTTerminalGraphics?
  /// Print every demo URL with its title.
  public var list = false
  /// Write the style demos' SVG pictures to this folder.
  public var svgDirectory: String?
  /// Print the module registry as JSON.
  public var modulesJSON = false
  /// Print the help.
  public var help = false
  /// The navigation history file for interactive runs; the user's state folder by default.
  public var stateFile: String?

  /// The help text.
  public static let usage = """
    USAGE: Catalog [URL] [--width N] [--height N] [--color auto|always|never]
                   [--graphics kitty|sixel|iterm2|symbols|none]
           Catalog --list | --svg DIR [URL] | --modules-json

    The Three20 Catalog: a live demo of every module. Without a URL, in a terminal, it is
    interactive: ↑↓ (j/k) move, enter opens, backspace/escape goes back, / searches,
    r refreshes, q quits. The screens you had open come back on the next run.

    With a URL (or when output is not a terminal) it draws that screen once and exits; an
    http(s) URL is printed as a page of text with its links numbered, like w3m -dump.

    OPTIONS:
      URL                 A demo URL such as tt://style/gallery (see --list), or a web page's.
      --width N           Columns to draw, 1 to \(TTCanvas.maximumWidth) (default: the terminal's width, else 80).
      --height N          Rows to draw, 1 to \(TTCanvas.maximumHeight) (default: as many as the screen needs);
                          width × height is at most \(TTCanvas.maximumCellCount) cells.
      --color WHEN        auto (default: colours on a terminal, honouring NO_COLOR), always, never.
      --graphics HOW      How pictures are drawn: kitty, sixel, iterm2, symbols or none (default:
                          what TT_GRAPHICS, the terminal's name or its answer says; none without colour).
      --list              Print every demo URL with its title.
      --svg DIR           Write the style demos' SVG pictures into DIR (only URL's, if given).
      --state FILE        Where interactive runs keep the open screens: a regular file, made if
                          missing (a folder, FIFO, device or link there is refused, untouched).
      --modules-json      Print the module registry as JSON.
      -h, --help          Show this help.
    """

  /// Creates the default options.
  public init() {}

  /// Reads the arguments (without the program name).
  ///
  /// - Throws: A message saying which argument is wrong and what is expected.
  public init(arguments: [String]) throws(CatalogUsageError) {
    var rest = arguments[...]
    func value(for option: String) throws(CatalogUsageError) -> String {
      guard let next = rest.popFirst(), !next.hasPrefix("--") else {
        throw CatalogUsageError("\(option) needs a value.")
      }
      return next
    }
    func number(for option: String, in range: ClosedRange<Int>) throws(CatalogUsageError) -> Int {
      let text = try value(for: option)
      guard let number = Int(text), range.contains(number) else {
        throw CatalogUsageError(
          "\(option) takes a number from \(range.lowerBound) to \(range.upperBound), not \(Self.quoted(text))."
        )
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--width": width = try number(for: argument, in: Self.widthRange)
      case "--height": height = try number(for: argument, in: Self.heightRange)
      case "--color", "--colour":
        let text = try value(for: argument)
        guard let choice = ColorChoice(rawValue: text) else {
          throw CatalogUsageError("--color takes auto, always or never, not \(Self.quoted(text)).")
        }
        color = choice
      case "--graphics":
        let text = try value(for: argument)
        guard let choice = TTTerminalGraphics(rawValue: text) else {
          throw CatalogUsageError(
            "--graphics takes kitty, sixel, iterm2, symbols or none, not \(Self.quoted(text)).")
        }
        graphics = choice
      case "--list": list = true
      case "--svg": svgDirectory = try value(for: argument)
      case "--state": stateFile = try value(for: argument)
      case "--modules-json": modulesJSON = true
      case "-h", "--help": help = true
      default:
        if argument.hasPrefix("-") { throw CatalogUsageError("unknown option \(Self.quoted(argument)).") }
        if let url {
          throw CatalogUsageError("one URL at a time; got \(Self.quoted(url)) and \(Self.quoted(argument)).")
        }
        url = argument
      }
    }
    if let width, let height {
      try Self.checkCells(width: width, height: height, widthSource: "--width \(width)")
    }
  }

  /// The widths `--width` takes: 1 to `TTCanvas.maximumWidth`.
  public static let widthRange = 1...TTCanvas.maximumWidth
  /// The heights `--height` takes: 1 to `TTCanvas.maximumHeight`.
  public static let heightRange = 1...TTCanvas.maximumHeight

  /// Checks that `--height` at a width fits on one canvas (`TTCanvas.maximumCellCount` cells).
  ///
  /// - Parameters:
  ///   - width: The columns the screen is drawn at.
  ///   - height: The rows asked for with `--height`.
  ///   - widthSource: Where the width comes from, for the message: `--width 300`, or
  ///     `the terminal's width, 300`.
  /// - Throws: A message naming both sizes, the cells they make and the heights that fit.
  public static func checkCells(width: Int, height: Int, widthSource: String) throws(CatalogUsageError) {
    let cells = width * height
    guard cells > TTCanvas.maximumCellCount else { return }
    let rows = TTCanvas.maximumCellCount / max(1, width)
    throw CatalogUsageError(
      "\(widthSource) and --height \(height) make \(cells) cells, more than a screen holds "
        + "(\(TTCanvas.maximumCellCount)); at that width give --height from 1 to \(rows), or a smaller --width."
    )
  }

  /// An argument in a message: quoted, control characters escaped, long ones cut.
  static func quoted(_ text: String) -> String { TTMessageText.quoted(text) }

  /// What the output may show, for this choice and output.
  public func capabilities(environment: [String: String], isTerminal: Bool) -> TTTerminalCapabilities {
    var environment = environment
    if let graphics { environment["TT_GRAPHICS"] = graphics.rawValue }
    switch color {
    case .never: return .plain
    case .auto: return .detect(environment: environment, isTerminal: isTerminal)
    case .always:
      environment["NO_COLOR"] = nil
      let detected = TTTerminalCapabilities.detect(environment: environment, isTerminal: true)
      guard detected.colorProfile == .none else { return detected }
      return TTTerminalCapabilities(colorProfile: .ansi256, graphics: graphics)
    }
  }
}

/// A wrong command line, with what to do.
public struct CatalogUsageError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  init(_ message: String) { self.message = message }
  /// The message with the program's name and where to find help.
  public var description: String { "Catalog: \(message) Run 'Catalog --help' for the options." }
}
