/// A caption with a control beside it — a toggle or a text field: Three20's
/// `TTTableControlItem`.
///
/// Drawn by ``TTTableControlCell``: the caption on the left; a toggle as `[x]` or `[ ]` at
/// the right edge; a text field as a bracketed field filling the rest of the row, showing its
/// placeholder in the stylesheet's `placeholderTextColor` while empty.
///
/// Three20 held a live `UIControl`; here the item holds the control's value, and the app
/// replaces the item when the value changes, as with any other content.
///
/// ```swift
/// TTTableControlItem(caption: "Wi-Fi", control: .toggle(true))
/// // " Wi-Fi                              [x]"   (40 columns)
/// TTTableControlItem(caption: "Name", control: .textField("", placeholder: "Your name"))
/// // " Name         [Your name              ]"   (40 columns)
/// ```
public struct TTTableControlItem: TTTableItem, Hashable {
  /// The control of a row and its value.
  public enum Control: Sendable, Hashable {
    /// An on/off switch, drawn `[x]` when on and `[ ]` when off.
    case toggle(Bool)
    /// A one-line text field with its text, and a placeholder shown while it is empty.
    case textField(String, placeholder: String? = nil)
  }

  /// The caption on the left.
  public var caption: String
  /// The control and its value.
  public var control: Control
  /// Anything the app keeps with the row; left out of comparisons.
  @TTUncompared public var userInfo: (any Sendable)?
  private var customID: String?

  /// The row's identity: the one given, else `control:<caption>` (the value changes, the row
  /// stays the same).
  public var id: String {
    get { customID ?? TTTableItemIdentity.make("control", caption) }
    set { customID = newValue }
  }

  /// Creates a control item (Three20's `itemWithCaption:control:`).
  ///
  /// - Parameters:
  ///   - caption: The caption.
  ///   - control: The control and its value.
  ///   - id: The row's identity; `nil` by default, which makes it from the caption.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  public init(caption: String, control: Control, id: String? = nil, userInfo: (any Sendable)? = nil) {
    self.caption = caption
    self.control = control
    self.customID = id
    self.userInfo = userInfo
  }
}
