public import Foundation

/// What a navigator saved of its stack: the URLs, bottom first, with each controller's state.
///
/// It is stored as JSON by ``TTNavigatorPersistence``:
///
/// ```json
/// {
///   "entries" : [
///     { "important" : false, "state" : { }, "url" : "tt://catalog" },
///     { "important" : false, "state" : { "row" : "3" }, "url" : "tt://tableItemTest" }
///   ],
///   "savedAt" : "2025-01-31T09:30:00Z",
///   "version" : 1
/// }
/// ```
public struct TTNavigatorHistory: Sendable, Hashable, Codable {
  /// One saved controller.
  public struct Entry: Sendable, Hashable, Codable {
    /// The URL it was opened with (its `navigatorURL`).
    public var url: String
    /// Its `frozenState` when saved.
    public var state: [String: String]
    /// Whether it is restored even after the history expired.
    public var isImportant: Bool

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - url: The controller's URL.
    ///   - state: Its state; empty by default.
    ///   - isImportant: Whether it never expires; `false` by default.
    public init(url: String, state: [String: String] = [:], isImportant: Bool = false) {
      self.url = url
      self.state = state
      self.isImportant = isImportant
    }

    enum CodingKeys: String, CodingKey {
      case url
      case state
      case isImportant = "important"
    }

    /// Reads an entry; a missing `state` is empty and a missing `important` is `false`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when `url` is missing or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      url = try container.decode(String.self, forKey: .url)
      state = try container.decodeIfPresent([String: String].self, forKey: .state) ?? [:]
      isImportant = try container.decodeIfPresent(Bool.self, forKey: .isImportant) ?? false
    }
  }

  /// The format version this library writes and reads.
  public static let currentVersion = 1

  /// The format version of the stored text; ``currentVersion`` for a history made here.
  public var version: Int
  /// When the history was saved.
  public var savedAt: Date
  /// The saved controllers, bottom of the stack first.
  public var entries: [Entry]

  /// Creates a history in the current format.
  ///
  /// - Parameters:
  ///   - savedAt: When it is saved; now by default.
  ///   - entries: The controllers, bottom first.
  public init(savedAt: Date = Date(), entries: [Entry]) {
    self.version = Self.currentVersion
    self.savedAt = savedAt
    self.entries = entries
  }

  /// Whether the history is older than `expiration` at `now`.
  ///
  /// A history saved in the future (the clock was changed) counts as fresh.
  ///
  /// ```swift
  /// let history = TTNavigatorHistory(savedAt: Date(timeIntervalSinceNow: -7200), entries: [])
  /// history.isExpired(after: .seconds(3600))   // true
  /// history.isExpired(after: nil)              // false
  /// ```
  ///
  /// - Parameters:
  ///   - expiration: How long a history lasts; `nil` for ever.
  ///   - now: The time to compare with; the current time by default.
  /// - Returns: `true` when the history has expired.
  public func isExpired(after expiration: Duration?, now: Date = Date()) -> Bool {
    guard let expiration else { return false }
    let (seconds, attoseconds) = expiration.components
    let limit = Double(seconds) + Double(attoseconds) / 1e18
    return now.timeIntervalSince(savedAt) > limit
  }
}
