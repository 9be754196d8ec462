import Synchronization
import Three20Core
public import Three20Style

/// Pictures kept in memory at the size they are shown, least recently used dropped first:
/// the picture half of Three20's `TTURLCache` (its `imageForURL:` and `maxPixelCount`).
///
/// The cache counts decoded pixels, not bytes of files: ``maxPixelCount`` bounds the memory
/// pictures take (4 bytes each, plus what they keep for drawing). A picture is stored per URL
/// *and size*, so an image shown as a thumbnail and full-screen is decoded and scaled once for
/// each. The bytes themselves live in the URL cache on disk (`TTURLCache`), so a picture that
/// was dropped is made again without the network.
///
/// ```swift
/// let cache = TTImageCache(maxPixelCount: 1_000_000)
/// let key = TTImageCache.Key(url: "https://example.com/a.png", cells: TTSize(width: 8, height: 4))
/// cache.picture(for: key)   // nil until stored
/// cache.didReceiveMemoryWarning()   // empties it
/// ```
public final class TTImageCache: Sendable {
  /// What a picture is stored under: the image's URL and the box and pixels it was made for.
  public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The image's URL.
    public var url: String
    /// The box, in cells, the picture was fitted to.
    public var cells: TTSize
    /// How it was fitted.
    public var contentMode: TTImageLook.ContentMode
    /// One cell's size in pixels when it was made.
    public var cellPixelSize: TTSize

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - url: The image's URL.
    ///   - cells: The box, in cells.
    ///   - contentMode: How the picture fits; fitted inside by default.
    ///   - cellPixelSize: One cell's pixels; the terminal's by default.
    public init(
      url: String, cells: TTSize, contentMode: TTImageLook.ContentMode = .scaleAspectFit,
      cellPixelSize: TTSize? = nil
    ) {
      self.url = url
      self.cells = cells
      self.contentMode = contentMode
      self.cellPixelSize = cellPixelSize ?? TTGlobalImageProvider.cellPixelSize
    }

    /// The key as one string: the URL, then the sizes and mode.
    public var description: String {
      "\(url) \(cells.width)x\(cells.height) \(contentMode) \(cellPixelSize.width)x\(cellPixelSize.height)"
    }
  }

  private struct Stored: TTMemoryLRUEntry {
    let key: String
    let picture: TTImagePicture
    var size: Int { max(1, picture.bitmap.pixelCount) }
  }

  private let lru: Mutex<TTMemoryLRU<Stored>>

  /// The pictures the app's views share.
  public static let shared = TTImageCache()

  /// Creates a cache.
  ///
  /// - Parameters:
  ///   - maxPixelCount: The most pixels held in all; 16,000,000 (about 64 MB) by default.
  ///     A picture larger than an eighth of it is not kept.
  ///   - maxCount: The most pictures held; 10,000 by default.
  public init(maxPixelCount: Int = 16_000_000, maxCount: Int = 10_000) {
    lru = Mutex(TTMemoryLRU(byteLimit: maxPixelCount, entryLimit: maxCount))
  }

  /// The most pixels held in all; lowering it drops the least recently used pictures.
  public var maxPixelCount: Int {
    get { lru.withLock { $0.byteLimit } }
    set { lru.withLock { $0.byteLimit = max(0, newValue) } }
  }

  /// The pixels the pictures held take now.
  public var pixelCount: Int { lru.withLock { $0.byteCount } }

  /// How many pictures are held.
  public var count: Int { lru.withLock { $0.count } }

  /// The picture stored under a key, marked as just used.
  ///
  /// - Parameter key: The URL and size.
  /// - Returns: The picture, or `nil`.
  public func picture(for key: Key) -> TTImagePicture? {
    lru.withLock { $0.get(key.description)?.picture }
  }

  /// Stores a picture under a key, dropping the least recently used ones beyond the limits.
  ///
  /// - Parameters:
  ///   - picture: The picture.
  ///   - key: The URL and size it was made for.
  /// - Returns: Whether it was kept (a picture over an eighth of ``maxPixelCount`` is not).
  @discardableResult
  public func store(_ picture: TTImagePicture, for key: Key) -> Bool {
    lru.withLock { $0.put(Stored(key: key.description, picture: picture)) }
  }

  /// Drops every picture of one URL, at every size.
  ///
  /// - Parameter url: The image's URL.
  public func removePictures(forURL url: String) {
    lru.withLock { lru in
      for key in lru.keysByRecency where key.hasPrefix(url + " ") { lru.remove(key) }
    }
  }

  /// Drops every picture.
  public func removeAll() {
    lru.withLock { $0.removeAll() }
  }

  /// Frees the memory pictures take (Three20's response to a memory warning); they are made
  /// again from the disk cache when next shown.
  public func didReceiveMemoryWarning() {
    removeAll()
  }
}
