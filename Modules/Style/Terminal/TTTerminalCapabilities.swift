/// How many colours a terminal can show.
public enum TTColorProfile: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
  /// No colour at all.
  case none = 0
  /// The 16 basic ANSI colours (SGR 30–37, 90–97).
  case ansi16 = 1
  /// The xterm 256-colour palette (SGR 38;5;n).
  case ansi256 = 2
  /// 24-bit colour (SGR 38;2;r;g;b).
  case trueColor = 3

  /// Whether `lhs` shows fewer colours than `rhs`.
  public static func < (lhs: TTColorProfile, rhs: TTColorProfile) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The profile's name: `none`, `16`, `256` or `truecolor`.
  public var description: String {
    switch self {
    case .none: "none"
    case .ansi16: "16"
    case .ansi256: "256"
    case .trueColor: "truecolor"
    }
  }
}

/// What a terminal (or a pipe) can show: colours, text attributes, hyperlinks.
///
/// ``detect(environment:isTerminal:)`` reads the usual signals:
///
/// | Signal | Effect |
/// |---|---|
/// | output is not a terminal | plain text: no escape sequences at all |
/// | `TERM=dumb` | plain text |
/// | `NO_COLOR` set and not empty | no colour, attributes kept (<https://no-color.org>) |
/// | `FORCE_COLOR=0` | no colour |
/// | `FORCE_COLOR=1`, `2`, `3` | 16, 256, truecolor, even when not a terminal |
/// | `COLORTERM=truecolor` or `24bit` | truecolor |
/// | `TERM` containing `256color` | 256 colours |
/// | any other `TERM` | 16 colours |
/// | `TT_HYPERLINKS=0` or `1` | turns OSC 8 hyperlinks off or on |
///
/// `NO_COLOR` wins over `FORCE_COLOR`. Hyperlinks are on wherever attributes are, except on
/// the Linux console (`TERM=linux`), which does not know them.
///
/// Pictures (``graphics``) follow the colours: without colour there are none (an image is its
/// alternate text), and with colour they are symbols unless the terminal is known to speak a
/// pixel protocol:
///
/// | Signal | Graphics |
/// |---|---|
/// | `TT_GRAPHICS=none`, `symbols`, `sixel`, `kitty` or `iterm2` | that one (when there is colour) |
/// | `TMUX` set, or `TERM` starting with `screen` or `tmux` | symbols (a multiplexer does not pass pixels on) |
/// | `KITTY_WINDOW_ID`, `TERM=xterm-kitty`, `TERM=xterm-ghostty`, `TERM_PROGRAM=ghostty` or `WezTerm`, `KONSOLE_VERSION` | kitty |
/// | `TERM_PROGRAM=iTerm.app` | iterm2 |
/// | `TERM` starting with `foot` or `mlterm`, `WT_SESSION` set | sixel |
/// | anything else | symbols |
public struct TTTerminalCapabilities: Sendable, Hashable, CustomStringConvertible {
  /// How many colours to use.
  public var colorProfile: TTColorProfile
  /// Whether escape sequences for bold, underline and the like may be written.
  ///
  /// When `false`, output is plain text.
  public var attributes: Bool
  /// Whether links are written as OSC 8 hyperlinks.
  public var hyperlinks: Bool
  /// How pictures are shown: ``TTTerminalGraphics/none`` (alternate text) without colour,
  /// otherwise symbols or a pixel protocol.
  public var graphics: TTTerminalGraphics

  /// Creates a set of capabilities.
  ///
  /// - Parameters:
  ///   - colorProfile: How many colours to use.
  ///   - attributes: Whether text attributes may be written; colours need this too.
  ///   - hyperlinks: Whether OSC 8 hyperlinks may be written.
  ///   - graphics: How pictures are shown; `nil`, the default, means symbols where there is
  ///     colour. Without colour it is always ``TTTerminalGraphics/none``.
  public init(
    colorProfile: TTColorProfile, attributes: Bool = true, hyperlinks: Bool = false,
    graphics: TTTerminalGraphics? = nil
  ) {
    self.colorProfile = attributes ? colorProfile : .none
    self.attributes = attributes
    self.hyperlinks = attributes && hyperlinks
    self.graphics = self.colorProfile == .none ? .none : (graphics ?? .symbols)
  }

  /// Plain text: no escape sequences at all, as for a pipe or a file.
  public static let plain = TTTerminalCapabilities(colorProfile: .none, attributes: false)
  /// Attributes without colour, as with `NO_COLOR`.
  public static let monochrome = TTTerminalCapabilities(colorProfile: .none)
  /// The 16 basic colours.
  public static let ansi16 = TTTerminalCapabilities(colorProfile: .ansi16)
  /// The xterm 256 colours.
  public static let ansi256 = TTTerminalCapabilities(colorProfile: .ansi256)
  /// 24-bit colour and hyperlinks.
  public static let trueColor = TTTerminalCapabilities(colorProfile: .trueColor, hyperlinks: true)

  /// Works out what the terminal can show from the environment.
  ///
  /// - Parameters:
  ///   - environment: The process environment (`ProcessInfo.processInfo.environment`).
  ///   - isTerminal: Whether the output is a terminal (`isatty(1)`).
  /// - Returns: The capabilities; see the table in the type's description.
  public static func detect(environment: [String: String], isTerminal: Bool) -> TTTerminalCapabilities {
    let term = environment["TERM"] ?? ""
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let force: TTColorProfile? =
      switch environment["FORCE_COLOR"]?.lowercased() {
      case "0", "false": TTColorProfile.none
      case "1", "true", "": .ansi16
      case "2": .ansi256
      case "3": .trueColor
      default: nil
      }
    let attributes = (isTerminal && term != "dumb") || (force != nil && force != TTColorProfile.none)
    guard attributes else { return .plain }

    var profile: TTColorProfile
    if let force, environment["FORCE_COLOR"] != nil {
      profile = force
    } else {
      let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
      if colorTerm == "truecolor" || colorTerm == "24bit" {
        profile = .trueColor
      } else if term.contains("256color") {
        profile = .ansi256
      } else if term.isEmpty {
        profile = .none
      } else {
        profile = .ansi16
      }
    }
    if noColor { profile = .none }

    var hyperlinks = term != "linux"
    switch environment["TT_HYPERLINKS"] {
    case "0": hyperlinks = false
    case "1": hyperlinks = true
    default: break
    }
    return TTTerminalCapabilities(
      colorProfile: profile, attributes: true, hyperlinks: hyperlinks,
      graphics: detectGraphics(environment: environment))
  }

  /// The pictures a terminal with colour shows, from the environment (see the table above).
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The override `TT_GRAPHICS` names, else what the terminal is known to speak.
  public static func detectGraphics(environment: [String: String]) -> TTTerminalGraphics {
    if let forced = environment["TT_GRAPHICS"].flatMap({ TTTerminalGraphics(rawValue: $0.lowercased()) }) {
      return forced
    }
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return .symbols }
    if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
      || program == "ghostty" || program == "WezTerm" || environment["KONSOLE_VERSION"] != nil
    {
      return .kitty
    }
    if program == "iTerm.app" { return .iterm2 }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") || environment["WT_SESSION"] != nil {
      return .sixel
    }
    return .symbols
  }

  /// For example `truecolor, attributes, hyperlinks` or `plain`.
  public var description: String {
    guard attributes else { return "plain" }
    return [colorProfile == .none ? "no colour" : colorProfile.description, "attributes"]
      .joined(separator: ", ") + (hyperlinks ? ", hyperlinks" : "")
      + (graphics == .none || graphics == .symbols ? "" : ", \(graphics) graphics")
  }
}
