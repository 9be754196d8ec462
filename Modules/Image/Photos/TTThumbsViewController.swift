public import Three20Core
public import Three20Style
public import Three20UICommon

/// What a ``TTThumbsViewController`` tells about the photos chosen in it: Three20's
/// `TTThumbsViewControllerDelegate`.
@MainActor
public protocol TTThumbsViewControllerDelegate: AnyObject {
  /// A photo was chosen (Enter on its thumbnail); told before it is opened.
  ///
  /// - Parameters:
  ///   - controller: The thumbnail controller.
  ///   - photo: The photo.
  func thumbsViewController(_ controller: TTThumbsViewController, didSelect photo: any TTPhoto)

  /// Whether the controller opens the chosen photo; return `false` to open it yourself.
  ///
  /// - Parameters:
  ///   - controller: The thumbnail controller.
  ///   - photo: The photo.
  /// - Returns: `true` to let the controller open it (the default).
  func thumbsViewController(_ controller: TTThumbsViewController, shouldNavigateTo photo: any TTPhoto) -> Bool
}

extension TTThumbsViewControllerDelegate {
  /// Does nothing.
  ///
  /// - Parameters:
  ///   - controller: The thumbnail controller.
  ///   - photo: The photo.
  public func thumbsViewController(_ controller: TTThumbsViewController, didSelect photo: any TTPhoto) {}

  /// Lets the controller open the photo.
  ///
  /// - Parameters:
  ///   - controller: The thumbnail controller.
  ///   - photo: The photo.
  /// - Returns: `true`.
  public func thumbsViewController(
    _ controller: TTThumbsViewController, shouldNavigateTo photo: any TTPhoto
  )
    -> Bool
  { true }
}

/// A grid of a photo source's thumbnails: Three20's `TTThumbsViewController`.
///
/// Each thumbnail takes a box of ``thumbSize`` cells (8 × 4 by default) with ``spacing``
/// cells between boxes, and the grid has as many columns as the width holds
/// (``columnCount(forWidth:thumbSize:spacing:)``). Thumbnails load the photo's
/// ``TTPhotoVersion/thumbnail`` URL, or its ``TTPhotoVersion/small`` one, through ``provider``,
/// filling their box; until a picture arrives (and on outputs that show no pictures) a box
/// shows the photo's number and caption. Only the thumbnails on screen are asked of the source
/// and loaded, so a source of a million photos draws its first screen at once.
///
/// | Key | Does |
/// | --- | --- |
/// | ← → ↑ ↓ | move the selection (underlined) |
/// | Page Up, Page Down | a screen up or down |
/// | Home, End | the first, the last photo |
/// | Enter | opens the selected photo |
/// | `r` | loads again the thumbnails (or the source) that failed |
///
/// ## Opening a photo
///
/// Enter tells the ``delegate`` (``TTThumbsViewControllerDelegate/thumbsViewController(_:didSelect:)``),
/// then, unless it answers `false` to
/// ``TTThumbsViewControllerDelegate/thumbsViewController(_:shouldNavigateTo:)``, opens the photo
/// the way Three20 did:
///
/// 1. When the photo has a URL (``url(for:)``, by default its ``TTPhoto/navigatorURL``), the
///    controller asks its `opener` (the app's navigator, through
///    `TTGlobalURLOpener`) to open it: the app maps the URL to a ``TTPhotoViewController``.
/// 2. Otherwise, or when no opener handles the URL, it makes a photo browser
///    (``makePhotoViewController(for:)``, Three20's `createPhotoViewController`) and shows it in
///    its own place, over the grid, until Escape or Backspace closes it
///    (``photoViewController``, ``closePhoto()``). The grid's title is the browser's while it
///    shows (`3 of 12`), and the selection follows the photo the browser was left on.
///
/// ```swift
/// let thumbs = TTThumbsViewController(photoSource: set)
/// thumbs.handleKey(.right)   // selects the second photo
/// thumbs.handleKey(.enter)   // opens it
/// ```
open class TTThumbsViewController: TTViewController, TTModelDelegate {
  /// The versions a thumbnail shows, best first: the thumbnail, then the small picture.
  public static let thumbnailVersions: [TTPhotoVersion] = [.thumbnail, .small]

