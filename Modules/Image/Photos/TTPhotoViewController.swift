public import Three20Core
import Three20Style
public import Three20UICommon

/// A photo browser: one photo of a ``TTPhotoSource`` at a time, as large as the screen allows,
/// with its caption under it — Three20's `TTPhotoViewController`.
///
/// The photo is a ``TTImageView`` fitted to the screen above the caption; it loads the photo's
/// ``TTPhotoVersion/large`` URL, or the ``TTPhotoVersion/medium`` or ``TTPhotoVersion/small`` one
/// when there is no large one. The title says where you are, in Three20's words: `3 of 12`.
///
/// | Key | Does |
/// | --- | --- |
/// | ← or `p` | the previous photo |
/// | → or `n` | the next photo |
/// | Home, End | the first, the last photo |
/// | `r` | loads again a photo (or a source) that failed |
///
/// Other keys are left to the container, so Escape still goes back in a navigator.
///
/// ```swift
/// let browser = TTPhotoViewController(photoSource: set, centerPhotoIndex: 2)
/// browser.title             // "3 of 12"
/// browser.handleKey(.right)
/// browser.title             // "4 of 12"
/// ```
///
/// The last line of the screen tells what is happening: a spinner while the photo (or the
/// source) loads, the keys once it is shown, and, when it failed, the image view's error above
/// and "press r to retry" below. Once a photo is shown, the photos before and after it are loaded
/// at the same size (``preloadsNeighbours``), so paging shows them at once. A source that is not
/// loaded is loaded when the browser appears; a photo past the source's ``TTPhotoSource/maxPhotoIndex``
/// asks the source for its next page.
///
/// On a memory warning while off screen, the browser empties its provider's picture cache
/// (``TTImageCache/shared`` by default) and lets its view go; pictures are made again from the
/// URL cache when next shown.
open class TTPhotoViewController: TTViewController, TTModelDelegate, TTImageViewDelegate {
  /// The versions the browser shows, best first: large, then medium, then small.
  public static let photoVersions: [TTPhotoVersion] = [.large, .medium, .small]

  /// The photos shown; setting another source starts at its first photo.
  open var photoSource: (any TTPhotoSource)? {
    didSet {
      guard photoSource !== oldValue else { return }
      oldValue?.removeDelegate(self)
      photoSource?.addDelegate(self)
      storedIndex = 0
      showCenterPhoto()
      if isVisible { loadSourceIfNeeded() }
    }
  }

  /// Where images are loaded and kept; ``TTImageProvider/shared`` by default.
  public var provider: TTImageProvider = .shared {
    didSet { photoView?.provider = provider }
  }

  /// An image shown while a photo loads, usually a local one that is ready at once (Three20's
  /// `defaultImage`); `nil` by default.
  public var defaultImageURL: String? {
    didSet { photoView?.defaultImageURL = defaultImageURL }
  }

  /// Whether the photos before and after the one shown are loaded once it is shown; `true` by
  /// default.
  public var preloadsNeighbours = true

  private var storedIndex = 0
  private var screen: PhotoScreenView?
  private var preloads: [String: Task<Void, Never>] = [:]

  /// Creates a browser.
  ///
  /// - Parameters:
  ///   - photoSource: The photos; `nil` shows none until set.
  ///   - centerPhotoIndex: The photo shown first; 0 by default.
  public init(photoSource: (any TTPhotoSource)? = nil, centerPhotoIndex: Int = 0) {
    self.photoSource = photoSource
    super.init()
    photoSource?.addDelegate(self)
    storedIndex = clamped(centerPhotoIndex)
    updateTitle()
  }

  /// Creates a browser that starts on a photo of its source (Three20's `initWithPhoto:`).
  ///
  /// - Parameter photo: The photo shown first; its ``TTPhoto/photoSource`` is the browser's.
  public convenience init(photo: any TTPhoto) {
    self.init(photoSource: photo.photoSource, centerPhotoIndex: photo.index)
  }

  // MARK: - The photo shown

  /// The index of the photo shown; setting it shows that photo (kept within the source).
  public var centerPhotoIndex: Int {
    get { storedIndex }
    set { move(to: newValue) }
  }

