import Testing
import Three20Core
import Three20Image
import Three20Style
import Three20UICommon

/// Records what a thumbnail controller tells its delegate, and answers whether to open.
@MainActor
private final class ThumbsRecorder: TTThumbsViewControllerDelegate {
  var selected: [Int] = []
  var allowsNavigation = true

  func thumbsViewController(_ controller: TTThumbsViewController, didSelect photo: any TTPhoto) {
    selected.append(photo.index)
  }

  func thumbsViewController(_ controller: TTThumbsViewController, shouldNavigateTo photo: any TTPhoto) -> Bool
  {
    allowsNavigation
  }
}

/// A URL nothing answers: for tests that never draw thumbnails.
private func unused(_ index: Int) -> String { "http://127.0.0.1:9/\(index).png" }

@Suite("Thumbnail grid")
@MainActor
struct ThumbsViewControllerTests {
  @Test(
    "The grid has as many columns as the width holds, boxes and gaps",
    arguments: [
      (0, 1), (7, 1), (8, 1), (16, 1), (17, 2), (25, 2), (26, 3), (40, 4), (80, 9), (120, 13), (1000, 111),
    ])
  func columnsAtWidths(width: Int, columns: Int) {
    #expect(
      TTThumbsViewController.columnCount(forWidth: width, thumbSize: TTSize(width: 8, height: 4), spacing: 1)
        == columns)
  }

  @Test("The box and the spacing are settable, and the view's width picks the columns")
  func columnsFollowSettings() {
    #expect(
      TTThumbsViewController.columnCount(forWidth: 80, thumbSize: TTSize(width: 8, height: 4), spacing: 0)
        == 10)
    #expect(
      TTThumbsViewController.columnCount(forWidth: 80, thumbSize: TTSize(width: 12, height: 6), spacing: 2)
        == 5)
    let thumbs = TTThumbsViewController(
      photoSource: TTPhotoSet(photos: (0..<30).map { TTBasicPhoto(url: unused($0)) }))
    thumbs.view.frame = TTRect(x: 0, y: 0, width: 60, height: 20)
    #expect(thumbs.columnCount == 6)
    thumbs.thumbSize = TTSize(width: 4, height: 2)
    #expect(thumbs.columnCount == 12)
    thumbs.spacing = 0
    #expect(thumbs.columnCount == 15)
  }

  @Test("Each row of the drawing holds as many thumbnails as the width has columns")
  func drawnColumns() throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let thumbs = TTThumbsViewController(photoSource: makePhotoSet(server, count: 30))
    thumbs.provider = makeProvider()
    for (width, columns) in [(40, 4), (80, 9), (120, 13)] {
      let lines = render(thumbs, width: width, height: 12).split(
        separator: "\n", omittingEmptySubsequences: false)
      let numbers = lines[0].split(separator: " ").compactMap { Int($0) }
      #expect(numbers == Array(1...columns), "width \(width): \(lines[0])")
      let second = lines[5].split(separator: " ").compactMap { Int($0) }
      #expect(second.first == columns + 1, "width \(width): \(lines[5])")
    }
  }

  @Test("A source of a million photos draws its first screen at once, asking only for the thumbnails on it")
  func onlyVisibleThumbnails() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let provider = makeProvider()
    let source = CountingPhotoSource(count: 1_000_000) { server.url("\($0).png") }
    let thumbs = TTThumbsViewController(photoSource: source)
    thumbs.provider = provider

    let clock = ContinuousClock()
    let started = clock.now
    let text = render(thumbs, width: 80, height: 24)
    #expect(clock.now - started < .seconds(1))
    #expect(text.contains("1 of 1000000"))
    // 9 columns × 4 rows of 4 + 1 cells in 23 rows, and the status line.
    #expect(thumbs.visibleIndices == 0..<36)
    #expect(Set(source.asked) == Set(0..<36))
    #expect(source.asked.count <= 37)
    #expect(provider.pendingLoadCount + provider.cache.count <= 36)
    #expect(await eventually { server.photoRequests == 36 && provider.pendingLoadCount == 0 })
    #expect(provider.cache.count == 36)

    // The last screen asks only for the last photos.
    source.resetCounts()
    #expect(thumbs.handleKey(.end))
    let last = render(thumbs, width: 80, height: 24)
    #expect(last.contains("1000000 of 1000000"))
    #expect(source.asked.allSatisfy { $0 >= 999_000 })
    #expect(source.asked.contains(999_999))
    #expect(await eventually { provider.pendingLoadCount == 0 })
    #expect(server.photoRequests <= 36 * 2)
  }

  @Test("Thumbnails load from the server: numbers and captions first, then the pictures")
  func thumbnailsLoad() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let provider = makeProvider()
    let thumbs = TTThumbsViewController(photoSource: makePhotoSet(server, count: 6))
    thumbs.provider = provider
    let size = TTSize(width: 40, height: 12)
    let first = drawCanvas(thumbs, size: size)
    #expect(first.pictures.isEmpty)
    #expect(render(thumbs, width: 40, height: 12).contains("Caption"))
    #expect(await eventually { provider.cache.count == 6 })
    #expect(drawCanvas(thumbs, size: size).pictures.count == 6)
    #expect((0..<6).allSatisfy { server.count("\($0)-thumb.png") == 1 })
    #expect(server.count("0-large.png") == 0, "the grid never loads the large version")
  }

  @Test("A thumbnail that fails shows ✗; r loads the failed ones again")
  func failedThumbnail() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let provider = makeProvider()
    let set = TTPhotoSet(photos: [
      TTBasicPhoto(url: server.url("a.png"), thumbnailURL: server.url("flaky-thumb.png"), caption: "Flaky")
    ])
    let thumbs = TTThumbsViewController(photoSource: set)
    thumbs.provider = provider
    _ = render(thumbs)
    #expect(await eventually { provider.failure(for: server.url("flaky-thumb.png")) != nil })
    #expect(render(thumbs).contains("✗ 1"))
    #expect(thumbs.handleKey(.character("r")))
    _ = render(thumbs)
    #expect(await eventually { provider.cache.count == 1 })
    #expect(!render(thumbs).contains("✗"))
    #expect(!thumbs.handleKey(.character("r")), "nothing failed any more")
  }

  @Test("Arrows move the selection, Page Down and Page Up scroll by a screen, Home and End jump")
  func selectionAndScrolling() throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let thumbs = TTThumbsViewController(photoSource: makePhotoSet(server, count: 30))
    thumbs.provider = makeProvider()
    // 40 × 16: 4 columns, 3 rows of thumbnails above the status line.
    let first = render(thumbs, width: 40, height: 16)
    #expect(first.contains("1 of 30 · Caption 1"))
    #expect(first.contains("━━━━━━━━"))
    #expect(thumbs.visibleIndices == 0..<12)

    #expect(thumbs.handleKey(.right))
    #expect(thumbs.selectedIndex == 1)
    #expect(thumbs.handleKey(.down))
    #expect(thumbs.selectedIndex == 5)
    #expect(thumbs.handleKey(.up))
    #expect(thumbs.handleKey(.left))
    #expect(thumbs.handleKey(.left))
    #expect(thumbs.selectedIndex == 0)
    #expect(render(thumbs, width: 40, height: 16).contains("1 of 30"))

    #expect(thumbs.handleKey(.pageDown))
    #expect(thumbs.selectedIndex == 12)
    let second = render(thumbs, width: 40, height: 16)
    #expect(thumbs.visibleIndices == 12..<24)
    #expect(second.contains("13 of 30 · Caption 13"))
    #expect(second.split(separator: "\n")[0].contains("13"))
    #expect(thumbs.handleKey(.pageUp))
    #expect(thumbs.selectedIndex == 0)
    _ = render(thumbs, width: 40, height: 16)
    #expect(thumbs.visibleIndices == 0..<12)

    #expect(thumbs.handleKey(.end))
    #expect(thumbs.selectedIndex == 29)
    _ = render(thumbs, width: 40, height: 16)
    #expect(thumbs.visibleIndices == 20..<30, "the last screen is full: rows 6 to 8")
    #expect(thumbs.handleKey(.down))
    #expect(thumbs.selectedIndex == 29)
    #expect(thumbs.handleKey(.home))
    #expect(thumbs.selectedIndex == 0)
    #expect(!thumbs.handleKey(.character("x")))
  }

  @Test("Enter opens the photo's URL through the controller's opener")
  func opensThroughTheOpener() {
    let set = TTPhotoSet(
      photos: (0..<5).map { TTBasicPhoto(url: unused($0), navigatorURL: "tt://photos/\($0)") })
    let recorder = ThumbsRecorder()
    let thumbs = TTThumbsViewController(photoSource: set, delegate: recorder)
    let opener = TTClosureURLOpener { url, _ in url.hasPrefix("tt://photos/") }
    thumbs.opener = opener
    #expect(thumbs.handleKey(.right))
    #expect(thumbs.handleKey(.right))
    #expect(thumbs.handleKey(.enter))
    #expect(opener.openedURLs == ["tt://photos/2"])
    #expect(recorder.selected == [2])
    #expect(thumbs.photoViewController == nil)
  }

  @Test("Without an opener of its own, the controller opens through TTGlobalURLOpener")
  func opensThroughTheGlobalOpener() {
    let set = TTPhotoSet(photos: [TTBasicPhoto(url: unused(0), navigatorURL: "tt://photos/0")])
    let thumbs = TTThumbsViewController(photoSource: set)
    let opener = TTClosureURLOpener { _, _ in true }
    let previous = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = opener
    defer { TTGlobalURLOpener.current = previous }
    thumbs.openPhoto(at: 0)
    #expect(opener.openedURLs == ["tt://photos/0"])
    #expect(thumbs.photoViewController == nil)
  }

  @Test(
    "Without a URL, or when no opener handles it, the photo opens in a browser in place; Escape closes it")
  func opensInPlace() throws {
    let set = TTPhotoSet(title: "Trip", photos: (0..<5).map { TTBasicPhoto(url: unused($0)) })
    let thumbs = TTThumbsViewController(photoSource: set)
    thumbs.provider = makeProvider()
    thumbs.appear()
    defer { thumbs.disappear() }
    #expect(thumbs.title == "Trip")
    thumbs.select(2)
    #expect(thumbs.handleKey(.enter))
    let browser = try #require(thumbs.photoViewController)
    #expect(browser.centerPhotoIndex == 2)
    #expect(browser.isVisible)
    #expect(browser.provider === thumbs.provider)
    #expect(thumbs.title == "3 of 5")
    #expect(thumbs.handleKey(.right), "keys go to the browser")
    #expect(thumbs.title == "4 of 5")
    #expect(render(thumbs).contains("Photo 4"))

    #expect(thumbs.handleKey(.escape))
    #expect(thumbs.photoViewController == nil)
    #expect(!browser.isVisible)
    #expect(thumbs.selectedIndex == 3, "the selection follows the photo the browser was left on")
    #expect(thumbs.title == "Trip")

    // An opener that handles nothing leaves the photo to the browser too.
    let linked = TTPhotoSet(photos: [TTBasicPhoto(url: unused(0), navigatorURL: "tt://nowhere/0")])
    let nowhere = TTClosureURLOpener { _, _ in false }
    thumbs.photoSource = linked
    thumbs.opener = nowhere
    thumbs.openPhoto(at: 0)
    #expect(nowhere.openedURLs == ["tt://nowhere/0"])
    #expect(thumbs.photoViewController?.photoSource === linked)
    #expect(thumbs.handleKey(.backspace))
    #expect(thumbs.photoViewController == nil)
  }

  @Test("A delegate can keep a photo from opening; it is told of the choice either way")
  func delegateVeto() {
    let set = TTPhotoSet(
      photos: (0..<3).map { TTBasicPhoto(url: unused($0), navigatorURL: "tt://photos/\($0)") })
    let recorder = ThumbsRecorder()
    recorder.allowsNavigation = false
    let thumbs = TTThumbsViewController(photoSource: set, delegate: recorder)
    let opener = TTClosureURLOpener { _, _ in true }
    thumbs.opener = opener
    thumbs.openPhoto(at: 1)
    #expect(recorder.selected == [1])
    #expect(opener.openedURLs.isEmpty)
    #expect(thumbs.photoViewController == nil)
    thumbs.openPhoto(at: 7)
    #expect(recorder.selected == [1], "no such photo: nothing happens")
  }

  @Test("A source that loads in pages is asked for the next page when its end comes on screen")
  func pagedSource() {
    let source = CountingPhotoSource(count: 100, pageSize: 8, url: unused)
    let thumbs = TTThumbsViewController(photoSource: source)
    thumbs.provider = makeProvider()
    let text = render(thumbs, width: 40, height: 16)
    #expect(source.loads == [true])
    #expect(text.contains("…"), "photos past the loaded page show a placeholder:\n\(text)")
    #expect(Set(source.asked).isSubset(of: Set(0..<12)))
    source.finishPage()
    #expect(source.maxPhotoIndex == 15)
    #expect(!render(thumbs, width: 40, height: 16).contains("…"))
    #expect(source.loads == [true], "the screen's 12 photos are loaded")
    #expect(thumbs.handleKey(.end))
    #expect(render(thumbs, width: 40, height: 16).contains("Loading more photos"))
    #expect(source.loads == [true, true], "the last screen asks for the next page")
  }
}
