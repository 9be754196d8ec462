public import Foundation

extension TTStyleSheet {
  /// Reads a stylesheet written in the CSS-like stylesheet format.
  ///
  /// The format is described in <doc:Stylesheets>: rules such as `badge { … }` and
  /// `tab:selected { … }` whose properties become the layers of a ``TTStyle``, in order;
  /// `@colors { … }` for named colours and `@values { … }` for named numbers.
  ///
  /// ```swift
  /// let sheet = try TTStyleSheet(css: """
  ///   @colors { accent: #2470d8; }
  ///   badge { shape: round; background: accent; color: white; font-weight: bold; }
  ///   """)
  /// sheet.color(named: "accent")                 // #2470d8
  /// sheet.style(named: "badge")?.layers.count   // 3: the shape, the fill, one text look
  /// TTStyleSheet.current = TTStyleSheet.default.merging(sheet)
  /// ```
  ///
  /// - Parameter css: The stylesheet's text.
  /// - Throws: ``TTStyleError`` with code ``TTStyleError/Code/invalidStylesheet`` at the first
  ///   mistake, with a message like a compiler's: `<css>:3:3: error: …`, the line, and a caret
  ///   under the place. Nothing of a sheet with an error is kept.
  public init(css: String) throws(TTStyleError) {
    try self.init(css: css, sourceName: "<css>")
  }

  /// Reads a stylesheet file written in the CSS-like stylesheet format.
  ///
  /// Errors name the file by its path, as compilers do (`/app/theme.css:3:3: error: …`).
  ///
  /// ```swift
  /// let theme = try TTStyleSheet(contentsOf: URL(filePath: "theme.css"))
  /// TTStyleSheet.current = TTStyleSheet.default.merging(theme)
  /// ```
  ///
  /// - Parameter url: A file URL of a UTF-8 text file.
  /// - Throws: ``TTStyleError`` with code ``TTStyleError/Code/invalidStylesheet`` when the URL
  ///   is not a file URL, the file cannot be read or is not UTF-8, or its text has a mistake
  ///   (see ``init(css:)``).
  public init(contentsOf url: URL) throws(TTStyleError) {
    guard url.isFileURL else {
      throw TTStyleError(
        .invalidStylesheet,
        "'\(url.absoluteString)' is not a file URL. Stylesheets are read from files; fetch a "
          + "remote one yourself and pass its text to TTStyleSheet(css:).")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw TTStyleError(
        .invalidStylesheet,
        "Could not read the stylesheet at \(url.path): \(error.localizedDescription). "
          + "Check that the file exists and is readable.")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw TTStyleError(
        .invalidStylesheet, "The stylesheet at \(url.path) is not UTF-8 text. Save it as UTF-8.")
    }
    try self.init(css: text, sourceName: url.path)
  }

  private init(css: String, sourceName: String) throws(TTStyleError) {
    var parser = try TTStyleSheetParser(text: css, sourceName: sourceName)
    self = try parser.parse()
  }

  /// The sheet written in the CSS-like stylesheet format, which ``init(css:)`` reads back
  /// into an equal sheet.
  ///
  /// Colours come first in an `@colors` block, then numbers in `@values`, then one rule per
  /// style and state, sorted by name. Colours are written as `#rrggbb` when they can be,
  /// `rgba(…)` when only their alpha is fractional, and `color(srgb …)` otherwise, so every
  /// colour reads back exactly.
  ///
  /// ```swift
  /// var sheet = TTStyleSheet()
  /// let round = TTShape.rounded(TTCornerRadii.fullyRound)
  /// sheet.setStyle(TTShapeStyle(round, next: TTSolidFillStyle(.red)), named: "badge")
  /// print(sheet.css)
  /// // badge {
  /// //   shape: round;
  /// //   background: #dc322f;
  /// // }
  /// try TTStyleSheet(css: sheet.css) == sheet   // true
  /// ```
  ///
  /// The text reads back equal for every sheet whose names are identifiers (a letter or `_`,
  /// then letters, digits, `_` and `-`), whose numbers are in the ranges the format
  /// accepts (sizes from -100 000 to 100 000 cells, finite angles and locations), and whose
  /// parts nest at most 16 deep. Writing never recurses over the nesting of parts, and parts
  /// nested deeper than 16 (which only styles built in code can be) are not indented further.
  public var css: String {
    TTStyleSheetWriter.write(self)
  }
}
