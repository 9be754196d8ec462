import Foundation
public import Logging
import Synchronization

/// Three20's debug logging, on top of swift-log.
///
/// Three20 had `TTDPRINT`, leveled macros (`TTDERROR`, `TTDWARNING`, `TTDINFO`) capped by
/// `TTMAXLOGLEVEL`, and per-subsystem flags (`TTDFLAG_URLREQUEST`, `TTDFLAG_NAVIGATOR`, …) that
/// turned on the chatter of one part of the library. `TTLog` keeps that model:
///
/// - A message is written when its level is at least as severe as ``maximumLevel``
///   (default ``Level/warning``, as `TTMAXLOGLEVEL` was), **or** when its subsystem is in
///   ``enabledSubsystems`` (then every level of that subsystem is written, like
///   `TTDCONDITIONLOG`).
/// - Messages are built lazily: a message that is not written costs one check.
/// - Output goes through swift-log, so an app's `LoggingSystem.bootstrap` decides where it
///   lands. Each subsystem logs under the label `three20.<subsystem>`.
///
/// ```swift
/// TTLog.enabledSubsystems = [.urlRequest, .navigator]
/// TTLog.info(.urlRequest, "GET \(url)")       // written: the subsystem is enabled
/// TTLog.info(.urlCache, "hit \(key)")          // not written: info is below warning
/// TTLog.warning(.urlCache, "cache file moved aside")  // written: warnings always are
/// ```
///
/// Both settings can also come from the environment when the process starts:
/// `TT_LOG=urlrequest,navigator` enables subsystems (`all` enables every one) and
/// `TT_LOG_LEVEL=info` sets the level.
public enum TTLog {
  /// How severe a message is, from Three20's levels (error 1, warning 3, info 5) plus debug.
  public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Something failed (Three20's `TTLOGLEVEL_ERROR`).
    case error = 1
    /// Something is wrong but work goes on (Three20's `TTLOGLEVEL_WARNING`).
    case warning = 3
    /// What the library is doing (Three20's `TTLOGLEVEL_INFO`).
    case info = 5
    /// Detail for whoever debugs the library itself.
    case debug = 7

    /// Whether `self` is less severe than `other`: `.info < .warning`.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue > rhs.rawValue }

    /// The level's name, for example `warning`.
    public var description: String {
      switch self {
      case .error: "error"
      case .warning: "warning"
      case .info: "info"
      case .debug: "debug"
      }
    }

    var loggerLevel: Logger.Level {
      switch self {
      case .error: .error
      case .warning: .warning
      case .info: .info
      case .debug: .debug
      }
    }
  }

  /// A part of the library whose messages can be turned on on its own.
  ///
  /// The built-in subsystems are Three20's `TTDFLAG_…` flags. Apps may define their own:
  /// `static let sync = TTLog.Subsystem("sync")`.
  public struct Subsystem: Sendable, Hashable, CustomStringConvertible {
    /// The subsystem's name: lower case, used in `TT_LOG` and in the logger label.
    public let name: String

    /// Creates a subsystem.
    ///
    /// - Parameter name: The subsystem's name; it is lower-cased.
    public init(_ name: String) {
      self.name = name.lowercased()
    }

    /// The subsystem's name.
    public var description: String { name }

    /// Messages that are about no particular subsystem.
    public static let general = Subsystem("general")
    /// URL requests: what is sent and received (`TTDFLAG_URLREQUEST`).
    public static let urlRequest = Subsystem("urlrequest")
    /// The URL cache: hits, misses, stores, evictions (`TTDFLAG_URLCACHE`).
    public static let urlCache = Subsystem("urlcache")
    /// ETag revalidation (`TTDFLAG_ETAGS`).
    public static let etags = Subsystem("etags")
    /// The navigator: URLs opened, matched, persisted (`TTDFLAG_NAVIGATOR`).
    public static let navigator = Subsystem("navigator")
    /// The XML parser (`TTDFLAG_XMLPARSER`).
    public static let xmlParser = Subsystem("xmlparser")
    /// Table updates: reloads, inserts, deletes (`TTDFLAG_TABLEVIEWMODIFICATIONS`).
    public static let tableUpdates = Subsystem("tableupdates")
    /// View controllers: appear, disappear, state changes (`TTDFLAG_VIEWCONTROLLERS`).
    public static let viewControllers = Subsystem("viewcontrollers")

