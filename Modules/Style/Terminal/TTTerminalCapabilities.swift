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
public struct TTTerminalCapabilities: Sendable, Hashable, CustomStringConvertible {
  /// How many colours to use.
  public var colorProfile: TTColorProfile
  /// Whether escape sequences for bold, underline and the like may be written.
  ///
  /// When `false`, output is plain text.
  public var attributes: Bool
  /// Whether links are written as OSC 8 hyperlinks.
  public var hyperlinks: Bool

  /// Creates a set of capabilities.
  ///
  /// - Parameters:
  ///   - colorProfile: How many colours to use.
  ///   - attributes: Whether text attributes may be written; colours need this too.
  ///   - hyperlinks: Whether OSC 8 hyperlinks may be written.
  public init(colorProfile: TTColorProfile, attributes: Bool = true, hyperlinks: Bool = false) {
    self.colorProfile = attributes ? colorProfile : .none
    self.attributes = attributes
    self.hyperlinks = attributes && hyperlinks
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
    return TTTerminalCapabilities(colorProfile: profile, attributes: true, hyperlinks: hyperlinks)
  }

  /// For example `truecolor, attributes, hyperlinks` or `plain`.
  public var description: String {
    guard attributes else { return "plain" }
    return [colorProfile == .none ? "no colour" : colorProfile.description, "attributes"]
      .joined(separator: ", ") + (hyperlinks ? ", hyperlinks" : "")
  }
}
