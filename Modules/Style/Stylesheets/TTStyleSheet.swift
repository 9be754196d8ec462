import Synchronization

/// The state of a control, which picks the style it is drawn with.
public enum TTControlState: String, Sendable, Hashable, CaseIterable {
  /// At rest.
  case normal
  /// Being pressed, or under the cursor.
  case highlighted
  /// Chosen, like the current tab.
  case selected
  /// Not available.
  case disabled
}

/// Named styles, colours and values that give an app its look: Three20's `TTStyleSheet`.
///
/// Three20 apps subclassed `TTDefaultStyleSheet` and overrode methods named after styles;
/// `TTSTYLE(name)` called them. Here a stylesheet is a value: start from one, override the
/// entries you want, and make it ``current``. No subclass is needed.
///
/// ```swift
/// var sheet = TTStyleSheet.current
/// sheet.setStyle(TTSolidFillStyle(.red), named: "badge")
/// sheet.setStyle(TTSolidFillStyle(TTColor.red.highlight), named: "badge", for: .highlighted)
/// sheet.setColor(.blue, named: "linkTextColor")
/// TTStyleSheet.current = sheet
///
/// TTStyleSheet.current.style(named: "badge", for: .highlighted)   // the highlighted fill
/// TTStyleSheet.current.style(named: "badge", for: .disabled)      // falls back to normal
/// ```
public struct TTStyleSheet: Sendable, Hashable {
  private var styles: [String: [TTControlState: TTStyle]] = [:]
  private var colors: [String: TTColor] = [:]
  private var values: [String: Int] = [:]

  /// Creates an empty stylesheet.
  public init() {}

  /// The style named `name` for a state (Three20's `styleWithSelector:forState:`).
  ///
  /// - Parameters:
  ///   - name: The style's name, for example `toolbarButton`.
  ///   - state: The control's state; normal by default.
  /// - Returns: The style for that state, or the normal style when the state has none, or
  ///   `nil` when the sheet has no style of that name.
  public func style(named name: String, for state: TTControlState = .normal) -> TTStyle? {
    guard let entry = styles[name] else { return nil }
    return entry[state] ?? entry[.normal]
  }

  /// Sets the style named `name` for a state.
  ///
  /// - Parameters:
  ///   - style: The style.
  ///   - name: Its name.
  ///   - state: The state it is for; normal by default.
  public mutating func setStyle(
    _ style: some TTStyleConvertible, named name: String, for state: TTControlState = .normal
  ) {
    styles[name, default: [:]][state] = style.style
  }

  /// Removes every state of the style named `name`.
  ///
  /// - Parameter name: The style's name.
  public mutating func removeStyle(named name: String) {
    styles[name] = nil
  }

  /// The names of every style in the sheet, sorted.
  public var styleNames: [String] { styles.keys.sorted() }

  /// The states the style named `name` has its own entry for.
  ///
  /// - Parameter name: The style's name.
  /// - Returns: The states, in declaration order.
  public func states(ofStyle name: String) -> [TTControlState] {
    TTControlState.allCases.filter { styles[name]?[$0] != nil }
  }

  /// A named colour (the role of Three20's `TTSTYLEVAR(textColor)`).
  ///
  /// - Parameter name: The colour's name, for example `textColor`.
  /// - Returns: The colour, or `nil` when the sheet has none of that name.
  public func color(named name: String) -> TTColor? {
    colors[name]
  }

  /// Sets a named colour.
  ///
  /// - Parameters:
  ///   - color: The colour.
  ///   - name: Its name.
  public mutating func setColor(_ color: TTColor, named name: String) {
    colors[name] = color
  }

  /// The names of every colour in the sheet, sorted.
  public var colorNames: [String] { colors.keys.sorted() }

  /// A named whole number, such as a row height or a margin in cells (`TTSTYLEVAR` for metrics).
  ///
  /// - Parameter name: The value's name, for example `tableBannerViewHeight`.
  /// - Returns: The value, or `nil` when the sheet has none of that name.
  public func value(named name: String) -> Int? {
    values[name]
  }

  /// Sets a named whole number.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - name: Its name.
  public mutating func setValue(_ value: Int, named name: String) {
    values[name] = value
  }

  /// The names of every value in the sheet, sorted.
  public var valueNames: [String] { values.keys.sorted() }

  /// This sheet with every entry of `other` laid over it: `other` wins where both have one.
  ///
  /// - Parameter other: The overriding sheet.
  /// - Returns: The merged sheet.
  public func merging(_ other: TTStyleSheet) -> TTStyleSheet {
    var merged = self
    for (name, states) in other.styles {
      merged.styles[name, default: [:]].merge(states) { _, new in new }
    }
    merged.colors.merge(other.colors) { _, new in new }
    merged.values.merge(other.values) { _, new in new }
    return merged
  }

  private static let currentSheet = Mutex(TTStyleSheet.default)

  /// The stylesheet views use when they are given no other (Three20's `globalStyleSheet`).
  ///
  /// Starts as ``default``. Safe to read and set from any thread. Set it once at start-up,
  /// before views draw.
  public static var current: TTStyleSheet {
    get { currentSheet.withLock { $0 } }
    set { currentSheet.withLock { $0 = newValue } }
  }
}