  /// The photos shown; setting another source selects its first photo.
  open var photoSource: (any TTPhotoSource)? {
    didSet {
      guard photoSource !== oldValue else { return }
      oldValue?.removeDelegate(self)
      photoSource?.addDelegate(self)
      closePhoto()
      selectedIndex = 0
      topRow = 0
      updateTitle()
      invalidateView()
      if isVisible { loadSourceIfNeeded() }
    }
  }

  /// Told when a photo is chosen, and asked whether to open it; held weakly.
  public weak var delegate: (any TTThumbsViewControllerDelegate)?

  /// Where thumbnails are loaded and kept; ``TTImageProvider/shared`` by default.
  public var provider: TTImageProvider = .shared {
    didSet { invalidateView() }
  }

  /// The box of one thumbnail, in cells; 8 × 4 by default (each side at least 1).
  public var thumbSize = TTSize(width: 8, height: 4) {
    didSet {
      thumbSize = TTSize(width: max(1, thumbSize.width), height: max(1, thumbSize.height))
      invalidateView()
    }
  }

  /// The cells between two boxes, across and down; 1 by default.
  ///
  /// The row under each box shows the selection.
  public var spacing = 1 {
    didSet {
      spacing = max(0, spacing)
      invalidateView()
    }
  }

  /// How a thumbnail fills its box; filled and cut, as Three20's square thumbnails were, by
  /// default.
  public var contentMode: TTImageLook.ContentMode = .scaleAspectFill {
    didSet { invalidateView() }
  }

  /// The index of the selected photo.
  public private(set) var selectedIndex = 0

  /// The photo browser shown over the grid, when a photo without a URL was opened.
  public private(set) var photoViewController: TTPhotoViewController?

  /// The first row of thumbnails on screen.
  var topRow = 0
  private var grid: ThumbsGridView?
  private var browserTitle: TTObservation?

  /// Creates a thumbnail controller.
  ///
  /// - Parameters:
  ///   - photoSource: The photos; `nil` shows none until set.
  ///   - delegate: Told when a photo is chosen; `nil` by default.
  public init(photoSource: (any TTPhotoSource)? = nil, delegate: (any TTThumbsViewControllerDelegate)? = nil)
  {
    self.photoSource = photoSource
    self.delegate = delegate
    super.init()
    photoSource?.addDelegate(self)
    updateTitle()
  }

  // MARK: - The grid

  /// How many columns of thumbnails a width holds: as many boxes and the spacing between them
  /// as fit, at least one.
  ///
  /// ```swift
  /// TTThumbsViewController.columnCount(forWidth: 80, thumbSize: TTSize(width: 8, height: 4), spacing: 1)   // 9
  /// ```
  ///
  /// - Parameters:
  ///   - width: The width in cells.
  ///   - thumbSize: One thumbnail's box.
  ///   - spacing: The cells between boxes.
  /// - Returns: The number of columns.
  nonisolated public static func columnCount(forWidth width: Int, thumbSize: TTSize, spacing: Int) -> Int {
    let step = max(1, thumbSize.width) + max(0, spacing)
    return max(1, (max(0, width) + max(0, spacing)) / step)
  }

  /// How many columns the grid has at the view's width.
  public var columnCount: Int {
    Self.columnCount(forWidth: view.frame.width, thumbSize: thumbSize, spacing: spacing)
  }

  /// The indices of the thumbnails on screen, at the view's size.
  public var visibleIndices: Range<Int> {
    let layout = self.layout(for: view.frame.size)
    return layout.visibleIndices(topRow: topRow)
  }

  /// Selects a photo, scrolling the grid to show it.
  ///
  /// - Parameter index: The photo's index; kept within the source.
  public func select(_ index: Int) {
    let count = photoSource?.numberOfPhotos ?? 0
    let target = min(max(0, index), max(0, count - 1))
    guard target != selectedIndex else { return }
    selectedIndex = target
    invalidateView()
  }

  /// The grid's geometry at a size.
  func layout(for size: TTSize) -> ThumbsLayout {
    ThumbsLayout(size: size, thumbSize: thumbSize, spacing: spacing, count: photoSource?.numberOfPhotos ?? 0)
  }

