import Foundation
import Three20

/// Friends from a pretend server: a model that loads pages after a short wait, or finds
/// nobody, or fails until retried, or never finishes.
final class FriendsModel: TTBaseModel {
  /// What loading does.
  enum Behaviour: Sendable {
    case friends, nobody, failsOnce, forever
  }

  let behaviour: Behaviour
  private(set) var friends: [String] = []
  private(set) var hasMore = true
  private var failures = 0
  private var task: Task<Void, Never>?

  static let names = [
    "Ada Lovelace", "Alan Kay", "Barbara Liskov", "Dennis Ritchie", "Edsger Dijkstra", "Frances Allen",
    "Grace Hopper", "Joe Hewitt", "John Backus", "Ken Thompson", "Linus Torvalds", "Margaret Hamilton",
  ]

  init(_ behaviour: Behaviour) {
    self.behaviour = behaviour
    super.init(state: .idle(error: nil))
  }

  override func load(_ policy: TTURLRequestCachePolicy, more: Bool) {
    guard !isLoading else { return }
    didStartLoad(more: more)
    task = Task { [weak self] in
      try? await Task.sleep(for: .milliseconds(150))
      guard let self, !Task.isCancelled else { return }
      switch behaviour {
      case .forever: return
      case .nobody: friends = []
      case .failsOnce where failures == 0:
        failures += 1
        didFailLoad(with: FriendsServerDown())
        return
      case .friends, .failsOnce:
        let page = Self.names.dropFirst(more ? friends.count : 0).prefix(6)
        friends = (more ? friends : []) + page
        hasMore = friends.count < Self.names.count
      }
      didFinishLoad()
    }
  }

  override func cancel() {
    task?.cancel()
    if isLoading { didCancelLoad() }
  }
}

/// The failure of the Error tab's first load.
struct FriendsServerDown: Error, CustomStringConvertible {
  var description: String { "The friends server is down (on purpose). Press Enter on Retry." }
}

/// The friends as rows, with "No Friends" when there are none and a "more" row while there
/// are more pages (Three20's TableTestController).
final class FriendsDataSource: TTModelDataSource<FriendsModel> {
  init(_ behaviour: FriendsModel.Behaviour) {
    super.init(model: FriendsModel(behaviour)) { model in
      model.friends.map { TTTableSubtitleItem(text: $0, subtitle: "Friend since 1970") }
    }
  }

  override var titleForEmpty: String? { "No Friends" }
  override var subtitleForEmpty: String? { "Find people you know to add them." }
  override var hasMoreItems: Bool { sourceModel.hasMore && !sourceModel.friends.isEmpty }
  override var titleForMore: String { "Load more friends…" }
}

/// Model states in tabs made only when chosen.
///
/// Content with paging, empty, error with Retry, loading. `tt://table/states?tab=N` starts on tab N (1–4).
final class TableStatesDemo: TTTabbedTableController, CatalogSettling, CatalogSizing {
  init(tab: Int) {
    super.init(
      tabs: [
        Tab(title: "Friends") { FriendsDataSource(.friends) },
        Tab(title: "No friends") { FriendsDataSource(.nobody) },
        Tab(title: "Error") { FriendsDataSource(.failsOnce) },
        Tab(title: "Loading") { FriendsDataSource(.forever) },
      ], selectedIndex: max(0, min(3, tab - 1)))
    title = "Model states"
  }

  func settle() async {
    _ = view
    for _ in 0..<100 {
      guard let model = dataSource?.model else { return }
      if model.state.isIdleWithoutError { model.load(.default, more: false) }
      let forever = (model as? FriendsModel)?.behaviour == .forever
      if !model.isLoading || forever { return }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  func preferredHeight(width: Int) -> Int { 18 }
}
