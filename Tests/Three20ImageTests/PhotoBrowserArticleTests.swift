// The code of the article BuildingAPhotoBrowser.md, compiled and run against a real HTTP server
// on 127.0.0.1.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Documentation
// articles" checks it): edit both together. The rendering the article shows in its `text` block
// is checked here.
import Testing
import Three20Core
import Three20Image
import Three20Network
import Three20Style
import Three20TestSupport
import Three20UICommon

final class Photo: TTPhoto {
  weak var photoSource: (any TTPhotoSource)?
  var index = 0
  let size: TTSize?
  let caption: String?
  private let largeURL: String
  private let thumbnailURL: String

  init(url: String, thumbnailURL: String, size: TTSize, caption: String) {
    largeURL = url
    self.thumbnailURL = thumbnailURL
    self.size = size
    self.caption = caption
  }

  func url(for version: TTPhotoVersion) -> String? {
    switch version {
    case .large, .medium: largeURL
    case .small, .thumbnail: thumbnailURL
    }
  }
}

final class PhotoSet: TTBaseModel, TTPhotoSource {
  let title: String?
  private(set) var photos: [Photo] = []
  private let fetch: @MainActor () async throws -> [Photo]

  init(title: String, fetch: @escaping @MainActor () async throws -> [Photo]) {
    self.title = title
    self.fetch = fetch
    super.init(state: .idle(error: nil))
  }

  var numberOfPhotos: Int { photos.count }

  func photo(at index: Int) -> (any TTPhoto)? {
    photos.indices.contains(index) ? photos[index] : nil
  }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    didStartLoad(more: more)
    Task {
      do {
        photos = try await fetch()
        for (index, photo) in photos.enumerated() {
          photo.index = index
          photo.photoSource = self
        }
        didFinishLoad()
      } catch {
        didFailLoad(with: error)
      }
    }
  }
}

final class PhotosController: TTThumbsViewController {
  init(server: String) {
    super.init(
      photoSource: PhotoSet(title: "Lighthouses") {
        (1...12).map { number in
          Photo(
            url: "\(server)/photos/\(number).png", thumbnailURL: "\(server)/photos/\(number)-thumb.png",
            size: TTSize(width: 640, height: 480), caption: "Lighthouse \(number)")
        }
      })
  }
}

final class LinkedPhotosController: TTThumbsViewController {
  override func url(for photo: any TTPhoto) -> String? {
    "tt://photos/\(photo.index)"
  }
}

/// The article's rendering of the grid.
private let photoArticle = TTDocCatalog(
  module: "Image", swiftModule: "Three20Image",
  guides: [("BuildingAPhotoBrowser", "PhotoBrowserArticleTests.swift")])

@Suite("Article: Building a photo browser")
@MainActor
struct PhotoBrowserArticleTests {
  @Test("The tutorial's photos load, show in a grid, open one at a time and by URL")
  func tutorialRuns() async throws {
    let server = try PhotoServer()
    defer { server.stop() }

    let photos = PhotosController(server: server.baseURL)
    photos.provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    photos.photoSource?.load(.default, more: false)

    #expect(photos.photoSource?.isLoading == true)
    #expect(await eventually { photos.photoSource?.isLoaded == true })
    #expect(photos.title == "Lighthouses")
    #expect(photos.photoSource?.photo(at: 4)?.caption == "Lighthouse 5")
    #expect(photos.photoSource?.photo(at: 4)?.photoSource === photos.photoSource)

    let grid = TTTerminalHost.renderOnce(photos, size: TTSize(width: 40, height: 12), capabilities: .plain)

    let shown = try #require(
      TTArticleText.codeBlocks(in: photoArticle.text(of: "BuildingAPhotoBrowser"), language: "text").first)
    #expect(trimmed(grid) == trimmed(shown), "the article's rendering is out of date:\n\(grid)")
    // The thumbnails on screen load (and only they: the grid asks for the 8 it shows).
    #expect(await eventually { photos.provider.pendingLoadCount == 0 && photos.provider.cache.count == 8 })
    #expect(server.count("9-thumb.png") == 0)

    photos.openPhoto(at: 2)
    let browser = photos.photoViewController  // the TTPhotoViewController shown in place
    let title = photos.title  // "3 of 12"
    browser?.showNextPhoto()
    let next = photos.title  // "4 of 12"
    photos.closePhoto()
    let selected = photos.selectedIndex  // 3: the grid follows the browser

    #expect(browser != nil)
    #expect(title == "3 of 12")
    #expect(next == "4 of 12")
    #expect(selected == 3)
    #expect(photos.photoViewController == nil)

    let previous = TTGlobalURLOpener.current
    defer { TTGlobalURLOpener.current = previous }
    let opener = TTClosureURLOpener { url, _ in url.hasPrefix("tt://photos/") }
    TTGlobalURLOpener.current = opener
    let linked = LinkedPhotosController(photoSource: photos.photoSource)
    linked.openPhoto(at: 0)
    let opened = opener.openedURLs  // ["tt://photos/0"]

    #expect(opened == ["tt://photos/0"])
    #expect(linked.photoViewController == nil)
  }

  @Test("The browser the article opens by hand loads the large photo and pages at once")
  func browserOnItsOwn() async throws {
    let server = try PhotoServer()
    defer { server.stop() }
    let source = PhotoSet(title: "Lighthouses") {
      [
        Photo(
          url: server.url("1.png"), thumbnailURL: server.url("1-thumb.png"),
          size: TTSize(width: 640, height: 480),
          caption: "North"),
        Photo(
          url: server.url("2.png"), thumbnailURL: server.url("2-thumb.png"),
          size: TTSize(width: 640, height: 480),
          caption: "South"),
      ]
    }
    let browser = TTPhotoViewController(photoSource: source, centerPhotoIndex: 1)
    browser.provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    browser.appear()
    defer { browser.disappear() }
    #expect(browser.title == "Lighthouses", "the source loads when the browser appears")
    #expect(await eventually { source.isLoaded })
    #expect(browser.title == "1 of 2", "the index was kept within the empty source")
    #expect(browser.handleKey(.right))
    #expect(render(browser).contains("South"))
    #expect(await eventually { browser.photoView?.isLoaded == true })
    #expect(server.count("2.png") == 1)
    #expect(server.count("2-thumb.png") == 0)
  }

  @Test("The ready-made source holds its photos, numbered and loaded")
  func readyMadeSource() throws {
    let server = try PhotoServer()
    defer { server.stop() }

    let base = server.baseURL
    let lighthouses = TTPhotoSet(
      title: "Lighthouses",
      photos: [
        TTBasicPhoto(url: "\(base)/photos/1.png", caption: "North"),
        TTBasicPhoto(url: "\(base)/photos/2.png", thumbnailURL: "\(base)/photos/2-thumb.png"),
      ])
    let count = lighthouses.numberOfPhotos  // 2

    #expect(count == 2)
    #expect(lighthouses.isLoaded)
    #expect(lighthouses.photo(at: 1)?.index == 1)
    #expect(lighthouses.photo(at: 1)?.url(for: .thumbnail) == "\(base)/photos/2-thumb.png")
    #expect(lighthouses.photo(at: 0)?.url(preferring: TTThumbsViewController.thumbnailVersions) == nil)
    #expect(lighthouses.photo(at: 2) == nil)
  }

  /// The rows with trailing spaces taken off, blank rows at the end dropped.
  private func trimmed(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }
}
