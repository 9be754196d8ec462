public import Three20Style

/// A mouse action the terminal reported: a press, release, drag or wheel turn, where, and with
/// which modifier keys held.
///
/// ``TTTerminalHost`` asks the terminal for mouse reports (SGR mode 1006) and
/// ``TTKeyDecoder`` reads them. ``position`` is in cells from the top left, starting at 0. The
/// host hands an event to the controller on screen (``TTViewController/dispatch(_:)``), which
/// finds the view under the pointer (``TTView/hitTest(_:)``) and offers it the event with the
/// position moved into that view's own coordinates (``TTView/handleMouse(_:)``).
///
/// ```swift
/// let events = TTKeyDecoder.decodeEvents(Array("\u{1B}[<0;5;2M".utf8))
/// // [.mouse(TTMouseEvent(.press, button: .left, at: TTPoint(x: 4, y: 1)))]
/// ```
public struct TTMouseEvent: Sendable, Hashable, CustomStringConvertible {
  /// What the mouse did.
  public enum Action: Sendable, Hashable {
    /// A button went down.
    case press
    /// A button came up.
    case release
    /// The pointer moved with a button held.
    case drag
    /// The wheel turned away from the user (content moves down, toward the top).
    case scrollUp
    /// The wheel turned toward the user.
    case scrollDown
    /// The wheel (or a touchpad) moved left.
    case scrollLeft
    /// The wheel (or a touchpad) moved right.
    case scrollRight
  }

  /// Which button the action is about.
  public enum Button: Sendable, Hashable {
    /// The primary button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The secondary button.
    case right
    /// No button: wheel actions, and releases the terminal did not name.
    case none
  }

  /// The modifier keys held during the action.
  public struct Modifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates modifiers from raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt (Meta).
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)
  }

  /// What the mouse did.
  public var action: Action
  /// The button; ``Button/none`` for wheel actions.
  public var button: Button
  /// Where, in cells from the top left (0-based) of the coordinates the receiver uses: the
  /// screen's for the host and the root controller, a view's own for ``TTView/handleMouse(_:)``.
  public var position: TTPoint
  /// The modifier keys held.
  public var modifiers: Modifiers

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - action: What the mouse did.
  ///   - button: Which button; `.left` by default.
  ///   - position: Where, 0-based.
  ///   - modifiers: The modifier keys held; none by default.
  public init(_ action: Action, button: Button = .left, at position: TTPoint, modifiers: Modifiers = []) {
    self.action = action
    self.button = button
    self.position = position
    self.modifiers = modifiers
  }

  /// Whether this is a press of the left button: what "clicking" a control means.
  public var isPrimaryPress: Bool { action == .press && button == .left }

  /// Whether the wheel turned (any direction).
  public var isScroll: Bool {
    switch action {
    case .scrollUp, .scrollDown, .scrollLeft, .scrollRight: true
    case .press, .release, .drag: false
    }
  }

  /// The same event with its position moved by an offset, for a receiver whose coordinates
  /// start elsewhere.
  ///
  /// - Parameters:
  ///   - dx: Columns to add.
  ///   - dy: Rows to add.
  /// - Returns: The moved event.
  public func offsetBy(dx: Int, dy: Int) -> TTMouseEvent {
    var moved = self
    moved.position = TTPoint(x: position.x + dx, y: position.y + dy)
    return moved
  }

  /// A short description: `press left 4,1`, `scroll-down 0,0 ctrl`.
  public var description: String {
    let name =
      switch action {
      case .press: "press"
      case .release: "release"
      case .drag: "drag"
      case .scrollUp: "scroll-up"
      case .scrollDown: "scroll-down"
      case .scrollLeft: "scroll-left"
      case .scrollRight: "scroll-right"
      }
    let buttonName =
      switch button {
      case .left: " left"
      case .middle: " middle"
      case .right: " right"
      case .none: ""
      }
    var text = "\(name)\(buttonName) \(position.x),\(position.y)"
    if modifiers.contains(.shift) { text += " shift" }
    if modifiers.contains(.alt) { text += " alt" }
    if modifiers.contains(.control) { text += " ctrl" }
    return text
  }
}