  /// Moves ``topRow`` so the selected photo is on screen and the grid has no blank rows below
  /// its last row that rows above could fill.
  func scrollToSelection(_ layout: ThumbsLayout) {
    let row = selectedIndex / layout.columns
    if row < topRow { topRow = row }
    if row >= topRow + layout.rowsPerPage { topRow = row - layout.rowsPerPage + 1 }
    topRow = max(0, min(topRow, layout.totalRows - layout.rowsPerPage))
  }

  /// Sets the title: the source's title, or the browser's while one shows (Three20's
  /// `updateTitle` used the source's title).
  ///
  /// Override it to word the title otherwise.
  open func updateTitle() {
    title = photoViewController?.title ?? photoSource?.title
  }

  // MARK: - Opening photos

  /// The URL that opens a photo through the opener, or `nil` to show it in a browser in place:
  /// by default the photo's ``TTPhoto/navigatorURL`` (Three20's `URLForPhoto:`).
  ///
  /// - Parameter photo: The photo.
  /// - Returns: The URL, or `nil`.
  open func url(for photo: any TTPhoto) -> String? {
    photo.navigatorURL
  }

  /// Makes the browser that shows a photo opened without a URL (Three20's
  /// `createPhotoViewController`).
  ///
  /// The default makes a ``TTPhotoViewController`` on the photo's source, starting on it, with
  /// this controller's ``provider``. Override it to show a subclass.
  ///
  /// - Parameter photo: The photo to start on.
  /// - Returns: The browser.
  open func makePhotoViewController(for photo: any TTPhoto) -> TTPhotoViewController {
    let browser = TTPhotoViewController(
      photoSource: photo.photoSource ?? photoSource, centerPhotoIndex: photo.index)
    browser.provider = provider
    return browser
  }

  /// Opens a photo, as choosing its thumbnail does (see the type's description): tells the
  /// delegate, then opens the photo's URL or shows it in a browser in place.
  ///
  /// - Parameter index: The photo's index; nothing happens when the source has no such photo.
  public func openPhoto(at index: Int) {
    guard let photo = photoSource?.photo(at: index) else { return }
    select(index)
    delegate?.thumbsViewController(self, didSelect: photo)
    guard delegate?.thumbsViewController(self, shouldNavigateTo: photo) ?? true else { return }
    if let url = url(for: photo) {
      let opened = opener.map { $0.openURL(url, query: [:]) } ?? TTGlobalURLOpener.open(url)
      if opened { return }
    }
    show(makePhotoViewController(for: photo))
  }

  /// Shows a browser over the grid.
  private func show(_ browser: TTPhotoViewController) {
    closePhoto()
    photoViewController = browser
    browserTitle = browser.addTitleObserver { [weak self] _ in self?.updateTitle() }
    grid?.showBrowser(browser)
    if isVisible { browser.appear() }
    updateTitle()
    invalidateView()
  }

  /// Closes the browser shown over the grid, if any, and selects the photo it was left on.
  public func closePhoto() {
    guard let browser = photoViewController else { return }
    if browser.appearanceState != .disappeared { browser.disappear() }
    browser.viewIfLoaded?.removeFromSuperview()
    if let browserTitle { browser.removeTitleObserver(browserTitle) }
    browserTitle = nil
    photoViewController = nil
    if browser.photoSource === photoSource { select(browser.centerPhotoIndex) }
    updateTitle()
    invalidateView()
  }

  // MARK: - Loading

  private func loadSourceIfNeeded() {
    guard let source = photoSource, case .idle(error: nil) = source.state else { return }
    source.load(.default, more: false)
  }

  /// Asks the source for its next page when a thumbnail past its last loaded photo is on screen.
  func loadMoreIfNeeded() {
    guard let source = photoSource, !source.isLoading, source.state.error == nil,
      source.maxPhotoIndex + 1 < source.numberOfPhotos
    else { return }
    source.load(.default, more: source.isLoaded)
  }

  /// The URL a photo's thumbnail is loaded from.
  func thumbnailURL(of photo: any TTPhoto) -> String? {
    photo.url(preferring: Self.thumbnailVersions)
  }

