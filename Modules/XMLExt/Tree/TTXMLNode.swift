/// A child of an element: another element, or a run of text.
///
/// Adjacent text, CDATA sections and expanded entities form one text node.
///
/// ```swift
/// // <p>Hello <b>world</b>!</p>
/// p.nodes   // [.text("Hello "), .element(<b>), .text("!")]
/// ```
public enum TTXMLNode: Sendable {
  /// A child element.
  case element(TTXMLElement)
  /// A run of text (whitespace kept).
  case text(String)

  /// The element, or `nil` for text.
  public var element: TTXMLElement? {
    if case .element(let element) = self { return element }
    return nil
  }

  /// The text, or `nil` for an element.
  public var text: String? {
    if case .text(let text) = self { return text }
    return nil
  }
}
