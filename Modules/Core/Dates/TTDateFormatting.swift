public import Foundation

/// Formats dates the way Three20's `NSDate` additions did: relative times ("5 minutes ago"),
/// short relative times ("3h"), times, dates, "Today"/"Yesterday", months and years.
///
/// A formatting value holds everything the output depends on: a clock (``now``), a calendar,
/// a time zone, a locale and the phrases (``strings``). Nothing reads the real clock or the
/// process's locale behind your back, so tests can pin all of them:
///
/// ```swift
/// let noon = Date(timeIntervalSince1970: 1_709_899_200)   // 2024-03-08 12:00 UTC
/// let formatting = TTDateFormatting(
///   now: { noon }, timeZone: TimeZone(identifier: "UTC")!,
///   locale: Locale(identifier: "en_US_POSIX"))
/// formatting.relativeTime(noon - 300)           // "5 minutes ago"
/// formatting.shortRelativeTime(noon - 7200)     // "2h"
/// formatting.time(noon)                         // "12:00 PM"
/// formatting.date(noon)                         // "Friday, March 8, 2024"
/// formatting.day(noon - 86_400)                 // "Yesterday"
/// ```
///
/// ``standard`` uses the real clock and the current calendar, time zone and locale. The same
/// methods are reachable from a date as `date.tt.formatRelativeTime()` and so on.
///
/// Date patterns come from ``strings`` (``TTLocalizedStrings/Key/timeFormat`` …), as they did
/// in Three20, so a translation decides the order of day and month and the 12- or 24-hour
/// clock; the locale supplies month and weekday names. Formatters are created once per
/// pattern, locale, time zone and calendar and reused, safely from any thread.
public struct TTDateFormatting: Sendable {
  /// The clock, which returns the current moment.
  ///
  /// Defaults to the real clock, `Date()`.
  public var now: @Sendable () -> Date
  /// The calendar for days, months and years.
  ///
  /// Defaults to `Calendar.current`. Its own time zone is ignored; ``timeZone`` is used instead.
  public var calendar: Calendar
  /// The time zone in which days begin and times are shown.
  ///
  /// Defaults to `TimeZone.current`.
  public var timeZone: TimeZone
  /// The locale for month and weekday names and the AM/PM symbols.
  ///
  /// Defaults to `Locale.current`.
  public var locale: Locale
  /// The phrases and date patterns.
  ///
  /// Defaults to ``TTLocalizedStrings/forLocale(_:)`` of ``locale``.
  public var strings: TTLocalizedStrings

  /// Creates a formatting value.
  ///
  /// ```swift
  /// let german = TTDateFormatting(
  ///   timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "de_DE"))
  /// german.relativeTime(Date() - 30)   // "vor 30 Sekunden"
  /// ```
  ///
  /// - Parameters:
  ///   - now: The clock. Defaults to the real clock, `Date()`.
  ///   - calendar: The calendar. Defaults to `Calendar.current`.
  ///   - timeZone: The time zone. Defaults to `TimeZone.current`.
  ///   - locale: The locale. Defaults to `Locale.current`.
  ///   - strings: The phrases and date patterns. Defaults to (`nil`)
  ///     ``TTLocalizedStrings/forLocale(_:)`` of `locale`: German for German locales,
  ///     English otherwise.
  public init(
    now: @escaping @Sendable () -> Date = { Date() },
    calendar: Calendar = .current,
    timeZone: TimeZone = .current,
    locale: Locale = .current,
    strings: TTLocalizedStrings? = nil
  ) {
    self.now = now
    self.calendar = calendar
    self.timeZone = timeZone
    self.locale = locale
    self.strings = strings ?? .forLocale(locale)
  }

  /// The real clock with the current calendar, time zone and locale, and the strings for
  /// that locale.
  public static var standard: TTDateFormatting { TTDateFormatting() }

  /// ``calendar`` set to ``timeZone``.
  private var zonedCalendar: Calendar {
    var zoned = calendar
    zoned.timeZone = timeZone
    return zoned
  }

  // MARK: - Days

  /// Midnight today: the start of the current day in ``timeZone`` (Three20's
  /// `+[NSDate dateWithToday]`).
  ///
  /// On a day that begins with a daylight-saving change (no midnight), this is the first
  /// moment of the day that exists.
  public var today: Date { startOfDay(for: now()) }

  /// The start of the calendar day that contains `date`, in ``timeZone`` (Three20's
  /// `dateAtMidnight`).
  ///
  /// Three20's `dateAtMidnight` ignored its receiver and returned midnight of *today*; this
  /// returns midnight of the given date, as the name always promised.
  ///
  /// ```swift
  /// // In America/New_York, where 2024-03-10 is a 23-hour day:
  /// formatting.startOfDay(for: march10At3pm)   // 2024-03-10 00:00 EST (05:00 UTC)
  /// formatting.startOfDay(for: march11At3pm)   // 2024-03-11 00:00 EDT (04:00 UTC)
  /// ```
  ///
  /// - Parameter date: Any moment of the day.
  /// - Returns: The first moment of that day in ``calendar`` and ``timeZone``.
  public func startOfDay(for date: Date) -> Date {
    guard date.timeIntervalSinceReferenceDate.isFinite else { return date }
    return zonedCalendar.startOfDay(for: date)
  }

