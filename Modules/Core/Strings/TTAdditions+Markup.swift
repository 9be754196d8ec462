public import Foundation

extension TTAdditions where Base == String {
  /// The plain text of an HTML or XML fragment; Three20's `stringByRemovingHTMLTags`.
  ///
  /// A small scanner, not an XML parser, so malformed markup never makes it give up:
  ///
  /// - Tags are dropped, and so are comments (`<!-- … -->`), declarations (`<!DOCTYPE …>`) and
  ///   processing instructions (`<? … ?>`). A `>` inside a quoted attribute value does not end
  ///   a tag.
  /// - `<![CDATA[ … ]]>` keeps its text as written, without decoding entities.
  /// - The contents of `script` and `style` elements are dropped; an element that is never
  ///   closed drops everything after its start tag.
  /// - `br` ends a line, even an empty one. Block elements (`p`, `div`, `li`, `tr`, `h1`–`h6`,
  ///   and `ul`, `ol`, `table`, `blockquote`, `pre`, `hr`, `section` and similar) end the line
  ///   unless it is already empty. `td` and `th` are separated by a space.
  /// - Runs of spaces and tabs become one space, and spaces at the start or end of a line are
  ///   dropped. Line breaks in the text (`\n`, `\r\n`, `\r`) are kept as `\n`. Line breaks at
  ///   the start and end of the result are removed.
  /// - Character references in the text are decoded as in ``decodingHTMLEntities``; `&nbsp;`
  ///   becomes U+00A0, which is not collapsed.
  /// - A `<` that does not start a tag (`a < b`, `<3`) is kept as text. So is a `<` whose tag,
  ///   comment or CDATA section is never closed: the text after it is kept too.
  ///
  /// The time taken is linear in the length of the string.
  ///
  /// ```swift
  /// "<p>Hello, <b>world</b>!</p><p>Fish &amp; chips</p>".tt.removingMarkup
  /// // "Hello, world!\nFish & chips"
  /// "1 < 2<br>x<!-- hidden --><script>alert(1)</script>".tt.removingMarkup
  /// // "1 < 2\nx"
  /// ```
  public var removingMarkup: String {
    TTMarkupStripper.strip(base)
  }

  /// The string read as untrusted HTML and made safe to show, with ``TTHTMLSanitizer/default``.
  ///
  /// Only the elements, attributes, URL schemes and CSS properties of
  /// ``TTHTMLSanitizer/Policy/default`` are kept; scripts, styles and event handlers are
  /// dropped, text is escaped and the result is balanced. See ``TTHTMLSanitizer`` for the rules,
  /// and make one with your own ``TTHTMLSanitizer/Policy`` to change them.
  ///
  /// ```swift
  /// "<b onmouseover=\"x()\">Hi</b><script>x()</script>".tt.sanitizedHTML()   // "<b>Hi</b>"
  /// "<a href=\"/about\">About</a>".tt.sanitizedHTML(baseURL: URL(string: "https://example.com/"))
  /// // "<a href=\"https://example.com/about\">About</a>"
  /// ```
  ///
  /// - Parameter baseURL: The address relative addresses are resolved against, usually the page
  ///   or feed the HTML came from; `nil` keeps them relative.
  /// - Returns: The sanitized HTML.
  /// - Complexity: O(*n*) in the length of the string.
  public func sanitizedHTML(baseURL: URL? = nil) -> String {
    TTHTMLSanitizer.default.sanitize(base, baseURL: baseURL)
  }
}
