import Foundation
public import Three20Style

/// A spinner with a line of text, such as "Loading…": Three20's `TTActivityLabel`.
///
/// The spinner has no timer of its own: each ``tick()`` shows its next frame, and
/// ``TTTerminalHost`` ticks the views on screen about ten times a second. Tests and
/// snapshots call ``tick()`` themselves, so the output is always the same.
///
/// The spinner is drawn with braille frames `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`, or with `|/-\` where those may
/// not show: when the output is plain text or the locale is not UTF-8 (see
/// ``Spinner/preferred(capabilities:environment:)``). With the ASCII spinner, `…` in the
/// text is written as `...`.
///
/// ```swift
/// let loading = TTActivityLabel(text: "Loading…", activityStyle: .gray)
/// loading.spinner = .unicode
/// loading.frame = TTRect(x: 0, y: 0, width: 20, height: 1)
/// var canvas = TTCanvas(width: 20, height: 1)
/// loading.draw(on: &canvas)   // "     ⠋ Loading…"
/// loading.tick()
/// loading.draw(on: &canvas)   // "     ⠙ Loading…"
/// ```
@MainActor
open class TTActivityLabel: TTView {
  /// The set of frames the spinner turns through.
  public enum Spinner: Sendable, Hashable, CaseIterable {
    /// Braille dots: `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`.
    case unicode
    /// ASCII only: `|/-\`.
    case ascii

    /// The frames, in order.
    public var frames: [String] {
      switch self {
      case .unicode: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
      case .ascii: ["|", "/", "-", "\\"]
      }
    }

    /// The spinner that shows on a terminal: ``ascii`` when the capabilities are
    /// `TTTerminalCapabilities.plain` or the locale is not UTF-8, ``unicode`` otherwise.
    ///
    /// The locale is the first set, non-empty one of `LC_ALL`, `LC_CTYPE` and `LANG`; it is
    /// UTF-8 when it names `UTF-8` or `utf8` in any case. No locale at all is the C locale,
    /// which is not UTF-8.
    ///
    /// ```swift
    /// Spinner.preferred(capabilities: .ansi256, environment: ["LANG": "en_US.UTF-8"])  // .unicode
    /// Spinner.preferred(capabilities: .ansi256, environment: ["LANG": "C"])            // .ascii
    /// Spinner.preferred(capabilities: .plain, environment: ["LANG": "en_US.UTF-8"])    // .ascii
    /// ```
    ///
    /// - Parameters:
    ///   - capabilities: What the output can show.
    ///   - environment: The process environment.
    /// - Returns: The spinner to use.
    public static func preferred(
      capabilities: TTTerminalCapabilities, environment: [String: String]
    ) -> Spinner {
      guard capabilities.attributes else { return .ascii }
      let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
      let name = (locale ?? "").lowercased()
      return name.contains("utf-8") || name.contains("utf8") ? .unicode : .ascii
    }
  }

  /// The spinner used by labels whose ``spinner`` is `nil`.
  ///
  /// At first it is worked out from the process environment and whether standard output is
  /// a terminal. ``TTTerminalHost`` sets it from the capabilities it draws with, and
  /// ``TTTerminalHost/renderOnce(_:size:capabilities:environment:)`` for the length of one
  /// rendering.
  public static var defaultSpinner: Spinner = {
    let environment = ProcessInfo.processInfo.environment
    return .preferred(
      capabilities: .detect(environment: environment, isTerminal: isatty(1) == 1), environment: environment)
  }()

  /// The text beside the spinner.
  ///
  /// Defaults to `Loading…`.
  open var text: String {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// The look: a box, a bezel, a banner or just text.
  ///
  /// Defaults to ``TTActivityLabelStyle/whiteBox``, as Three20's table controllers used.
  open var activityStyle: TTActivityLabelStyle {
    didSet { if activityStyle != oldValue { setNeedsDisplay() } }
  }

  /// Whether the spinner shows and turns on ``tick()``.
  ///
  /// Defaults to `true`. When `false`, only the text is shown.
  open var isAnimating: Bool = true {
    didSet { if isAnimating != oldValue { setNeedsDisplay() } }
  }

  /// The spinner frames to draw; `nil`, the default, uses ``defaultSpinner``.
  open var spinner: Spinner? {
    didSet { if spinner != oldValue { setNeedsDisplay() } }
  }

  /// How many times ``tick()`` has turned the spinner; the frame shown is this modulo the
  /// number of frames.
  public private(set) var tickCount = 0

  /// Creates an activity label.
  ///
  /// - Parameters:
  ///   - text: The text; `Loading…` by default.
  ///   - activityStyle: The look; a white box by default.
  ///   - frame: Its rectangle; empty by default.
  public init(
    text: String = "Loading…", activityStyle: TTActivityLabelStyle = .whiteBox, frame: TTRect = .zero
  ) {
    self.text = text
    self.activityStyle = activityStyle
    super.init(frame: frame)
  }

  /// The spinner frame shown now, or `""` when not animating.
  public var currentFrame: String {
    guard isAnimating else { return "" }
    let frames = (spinner ?? Self.defaultSpinner).frames
    return frames[tickCount % frames.count]
  }

  /// The line drawn: the spinner frame, a space and the text (just the text when not
  /// animating), with `…` written as `...` for the ASCII spinner.
  public var line: String {
    let current = spinner ?? Self.defaultSpinner
    var shown = TTTerminalText.sanitized(text)
    if current == .ascii { shown = shown.replacingOccurrences(of: "…", with: "...") }
    guard isAnimating else { return shown }
    return shown.isEmpty ? currentFrame : currentFrame + " " + shown
  }

  /// Shows the spinner's next frame (when animating), then ticks the subviews.
  override open func tick() {
    if isAnimating {
      tickCount = tickCount == .max ? 0 : tickCount + 1
      setNeedsDisplay()
    }
    super.tick()
  }

  /// The size of the look around the line: the box's size, or the available width for the
  /// banner.
  ///
  /// - Parameter size: The room available.
  /// - Returns: The size wanted.
  override open func contentSizeThatFits(_ size: TTSize) -> TTSize {
    let boxed = activityStyle.style.size(fitting: TTSize(width: TTDisplayWidth.of(line), height: 1))
    return activityStyle.spansWidth
      ? TTSize(width: max(size.width, boxed.width), height: boxed.height) : boxed
  }

  /// Draws the look centred in `rect` (the banner across its width), the line inside it.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: The room for it.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    let look = activityStyle.style
    let wanted = contentSizeThatFits(rect.size)
    let width = activityStyle.spansWidth ? rect.width : min(wanted.width, rect.width)
    let height = min(wanted.height, rect.height)
    let box = TTRect(
      x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width,
      height: height)
    var textLook = look.textLook
    textLook.alignment = .center
    let line = line
    look.draw(in: box, on: &canvas) { canvas, inner in
      TTLabel.draw(line, look: textLook, in: inner, on: &canvas)
    }
  }
}
