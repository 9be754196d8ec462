// Helpers of the photo browser's and thumbnail grid's tests: a real HTTP server of PNG photos on
// 127.0.0.1, photo sources, and a provider of each test's own (no disk cache, no shared state).
import Foundation
import Synchronization
import Testing
import Three20Core
import Three20Image
import Three20Network
import Three20Style
import Three20TestSupport
import Three20UICommon

/// A loopback server of photos: `/photos/<anything>.png` is a small PNG, except names with
/// `missing` (404), `broken` (an HTML page served as a PNG) and `flaky` (404 the first time,
/// the picture after).
final class PhotoServer: Sendable {
  let server: TTTestHTTPServer

  /// A 48 × 32 gradient, as PNG.
  static let png: Data = {
    var pixels: [UInt8] = []
    for y in 0..<32 {
      for x in 0..<48 { pixels += [UInt8(x * 5), UInt8(y * 7), 160, 255] }
    }
    return (try? TTImageBitmap(width: 48, height: 32, pixels: pixels).pngData()).map { Data($0) } ?? Data()
  }()

  /// Counts the requests of `flaky` files.
  private final class Counter: Sendable {
    let value = Atomic<Int>(0)
  }

  init() throws {
    let flakyCalls = Counter()
    server = try TTTestHTTPServer.started { server in
      server.route("GET", "/photos/*") { request in
        if request.path.contains("missing") { return .notFound(request.path) }
        if request.path.contains("broken") {
          return .data(Data("<html>not a picture</html>".utf8), contentType: "image/png")
        }
        if request.path.contains("flaky"), flakyCalls.value.add(1, ordering: .relaxed).oldValue == 0 {
          return .notFound(request.path)
        }
        if request.path.contains("slow") {
          return .data(Self.png, contentType: "image/png").delayed(by: .milliseconds(300))
        }
        return .data(Self.png, contentType: "image/png")
      }
    }
  }

  /// `http://127.0.0.1:<port>`.
  var baseURL: String { server.baseURL }

  /// The URL of a photo file.
  func url(_ name: String) -> String { server.url("/photos/\(name)") }

  /// How many times a photo file was asked for.
  func count(_ name: String) -> Int { server.requestCount(for: "/photos/\(name)") }

  /// How many photo files were asked for in all.
  var photoRequests: Int { server.requests.filter { $0.path.hasPrefix("/photos/") }.count }

  func stop() { server.stop() }
}

/// A provider of a test's own: a queue without a disk cache and a picture cache of its own.
func makeProvider() -> TTImageProvider {
  TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
}

/// A set of `count` photos on the server: `<i>-large.png`, `<i>-thumb.png`, captions
/// `Caption <i + 1>`.
@MainActor
func makePhotoSet(
  _ server: PhotoServer, count: Int, title: String = "Test photos", linked: Bool = false
)
  -> TTPhotoSet
{
  TTPhotoSet(
    title: title,
    photos: (0..<count).map { index in
      TTBasicPhoto(
        url: server.url("\(index)-large.png"), thumbnailURL: server.url("\(index)-thumb.png"),
        caption: "Caption \(index + 1)", navigatorURL: linked ? "tt://photos/\(index)" : nil)
    })
}

/// Waits until `condition` holds, for at most `timeout`; returns whether it did.
///
/// The default is long because in the full parallel run of every suite a test's continuation
/// waits behind the synchronous tests queued before it, on a two-core machine for well over a
/// minute; a condition that holds returns at once.
@MainActor
func eventually(_ timeout: Duration = .seconds(240), _ condition: @MainActor () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while !condition() {
    if clock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// Draws a controller at a size; returns the canvas, pictures and all.
@MainActor
func drawCanvas(_ controller: TTViewController, size: TTSize) -> TTCanvas {
  controller.view.frame = TTRect(origin: .zero, size: size)
  var canvas = TTCanvas(width: size.width, height: size.height)
  controller.view.draw(on: &canvas)
  return canvas
}

/// Draws a controller at a size as plain text.
@MainActor
func render(_ controller: TTViewController, width: Int = 40, height: Int = 16) -> String {
  TTTerminalHost.renderOnce(controller, size: TTSize(width: width, height: height), capabilities: .plain)
}

/// A photo source of any size that makes its photos when asked, and counts what it is asked.
///
/// Loads in pages of `pageSize` when `pageSize` is given: `load(_:more:)` adds a page, finishing
/// when ``finishPage()`` is called (or failing with ``failPage()``).
@MainActor
final class CountingPhotoSource: TTBaseModel, TTPhotoSource {
  let numberOfPhotos: Int
  let title: String? = "Many photos"
  private let urlFor: (Int) -> String
  private(set) var loaded: Int
  private let pageSize: Int
  /// Every index asked of ``photo(at:)``.
  private(set) var asked: [Int] = []
  /// Every `more` argument of ``load(_:more:)``.
  private(set) var loads: [Bool] = []

  init(count: Int, pageSize: Int? = nil, url: @escaping (Int) -> String) {
    numberOfPhotos = count
    urlFor = url
    self.pageSize = pageSize ?? count
    loaded = pageSize ?? count
    super.init(state: .loaded(outdated: false, error: nil))
  }

  var maxPhotoIndex: Int { loaded - 1 }

  func photo(at index: Int) -> (any TTPhoto)? {
    asked.append(index)
    guard index >= 0, index < loaded else { return nil }
    let photo = TTBasicPhoto(url: urlFor(index), thumbnailURL: urlFor(index), caption: "Photo #\(index + 1)")
    photo.index = index
    photo.photoSource = self
    return photo
  }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    loads.append(more)
    didStartLoad(more: more)
  }

  func finishPage() {
    loaded = min(numberOfPhotos, loaded + pageSize)
    didFinishLoad()
  }

  func failPage() {
    didFailLoad(with: TTImageError(.loadFailed, "the page could not be loaded"))
  }

  func resetCounts() {
    asked = []
  }
}
