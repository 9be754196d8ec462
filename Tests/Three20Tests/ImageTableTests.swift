import Foundation
import Testing
import Three20

/// A million rows with an image each, made when asked, never stored.
@MainActor
final class MillionImagesDataSource: TTTableDataSource {
  let baseURL: String
  init(baseURL: String) {
    self.baseURL = baseURL
    super.init()
  }
  override var numberOfSections: Int { 1 }
  override func numberOfRows(inSection section: Int) -> Int { 1_000_000 }
  override func item(at indexPath: IndexPath) -> (any TTTableItem)? {
    TTTableImageItem(
      text: "Photo \(indexPath[1])", imageURL: "\(baseURL)/photos/\(indexPath[1]).png", alternateText: "photo"
    )
  }
}

/// Table rows with images, with the Image module's provider: only the rows on screen load their
/// pictures, and a row shows its picture once it arrives.
@MainActor
@Suite("Images in tables")
struct ImageTableTests {
  @Test("A table of a million image rows loads only the pictures on screen, and shows them when they arrive")
  func loadsOnlyVisibleRows() async throws {
    var pixels: [UInt8] = []
    for index in 0..<(24 * 24) { pixels += index % 24 < 12 ? [240, 200, 20, 255] : [20, 120, 240, 255] }
    let png = Data(try TTImageBitmap(width: 24, height: 24, pixels: pixels).pngData())
    let server = try TTTestHTTPServer.started { server in
      server.route("GET", "/photos/*") { _ in .data(png, contentType: "image/png") }
    }
    let provider = TTImageProvider(queue: TTURLRequestQueue(), cache: TTImageCache())
    try await TTGlobalImageProvider.withProvider(provider) {
      let table = TTTableView()
      table.dataSource = MillionImagesDataSource(baseURL: server.baseURL)
      table.frame = TTRect(x: 0, y: 0, width: 40, height: 12)
      var first = TTCanvas(width: 40, height: 12)
      table.draw(on: &first)
      // Image rows are three lines tall: four rows show.
      #expect(first.plainText.contains("Photo 3"))
      #expect(!first.plainText.contains("Photo 4"))
      #expect(first.pictures.isEmpty)
      for _ in 0..<1000 where provider.pendingLoadCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
      #expect(server.requestCount(for: "/photos/0.png") == 1)
      #expect(server.totalRequestCount == 4)
      var second = TTCanvas(width: 40, height: 12)
      table.draw(on: &second)
      #expect(second.pictures.count == 4)
      #expect(second.pictures.allSatisfy { $0.frame.height == 3 })
      #expect(TTANSIRenderer(capabilities: .trueColor).render(second).contains("48;2;"))
    }
  }
}
