public import Three20Core
public import Three20Style

/// Which size of a photo to load: Three20's `TTPhotoVersion`.
///
/// A photo source usually has each photo in several sizes on its server. The photo browser
/// (``TTPhotoViewController``) asks for ``large`` and falls back to ``medium`` and ``small``;
/// the thumbnail grid (``TTThumbsViewController``) asks for ``thumbnail`` and falls back to
/// ``small``.
public enum TTPhotoVersion: Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The full picture, shown one at a time.
  case large
  /// A screen-sized picture.
  case medium
  /// A small picture, often what a list shows.
  case small
  /// A thumbnail, shown in a grid.
  case thumbnail

  /// The version's name, for example `thumbnail`.
  public var description: String {
    switch self {
    case .large: "large"
    case .medium: "medium"
    case .small: "small"
    case .thumbnail: "thumbnail"
    }
  }
}

/// One photo of a ``TTPhotoSource``: Three20's `TTPhoto` protocol.
///
/// A photo knows where each of its sizes lives (``url(for:)``), its caption, its place in its
/// source (``index``) and the source itself (``photoSource``, which the source sets and which a
/// photo must hold weakly, because the source holds the photo). ``TTBasicPhoto`` is a ready-made
/// photo; conform your own type when photos come with more than that.
///
/// ```swift
/// let photo = TTBasicPhoto(
///   url: "https://example.com/1.jpg", thumbnailURL: "https://example.com/1-t.jpg",
///   size: TTSize(width: 1024, height: 768), caption: "A lighthouse")
/// photo.url(for: .thumbnail)   // "https://example.com/1-t.jpg"
/// photo.url(for: .small)       // nil: the browser falls back to another version
/// ```
///
/// Photos belong to the main actor, like the controllers that show them.
@MainActor
public protocol TTPhoto: AnyObject {
  /// The source the photo belongs to, set by the source; implement it as a `weak` property.
  var photoSource: (any TTPhotoSource)? { get set }

  /// The photo's place in its source, from 0; set by the source.
  var index: Int { get set }

  /// The photo's size in pixels, when known before it is loaded.
  var size: TTSize? { get }

  /// The text shown under the photo, or `nil`.
  var caption: String? { get }

  /// Where a version of the photo is loaded from.
  ///
  /// - Parameter version: The size wanted.
  /// - Returns: The URL, or `nil` when the photo has no such version.
  func url(for version: TTPhotoVersion) -> String?

  /// The URL that opens this photo in a navigator, such as `tt://photos/3`, or `nil` (Three20's
  /// `URLValueWithName:`).
  ///
  /// When a photo has one, ``TTThumbsViewController`` opens it through the URL opener when the
  /// photo is chosen, instead of showing a ``TTPhotoViewController`` itself. The default is `nil`.
  var navigatorURL: String? { get }
}

extension TTPhoto {
  /// No URL: a chosen thumbnail is shown by the thumbnail controller itself.
  public var navigatorURL: String? { nil }

  /// The first of `versions` the photo has a non-empty URL for.
  ///
  /// ```swift
  /// photo.url(preferring: [.large, .medium, .small])   // the large URL, else the medium one, …
  /// ```
  ///
  /// - Parameter versions: The versions, best first.
  /// - Returns: The URL, or `nil` when the photo has none of them.
  public func url(preferring versions: [TTPhotoVersion]) -> String? {
    for version in versions {
      if let url = url(for: version), !url.isEmpty { return url }
    }
    return nil
  }
}

/// A set of photos that may load: Three20's `TTPhotoSource` protocol.
///
/// A source is a `TTModel`: the controllers that show it observe it, load it when it is not
/// loaded, show a spinner while it loads and an error when it fails. ``TTPhotoSet`` is a
/// ready-made source holding an array of photos.
///
/// A source may hold fewer photos than it has (it loads them in pages): ``numberOfPhotos`` is
/// how many there are in all, ``maxPhotoIndex`` the index of the last one loaded, and
/// ``photo(at:)`` answers `nil` beyond it. The controllers then ask for the next page with
/// `load(_:more: true)` when the user reaches a photo that is not loaded yet.
///
/// ```swift
/// let source = TTPhotoSet(title: "Lighthouses", photos: [photo])
/// source.numberOfPhotos   // 1
/// source.photo(at: 0)?.caption   // "A lighthouse"
/// ```
@MainActor
public protocol TTPhotoSource: TTModel {
  /// The source's title, shown by the thumbnail grid and by the browser before it has photos.
  var title: String? { get }

  /// How many photos the source has in all, loaded or not.
  var numberOfPhotos: Int { get }

  /// The index of the last photo loaded; -1 when none is. The default is `numberOfPhotos - 1`:
  /// every photo is loaded.
  var maxPhotoIndex: Int { get }

  /// The photo at an index.
  ///
  /// Asked only for the photos on screen (and the two beside the one shown), so a source may
  /// make its photos when asked.
  ///
  /// - Parameter index: The index, from 0.
  /// - Returns: The photo, or `nil` when the index is out of range or not loaded yet.
  func photo(at index: Int) -> (any TTPhoto)?
}

extension TTPhotoSource {
  /// Every photo is loaded: `numberOfPhotos - 1`.
  public var maxPhotoIndex: Int { numberOfPhotos - 1 }
}
