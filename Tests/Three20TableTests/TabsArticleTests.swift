// The code of the article Tabs.md, compiled and run.
//
// Every `swift` block of the article is in this file, unchanged (the suite "Table documentation
// articles" checks it): edit both together. The renderings the article shows are checked here.
import Foundation
import Testing
import Three20Core
import Three20Style
import Three20Table
import Three20UICommon

/// A playlist of the article: its title and its videos.
struct Playlist: Sendable {
  var title: String
  var videos: [String]
}

/// The videos of a playlist, loaded when asked: a stub whose loads end at once.
@MainActor
final class PlaylistModel: TTBaseModel {
  let playlist: Playlist
  private(set) var videos: [String] = []
  private(set) var loadCount = 0

  init(_ playlist: Playlist) {
    self.playlist = playlist
    super.init(state: .idle(error: nil))
  }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    loadCount += 1
    didStartLoad()
    videos = playlist.videos
    didFinishLoad()
  }
}

let playlists = [
  Playlist(title: "News", videos: ["Morning briefing", "Weather"]),
  Playlist(title: "Sport", videos: ["Match of the day"]),
  Playlist(title: "Science", videos: ["Comets", "Tides", "Volcanoes"]),
]

@MainActor
func makePlaylistsController() -> TTTabbedTableController {
  TTTabbedTableController(
    tabs: playlists.map { playlist in
      TTTabbedTableController.Tab(title: playlist.title) {
        TTModelDataSource(model: PlaylistModel(playlist)) { model in
          model.videos.map { TTTableTextItem(text: $0) }
        }
      }
    })
}

@Suite("Tabs article")
@MainActor
struct TabsArticleTests {
  static let size = TTSize(width: 40, height: 5)

  /// The first tab shows at once; the others are made when chosen, and kept.
  @Test func tabsLoadLazily() throws {
    let controller = makePlaylistsController()
    var screen = TTTerminalHost.renderOnce(controller, size: Self.size, capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "Tabs")
    #expect(controller.dataSourceIfMade(forTab: 2) == nil)

    _ = controller.handleKey(.character("3"))
    screen = TTTerminalHost.renderOnce(controller, size: Self.size, capabilities: .plain)
    try TableDocumentation.expectRendering(screen, in: "Tabs")

    let science = controller.dataSourceIfMade(forTab: 2)
    _ = controller.handleKey(.left)
    _ = controller.handleKey(.right)
    #expect(controller.dataSource === science)
    #expect((controller.dataSource?.model as? PlaylistModel)?.loadCount == 1)
  }

  /// Digits typed into a search are text, not tab choices.
  @Test func searchTakesDigits() {
    let controller = makePlaylistsController()
    _ = TTTerminalHost.renderOnce(controller, size: Self.size, capabilities: .plain)
    _ = controller.handleKey(.character("/"))
    _ = controller.handleKey(.character("2"))
    #expect(controller.selectedTabIndex == 0)
    _ = controller.handleKey(.escape)
    _ = controller.handleKey(.character("2"))
    #expect(controller.selectedTabIndex == 1)
  }
}
