import Three20UICommon

/// A caption with a control beside it — a toggle, a slider, a stepper or a text field:
/// Three20's `TTTableControlItem`.
///
/// Drawn by ``TTTableControlCell``: the caption on the left; a toggle as `[x]` or `[ ]` and a
/// stepper as `[−] 5 [+]` at the right edge; a slider's track and value, or a text field in
/// brackets (showing its placeholder in the stylesheet's `placeholderTextColor` while empty),
/// filling the rest of the row.
///
/// Three20 held a live `UIControl`; here the item holds the control's value, and the row is
/// live in a ``TTTableView``: with the cursor on the row, ←/→ (and Space or Enter for a
/// toggle) change the control, and so does a click on it. The table then replaces the item in
/// its data source when the data source can (``TTTableItemReplacing``: lists and sectioned
/// data sources), redraws, and reports the changed item to ``TTTableView/controlHandler`` and
/// to the item's ``onChange``.
///
/// ```swift
/// TTTableControlItem(caption: "Wi-Fi", control: .toggle(true)) { item in
///   settings.wifi = item.control.isOn ?? false
/// }
/// // " Wi-Fi                              [x]"   (40 columns)
/// TTTableControlItem(caption: "Volume", control: .slider(40, 0...100, step: 5))
/// // " Volume       ━━━━━━━━●────────────  40"
/// TTTableControlItem(caption: "Copies", control: .stepper(1, 1...99))
/// // " Copies                      [−]  1 [+]"
/// TTTableControlItem(caption: "Name", control: .textField("", placeholder: "Your name"))
/// // " Name         [Your name              ]"
/// ```
public struct TTTableControlItem: TTTableItem, Hashable {
  /// The control of a row and its value.
  public enum Control: Sendable, Hashable {
    /// An on/off switch, drawn `[x]` when on and `[ ]` when off.
    case toggle(Bool)
    /// A one-line text field with its text, and a placeholder shown while it is empty.
    case textField(String, placeholder: String? = nil)
    /// A slider: its value within a range, moving by `step` (or a twentieth of the range
    /// when `nil`). Drawn as `TTSlider` draws, with the value after the track.
    case slider(Double, ClosedRange<Double>, step: Double? = nil)
    /// A stepper: a whole number within a range, moving by `step`. Drawn as `TTStepper`
    /// draws: `[−] 5 [+]`.
    case stepper(Int, ClosedRange<Int>, step: Int = 1)

    /// A toggle's value; `nil` for other controls.
    public var isOn: Bool? {
      if case .toggle(let isOn) = self { return isOn }
      return nil
    }

    /// A slider's value, clamped and snapped to its step (NaN and infinities become the
    /// minimum); `nil` for other controls.
    public var sliderValue: Double? {
      guard case .slider(let value, let range, let step) = self else { return nil }
      let scale = TTSlider.Scale(range, step: step)
      return scale.snapped(value) ?? scale.minimumValue
    }

    /// A stepper's value, clamped to its range; `nil` for other controls.
    public var stepperValue: Int? {
      guard case .stepper(let value, let range, _) = self else { return nil }
      return min(max(value, range.lowerBound), range.upperBound)
    }

    /// A text field's text; `nil` for other controls.
    public var text: String? {
      if case .textField(let text, _) = self { return text }
      return nil
    }

    /// Whether the table changes the control itself, with keys and clicks.
    ///
    /// Toggles, sliders and steppers are; a text field is edited by a text field view over
    /// the row.
    public var isAdjustable: Bool {
      switch self {
      case .toggle, .slider, .stepper: true
      case .textField: false
      }
    }

    /// The control moved one step: up (or on) for a positive direction, down (or off) for a
    /// negative one — what → and ← do.
    ///
    /// A slider moves by its step (or a twentieth of its range), a stepper by its step; both
    /// stop at their ends. A toggle is set on or off. A text field does not change.
    ///
    /// - Parameter direction: Positive for up, negative for down; 0 changes nothing.
    /// - Returns: The changed control.
    public func stepped(_ direction: Int) -> Control {
      guard direction != 0 else { return self }
      switch self {
      case .toggle:
        return .toggle(direction > 0)
      case .slider(_, let range, let step):
        let scale = TTSlider.Scale(range, step: step)
        let distance = direction > 0 ? scale.smallStep : -scale.smallStep
        return .slider(scale.value(sliderValue ?? scale.minimumValue, movedBy: distance), range, step: step)
      case .stepper(let value, let range, let step):
        let moved = TTStepper.value(
          value, steppedBy: direction > 0 ? 1 : -1, step: step, in: range, wraps: false)
        return .stepper(moved, range, step: step)
      case .textField:
        return self
      }
    }

    /// A toggle flipped; any other control unchanged.
    public var toggled: Control {
      if case .toggle(let isOn) = self { return .toggle(!isOn) }
      return self
    }
  }

  /// The caption on the left.
  public var caption: String
  /// The control and its value.
  public var control: Control
  /// Anything the app keeps with the row; left out of comparisons.
  @TTUncompared public var userInfo: (any Sendable)?
  /// What runs, on the main actor, after the user changed the control in a table.
  ///
  /// It gets the changed item; `nil` by default. Left out of comparisons. It runs after the
  /// table has put the changed item in its data source (when the data source can take it)
  /// and after ``TTTableView/controlHandler``.
  @TTUncompared public var onChange: (@MainActor @Sendable (TTTableControlItem) -> Void)?
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
  ///   - onChange: What runs after the user changes the control; nothing by default.
  public init(
    caption: String, control: Control, id: String? = nil, userInfo: (any Sendable)? = nil,
    onChange: (@MainActor @Sendable (TTTableControlItem) -> Void)? = nil
  ) {
    self.caption = caption
    self.control = control
    self.customID = id
    self.userInfo = userInfo
    self.onChange = onChange
  }
}
