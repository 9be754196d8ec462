public import Three20Style
public import Three20UICommon

/// What a ``TTImageView`` tells about its image: Three20's `TTImageViewDelegate`.
@MainActor
public protocol TTImageViewDelegate: AnyObject {
  /// The view started loading its image.
  ///
  /// - Parameter imageView: The view.
  func imageViewDidStartLoad(_ imageView: TTImageView)
  /// The image arrived and is shown.
  ///
  /// - Parameters:
  ///   - imageView: The view.
  ///   - picture: The picture it shows.
  func imageView(_ imageView: TTImageView, didLoad picture: TTImagePicture)
  /// The image could not be loaded or decoded.
  ///
  /// - Parameters:
  ///   - imageView: The view.
  ///   - error: What went wrong.
  func imageView(_ imageView: TTImageView, didFailLoadWithError error: TTImageError)
}

extension TTImageViewDelegate {
  /// Does nothing.
  ///
  /// - Parameter imageView: The view.
  public func imageViewDidStartLoad(_ imageView: TTImageView) {}
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - imageView: The view.
  ///   - picture: The picture.
  public func imageView(_ imageView: TTImageView, didLoad picture: TTImagePicture) {}
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - imageView: The view.
  ///   - error: The error.
  public func imageView(_ imageView: TTImageView, didFailLoadWithError error: TTImageError) {}
}

/// A view that loads an image from a URL and shows it: Three20's `TTImageView`.
///
/// Set ``urlPath``; when the view is drawn at a size, the image is loaded through its
/// ``provider`` (the request queue and the URL cache), decoded and fitted to the view's content
/// rectangle as ``contentMode`` says, and shown as a picture — pixels where the terminal speaks
/// a graphics protocol, coloured symbols elsewhere, the alternate text on a pipe. While it loads,
/// the view shows its ``defaultImageURL`` (when that picture is at hand) or its alternate text;
/// when it fails, ``errorText`` in ``errorLook``.
///
/// ```swift
/// let photo = TTImageView(urlPath: "https://example.com/cat.jpg", alternateText: "A cat")
/// photo.frame = TTRect(x: 0, y: 0, width: 30, height: 12)
/// photo.contentMode = .scaleAspectFill
/// ```
///
/// A new size loads a picture for that size (from the memory cache when it was made before);
/// the terminal host draws the screen again when a picture arrives.
open class TTImageView: TTView {
  /// The image's URL (`http(s)`, `file`, `bundle`, `documents` or `data`); changing it loads
  /// the new image.
  open var urlPath: String? {
    didSet { if urlPath != oldValue { reset() } }
  }
  /// What the image shows, in words: drawn while it loads and where pictures cannot be shown.
  open var alternateText: String? {
    didSet { if alternateText != oldValue { setNeedsDisplay() } }
  }
  /// How the image fits the view; fitted inside, keeping its proportions, by default.
  open var contentMode: TTImageLook.ContentMode = .scaleAspectFit {
    didSet { if contentMode != oldValue { reset() } }
  }
  /// An image shown while the real one loads, usually a local one (`bundle://placeholder.png`)
  /// that is ready at once (Three20's `defaultImage`).
  open var defaultImageURL: String? {
    didSet { if defaultImageURL != oldValue { setNeedsDisplay() } }
  }
  /// What is shown when the image fails; `nil` shows `✗` and the alternate text.
  open var errorText: String?
  /// How ``errorText`` looks; red by default.
  open var errorLook = TTTextLook(
    color: TTColor(red: 205, green: 49, blue: 49), alignment: .center, verticalAlignment: .middle,
    numberOfLines: 0)
  /// How the alternate text looks while loading; grey by default.
  open var placeholderLook = TTTextLook(
    color: .gray, alignment: .center, verticalAlignment: .middle, numberOfLines: 0)
  /// Where images are loaded and kept; ``TTImageProvider/shared`` by default.
  public var provider: TTImageProvider = .shared
  /// Told when loading starts, ends and fails; held weakly.
  public weak var delegate: (any TTImageViewDelegate)?