  /// Loads again the thumbnails on screen that failed, or the source when it failed; returns
  /// whether anything had failed.
  @discardableResult
  public func retry() -> Bool {
    guard let source = photoSource else { return false }
    if source.state.error != nil, !source.isLoading {
      source.load(.network, more: source.isLoaded)
      invalidateView()
      return true
    }
    var retried = false
    for index in visibleIndices {
      guard let url = source.photo(at: index).flatMap(thumbnailURL(of:)), provider.failure(for: url) != nil
      else { continue }
      provider.retry(url)
      retried = true
    }
    if retried { invalidateView() }
    return retried
  }

  // MARK: - View and keys

  /// Makes the grid view.
  override open func loadView() {
    let grid = ThumbsGridView(controller: self)
    self.grid = grid
    view = grid
    if let photoViewController { grid.showBrowser(photoViewController) }
  }

  /// Lets go of the released view.
  override open func viewDidUnload() {
    super.viewDidUnload()
    grid = nil
  }

  /// Loads the source when it has not been loaded, and passes the appearance on to the browser.
  override open func viewWillAppear() {
    super.viewWillAppear()
    loadSourceIfNeeded()
    photoViewController?.beginAppearanceTransition(true)
  }

  /// Passes the appearance on to the browser.
  override open func viewDidAppear() {
    super.viewDidAppear()
    photoViewController?.endAppearanceTransition()
  }

  /// Passes the disappearance on to the browser.
  override open func viewWillDisappear() {
    super.viewWillDisappear()
    photoViewController?.beginAppearanceTransition(false)
  }

  /// Passes the disappearance on to the browser.
  override open func viewDidDisappear() {
    super.viewDidDisappear()
    photoViewController?.endAppearanceTransition()
  }

  /// Passes the warning on to the browser, then lets the view go when off screen.
  override open func didReceiveMemoryWarning() {
    photoViewController?.didReceiveMemoryWarning()
    super.didReceiveMemoryWarning()
  }

  /// Moves the selection, scrolls and opens photos; with a browser shown, keys go to it and
  /// Escape or Backspace closes it.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether the key was used.
  override open func handleKey(_ key: TTKey) -> Bool {
    if let browser = photoViewController {
      if key == .escape || key == .backspace {
        closePhoto()
        return true
      }
      return browser.handleKey(key)
    }
    let layout = self.layout(for: view.frame.size)
    let count = photoSource?.numberOfPhotos ?? 0
    let columns = layout.columns
    switch key {
    case .left: select(selectedIndex - 1)
    case .right: select(selectedIndex + 1)
    case .up: if selectedIndex >= columns { select(selectedIndex - columns) }
    case .down:
      if selectedIndex / columns < (count - 1) / columns { select(min(selectedIndex + columns, count - 1)) }
    case .pageUp:
      topRow = max(0, topRow - layout.rowsPerPage)
      select(selectedIndex - columns * layout.rowsPerPage)
    case .pageDown:
      topRow += layout.rowsPerPage
      select(min(selectedIndex + columns * layout.rowsPerPage, count - 1))
    case .home: select(0)
    case .end: select(count - 1)
    case .enter: openPhoto(at: selectedIndex)
    case .character("r"): return retry()
    default: return super.handleKey(key)
    }
    invalidateView()
    return true
  }

  // MARK: - TTModelDelegate

  /// Redraws, to show the spinner.
  ///
  /// - Parameter model: The source.
  open func modelDidStartLoad(_ model: any TTModel) {
    invalidateView()
  }

  /// Shows the thumbnails the source loaded.
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

  /// Redraws.
  ///
  /// - Parameter model: The source.
  open func modelDidCancelLoad(_ model: any TTModel) {
    invalidateView()
  }

  /// Shows the changed source, keeping the selection within it.
  ///
  /// - Parameter model: The source.
  open func modelDidChange(_ model: any TTModel) {
    sourceChanged()
  }

  private func sourceChanged() {
    let count = photoSource?.numberOfPhotos ?? 0
    selectedIndex = min(selectedIndex, max(0, count - 1))
    updateTitle()
    invalidateView()
  }
}

