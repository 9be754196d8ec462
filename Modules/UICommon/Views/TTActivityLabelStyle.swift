public import Three20Style
/// The looks of a ``TTActivityLabel``: Three20's `TTActivityLabelStyle`.
///
/// Each look is a `TTStyle` chain (``style``) drawn around the spinner and text; boxes and
/// bezels are centred in the label, the banner spans its width.
///
/// | Look | Terminal drawing |
/// |---|---|
/// | ``white`` | white text, no box |
/// | ``gray`` | gray text, no box (the default; Three20's `Gray`) |
/// | ``whiteBox`` | a white box with a gray border and dark text |
/// | ``whiteBezel`` | a white rounded box with dark text |
/// | ``blackBox`` | a black box with a border and white text |
/// | ``blackBezel`` | a black rounded box with white text |
/// | ``blackBanner`` | a black band across the whole label, white text |
public enum TTActivityLabelStyle: String, Sendable, Hashable, CaseIterable {
  /// White text without a box (`TTActivityLabelStyleWhite`).
  case white
  /// Gray text without a box (`TTActivityLabelStyleGray`).
  case gray
  /// Dark text in a white, bordered box (`TTActivityLabelStyleWhiteBox`).
  case whiteBox
  /// Dark text in a white, rounded box (`TTActivityLabelStyleWhiteBezel`).
  case whiteBezel
  /// White text in a black, bordered box (`TTActivityLabelStyleBlackBox`).
  case blackBox
  /// White text in a black, rounded box (`TTActivityLabelStyleBlackBezel`).
  case blackBezel
  /// White text on a black band as wide as the label (`TTActivityLabelStyleBlackBanner`).
  case blackBanner

  /// Whether the look spans the label's whole width rather than fitting its text.
  public var spansWidth: Bool { self == .blackBanner }

  /// The style chain drawn around the spinner and text; its text layer colours them.
  public var style: TTStyle {
    let dark = TTColor(red: 40, green: 40, blue: 40)
    switch self {
    case .white:
      return TTStyle { TTTextStyle(TTTextLook(color: .white)) }
    case .gray:
      return TTStyle { TTTextStyle(TTTextLook(color: .gray)) }
    case .whiteBox:
      return TTStyle {
        TTSolidFillStyle(.white)
        TTSolidBorderStyle(.gray)
        TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
        TTTextStyle(TTTextLook(color: dark))
      }
    case .whiteBezel:
      return TTStyle {
        TTShapeStyle(.rounded(2))
        TTSolidFillStyle(.white)
        TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 1, horizontal: 2)))
        TTTextStyle(TTTextLook(color: dark))
      }
    case .blackBox:
      return TTStyle {
        TTSolidFillStyle(dark)
        TTSolidBorderStyle(.lightGray)
        TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
        TTTextStyle(TTTextLook(color: .white))
      }
    case .blackBezel:
      return TTStyle {
        TTShapeStyle(.rounded(2))
        TTSolidFillStyle(.black)
        TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 1, horizontal: 2)))
        TTTextStyle(TTTextLook(color: .white))
      }
    case .blackBanner:
      return TTStyle {
        TTSolidFillStyle(.black)
        TTBoxStyle(TTBox(padding: TTEdgeInsets(vertical: 0, horizontal: 1)))
        TTTextStyle(TTTextLook(color: .white, alignment: .center))
      }
    }
  }
}
