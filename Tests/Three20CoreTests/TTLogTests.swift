import InMemoryLogging
import Logging
import Synchronization
import Testing
import Three20Core
import Three20TestSupport

/// TTLog's settings are global to the process, so these tests run one at a time.
@Suite("TTLog", .serialized)
struct TTLogTests {
  /// Captures what TTLog writes, per logger label.
  final class Capture: Sendable {
    let handler = InMemoryLogHandler()
    let labels = Mutex<[String]>([])

    var messages: [String] { handler.entries.map { "\($0.level) \($0.message)" } }
  }

  func withCapture(
    level: TTLog.Level = .warning, enabled: Set<TTLog.Subsystem> = [], _ body: (Capture) -> Void
  ) {
    // Other targets' suites run in this process too: hold the lock they take to capture logs.
    TTLogCaptureLock.withLock {
      let capture = Capture()
      let savedLevel = TTLog.maximumLevel
      let savedSubsystems = TTLog.enabledSubsystems
      TTLog.maximumLevel = level
      TTLog.enabledSubsystems = enabled
      TTLog.useLogHandlers { label in
        capture.labels.withLock { $0.append(label) }
        return capture.handler
      }
      body(capture)
      TTLog.useLogHandlers(nil)
      TTLog.maximumLevel = savedLevel
      TTLog.enabledSubsystems = savedSubsystems
    }
  }

  /// By default warnings and errors are written and info is not, as with `TTMAXLOGLEVEL`.
  @Test func warningLevelFiltersInfo() {
    withCapture { capture in
      TTLog.error(.urlCache, "broken")
      TTLog.warning(.urlCache, "odd")
      TTLog.info(.urlCache, "chatter")
      TTLog.debug(.urlCache, "detail")
      #expect(capture.messages == ["error broken", "warning odd"])
    }
  }

  /// An enabled subsystem writes every level; others stay filtered.
  @Test func enabledSubsystemWritesEveryLevel() {
    withCapture(enabled: [.navigator]) { capture in
      TTLog.debug(.navigator, "open tt://feed")
      TTLog.debug(.xmlParser, "start element")
      #expect(capture.messages == ["debug open tt://feed"])
      #expect(TTLog.isEnabled(.debug, .navigator))
      #expect(!TTLog.isEnabled(.debug, .xmlParser))
    }
  }

  /// Raising the maximum level lets info through for every subsystem.
  @Test func infoLevelWritesInfo() {
    withCapture(level: .info) { capture in
      TTLog.info(.urlRequest, "GET /")
      TTLog.debug(.urlRequest, "headers")
      #expect(capture.messages == ["info GET /"])
    }
  }

  /// A message that is not written is never built.
  @Test func filteredMessagesAreNotBuilt() {
    withCapture { _ in
      let built = Mutex(false)
      func expensive() -> String {
        built.withLock { $0 = true }
        return "x"
      }
      TTLog.debug(.urlCache, expensive())
      #expect(built.withLock { $0 } == false)
    }
  }

  /// Each subsystem logs under its own `three20.<name>` label.
  @Test func loggerLabelsNameTheSubsystem() {
    withCapture(enabled: [.urlCache, .tableUpdates]) { capture in
      TTLog.debug(.urlCache, "a")
      TTLog.debug(.tableUpdates, "b")
      TTLog.debug(.urlCache, "c")
      #expect(capture.labels.withLock { $0 } == ["three20.urlcache", "three20.tableupdates"])
    }
  }

  /// Levels order by severity: error is the most severe, debug the least.
  @Test func levelsOrderBySeverity() {
    #expect(TTLog.Level.debug < .info)
    #expect(TTLog.Level.info < .warning)
    #expect(TTLog.Level.warning < .error)
    #expect(TTLog.Level.allCases.map(\.rawValue) == [1, 3, 5, 7])
  }

  /// Custom subsystem names are lower-cased so `TT_LOG` matching is case-blind.
  @Test func subsystemNamesAreLowerCased() {
    #expect(TTLog.Subsystem("Sync").name == "sync")
    #expect(TTLog.Subsystem("URLRequest") == .urlRequest)
  }

  /// A failed check logs where it failed and returns false; a passing one logs nothing.
  @Test func failedCheckLogsLocationAndReturnsFalse() {
    withCapture { capture in
      #expect(TTLog.check(1 + 1 == 2, "math"))
      let line = #line + 1
      let held = TTLog.check([Int]().count > 0, "needs an item")
      #if DEBUG
      #expect(held == false)
      #expect(capture.messages.count == 1)
      let message = capture.messages.first ?? ""
      #expect(message.hasPrefix("error TTDASSERT failed: needs an item"))
      #expect(message.contains("TTLogTests.swift:\(line)"))
      #else
      #expect(held == true)
      #expect(capture.messages.isEmpty)
      #endif
    }
  }
}