  // MARK: - Relative times

  /// How long ago, or how far ahead, a date is, in words (Three20's `formatRelativeTime`).
  ///
  /// With `elapsed` the seconds between the date and ``now``:
  ///
  /// | Elapsed              | Past                 | Future               |
  /// |----------------------|----------------------|----------------------|
  /// | 0 s … 1 s            | "just a moment ago"  | "in just a moment"   |
  /// | over 1 s, < 60 s     | "%d seconds ago"     | "in %d seconds"      |
  /// | 60 s … < 2 min       | "about a minute ago" | "in about a minute"  |
  /// | 2 min … < 1 h        | "%d minutes ago"     | "in %d minutes"      |
  /// | 1 h … < 1.5 h        | "about an hour ago"  | "in about an hour"   |
  /// | 1.5 h … < 1 day      | "%d hours ago"       | "in %d hours"        |
  /// | 1 day or more        | ``dateTime(_:)``     | ``dateTime(_:)``     |
  ///
  /// Seconds and minutes are truncated (90.9 s is "about a minute", 119 s too; 179 s is
  /// "2 minutes"); hours are rounded to the nearest hour, so 23 h 40 min is "24 hours ago".
  /// A date exactly at ``now`` counts as the past. Singular forms: only the seconds can be 1
  /// (1.5 s ago is "1 second ago"); the thresholds make 1 minute and 1 hour impossible, since
  /// those spans are "about a minute" and "about an hour", but the tables still carry the
  /// singular forms for other callers.
  ///
  /// ```swift
  /// formatting.relativeTime(now - 0.5)    // "just a moment ago"
  /// formatting.relativeTime(now - 1.5)    // "1 second ago"
  /// formatting.relativeTime(now - 45)     // "45 seconds ago"
  /// formatting.relativeTime(now + 600)    // "in 10 minutes"
  /// formatting.relativeTime(now - 5400)   // "2 hours ago"
  /// ```
  ///
  /// - Parameter date: The date to describe.
  /// - Returns: The phrase from ``strings``, or ``dateTime(_:)`` a day or more away.
  public func relativeTime(_ date: Date) -> String {
    let offset = date.timeIntervalSince(now())
    let isFuture = offset > 0
    let elapsed = abs(offset)
    if elapsed <= 1 {
      return strings.string(isFuture ? .inJustAMoment : .justAMomentAgo)
    } else if elapsed < TTTimeInterval.minute {
      return strings.string(isFuture ? .inSeconds : .secondsAgo, count: Int(elapsed))
    } else if elapsed < 2 * TTTimeInterval.minute {
      return strings.string(isFuture ? .inAboutAMinute : .aboutAMinuteAgo)
    } else if elapsed < TTTimeInterval.hour {
      let minutes = Int(elapsed / TTTimeInterval.minute)
      return strings.string(isFuture ? .inMinutes : .minutesAgo, count: minutes)
    } else if elapsed < 1.5 * TTTimeInterval.hour {
      return strings.string(isFuture ? .inAboutAnHour : .aboutAnHourAgo)
    } else if elapsed < TTTimeInterval.day {
      let hours = Int((elapsed + TTTimeInterval.hour / 2) / TTTimeInterval.hour)
      return strings.string(isFuture ? .inHours : .hoursAgo, count: hours)
    } else {
      return dateTime(date)
    }
  }

  /// A compact distance from ``now``, past or future alike (Three20's
  /// `formatShortRelativeTime`).
  ///
  /// Under a minute: "<1m"; under an hour: whole minutes, "5m"; under a day: hours rounded
  /// to the nearest, "3h" (so 23.5 h and more is "24h"); under a week: days rounded to the
  /// nearest, "2d" (up to "7d"); a week or more: ``shortTime(_:)``.
  ///
  /// ```swift
  /// formatting.shortRelativeTime(now - 30)          // "<1m"
  /// formatting.shortRelativeTime(now - 300)         // "5m"
  /// formatting.shortRelativeTime(now + 3 * 3600)    // "3h"
  /// formatting.shortRelativeTime(now - 2 * 86_400)  // "2d"
  /// ```
  ///
  /// - Parameter date: The date to describe.
  /// - Returns: The short phrase from ``strings``, or ``shortTime(_:)`` a week or more away.
  public func shortRelativeTime(_ date: Date) -> String {
    let elapsed = abs(date.timeIntervalSince(now()))
    if elapsed < TTTimeInterval.minute {
      return strings.string(.shortLessThanAMinute)
    } else if elapsed < TTTimeInterval.hour {
      return strings.string(.shortMinutes, count: Int(elapsed / TTTimeInterval.minute))
    } else if elapsed < TTTimeInterval.day {
      let hours = Int((elapsed + TTTimeInterval.hour / 2) / TTTimeInterval.hour)
      return strings.string(.shortHours, count: hours)
    } else if elapsed < TTTimeInterval.week {
      let days = Int((elapsed + TTTimeInterval.day / 2) / TTTimeInterval.day)
      return strings.string(.shortDays, count: days)
    } else {
      return shortTime(date)
    }
  }

