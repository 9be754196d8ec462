/// A built-in item of a text beside an image: what ``TTTableImageItem`` and
/// ``TTTableRightImageItem`` share (Three20's `TTTableImageItem` and its subclass).
///
/// The types differ in their cell, which places the image, and their
/// ``TTTableBuiltInItem/idPrefix``; their fields, comparison and initialiser are these.
/// Terminals show no pictures: cells draw the image as a placeholder `[alt]` of its
/// ``alternateText``.
///
/// ```swift
/// TTTableImageItem(text: "Sunset", imageURL: "sunset.jpg").id        // "image:Sunset|sunset.jpg|"
/// TTTableRightImageItem(text: "Sunset", imageURL: "sunset.jpg").id   // "rightImage:Sunset|sunset.jpg|"
/// ```
public protocol TTTableImageRowItem: TTTableBuiltInItem where _Content == _TTTableImageContent {}

extension TTTableImageRowItem {
  /// The text beside the image.
  public var text: String {
    get { _storage.content.text }
    set { _storage.content.text = newValue }
  }

  /// The image's URL; `nil` for none.
  public var imageURL: String? {
    get { _storage.content.imageURL }
    set { _storage.content.imageURL = newValue }
  }

  /// What the image shows, drawn in its placeholder; `nil` shows `image`.
  public var alternateText: String? {
    get { _storage.content.alternateText }
    set { _storage.content.alternateText = newValue }
  }

  /// The row's identity: the one given, else `<idPrefix>:<text>|<imageURL>|<url>` made from the
  /// content, such as `image:Sunset|sunset.jpg|`.
  public var id: String {
    get { identity(text, imageURL, url) }
    set { _storage.customID = newValue }
  }

  /// Creates the item (Three20's `itemWithText:imageURL:URL:`).
  ///
  /// - Parameters:
  ///   - text: The text beside the image.
  ///   - imageURL: The image's URL; `nil` for none. Defaults to `nil`.
  ///   - alternateText: What the image shows, drawn in its placeholder; `nil` shows `image`.
  ///     Defaults to `nil`.
  ///   - url: The URL opened when the row is chosen; `nil` by default.
  ///   - accessoryURL: The URL opened by the row's accessory; `nil` by default.
  ///   - id: The row's identity; `nil` by default, which makes it from the content.
  ///   - userInfo: Anything the app keeps with the row; `nil` by default.
  ///   - action: What runs when the row is chosen; `nil` by default.
  public init(
    text: String, imageURL: String? = nil, alternateText: String? = nil, url: String? = nil,
    accessoryURL: String? = nil, id: String? = nil, userInfo: (any Sendable)? = nil,
    action: (@MainActor @Sendable () -> Void)? = nil
  ) {
    self.init(
      content: _TTTableImageContent(text: text, imageURL: imageURL, alternateText: alternateText),
      url: url, accessoryURL: accessoryURL, id: id, userInfo: userInfo, action: action)
  }
}

/// The content of a ``TTTableImageRowItem``; not part of the API.
public struct _TTTableImageContent: Hashable, Sendable, TTTableItemFields {
  var text: String
  var imageURL: String?
  var alternateText: String?
}
