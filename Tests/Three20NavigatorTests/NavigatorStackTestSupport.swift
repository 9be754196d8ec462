import Foundation
import Logging
import Synchronization
import Three20Core
import Three20Navigator
import Three20Style
import Three20TestSupport
import Three20UICommon

/// What happened, in order: lifecycle calls, hooks, factories.
@MainActor
final class StackEventLog {
  var events: [String] = []
}

/// A controller that records its lifecycle, keys and fragments, and shows its title.
@MainActor
final class StackProbeController: TTViewController, TTFragmentHandling {
  let name: String
  let log: StackEventLog?
  let query: [String: any Sendable]
  var fragments: [String] = []
  var handlesFragments = true
  var stateAtAppear: [String: String]?
  var usedKeys: Set<TTKey> = []
  var keys: [TTKey] = []

  init(name: String, title: String?, log: StackEventLog?, query: [String: any Sendable] = [:]) {
    self.name = name
    self.log = log
    self.query = query
    super.init()
    self.title = title
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let label = TTLabel(text: "Screen \(name)")
    label.frame = TTRect(x: 1, y: 0, width: 30, height: 1)
    view.addSubview(label)
  }

  override func viewWillAppear() {
    stateAtAppear = frozenState
    log?.events.append("\(name) willAppear")
  }
  override func viewDidAppear() { log?.events.append("\(name) didAppear") }
  override func viewWillDisappear() { log?.events.append("\(name) willDisappear") }
  override func viewDidDisappear() { log?.events.append("\(name) didDisappear") }

  override func handleKey(_ key: TTKey) -> Bool {
    keys.append(key)
    return usedKeys.contains(key)
  }

  func handleFragment(_ fragment: String) -> Bool {
    fragments.append(fragment)
    return handlesFragments
  }
}

/// A plain controller that does not handle fragments.
@MainActor
final class StackPlainController: TTViewController {}

/// A resolver for tests: exact URLs (without query and fragment), then prefixes.
struct StackTestResolver: TTURLResolving {
  var exact: [String: TTURLRoute] = [:]
  var prefixes: [(String, TTURLRoute)] = []

  func resolve(_ url: String) -> TTURLResolution? {
    var base = url
    var fragment: String?
    if let hash = base.firstIndex(of: "#") {
      fragment = String(base[base.index(after: hash)...])
      base = String(base[..<hash])
    }
    if let mark = base.firstIndex(of: "?") { base = String(base[..<mark]) }
    if let route = exact[base] {
      return TTURLResolution(match: TTURLMatch(url: url, pattern: base, fragment: fragment), route: route)
    }
    for (prefix, route) in prefixes where base.hasPrefix(prefix) && base.count > prefix.count {
      let rest = String(base.dropFirst(prefix.count))
      return TTURLResolution(
        match: TTURLMatch(
          url: url, pattern: prefix + "(name)", parameters: ["name": .string(rest)], fragment: fragment),
        route: route)
    }
    return nil
  }
}

/// The routes most tests use, all recording into `log`.
@MainActor
func makeStackResolver(_ log: StackEventLog) -> StackTestResolver {
  func probe(_ name: String, _ title: String?) -> TTURLRoute.Target {
    .controller { _, query in
      log.events.append("make \(name)")
      return StackProbeController(name: name, title: title, log: log, query: query)
    }
  }
  var resolver = StackTestResolver()
  resolver.exact = [
    "tt://catalog": TTURLRoute(target: probe("catalog", "Catalog"), mode: .share),
    "tt://settings": TTURLRoute(target: probe("settings", "Settings"), mode: .share),
    "tt://tables": TTURLRoute(target: probe("tables", "Tables"), parentURL: "tt://catalog"),
    "tt://tables/items": TTURLRoute(target: probe("items", "Table Items"), parentURL: "tt://tables"),
    "tt://compose": TTURLRoute(target: probe("compose", "Compose"), mode: .modal),
    "tt://object": TTURLRoute(target: probe("object", "Object"), mode: .none),
    "tt://decline": TTURLRoute(target: .controller { _, _ in nil }),
    "tt://plain": TTURLRoute(target: .controller { _, _ in StackPlainController(title: "Plain") }),
    "tt://action": TTURLRoute(
      target: .handler { match, query in
        log.events.append("handle \(match.url) \(query["n"].map { "\($0)" } ?? "-")")
        return true
      }),
    "tt://refuse": TTURLRoute(target: .handler { _, _ in false }),
    "tt://loop/a": TTURLRoute(target: probe("a", "A"), parentURL: "tt://loop/b"),
    "tt://loop/b": TTURLRoute(target: probe("b", "B"), parentURL: "tt://loop/a"),
  ]
  resolver.prefixes = [
    (
      "tt://page/",
      TTURLRoute(
        target: .controller { match, query in
          let name = match["name"] ?? "?"
          log.events.append("make \(name)")
          return StackProbeController(name: name, title: name.capitalized, log: log, query: query)
        })
    )
  ]
  return resolver
}

/// A delegate that records each hook and can refuse, cancel or rewrite URLs.
@MainActor
final class StackRecordingDelegate: TTNavigatorDelegate {
  let log: StackEventLog
  var refused: Set<String> = []
  var cancelled: Set<String> = []
  var rewrites: [String: String] = [:]

  init(log: StackEventLog) { self.log = log }

  func navigator(_ navigator: TTNavigator, shouldOpen url: String) -> Bool {
    log.events.append("shouldOpen \(url)")
    return !refused.contains(url)
  }

  func navigator(_ navigator: TTNavigator, urlToOpen url: String) -> String? {
    log.events.append("urlToOpen \(url)")
    if cancelled.contains(url) { return nil }
    return rewrites[url] ?? url
  }

  func navigator(_ navigator: TTNavigator, willOpen url: String, in controller: TTViewController) {
    log.events.append("willOpen \(url)")
  }

  func navigator(_ navigator: TTNavigator, didNotMatch url: String) {
    log.events.append("didNotMatch \(url)")
  }
}

/// Which URLs are open, bottom first.
@MainActor
func stackURLs(_ controllers: [TTViewController]) -> [String] {
  controllers.map { $0.navigatorURL ?? "nil" }
}

// MARK: - Files and logs

/// A fresh folder under the temporary folder, removed afterwards.
func withStackTemporaryFolder<T>(_ body: (URL) throws -> T) rethrows -> T {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "navstack-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder)
}

/// Every message written through TTLog while capturing.
final class StackCapturedLog: Sendable {
  let entries = Mutex<[(level: Logger.Level, message: String)]>([])

  func warnings(containing text: String) -> [String] {
    entries.withLock { $0.filter { $0.level == .warning && $0.message.contains(text) }.map(\.message) }
  }
}

struct StackLogHandler: LogHandler {
  let log: StackCapturedLog
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    log.entries.withLock { $0.append((event.level, "\(event.message)")) }
  }
}

/// Runs `body` with TTLog's messages captured.
func withStackLogCapture<T>(_ body: (StackCapturedLog) throws -> T) rethrows -> T {
  try TTLogCaptureLock.withLock {
    let log = StackCapturedLog()
    TTLog.useLogHandlers { _ in StackLogHandler(log: log) }
    defer { TTLog.useLogHandlers(nil) }
    return try body(log)
  }
}
