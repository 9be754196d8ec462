public import Foundation

/// Three20's time constants (`TT_MINUTE` … `TT_YEAR`), as `TimeInterval`s in seconds.
///
/// These are fixed spans of seconds, used for the thresholds of relative times
/// ("about an hour ago") and for cache ages. They are not calendar arithmetic: a calendar day
/// across a daylight-saving change is 23 or 25 hours long, while ``day`` is always 86 400
/// seconds. Use `Calendar` when you mean calendar days or months.
///
/// ```swift
/// TTTimeInterval.hour       // 3600.0
/// TTTimeInterval.fiveDays   // 432000.0
/// TTTimeInterval.month      // 2635200.0 (30.5 days, as in Three20)
/// ```
public enum TTTimeInterval {
  /// One minute: 60 seconds (`TT_MINUTE`).
  public static let minute: TimeInterval = 60
  /// One hour: 3 600 seconds (`TT_HOUR`).
  public static let hour: TimeInterval = 60 * minute
  /// One day: 86 400 seconds (`TT_DAY`).
  public static let day: TimeInterval = 24 * hour
  /// Five days: 432 000 seconds (`TT_5_DAYS`).
  public static let fiveDays: TimeInterval = 5 * day
  /// One week: 604 800 seconds (`TT_WEEK`).
  public static let week: TimeInterval = 7 * day
  /// One month as Three20 counted it: 30.5 days, 2 635 200 seconds (`TT_MONTH`).
  public static let month: TimeInterval = 30.5 * day
  /// One year: 365 days, 31 536 000 seconds (`TT_YEAR`).
  public static let year: TimeInterval = 365 * day
}
