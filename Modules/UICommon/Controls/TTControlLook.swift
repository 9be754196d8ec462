import Three20Style

/// The characters the value controls draw with: Unicode line drawing, or plain ASCII for
/// terminals and locales that cannot show it.
///
/// ``TTSlider`` draws its track as `━━━●────` with ``unicode`` and `===O----` with ``ascii``;
/// ``TTStepper`` draws `[−] 5 [+]` or `[-] 5 [+]`. A control whose `glyphs` is `nil` uses
/// ``default``, which follows ``TTActivityLabel/defaultSpinner`` (set by ``TTTerminalHost`` from
/// what the terminal can show).
///
/// ```swift
/// let volume = TTSlider(value: 0.5)
/// volume.glyphs = .ascii   // "====O----" whatever the terminal
/// ```
public enum TTControlGlyphs: Sendable, Hashable {
  /// Line drawing: `━`, `●`, `─`, `−`.
  case unicode
  /// ASCII only: `=`, `O`, `-`.
  case ascii

  /// The glyphs controls use when they are given none: ASCII when
  /// ``TTActivityLabel/defaultSpinner`` is the ASCII spinner, else Unicode.
  @MainActor
  public static var `default`: TTControlGlyphs {
    TTActivityLabel.defaultSpinner == .ascii ? .ascii : .unicode
  }

  /// The part of a slider's track below the thumb.
  public var filledTrack: Character { self == .unicode ? "━" : "=" }
  /// The slider's thumb.
  public var thumb: Character { self == .unicode ? "●" : "O" }
  /// The part of a slider's track above the thumb.
  public var emptyTrack: Character { self == .unicode ? "─" : "-" }
  /// The sign on a stepper's decrement part.
  public var minus: String { self == .unicode ? "−" : "-" }
}

/// The looks the value controls share: colours from the stylesheet with built-in defaults,
/// and the attributes of the focused and disabled states.
enum TTControlLook {
  /// The colour of the "on" side: an on switch, a slider's filled track.
  ///
  /// The stylesheet's `linkTextColor`, else blue.
  static func activeColor(_ sheet: TTStyleSheet) -> TTColor? {
    sheet.color(named: "linkTextColor") ?? .blue
  }

  /// The colour of the "off" side: an off switch, a slider's empty track.
  ///
  /// The stylesheet's `placeholderTextColor`, else grey.
  static func inactiveColor(_ sheet: TTStyleSheet) -> TTColor? {
    sheet.color(named: "placeholderTextColor") ?? .gray
  }

  /// The attributes that mark a control's state: dim when disabled, inverse and bold when
  /// focused (or held), none otherwise.
  static func attributes(isFocused: Bool, isEnabled: Bool) -> TTTextAttributes {
    if !isEnabled { return [.dim] }
    return isFocused ? [.inverse, .bold] : []
  }

  /// `style` dimmed when the control is disabled.
  static func style(_ style: TTCellStyle, isEnabled: Bool) -> TTCellStyle {
    guard !isEnabled else { return style }
    var dimmed = style
    dimmed.attributes.insert(.dim)
    dimmed.attributes.remove(.bold)
    return dimmed
  }
}
