public import Three20Core
public import Three20Style

/// A photo with a URL for each of its versions, a caption and a size: the photo most apps need
/// (Three20's TTCatalog called it `MockPhoto`).
///
/// ```swift
/// let photo = TTBasicPhoto(
///   url: "https://example.com/1.jpg", smallURL: "https://example.com/1-s.jpg",
///   caption: "A lighthouse", navigatorURL: "tt://photos/0")
/// photo.url(for: .large)   // "https://example.com/1.jpg"
/// photo.url(for: .medium)  // nil
/// ```
@MainActor
public final class TTBasicPhoto: TTPhoto {
  /// The URL of each version the photo has.
  public var urls: [TTPhotoVersion: String]
  /// The photo's size in pixels, when known.
  public var size: TTSize?
  /// The text shown under it.
  public var caption: String?
  /// The URL that opens it in a navigator, or `nil` (see ``TTPhoto/navigatorURL``).
  public var navigatorURL: String?
  /// The source it belongs to; held weakly and set by the source.
  public weak var photoSource: (any TTPhotoSource)?
  /// Its place in its source; set by the source.
  public var index = 0

  /// Creates a photo from the URLs of its versions.
  ///
  /// - Parameters:
  ///   - urls: Where each version is loaded from; versions left out have no URL.
  ///   - size: Its size in pixels, when known; `nil` by default.
  ///   - caption: The text shown under it; `nil` by default.
  ///   - navigatorURL: The URL that opens it in a navigator; `nil` by default.
  public init(
    urls: [TTPhotoVersion: String], size: TTSize? = nil, caption: String? = nil, navigatorURL: String? = nil
  ) {
    self.urls = urls
    self.size = size
    self.caption = caption
    self.navigatorURL = navigatorURL
  }

  /// Creates a photo with a large URL and, optionally, smaller ones (Three20's
  /// `initWithURL:smallURL:size:caption:`).
  ///
  /// - Parameters:
  ///   - url: The large version's URL.
  ///   - smallURL: The small version's URL; `nil` by default.
  ///   - thumbnailURL: The thumbnail's URL; `nil` by default.
  ///   - size: Its size in pixels, when known; `nil` by default.
  ///   - caption: The text shown under it; `nil` by default.
  ///   - navigatorURL: The URL that opens it in a navigator; `nil` by default.
  public convenience init(
    url: String, smallURL: String? = nil, thumbnailURL: String? = nil, size: TTSize? = nil,
    caption: String? = nil, navigatorURL: String? = nil
  ) {
    var urls: [TTPhotoVersion: String] = [.large: url]
    urls[.small] = smallURL
    urls[.thumbnail] = thumbnailURL
    self.init(urls: urls, size: size, caption: caption, navigatorURL: navigatorURL)
  }

  /// The URL of a version, or `nil` when the photo has none for it.
  ///
  /// - Parameter version: The size wanted.
  /// - Returns: The URL given for that version.
  public func url(for version: TTPhotoVersion) -> String? {
    urls[version]
  }
}

/// A photo source holding its photos in an array, loaded from the start: the source most apps
/// and the Catalog need (Three20's TTCatalog called it `MockPhotoSource`).
///
/// The set makes itself each photo's ``TTPhoto/photoSource`` and numbers the photos in order.
/// Replacing ``photos`` renumbers them and tells observers that the content changed
/// (`TTModelDelegate.modelDidChange(_:)`).
///
/// ```swift
/// let set = TTPhotoSet(title: "Lighthouses", photos: [
///   TTBasicPhoto(url: "https://example.com/1.jpg", caption: "North"),
///   TTBasicPhoto(url: "https://example.com/2.jpg", caption: "South"),
/// ])
/// set.numberOfPhotos          // 2
/// set.photo(at: 1)?.index     // 1
/// set.isLoaded                // true
/// ```
///
/// A photo set is a class because a source is a `TTModel`, observed by the controllers that
/// show it, and its photos point back at it.
@MainActor
public final class TTPhotoSet: TTBaseModel, TTPhotoSource {
  /// The set's title.
  public var title: String?

  /// The photos, in order; replacing them renumbers them and announces the change.
  public var photos: [any TTPhoto] {
    didSet {
      adopt()
      didChange()
    }
  }

  /// Creates a set, loaded.
  ///
  /// - Parameters:
  ///   - title: The set's title; `nil` by default.
  ///   - photos: The photos, in order.
  public init(title: String? = nil, photos: [any TTPhoto]) {
    self.title = title
    self.photos = photos
    super.init(state: .loaded(outdated: false, error: nil))
    adopt()
  }

  /// How many photos the set holds.
  public var numberOfPhotos: Int { photos.count }

  /// The photo at an index, or `nil` outside the set.
  ///
  /// - Parameter index: The index, from 0.
  /// - Returns: The photo.
  public func photo(at index: Int) -> (any TTPhoto)? {
    photos.indices.contains(index) ? photos[index] : nil
  }

  private func adopt() {
    for (index, photo) in photos.enumerated() {
      photo.index = index
      photo.photoSource = self
    }
  }
}