    /// Every built-in subsystem.
    public static let builtIn: [Subsystem] = [
      .general, .urlRequest, .urlCache, .etags, .navigator, .xmlParser, .tableUpdates, .viewControllers,
    ]
  }

  private struct Settings {
    var maximumLevel: Level
    var enabled: Set<Subsystem>
    var allEnabled: Bool
    var makeHandler: (@Sendable (String) -> any LogHandler)?
    var loggers: [Subsystem: Logger] = [:]
  }

  private static let settings = Mutex(TTLog.settingsFromEnvironment())

  /// The least severe level written for every subsystem.
  ///
  /// Defaults to ``Level/warning``, or to the `TT_LOG_LEVEL` environment variable (`error`,
  /// `warning`, `info`, `debug`).
  public static var maximumLevel: Level {
    get { settings.withLock { $0.maximumLevel } }
    set { settings.withLock { $0.maximumLevel = newValue } }
  }

  /// The subsystems whose messages are all written, whatever their level.
  ///
  /// Defaults to none, or to the comma-separated names in the `TT_LOG` environment variable.
  public static var enabledSubsystems: Set<Subsystem> {
    get { settings.withLock { $0.allEnabled ? Set(Subsystem.builtIn).union($0.enabled) : $0.enabled } }
    set {
      settings.withLock {
        $0.enabled = newValue; $0.allEnabled = false
      }
    }
  }

  /// Sends Three20's messages to log handlers made by `factory` instead of the ones
  /// `LoggingSystem` was bootstrapped with; `nil` goes back to `LoggingSystem`.
  ///
  /// Useful in tests, which cannot bootstrap swift-log more than once per process.
  ///
  /// - Parameter factory: Makes a handler for a logger label such as `three20.navigator`.
  public static func useLogHandlers(_ factory: (@Sendable (String) -> any LogHandler)?) {
    settings.withLock {
      $0.makeHandler = factory
      $0.loggers = [:]
    }
  }

  /// Whether a message of `level` about `subsystem` would be written.
  ///
  /// - Parameters:
  ///   - level: The message's level.
  ///   - subsystem: The part of the library the message is about.
  /// - Returns: `true` when the level is severe enough or the subsystem is enabled.
  public static func isEnabled(_ level: Level, _ subsystem: Subsystem = .general) -> Bool {
    settings.withLock { settings in
      level >= settings.maximumLevel || settings.allEnabled || settings.enabled.contains(subsystem)
    }
  }

  /// Writes a message if its level or subsystem is enabled.
  ///
  /// - Parameters:
  ///   - level: How severe the message is.
  ///   - subsystem: The part of the library the message is about.
  ///   - message: The text; it is built only when the message is written.
  ///   - metadata: Structured values to attach, for log handlers that keep them.
  ///   - file: The file of the call; filled in by the compiler.
  ///   - function: The function of the call; filled in by the compiler.
  ///   - line: The line of the call; filled in by the compiler.
  public static func log(
    _ level: Level,
    _ subsystem: Subsystem,
    _ message: @autoclosure () -> String,
    metadata: Logger.Metadata? = nil,
    file: String = #fileID,
    function: String = #function,
    line: UInt = #line
  ) {
    let logger: Logger? = settings.withLock { settings in
      guard level >= settings.maximumLevel || settings.allEnabled || settings.enabled.contains(subsystem)
      else { return nil }
      if let logger = settings.loggers[subsystem] { return logger }
      let label = "three20.\(subsystem.name)"
      var logger =
        if let make = settings.makeHandler { Logger(label: label, factory: { make($0) }) } else {
          Logger(label: label)
        }
      // TTLog has already decided the message is wanted; let every level through.
      logger.logLevel = .trace
      settings.loggers[subsystem] = logger
      return logger
    }
    guard let logger else { return }
    logger.log(
      level: level.loggerLevel, "\(message())", metadata: metadata, source: "Three20",
      file: file, function: function, line: line)
  }