/// Where the thumbnails go in a view of some size.
struct ThumbsLayout {
  /// The columns of thumbnails.
  let columns: Int
  /// The rows of thumbnails that fit, at least one.
  let rowsPerPage: Int
  /// The rows of thumbnails in all.
  let totalRows: Int
  /// The number of photos.
  let count: Int
  /// The cells left of the first column, to centre the grid.
  let left: Int
  /// The rows of cells the grid takes, above the status line.
  let gridHeight: Int
  /// The status line's rows: 1, or 0 in a view under 3 rows.
  let statusRows: Int
  /// A thumbnail's box.
  let thumbSize: TTSize
  /// The cells between boxes.
  let spacing: Int

  init(size: TTSize, thumbSize: TTSize, spacing: Int, count: Int) {
    self.thumbSize = thumbSize
    self.spacing = spacing
    self.count = max(0, count)
    columns = TTThumbsViewController.columnCount(forWidth: size.width, thumbSize: thumbSize, spacing: spacing)
    statusRows = size.height >= 3 ? 1 : 0
    gridHeight = max(0, size.height - statusRows)
    rowsPerPage = max(1, gridHeight / (thumbSize.height + spacing))
    totalRows = (self.count + columns - 1) / columns
    let used = columns * thumbSize.width + (columns - 1) * spacing
    left = max(0, (size.width - used) / 2)
  }

  /// The indices shown with `topRow` at the top.
  func visibleIndices(topRow: Int) -> Range<Int> {
    let first = min(count, max(0, topRow) * columns)
    let last = min(count, (max(0, topRow) + rowsPerPage) * columns)
    return first..<last
  }

  /// The box of the thumbnail at `index`, relative to the grid's top-left, with `topRow` at the
  /// top.
  func box(of index: Int, topRow: Int) -> TTRect {
    let row = index / columns - topRow
    let column = index % columns
    return TTRect(
      x: left + column * (thumbSize.width + spacing), y: row * (thumbSize.height + spacing),
      width: thumbSize.width, height: thumbSize.height)
  }
}

/// The grid's view: the thumbnails on screen and a status line, or the browser opened over it.
@MainActor
final class ThumbsGridView: TTView {
  weak var controller: TTThumbsViewController?
  private let activity = TTActivityLabel(activityStyle: .gray)
  private let message = TTErrorView()
  private static let placeholderLook = TTTextLook(
    color: .gray, alignment: .center, verticalAlignment: .top, lineBreakMode: .wordWrap, numberOfLines: 0)
  private static let failedLook = TTTextLook(
    color: TTColor(red: 205, green: 49, blue: 49), alignment: .center, verticalAlignment: .top,
    lineBreakMode: .wordWrap, numberOfLines: 0)

  init(controller: TTThumbsViewController) {
    self.controller = controller
    super.init()
    activity.isHidden = true
    message.isHidden = true
    addSubview(activity)
    addSubview(message)
  }

  /// Puts a browser's view over the grid.
  func showBrowser(_ browser: TTPhotoViewController) {
    browser.view.frame = bounds
    addSubview(browser.view)
  }

  override func layoutSubviews() {
    controller?.photoViewController?.view.frame = bounds
    let statusRows = bounds.height >= 3 ? 1 : 0
    activity.frame = TTRect(x: 0, y: bounds.height - statusRows, width: bounds.width, height: statusRows)
    message.frame = TTRect(x: 0, y: 0, width: bounds.width, height: bounds.height - statusRows)
  }

  override func drawContent(on canvas: inout TTCanvas, in rect: TTRect) {
    guard let controller, controller.photoViewController == nil else {
      activity.isHidden = true
      message.isHidden = true
      return
    }
    let layout = controller.layout(for: rect.size)
    guard let source = controller.photoSource, layout.count > 0 else {
      drawEmpty(controller.photoSource)
      return
    }
    if message.isHidden == false { message.isHidden = true }
    controller.scrollToSelection(layout)
    let topRow = controller.topRow
    let grid = TTRect(x: rect.x, y: rect.y, width: rect.width, height: layout.gridHeight)
    canvas.withClip(grid) { canvas in
      for index in layout.visibleIndices(topRow: topRow) {
        let box = layout.box(of: index, topRow: topRow).offsetBy(dx: rect.x, dy: rect.y)
        drawThumb(index, source: source, in: box, on: &canvas)
        if index == controller.selectedIndex { drawSelection(under: box, layout: layout, on: &canvas) }
      }
    }
    drawStatus(source: source, layout: layout, in: rect, on: &canvas)
  }