  /// The photo shown, or `nil` when the source has none (or has not loaded it yet); setting a
  /// photo shows it, taking its source when it has one.
  public var centerPhoto: (any TTPhoto)? {
    get { photoSource?.photo(at: storedIndex) }
    set {
      guard let photo = newValue else { return }
      if let source = photo.photoSource, source !== photoSource { photoSource = source }
      centerPhotoIndex = photo.index
    }
  }

  /// The image view that shows the photo, once the view is loaded.
  public var photoView: TTImageView? { screen?.imageView }

  /// The label under the photo that shows its caption, once the view is loaded.
  public var captionLabel: TTLabel? { screen?.captionLabel }

  /// Shows the next photo; returns whether there was one.
  @discardableResult
  public func showNextPhoto() -> Bool { move(to: storedIndex + 1) }

  /// Shows the previous photo; returns whether there was one.
  @discardableResult
  public func showPreviousPhoto() -> Bool { move(to: storedIndex - 1) }

  /// Sets the title from where the browser is: `3 of 12`, or the source's title when it has no
  /// photos (Three20's `updateTitle`).
  ///
  /// Override it to word the title otherwise.
  open func updateTitle() {
    guard let source = photoSource, source.numberOfPhotos > 0 else {
      title = photoSource?.title
      return
    }
    title = "\(storedIndex + 1) of \(source.numberOfPhotos)"
  }

  @discardableResult
  private func move(to index: Int) -> Bool {
    let target = clamped(index)
    guard target != storedIndex else { return false }
    storedIndex = target
    showCenterPhoto()
    return true
  }

  private func clamped(_ index: Int) -> Int {
    let count = photoSource?.numberOfPhotos ?? 0
    return min(max(0, index), max(0, count - 1))
  }

  /// Puts the center photo in the image view and the caption label, and asks the source for
  /// the photo when it is not loaded yet.
  private func showCenterPhoto() {
    updateTitle()
    guard let screen else { return }
    let photo = centerPhoto
    let imageView = screen.imageView
    imageView.errorText = nil
    imageView.alternateText = photo == nil ? nil : "Photo \(storedIndex + 1)"
    imageView.urlPath = photo?.url(preferring: Self.photoVersions)
    screen.captionLabel.text = photo?.caption ?? ""
    screen.setNeedsLayout()
    if photo == nil { loadMoreIfNeeded() }
  }

  private func loadSourceIfNeeded() {
    guard let source = photoSource, case .idle(error: nil) = source.state else { return }
    source.load(.default, more: false)
  }

  private func loadMoreIfNeeded() {
    guard let source = photoSource, !source.isLoading, storedIndex > source.maxPhotoIndex,
      storedIndex < source.numberOfPhotos, source.state.error == nil
    else { return }
    source.load(.default, more: source.isLoaded)
  }

  // MARK: - Preloading

  /// Loads the pictures of the photos beside the center one, at the size the center one is shown,
  /// once the center one is shown.
  fileprivate func preloadNeighboursIfReady() {
    guard preloadsNeighbours, let imageView = photoView, imageView.isLoaded, let source = photoSource else {
      return
    }
    let size = imageView.contentRect.size
    let mode = imageView.contentMode
    guard size.width > 0, size.height > 0 else { return }
    for index in [storedIndex + 1, storedIndex - 1] {
      guard let url = source.photo(at: index)?.url(preferring: Self.photoVersions) else { continue }
      let key = TTImageCache.Key(url: url, cells: size, contentMode: mode)
      let name = key.description
      guard preloads[name] == nil, provider.failure(for: url) == nil, provider.cache.picture(for: key) == nil
      else { continue }
      let provider = provider
      preloads[name] = Task { [weak self] in
        _ = try? await provider.load(url, fitting: size, contentMode: mode)
        self?.preloads[name] = nil
      }
    }
  }

  private func cancelPreloads() {
    for task in preloads.values { task.cancel() }
    preloads.removeAll()
  }

  // MARK: - What the status line says

