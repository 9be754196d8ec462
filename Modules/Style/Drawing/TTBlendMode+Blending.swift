extension TTBlendMode {
  /// The colour seen when `color` is painted over `base` in this mode.
  ///
  /// Each channel is blended on its own, as in the W3C compositing rules: `multiply` is
  /// `s × b`, `screen` is `s + b − s × b`, `overlay` multiplies where the base is dark and
  /// screens where it is light, `darken` and `lighten` keep the smaller or larger channel.
  /// The result is then laid over the base at `color`'s alpha.
  ///
  /// ```swift
  /// TTBlendMode.multiply.blend(.white, over: .blue)   // .blue
  /// TTBlendMode.screen.blend(.black, over: .blue)     // .blue
  /// TTBlendMode.normal.blend(.red.withAlpha(0.5), over: .white)   // a pink
  /// ```
  ///
  /// - Parameters:
  ///   - color: The colour painted.
  ///   - base: The colour already there.
  /// - Returns: The blended colour; opaque when `base` is.
  public func blend(_ color: TTColor, over base: TTColor) -> TTColor {
    let alpha = color.alpha
    func channel(_ source: Double, _ backdrop: Double) -> Double {
      let mixed: Double =
        switch self {
        case .normal: source
        case .multiply: source * backdrop
        case .screen: source + backdrop - source * backdrop
        case .overlay:
          backdrop <= 0.5 ? 2 * source * backdrop : 1 - 2 * (1 - source) * (1 - backdrop)
        case .darken: min(source, backdrop)
        case .lighten: max(source, backdrop)
        }
      return backdrop * (1 - alpha) + mixed * alpha
    }
    return TTColor(
      unitRed: channel(color.red, base.red), green: channel(color.green, base.green),
      blue: channel(color.blue, base.blue), alpha: alpha + base.alpha * (1 - alpha))
  }
}
