/// A built-in item that is one text: what ``TTTableTextItem``, ``TTTableLink``,
/// ``TTTableButton``, ``TTTableGrayTextItem``, ``TTTableLongTextItem`` and
/// ``TTTableSummaryItem`` share (Three20's `TTTableTextItem` and its plain subclasses).
///
/// The types differ in their cell and their ``TTTableBuiltInItem/idPrefix``; their fields,
/// comparison and initialiser are these.
///
/// ```swift
/// let link = TTTableLink(text: "Docs", url: "tt://docs")
/// link.id                                              // "link:Docs|tt://docs"
/// TTTableButton(text: "Docs", url: "tt://docs").id     // "button:Docs|tt://docs"
/// ```
public protocol TTTableTextRowItem: TTTableBuiltInItem where _Content == _TTTableTextContent {}

extension TTTableTextRowItem {
  /// The row's text: a link's text, a button's title, a summary.
  public var text: String {
    get { _storage.content.text }
    set { _storage.content.text = newValue }
  }

  /// The row's identity: the one given, else `<idPrefix>:<text>|<url>` made from the content,
  /// such as `text:Inbox|tt://inbox`.
  public var id: String {
    get { identity(text, url) }
    set { _storage.customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:URL:accessoryURL:` and
  /// `itemWithText:delegate:selector:`).
  ///
  /// - Parameters:
  ///   - text: The row's text.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, url: String? = nil, accessoryURL: String? = nil, id: String? = nil,
    userInfo: (any Sendable)? = nil, action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.init(
      content: _TTTableTextContent(text: text), url: url, accessoryURL: accessoryURL, id: id,
      userInfo: userInfo, action: action)
  }
}

/// The content of a ``TTTableTextRowItem``; not part of the API.
public struct _TTTableTextContent: Hashable, Sendable, TTTableItemFields {
  var text: String
}