  /// The line under the caption, and whether it is a spinner or an error.
  fileprivate func status() -> PhotoStatus {
    guard let source = photoSource else { return .message("No photos.") }
    if source.numberOfPhotos == 0 {
      if source.isLoading { return .loading("Loading photos…") }
      if let failure = source.state.error {
        return .failure("✗ Could not load the photos: \(failure.error)")
      }
      return .message("This photo set contains no photos.")
    }
    guard let photoView, let photo = centerPhoto else {
      if let failure = source.state.error {
        return .failure("✗ Could not load photo \(storedIndex + 1): \(failure.error)")
      }
      return .loading("Loading photo \(storedIndex + 1)…")
    }
    if photo.url(preferring: Self.photoVersions) == nil { return .message("This photo has no picture.") }
    if photoView.error != nil { return .failure("✗ Photo \(storedIndex + 1) failed") }
    if photoView.isLoading { return .loading("Loading…") }
    return .message("← → photos · Home End first, last")
  }

  // MARK: - View

  /// Makes the browser's view: the image view, the caption and the status line.
  override open func loadView() {
    let screen = PhotoScreenView(controller: self)
    screen.imageView.provider = provider
    screen.imageView.defaultImageURL = defaultImageURL
    screen.imageView.delegate = self
    self.screen = screen
    view = screen
  }

  /// Shows the center photo in the new view.
  override open func viewDidLoad() {
    super.viewDidLoad()
    showCenterPhoto()
  }

  /// Lets go of the released view's parts.
  override open func viewDidUnload() {
    super.viewDidUnload()
    screen = nil
  }

  /// Loads the source when it has not been loaded.
  override open func viewWillAppear() {
    super.viewWillAppear()
    loadSourceIfNeeded()
  }

  /// Empties the picture cache and stops preloading when the browser is off screen, then lets
  /// the view go as every controller does.
  override open func didReceiveMemoryWarning() {
    if !isVisible {
      cancelPreloads()
      provider.cache.didReceiveMemoryWarning()
    }
    super.didReceiveMemoryWarning()
  }

  /// Moves between photos with ←/→, `p`/`n`, Home and End; `r` loads again what failed.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used; the arrows, `p`, `n`, Home and End always are, `r`
  ///   when something had failed.
  override open func handleKey(_ key: TTKey) -> Bool {
    switch key {
    case .left, .character("p"):
      showPreviousPhoto()
    case .right, .character("n"):
      showNextPhoto()
    case .home:
      move(to: 0)
    case .end:
      move(to: (photoSource?.numberOfPhotos ?? 0) - 1)
    case .character("r"):
      return retry()
    default:
      return super.handleKey(key)
    }
    return true
  }

  /// Loads again the source when it failed, or the photo when it failed; returns whether
  /// anything had failed.
  @discardableResult
  public func retry() -> Bool {
    if let source = photoSource, source.state.error != nil, !source.isLoading {
      source.load(.network, more: source.isLoaded)
      invalidateView()
      return true
    }
    guard let photoView, photoView.error != nil else { return false }
    photoView.errorText = nil
    photoView.reload()
    invalidateView()
    return true
  }

  // MARK: - TTModelDelegate

  /// Shows the spinner.
  ///
  /// - Parameter model: The source.
  open func modelDidStartLoad(_ model: any TTModel) {
    invalidateView()
  }

  /// Shows the photo now that the source has it.
  ///
  /// - Parameter model: The source.
  open func modelDidFinishLoad(_ model: any TTModel) {
    sourceChanged()
  }

  /// Shows the error.
  ///
  /// - Parameters:
  ///   - model: The source.
  ///   - error: Why it failed.
  open func model(_ model: any TTModel, didFailLoadWith error: any Error) {
    invalidateView()
  }

  /// Shows what the source has.
  ///
  /// - Parameter model: The source.
  open func modelDidCancelLoad(_ model: any TTModel) {
    invalidateView()
  }

  /// Shows the photo again, kept within the changed source.
  ///
  /// - Parameter model: The source.
  open func modelDidChange(_ model: any TTModel) {
    sourceChanged()
  }

  private func sourceChanged() {
    storedIndex = clamped(storedIndex)
    showCenterPhoto()
    invalidateView()
  }

  // MARK: - TTImageViewDelegate

  /// Shows the spinner.
  ///
  /// - Parameter imageView: The photo's view.
  open func imageViewDidStartLoad(_ imageView: TTImageView) {
    invalidateView()
  }

