/// Text attributes a terminal can show: bold, italic, underline and so on.
public struct TTTextAttributes: OptionSet, Sendable, Hashable {
  /// The attribute bits.
  public let rawValue: UInt8

  /// Creates attributes from their bits.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Bold, or bright, text.
  public static let bold = TTTextAttributes(rawValue: 1 << 0)
  /// Dim (faint) text.
  public static let dim = TTTextAttributes(rawValue: 1 << 1)
  /// Italic text.
  public static let italic = TTTextAttributes(rawValue: 1 << 2)
  /// Underlined text.
  public static let underline = TTTextAttributes(rawValue: 1 << 3)
  /// Struck-through text.
  public static let strikethrough = TTTextAttributes(rawValue: 1 << 4)
  /// Foreground and background swapped.
  public static let inverse = TTTextAttributes(rawValue: 1 << 5)
}

/// How one cell of a canvas looks: colours, attributes and an optional link.
///
/// A `nil` colour means "leave what is there": text written with no background keeps the
/// background a style drew beneath it, and a cell that has none shows the terminal's own.
public struct TTCellStyle: Sendable, Hashable {
  /// The text colour, or `nil` for the colour already there (at first, the terminal's).
  public var foreground: TTColor?
  /// The background colour, or `nil` for the colour already there (at first, the terminal's).
  public var background: TTColor?
  /// Bold, italic, underline and the like.
  public var attributes: TTTextAttributes
  /// A URL the cell links to, shown as an OSC 8 hyperlink where the terminal supports it.
  public var link: String?

  /// Creates a cell style.
  ///
  /// - Parameters:
  ///   - foreground: The text colour; `nil` keeps the one there.
  ///   - background: The background colour; `nil` keeps the one there.
  ///   - attributes: Bold, italic and so on; none by default.
  ///   - link: A URL the cell links to, if any.
  public init(
    foreground: TTColor? = nil, background: TTColor? = nil, attributes: TTTextAttributes = [],
    link: String? = nil
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
    self.link = link
  }

  /// No colours, no attributes, no link.
  public static let plain = TTCellStyle()

  /// This style drawn over `base`: colours that are `nil` here come from `base`.
  ///
  /// - Parameter base: The style already in the cell.
  /// - Returns: The merged style. Attributes and the link are this style's.
  public func over(_ base: TTCellStyle) -> TTCellStyle {
    TTCellStyle(
      foreground: foreground ?? base.foreground,
      background: background.map { $0.alpha < 1 ? $0.composited(over: base.background ?? .black) : $0 }
        ?? base.background,
      attributes: attributes,
      link: link)
  }
}

/// One cell of a ``TTCanvas``: a character and how it looks.
///
/// A wide character (`漢`, `😀`) covers two cells: the first holds it, the second is a
/// *continuation* cell that holds nothing and is not written out.
public struct TTCell: Sendable, Hashable {
  /// The character shown; a space in an empty cell.
  public var character: Character
  /// How the cell looks.
  public var style: TTCellStyle
  /// Whether this cell is the right half of a wide character in the cell to its left.
  public internal(set) var isContinuation: Bool

  /// Creates a cell.
  ///
  /// - Parameters:
  ///   - character: The character shown.
  ///   - style: How it looks.
  public init(_ character: Character = " ", style: TTCellStyle = .plain) {
    self.character = character
    self.style = style
    isContinuation = false
  }

  /// An empty cell with no style.
  public static let blank = TTCell()
}
