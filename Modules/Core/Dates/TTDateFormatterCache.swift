import Foundation
import Synchronization

/// The `DateFormatter`s that ``TTDateFormatting`` reuses, one per pattern, locale, time zone
/// and calendar.
///
/// Creating a `DateFormatter` is slow (it loads ICU data), so each combination is made once.
/// `DateFormatter` is a mutable class and not `Sendable`; the formatters live only inside the
/// mutex and are used only while it is held, so no two threads ever touch the same formatter.
/// Formatting a date takes microseconds, so holding the lock while formatting is cheap.
enum TTDateFormatterCache {
  /// What a formatter was configured with.
  private struct Configuration: Hashable {
    let pattern: String
    let locale: Locale
    let timeZone: TimeZone
    let calendar: Calendar
  }

  /// The most formatters kept; when full, the cache is emptied and refilled on demand.
  static let capacity = 64

  private static let formatters = Mutex<[Configuration: DateFormatter]>([:])

  /// Formats a date with a fixed pattern (`"h:mm a"`), from a cached formatter.
  static func string(
    from date: Date, pattern: String, locale: Locale, timeZone: TimeZone, calendar: Calendar
  ) -> String {
    let configuration = Configuration(
      pattern: pattern, locale: locale, timeZone: timeZone, calendar: calendar)
    return formatters.withLock { cache in
      if let formatter = cache[configuration] {
        return formatter.string(from: date)
      }
      if cache.count >= capacity {
        cache.removeAll()
      }
      let formatter = DateFormatter()
      formatter.calendar = calendar
      formatter.locale = locale
      formatter.timeZone = timeZone
      formatter.dateFormat = pattern
      cache[configuration] = formatter
      return formatter.string(from: date)
    }
  }

  /// How many formatters are cached (for tests).
  static var count: Int {
    formatters.withLock { $0.count }
  }
}