  /// The picture shown, once loaded.
  public private(set) var picture: TTImagePicture?
  /// Why the image could not be shown, if it could not.
  public private(set) var error: TTImageError?
  /// Whether the image is loading.
  public private(set) var isLoading = false

  private var requested: TTImageCache.Key?
  private var loadTask: Task<Void, Never>?

  /// Creates an image view.
  ///
  /// - Parameters:
  ///   - urlPath: The image's URL; `nil` shows nothing until set.
  ///   - alternateText: What it shows, in words.
  ///   - frame: The frame; empty by default.
  public init(urlPath: String? = nil, alternateText: String? = nil, frame: TTRect = .zero) {
    self.urlPath = urlPath
    self.alternateText = alternateText
    super.init(frame: frame)
  }

  /// Whether the image is loaded and shown.
  public var isLoaded: Bool { picture != nil }

  /// Loads the image again, even when it failed before.
  open func reload() {
    if let urlPath { provider.retry(urlPath) }
    reset()
  }

  /// Stops loading; the view shows its alternate text until drawn again.
  open func stopLoading() {
    loadTask?.cancel()
    loadTask = nil
    isLoading = false
    requested = nil
  }

  private func reset() {
    stopLoading()
    picture = nil
    error = nil
    setNeedsDisplay()
  }

  /// Draws the picture when it is there, otherwise the default image, the alternate text or
  /// the error; starts loading for the content rectangle's size.
  ///
  /// - Parameters:
  ///   - canvas: The canvas.
  ///   - rect: The content rectangle.
  override open func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard !rect.isEmpty else { return }
    load(fitting: rect.size)
    if let error {
      let text = errorText ?? "✗ " + (alternateText ?? error.code.description)
      TTLabel.draw(text, look: errorLook, in: rect, on: &canvas)
      return
    }
    let look = TTImageLook(url: urlPath, alternateText: alternateText, contentMode: contentMode)
    if let picture {
      TTLabel.draw(alternateText ?? "", look: placeholderLook, in: rect, on: &canvas)
      place(picture, in: rect, on: &canvas)
      return
    }
    if let defaultImageURL,
      case .ready(let placeholder) = provider.picture(
        for: TTImageLook(url: defaultImageURL, contentMode: contentMode), fitting: rect.size)
    {
      place(placeholder, in: rect, on: &canvas)
    }
    TTLabel.draw(look.alternateText ?? "", look: placeholderLook, in: rect, on: &canvas)
  }

  private func place(_ picture: any TTTerminalPicture, in rect: TTRect, on canvas: inout TTCanvas) {
    let size = picture.cellSize
    canvas.place(
      picture,
      at: TTPoint(x: rect.x + (rect.width - size.width) / 2, y: rect.y + (rect.height - size.height) / 2))
  }

  private func load(fitting size: TTSize) {
    guard let urlPath, !urlPath.isEmpty else { return }
    let key = TTImageCache.Key(url: urlPath, cells: size, contentMode: contentMode)
    guard key != requested else { return }
    requested = key
    loadTask?.cancel()
    if let cached = provider.cache.picture(for: key) {
      picture = cached
      error = nil
      isLoading = false
      delegate?.imageView(self, didLoad: cached)
      return
    }
    isLoading = true
    delegate?.imageViewDidStartLoad(self)
    let provider = provider
    let mode = contentMode
    loadTask = Task { [weak self] in
      let result: Result<TTImagePicture, TTImageError>
      do throws(TTImageError) {
        result = .success(try await provider.load(urlPath, fitting: size, contentMode: mode))
      } catch {
        result = .failure(error)
      }
      guard let self, !Task.isCancelled, self.requested == key else { return }
      self.isLoading = false
      switch result {
      case .success(let picture):
        self.picture = picture
        self.error = nil
        self.delegate?.imageView(self, didLoad: picture)
      case .failure(let failure):
        self.picture = nil
        self.error = failure
        self.delegate?.imageView(self, didFailLoadWithError: failure)
      }
      self.setNeedsDisplay()
    }
  }
}
