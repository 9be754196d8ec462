import Foundation
import Testing
import Three20Image
import Three20Network
import Three20Style
import Three20UICommon

/// A 40 × 20 PNG: the left half red, the right half blue.
func twoColourPNG() throws -> [UInt8] {
  var pixels: [UInt8] = []
  for _ in 0..<20 {
    for x in 0..<40 { pixels += x < 20 ? [230, 20, 20, 255] : [20, 20, 230, 255] }
  }
  return try TTImageBitmap(width: 40, height: 20, pixels: pixels).pngData()
}

/// A server with `/a.png`, `/b.png` (the same picture), `/page.html` (not an image) and
/// `/missing.png` (404).
func imageServer() throws -> TTTestHTTPServer {
  let png = Data(try twoColourPNG())
  return try TTTestHTTPServer.started { server in
    for path in ["/a.png", "/b.png"] {
      server.route("GET", path) { _ in .data(png, contentType: "image/png") }
    }
    server.route("GET", "/page.html") { _ in .text("<html>not a picture</html>") }
    server.route("GET", "/missing.png") { _ in TTTestHTTPResponse(status: 404, body: "gone") }
  }
}

@Suite("The image provider")
struct TTImageProviderTests {
  @Test("A picture is loaded once per URL and size, through the queue, then drawn from the cache")
  func loadsOncePerSize() async throws {
    let server = try imageServer()
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    let look = TTImageLook(url: server.url("/a.png"), contentMode: .scaleAspectFit)
    let box = TTSize(width: 8, height: 2)
    guard case .loading = provider.picture(for: look, fitting: box) else {
      Issue.record("the first ask should start a load")
      return
    }
    _ = provider.picture(for: look, fitting: box)
    let picture = try await provider.load(server.url("/a.png"), fitting: box)
    guard case .ready(let drawn) = provider.picture(for: look, fitting: box) else {
      Issue.record("the picture should be ready")
      return
    }
    #expect(drawn === picture)
    #expect(picture.cellSize == TTSize(width: 8, height: 2))
    #expect(server.requestCount(for: "/a.png") == 1)
    #expect(provider.pendingLoadCount == 0)
    _ = try await provider.load(server.url("/a.png"), fitting: TTSize(width: 4, height: 1))
    #expect(server.requestCount(for: "/a.png") == 2)
  }

  @Test("A failure is remembered with what went wrong, and retrying loads again")
  func failuresAreRemembered() async throws {
    let server = try imageServer()
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    let box = TTSize(width: 4, height: 2)
    await #expect(throws: TTImageError.self) {
      _ = try await provider.load(server.url("/page.html"), fitting: box)
    }
    // The task the draw path starts records the failure; load it the same way.
    _ = provider.picture(for: TTImageLook(url: server.url("/missing.png")), fitting: box)
    for _ in 0..<500 where provider.failure(for: server.url("/missing.png")) == nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    let failure = try #require(provider.failure(for: server.url("/missing.png")))
    #expect(failure.code == .loadFailed)
    #expect(failure.description.contains("/missing.png"))
    guard
      case .failed(let reason) = provider.picture(
        for: TTImageLook(url: server.url("/missing.png")), fitting: box)
    else {
      Issue.record("a failed image should say so")
      return
    }
    #expect(reason.contains("404"))
    provider.retry(server.url("/missing.png"))
    #expect(provider.failure(for: server.url("/missing.png")) == nil)
    let notImage = try await failureOf(provider, server.url("/page.html"), box)
    #expect(notImage.code == .unknownFormat)
  }

  private func failureOf(
    _ provider: TTImageProvider, _ url: String, _ box: TTSize
  ) async throws -> TTImageError {
    do {
      _ = try await provider.load(url, fitting: box)
    } catch {
      return error
    }
    throw TTImageError(.corrupt, "loaded what should have failed", source: url)
  }

  @Test("A body larger than the byte limit is refused while it downloads")
  func bodiesAreBoundedByTheByteLimit() async throws {
    let server = try TTTestHTTPServer.started()
    let provider = TTImageProvider(
      queue: TTURLRequestQueue(), cache: TTImageCache(), limits: TTImageLimits(maxBytes: 1_000))
    let failure = try await failureOf(provider, server.url("/large/5000000"), TTSize(width: 4, height: 2))
    #expect(failure.code == .loadFailed)
    #expect(failure.description.contains("1000"))
  }

  @Test("Pending loads are bounded: the oldest are cancelled when more are asked for")
  func pendingLoadsAreBounded() throws {
    let server = try TTTestHTTPServer.started()
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache(), maxPendingLoads: 3)
    for index in 0..<20 {
      _ = provider.picture(
        for: TTImageLook(url: server.url("/delay/2000?i=\(index)")), fitting: TTSize(width: 2, height: 1))
      #expect(provider.pendingLoadCount <= 3)
    }
  }
}

@MainActor
@Suite("TTImageView")
struct TTImageViewTests {
  final class Recorder: TTImageViewDelegate {
    var events: [String] = []
    func imageViewDidStartLoad(_ imageView: TTImageView) { events.append("start") }
    func imageView(_ imageView: TTImageView, didLoad picture: TTImagePicture) { events.append("load") }
    func imageView(_ imageView: TTImageView, didFailLoadWithError error: TTImageError) {
      events.append("fail \(error.code)")
    }
  }

  func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
  }

  @Test("The view shows its alternate text, then the picture, and tells its delegate")
  func loadsAndShows() async throws {
    let server = try imageServer()
    let view = TTImageView(urlPath: server.url("/b.png"), alternateText: "flag")
    view.provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    let recorder = Recorder()
    view.delegate = recorder
    view.frame = TTRect(x: 0, y: 0, width: 10, height: 3)
    var canvas = TTCanvas(width: 10, height: 3)
    view.draw(on: &canvas)
    #expect(canvas.plainText.contains("flag"))
    #expect(canvas.pictures.isEmpty)
    #expect(view.isLoading)
    try await waitUntil { view.isLoaded }
    #expect(recorder.events == ["start", "load"])
    #expect(view.needsDisplay)
    var loaded = TTCanvas(width: 10, height: 3)
    view.draw(on: &loaded)
    let placed = try #require(loaded.pictures.first)
    // 40 × 20 pixels in 10 × 3 cells of 10 × 20 pixels: 6 columns by 2 rows would be exact; the
    // picture is fitted inside and centred.
    #expect(placed.frame.width <= 10 && placed.frame.height <= 3)
    #expect(loaded.plainText.contains("flag"))  // what a pipe shows beneath the picture
    #expect(TTANSIRenderer(capabilities: .trueColor).render(loaded).contains("48;2;"))
  }

  @Test("A failure shows the error look and reloading tries again")
  func showsErrors() async throws {
    let server = try imageServer()
    let view = TTImageView(urlPath: server.url("/page.html"), alternateText: "logo")
    view.provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    let recorder = Recorder()
    view.delegate = recorder
    view.frame = TTRect(x: 0, y: 0, width: 12, height: 1)
    var canvas = TTCanvas(width: 12, height: 1)
    view.draw(on: &canvas)
    try await waitUntil { view.error != nil }
    #expect(recorder.events == ["start", "fail unknownFormat"])
    var failed = TTCanvas(width: 12, height: 1)
    view.draw(on: &failed)
    #expect(failed.plainText.contains("✗ logo"))
    view.urlPath = server.url("/a.png")
    #expect(view.error == nil && !view.isLoaded)
    var again = TTCanvas(width: 12, height: 1)
    view.draw(on: &again)
    try await waitUntil { view.isLoaded }
    #expect(recorder.events.last == "load")
  }
}