  /// Writes an error message (Three20's `TTDERROR`).
  ///
  /// - Parameters:
  ///   - subsystem: The part of the library the message is about.
  ///   - message: The text; built only when written.
  ///   - file: Filled in by the compiler.
  ///   - function: Filled in by the compiler.
  ///   - line: Filled in by the compiler.
  public static func error(
    _ subsystem: Subsystem = .general, _ message: @autoclosure () -> String,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(.error, subsystem, message(), file: file, function: function, line: line)
  }

  /// Writes a warning (Three20's `TTDWARNING`).
  ///
  /// - Parameters:
  ///   - subsystem: The part of the library the message is about.
  ///   - message: The text; built only when written.
  ///   - file: Filled in by the compiler.
  ///   - function: Filled in by the compiler.
  ///   - line: Filled in by the compiler.
  public static func warning(
    _ subsystem: Subsystem = .general, _ message: @autoclosure () -> String,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(.warning, subsystem, message(), file: file, function: function, line: line)
  }

  /// Writes an informational message (Three20's `TTDINFO`).
  ///
  /// - Parameters:
  ///   - subsystem: The part of the library the message is about.
  ///   - message: The text; built only when written.
  ///   - file: Filled in by the compiler.
  ///   - function: Filled in by the compiler.
  ///   - line: Filled in by the compiler.
  public static func info(
    _ subsystem: Subsystem = .general, _ message: @autoclosure () -> String,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(.info, subsystem, message(), file: file, function: function, line: line)
  }

  /// Writes a debug message (Three20's `TTDPRINT` under a subsystem flag).
  ///
  /// - Parameters:
  ///   - subsystem: The part of the library the message is about.
  ///   - message: The text; built only when written.
  ///   - file: Filled in by the compiler.
  ///   - function: Filled in by the compiler.
  ///   - line: Filled in by the compiler.
  public static func debug(
    _ subsystem: Subsystem = .general, _ message: @autoclosure () -> String,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) {
    log(.debug, subsystem, message(), file: file, function: function, line: line)
  }

  /// Checks a condition in debug builds and logs where it failed (Three20's `TTDASSERT`).
  ///
  /// Unlike `assert`, a failed check never stops the program: it writes an error
  /// `TTDASSERT failed: <message>` with the file, function and line of the call, and returns
  /// `false` so the caller can recover. In release builds (`-c release`) the condition is not
  /// evaluated and the result is always `true`.
  ///
  /// ```swift
  /// guard TTLog.check(index < items.count, "row \(index) of \(items.count)") else { return nil }
  /// ```
  ///
  /// - Parameters:
  ///   - condition: What must hold.
  ///   - message: What it means when it does not; built only on failure.
  ///   - subsystem: The part of the library the check is about.
  ///   - file: Filled in by the compiler.
  ///   - function: Filled in by the compiler.
  ///   - line: Filled in by the compiler.
  /// - Returns: Whether the condition held (always `true` in release builds).
  @discardableResult
  public static func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String = "",
    subsystem: Subsystem = .general,
    file: String = #fileID, function: String = #function, line: UInt = #line
  ) -> Bool {
    #if DEBUG
    if condition() { return true }
    let text = message()
    log(
      .error, subsystem,
      "TTDASSERT failed: \(text.isEmpty ? "condition is false" : text) "
        + "(\(file):\(line) in \(function))",
      file: file, function: function, line: line)
    return false
    #else
    return true
    #endif
  }

  private static func settingsFromEnvironment() -> Settings {
    let environment = ProcessInfo.processInfo.environment
    func variable(_ name: String) -> String? { environment[name] }
    let level =
      variable("TT_LOG_LEVEL").flatMap { name in
        Level.allCases.first { $0.description == name.lowercased() }
      } ?? .warning
    let names =
      variable("TT_LOG")?.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? []
    return Settings(
      maximumLevel: level,
      enabled: Set(names.filter { $0 != "all" && !$0.isEmpty }.map(Subsystem.init)),
      allEnabled: names.contains("all"))
  }
}