  private func drawThumb(_ index: Int, source: any TTPhotoSource, in box: TTRect, on canvas: inout TTCanvas) {
    guard let controller else { return }
    guard index <= source.maxPhotoIndex, let photo = source.photo(at: index) else {
      TTLabel.draw("\(index + 1)\n…", look: Self.placeholderLook, in: box, on: &canvas)
      controller.loadMoreIfNeeded()
      return
    }
    let words = "\(index + 1)" + (photo.caption.map { "\n" + $0 } ?? "")
    guard let url = controller.thumbnailURL(of: photo) else {
      TTLabel.draw(words, look: Self.placeholderLook, in: box, on: &canvas)
      return
    }
    let look = TTImageLook(url: url, alternateText: words, contentMode: controller.contentMode)
    switch controller.provider.picture(for: look, fitting: box.size) {
    case .ready(let picture):
      TTLabel.draw(words, look: Self.placeholderLook, in: box, on: &canvas)
      let size = picture.cellSize
      canvas.place(
        picture,
        at: TTPoint(x: box.x + (box.width - size.width) / 2, y: box.y + (box.height - size.height) / 2))
    case .loading:
      TTLabel.draw(words, look: Self.placeholderLook, in: box, on: &canvas)
    case .failed:
      TTLabel.draw("✗ " + words, look: Self.failedLook, in: box, on: &canvas)
    }
  }

  /// Underlines the selected box: a bar in the spacing row under it, or across its last row when
  /// there is no spacing.
  private func drawSelection(under box: TTRect, layout: ThumbsLayout, on canvas: inout TTCanvas) {
    let y = layout.spacing > 0 ? box.maxY : box.maxY - 1
    let bar = String(repeating: "━", count: box.width)
    canvas.write(bar, at: TTPoint(x: box.x, y: y), style: TTCellStyle(foreground: .blue, attributes: [.bold]))
  }

  private func drawStatus(
    source: any TTPhotoSource, layout: ThumbsLayout, in rect: TTRect, on canvas: inout TTCanvas
  ) {
    guard layout.statusRows > 0, let controller else { return }
    let y = rect.maxY - 1
    if source.isLoadingMore {
      activity.text = "Loading more photos…"
      activity.isHidden = false
      return
    }
    activity.isHidden = true
    let index = controller.selectedIndex
    var text = "\(index + 1) of \(layout.count)"
    if let caption = source.photo(at: index)?.caption, !caption.isEmpty { text += " · " + caption }
    if let failure = source.state.error { text = "✗ \(failure.error) — press r to retry" }
    let hint = "↵ open"
    let row = TTRect(x: rect.x, y: y, width: rect.width, height: 1)
    let textWidth = max(0, rect.width - TTDisplayWidth.of(hint) - 1)
    TTLabel.draw(
      text, look: TTTextLook(color: source.state.error == nil ? nil : .red),
      in: TTRect(x: row.x, y: y, width: textWidth, height: 1), on: &canvas)
    if textWidth > 0 {
      TTLabel.draw(hint, look: TTTextLook(color: .gray, alignment: .right), in: row, on: &canvas)
    }
  }

  private func drawEmpty(_ source: (any TTPhotoSource)?) {
    let text: String?
    var hint: String?
    if let source, source.isLoading {
      text = nil
      activity.text = "Loading photos…"
    } else if let source, let failure = source.state.error {
      text = "✗ Could not load the photos: \(failure.error)"
      hint = "press r to retry"
    } else {
      text = "This photo set contains no photos."
    }
    activity.isHidden = text != nil
    if let text, message.title != text { message.title = text }
    if message.subtitle != hint { message.subtitle = hint }
    message.isHidden = text == nil
    // Layout ran before this drawing; the new title is laid out before it is drawn.
    message.layoutIfNeeded()
  }
}
