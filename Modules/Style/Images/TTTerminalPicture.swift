import Synchronization

/// How a terminal shows pictures.
///
/// ``TTTerminalCapabilities/graphics`` holds the one to use. Symbols work wherever colours do;
/// the three graphics protocols draw real pixels in the terminals that speak them.
public enum TTTerminalGraphics: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// No pictures: an image is its alternate text, as on a pipe or with `NO_COLOR`.
  case none
  /// Pictures drawn with coloured Unicode block, quadrant and sextant characters.
  case symbols
  /// DEC sixel graphics (foot, mlterm, WezTerm, xterm, Windows Terminal, iTerm2).
  case sixel
  /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole).
  case kitty
  /// iTerm2's inline images (iTerm2, WezTerm).
  case iterm2

  /// Whether this draws pixels with escape sequences (sixel, kitty or iTerm2) rather than text.
  public var isPixelProtocol: Bool { self == .sixel || self == .kitty || self == .iterm2 }

  /// The name used by `TT_GRAPHICS` and the Catalog's `--graphics`, for example `kitty`.
  public var description: String { rawValue }
}

/// A picture made ready to be shown in a grid of cells.
///
/// Style never decodes images: a picture comes from an image provider
/// (``TTGlobalImageProvider``), which the Image module installs. Style places pictures on a
/// ``TTCanvas`` and asks them, when a frame is written out, for the cells or escape sequence
/// that draw them. A picture is immutable once made; what it computes it may keep.
public protocol TTTerminalPicture: AnyObject, Sendable {
  /// The size of the picture in cells.
  var cellSize: TTSize { get }

  /// The picture as coloured symbol cells for a colour profile: ``cellSize`` width × height
  /// cells, row by row.
  ///
  /// - Parameter profile: How many colours the output may use; the picture dithers to fit.
  /// - Returns: The cells, or an empty array for ``TTColorProfile/none``.
  func cells(for profile: TTColorProfile) -> [TTCell]

  /// The escape sequence that draws the picture at the cursor, filling ``cellSize`` cells,
  /// with a pixel protocol.
  ///
  /// - Parameters:
  ///   - graphics: The protocol; ``TTTerminalGraphics/sixel``, `kitty` or `iterm2`.
  ///   - imageID: For kitty, the image number to use (1 or more), so that a later frame can
  ///     delete it; other protocols ignore it.
  /// - Returns: The sequence, or `nil` when the picture cannot be drawn with `graphics`.
  func sequence(for graphics: TTTerminalGraphics, imageID: UInt32) -> String?

  /// The picture as PNG bytes, for SVG output (`data:image/png;base64,…`), or `nil`.
  func pngData() -> [UInt8]?
}

/// What an image provider has for an image: a picture, or why there is none yet.
public enum TTImageDrawState: Sendable {
  /// The picture, at the size asked for or smaller (it keeps its proportions).
  case ready(any TTTerminalPicture)
  /// The image is being loaded; ``TTGlobalImageProvider/noteChange()`` tells when it arrives.
  case loading
  /// The image cannot be shown; the reason says why, for example a server error or a corrupt
  /// file.
  case failed(String)
}

/// Turns images (``TTImageLook``) into pictures a canvas can show: the seam between Style,
/// which draws, and the Image module, which loads and decodes.
///
/// Install one with ``TTGlobalImageProvider/current``; the Image module's
/// `TTImageProvider.install()` does. Without one, images are drawn as their alternate text.
public protocol TTImageProviding: Sendable {
  /// The picture for an image, scaled to fit a number of cells.
  ///
  /// Called while drawing, so it must return at once: it starts loading what it does not have,
  /// answers ``TTImageDrawState/loading``, and calls ``TTGlobalImageProvider/noteChange()``
  /// when the image arrives so that the screen is drawn again.
  ///
  /// - Parameters:
  ///   - look: The image: its URL, alternate text and content mode.
  ///   - size: The cells the image has; the picture fits inside, as the content mode says.
  /// - Returns: The picture, or why there is none.
  func picture(for look: TTImageLook, fitting size: TTSize) -> TTImageDrawState
}

/// The image provider that drawing uses, and the signal that pictures changed.
///
/// ```swift
/// TTGlobalImageProvider.current == nil   // true until an image module installs one
/// let seen = TTGlobalImageProvider.generation
/// TTGlobalImageProvider.noteChange()     // a provider: "an image arrived"
/// TTGlobalImageProvider.generation > seen   // true: hosts draw again
/// ```
public enum TTGlobalImageProvider {
  private struct State: Sendable {
    var provider: (any TTImageProviding)?
    var generation: UInt64 = 0
    var cellPixelSize = TTSize(width: 10, height: 20)
  }

  private static let state = Mutex(State())

  /// A provider set for one task and what it calls (``withProvider(_:_:)``).
  private struct Scoped: Sendable {
    let provider: (any TTImageProviding)?
  }

  @TaskLocal private static var scoped: Scoped?

  /// The provider used by ``TTStyle`` drawing, or `nil` to draw images as alternate text.
  ///
  /// Setting it sets the provider for the whole program; inside ``withProvider(_:_:)`` the
  /// provider given there is returned instead.
  public static var current: (any TTImageProviding)? {
    get {
      if let scoped { return scoped.provider }
      return state.withLock { $0.provider }
    }
    set { state.withLock { $0.provider = newValue } }
  }

  /// Runs `body` with `provider` as ``current`` for this task and the tasks it starts, and
  /// the program's provider everywhere else: what tests and previews use, so that drawing
  /// elsewhere in the program is not changed.
  ///
  /// ```swift
  /// TTGlobalImageProvider.withProvider(nil) {
  ///   TTGlobalImageProvider.current == nil   // true, whatever the program installed
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - provider: The provider, or `nil` for none.
  ///   - body: The work that draws.
  /// - Returns: What `body` returns.
  public static func withProvider<Result>(
    _ provider: (any TTImageProviding)?, _ body: () throws -> Result
  ) rethrows -> Result {
    try $scoped.withValue(Scoped(provider: provider), operation: body)
  }

  /// Runs asynchronous work with `provider` as ``current`` for this task and the tasks it
  /// starts (see ``withProvider(_:_:)``).
  ///
  /// - Parameters:
  ///   - provider: The provider, or `nil` for none.
  ///   - isolation: The actor `body` runs on; the caller's.
  ///   - body: The work that draws.
  /// - Returns: What `body` returns.
  public static func withProvider<Result>(
    _ provider: (any TTImageProviding)?, isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $scoped.withValue(Scoped(provider: provider), operation: body, isolation: isolation)
  }

  /// A number that grows each time a provider has a new picture (``noteChange()``); a host
  /// that drew an older generation draws again.
  public static var generation: UInt64 { state.withLock { $0.generation } }

  /// Says that pictures changed (an image arrived or failed), so screens should be drawn again.
  ///
  /// Safe to call from any thread.
  public static func noteChange() {
    state.withLock { $0.generation &+= 1 }
  }

  /// The size of one terminal cell in pixels, which sets the shape pictures are scaled to.
  ///
  /// The terminal host sets it from the window's pixel size when the terminal reports one
  /// (`TIOCGWINSZ`); otherwise it stays 10 × 20, the 1:2 of most terminal fonts. Sides below
  /// 1 or above 1,000 are clamped.
  public static var cellPixelSize: TTSize {
    get { state.withLock { $0.cellPixelSize } }
    set {
      let size = TTSize(
        width: min(max(newValue.width, 1), 1_000), height: min(max(newValue.height, 1), 1_000))
      state.withLock { $0.cellPixelSize = size }
    }
  }
}