  // MARK: - Fixed formats

  /// The time of day (Three20's `formatTime`): "h:mm a" in English, "3:05 PM".
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The date formatted with ``TTLocalizedStrings/Key/timeFormat``.
  public func time(_ date: Date) -> String {
    format(date, .timeFormat)
  }

  /// The full date (Three20's `formatDate`): "EEEE, LLLL d, yyyy" in English,
  /// "Friday, March 8, 2024".
  ///
  /// Three20 used `YYYY`, the week-based year, so December 30, 2024 came out as "2025". This
  /// uses `yyyy`, the calendar year.
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The date formatted with ``TTLocalizedStrings/Key/dateFormat``.
  public func date(_ date: Date) -> String {
    format(date, .dateFormat)
  }

  /// A short description that gets coarser with distance from ``now`` (Three20's
  /// `formatShortTime`).
  ///
  /// Less than a day away (either way): ``time(_:)``, "3:05 PM"; less than five days: the
  /// weekday, "Friday"; otherwise a numeric date, "3/8/24". Three20's header said "a week",
  /// but its code used five days (`TT_5_DAYS`) so a weekday never repeats within the range;
  /// this keeps five days.
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The time, the weekday or the short date.
  public func shortTime(_ date: Date) -> String {
    let elapsed = abs(date.timeIntervalSince(now()))
    if elapsed < TTTimeInterval.day {
      return time(date)
    } else if elapsed < TTTimeInterval.fiveDays {
      return format(date, .weekdayFormat)
    } else {
      return format(date, .shortDateFormat)
    }
  }

  /// A date and time that gets coarser with distance from ``now`` (Three20's
  /// `formatDateTime`).
  ///
  /// Less than a day away (either way): ``time(_:)``, "3:05 PM"; less than five days:
  /// "EEE h:mm a", "Fri 3:05 PM"; otherwise "MMM d h:mm a", "Mar 8 3:05 PM".
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The time, the weekday and time, or the month, day and time.
  public func dateTime(_ date: Date) -> String {
    let elapsed = abs(date.timeIntervalSince(now()))
    if elapsed < TTTimeInterval.day {
      return time(date)
    } else if elapsed < TTTimeInterval.fiveDays {
      return format(date, .weekdayTimeFormat)
    } else {
      return format(date, .monthDayTimeFormat)
    }
  }

  /// "Today", "Yesterday", or the month and day (Three20's `formatDay:yesterday:`).
  ///
  /// Days are calendar days in ``timeZone``, not 24-hour spans: one second after midnight,
  /// a date one minute earlier is "Yesterday", and on the day after a 23-hour
  /// daylight-saving day, a date 24 hours ago may already be the day before yesterday.
  /// Future dates are never "Today" unless they fall on today.
  ///
  /// ```swift
  /// formatting.day(now)             // "Today"
  /// formatting.day(now - 86_400)    // "Yesterday" (on an ordinary day)
  /// formatting.day(march8)          // "March 8"
  /// ```
  ///
  /// - Parameter date: The date to describe.
  /// - Returns: "Today", "Yesterday", or the date formatted with
  ///   ``TTLocalizedStrings/Key/monthDayFormat``.
  public func day(_ date: Date) -> String {
    let startOfToday = today
    let startOfDate = startOfDay(for: date)
    if startOfDate == startOfToday {
      return strings.string(.today)
    }
    if startOfDate == startOfDay(for: startOfToday - 1) {
      return strings.string(.yesterday)
    }
    return format(date, .monthDayFormat)
  }

  /// The month's name on its own (Three20's `formatMonth`): "March".
  ///
  /// Three20 used "MMMM"; this uses the stand-alone "LLLL", which is the same in English but
  /// the correct (nominative) form in languages such as Russian or Polish.
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The date formatted with ``TTLocalizedStrings/Key/monthFormat``.
  public func month(_ date: Date) -> String {
    format(date, .monthFormat)
  }

  /// The calendar year (Three20's `formatYear`): "2024".
  ///
  /// - Parameter date: The date to format.
  /// - Returns: The date formatted with ``TTLocalizedStrings/Key/yearFormat``.
  public func year(_ date: Date) -> String {
    format(date, .yearFormat)
  }

  /// Formats a date with the pattern stored under `key`.
  private func format(_ date: Date, _ key: TTLocalizedStrings.Key) -> String {
    TTDateFormatterCache.string(
      from: date, pattern: strings.string(key), locale: locale, timeZone: timeZone,
      calendar: zonedCalendar)
  }
}
