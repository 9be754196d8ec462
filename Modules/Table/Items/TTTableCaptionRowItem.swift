/// A built-in item of a text and a caption: what ``TTTableCaptionItem``,
/// ``TTTableRightCaptionItem``, ``TTTableSettingsItem`` and ``TTTableSubtextItem`` share
/// (Three20's `TTTableCaptionItem` and its subclasses).
///
/// The types differ in their cell, which places the caption, and their
/// ``TTTableBuiltInItem/idPrefix``; their fields, comparison and initialiser are these.
///
/// ```swift
/// TTTableCaptionItem(text: "ada@example.com", caption: "email").id   // "caption:email|ada@example.com|"
/// TTTableSettingsItem(text: "Home", caption: "Wi-Fi").id             // "settings:Wi-Fi|Home|"
/// ```
public protocol TTTableCaptionRowItem: TTTableBuiltInItem where _Content == _TTTableCaptionContent {}

extension TTTableCaptionRowItem {
  /// The text (a setting's value in a ``TTTableSettingsItem``).
  public var text: String {
    get { _storage.content.text }
    set { _storage.content.text = newValue }
  }

  /// The caption (a setting's name in a ``TTTableSettingsItem``).
  public var caption: String {
    get { _storage.content.caption }
    set { _storage.content.caption = newValue }
  }

  /// The row's identity: the one given, else `<idPrefix>:<caption>|<text>|<url>` made from the
  /// content, such as `caption:email|ada@example.com|`.
  public var id: String {
    get { identity(caption, text, url) }
    set { _storage.customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:caption:URL:`).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - caption: The caption.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, caption: String, url: String? = nil, accessoryURL: String? = nil, id: String? = nil,
    userInfo: (any Sendable)? = nil, action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.init(
      content: _TTTableCaptionContent(text: text, caption: caption), url: url,
      accessoryURL: accessoryURL, id: id, userInfo: userInfo, action: action)
  }
}

/// The content of a ``TTTableCaptionRowItem``; not part of the API.
public struct _TTTableCaptionContent: Hashable, Sendable, TTTableItemFields {
  var text: String
  var caption: String
}
