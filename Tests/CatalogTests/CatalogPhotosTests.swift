import Foundation
import Testing
import Three20

@testable import CatalogKit

/// Waits until `condition` holds, for at most a minute (the whole suite can keep the main actor
/// busy); returns whether it did.
@MainActor
private func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(60))
  while !condition() {
    if clock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// The Photos section: pictures painted at run time and served by the Catalog's own server, the
/// browser and the grid opened through the Catalog's navigator.
@Suite("Catalog: photos")
@MainActor
struct CatalogPhotosTests {
  @Test("Every photo is served in three versions, PNGs of their sizes; other names are not")
  func photosAreServedAsPNG() throws {
    for (offset, sample) in CatalogPhotos.samples.enumerated() {
      for (_, name, divisor) in CatalogPhotos.versions {
        let file = try #require(CatalogPhotos.file(named: "photo-\(offset + 1)-\(name).png"))
        #expect(file.contentType == "image/png")
        let header = try TTImageDecoder.header(Array(file.data))
        #expect(header.format == .png)
        #expect(header.width == (sample.portrait ? 360 : 480) / divisor)
        #expect(header.height == (sample.portrait ? 480 : 360) / divisor)
      }
    }
    #expect(CatalogPhotos.file(named: "photo-13-large.png") == nil)
    #expect(CatalogPhotos.file(named: "photo-1-huge.png") == nil)
    #expect(CatalogPhotos.file(named: "../photo-1-large.png") == nil)
    let broken = try #require(CatalogPhotos.file(named: "broken.png"))
    #expect(throws: TTImageError.self) { try TTImageDecoder.header(Array(broken.data)) }
  }

  @Test("A photo loads from the Catalog's server through the Catalog's provider")
  func photoLoadsFromTheServer() async throws {
    let url = try #require(CatalogPhotos.url(3, "small"))
    let picture = try await CatalogPhotos.provider.load(url, fitting: TTSize(width: 16, height: 6))
    #expect(picture.cellSize.width <= 16 && picture.cellSize.height <= 6)
    let server = try #require(CatalogServer.shared)
    #expect(server.log.contains { $0.hasPrefix("GET /images/photo-3-small.png") && $0.hasSuffix("200") })
  }

  @Test("The browser pages with the arrows, shows its title above the photo, and loads it")
  func browserPages() async throws {
    let host = try #require(ImageDemos.photoBrowser(at: 0) as? CatalogPhotoHost)
    let browser = try #require(host.child as? TTPhotoViewController)
    host.appear()
    defer { host.disappear() }
    let size = TTSize(width: 60, height: 20)
    #expect(TTTerminalHost.renderOnce(host, size: size, capabilities: .plain).contains("“1 of 12”"))
    #expect(await eventually { browser.photoView?.isLoaded == true })
    #expect(host.handleKey(.right))
    let second = TTTerminalHost.renderOnce(host, size: size, capabilities: .plain)
    #expect(second.contains("“2 of 12”"))
    #expect(second.contains("Ocean waves"))
    #expect(host.title == "Photo browser")
  }

  @Test("Enter on a thumbnail opens its photo through the navigator, over the grid; Escape comes back")
  func thumbnailOpensThroughTheNavigator() throws {
    let navigator = TTNavigator(resolver: CatalogMap.resolver())
    let previous = TTGlobalURLOpener.current
    TTGlobalURLOpener.current = navigator
    defer {
      TTGlobalURLOpener.current = previous
      navigator.removeAllControllers()
    }
    #expect(navigator.openURL("tt://image/thumbs", query: [:]))
    let grid = try #require(navigator.visibleController as? CatalogPhotoHost)
    let thumbs = try #require(grid.child as? TTThumbsViewController)
    thumbs.provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    #expect(grid.handleKey(.right))
    #expect(grid.handleKey(.enter))

    let photo = try #require(navigator.visibleController as? CatalogPhotoHost)
    let browser = try #require(photo.child as? TTPhotoViewController)
    #expect(photo !== grid)
    #expect(browser.centerPhotoIndex == 1)
    #expect(browser.title == "2 of 12")
    #expect(navigator.stack.count == 3, "the index, the grid and the photo")
    #expect(thumbs.photoViewController == nil, "opened by URL, not in place")

    #expect(navigator.back())
    #expect(navigator.visibleController === grid)
  }
}
