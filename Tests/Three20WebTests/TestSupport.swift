import Foundation
import Testing
import Three20Core
import Three20Network
import Three20Style
import Three20TestSupport
import Three20UICommon
import Three20Web

/// A loader on a queue of its own, so tests never touch the user's URL cache: without a cache
/// (every load reaches the test server) unless the test gives one.
func testLoader(
  cache: TTURLCache? = nil, _ configure: (inout TTWebLoader.Options) -> Void = { _ in }
) -> TTWebLoader {
  var options = TTWebLoader.Options()
  options.timeout = 60
  options.totalTimeout = 120
  configure(&options)
  return TTWebLoader(
    options: options, queue: cache.map { TTURLRequestQueue(cache: $0) } ?? TTURLRequestQueue())
}

/// An HTML response in UTF-8.
func html(_ body: String, contentType: String = "text/html; charset=utf-8") -> TTTestHTTPResponse {
  TTTestHTTPResponse.text(body, contentType: contentType)
}

/// A page of `count` paragraphs `Line 0` … with a few words each, and `extra` markup after
/// paragraph `at`.
func longPage(title: String, count: Int = 60, extra: String = "", at position: Int = 0) -> String {
  var body = "<html><head><title>\(title)</title></head><body>"
  for index in 0..<count {
    if index == position { body += extra }
    body += "<p>Line \(index) of \(title).</p>"
  }
  return body + "</body></html>"
}

/// Makes a controller's view, lays it out at a size, and puts it on screen (which starts its
/// load).
@MainActor
func show(_ controller: TTViewController, width: Int = 80, height: Int = 24) {
  controller.view.frame = TTRect(x: 0, y: 0, width: width, height: height)
  controller.view.layoutIfNeeded()
  controller.appear()
}

/// Waits up to `seconds` for `condition`, letting other main-actor work run.
///
/// The default is long because in the full parallel run busy suites can hold the machine for a
/// minute; a condition that holds returns at once.
@MainActor
func eventually(seconds: Double = 90, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    if Date() > deadline { return false }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return true
}

/// A folder in the temporary directory, removed by ``remove()``.
struct TemporaryFolder {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tt-web-tests-\(UUID().uuidString)", isDirectory: true)

  init() throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