  /// Starts loading the photos beside this one.
  ///
  /// - Parameters:
  ///   - imageView: The photo's view.
  ///   - picture: Its picture.
  open func imageView(_ imageView: TTImageView, didLoad picture: TTImagePicture) {
    preloadNeighboursIfReady()
    invalidateView()
  }

  /// Shows the error in the image view, and the hint to retry under it.
  ///
  /// - Parameters:
  ///   - imageView: The photo's view.
  ///   - error: What went wrong.
  open func imageView(_ imageView: TTImageView, didFailLoadWithError error: TTImageError) {
    imageView.errorText = "✗ \(imageView.alternateText ?? "Photo") could not be shown: \(error.message)"
    invalidateView()
  }
}

/// What the browser's last line says.
enum PhotoStatus: Equatable {
  /// What a failure adds: how to try again.
  static let retryHint = "press r to retry"

  /// Something is loading: a spinner and the text.
  case loading(String)
  /// Something failed: the text in red, followed by ``retryHint``.
  case failure(String)
  /// Anything else: the text in grey.
  case message(String)
}

/// The browser's view: the photo, its caption, and the status line.
@MainActor
final class PhotoScreenView: TTView {
  let imageView = TTImageView()
  let captionLabel = TTLabel(
    look: TTTextLook(alignment: .center, lineBreakMode: .wordWrap, numberOfLines: 2))
  let statusView = PhotoStatusView()
  /// Shows, in place of the photo, why there is none (no photos, a source that failed).
  let messageView = TTErrorView()

  init(controller: TTPhotoViewController) {
    super.init()
    statusView.controller = controller
    messageView.isHidden = true
    addSubview(imageView)
    addSubview(messageView)
    addSubview(captionLabel)
    addSubview(statusView)
  }

  override func layoutSubviews() {
    let width = bounds.width
    let height = bounds.height
    let statusRows = height >= 3 ? 1 : 0
    let captionLines = TTLabel.lines(of: captionLabel.text, width: max(1, width), look: captionLabel.look)
      .count
    let captionRows = captionLabel.text.isEmpty ? 0 : min(2, max(1, captionLines))
    let imageHeight = max(0, height - statusRows - captionRows)
    imageView.frame = TTRect(x: 0, y: 0, width: width, height: imageHeight)
    messageView.frame = imageView.frame
    captionLabel.frame = TTRect(x: 0, y: imageHeight, width: width, height: captionRows)
    statusView.frame = TTRect(x: 0, y: height - statusRows, width: width, height: statusRows)
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    // Without a photo to load, why there is none takes the photo's place; decided before the
    // subviews draw.
    var message: String?
    var hint: String?
    if imageView.urlPath == nil, let status = statusView.controller?.status() {
      switch status {
      case .message(let text): message = text
      case .failure(let text): (message, hint) = (text, PhotoStatus.retryHint)
      case .loading: message = nil
      }
    }
    if let message, messageView.title != message { messageView.title = message }
    if messageView.subtitle != hint { messageView.subtitle = hint }
    messageView.isHidden = message == nil
    // Layout ran before this drawing; the new title is laid out before it is drawn.
    messageView.layoutIfNeeded()
  }
}

/// The browser's last line: a spinner while loading, an error in red, or the keys in grey.
@MainActor
final class PhotoStatusView: TTView {
  weak var controller: TTPhotoViewController?
  let activity = TTActivityLabel(activityStyle: .gray)
  let label = TTLabel()

  override init(frame: TTRect = .zero) {
    super.init(frame: frame)
    addSubview(activity)
    addSubview(label)
  }

  override func layoutSubviews() {
    activity.frame = bounds
    label.frame = bounds
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let controller else { return }
    // Drawn after the image view, so this frame's loading state is known.
    controller.preloadNeighboursIfReady()
    let status = controller.status()
    let showsMessage = (superview as? PhotoScreenView)?.messageView.isHidden == false
    switch status {
    case .loading(let text):
      activity.text = text
      activity.isHidden = false
      label.isHidden = true
    case .failure(let text), .message(let text):
      let isFailure = if case .failure = status { true } else { false }
      label.text = showsMessage ? "" : isFailure ? "\(text) — \(PhotoStatus.retryHint)" : text
      label.look = TTTextLook(color: isFailure ? .red : .gray, alignment: .center)
      activity.isHidden = true
      label.isHidden = false
    }
  }
}
