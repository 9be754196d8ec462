public import Foundation

extension Date {
  /// Three20's date helpers: relative times, short times, days, midnight.
  ///
  /// ```swift
  /// (Date() - 300).tt.formatRelativeTime()   // "5 minutes ago"
  /// ```
  public var tt: TTAdditions<Date> { TTAdditions(self) }
}

extension TTAdditions where Base == Date {
  /// How long ago, or how far ahead, the date is, in words: "5 minutes ago", "in an hour".
  ///
  /// See ``TTDateFormatting/relativeTime(_:)`` for the thresholds.
  ///
  /// - Parameter formatting: The clock, calendar, time zone, locale and strings to use.
  ///   Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The relative time.
  public func formatRelativeTime(using formatting: TTDateFormatting = .standard) -> String {
    formatting.relativeTime(base)
  }

  /// A compact distance from now: "<1m", "5m", "3h", "2d", or a short time.
  ///
  /// See ``TTDateFormatting/shortRelativeTime(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The short relative time.
  public func formatShortRelativeTime(using formatting: TTDateFormatting = .standard) -> String {
    formatting.shortRelativeTime(base)
  }

  /// The time of day, "3:05 PM" in English.
  ///
  /// See ``TTDateFormatting/time(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The time.
  public func formatTime(using formatting: TTDateFormatting = .standard) -> String {
    formatting.time(base)
  }

  /// The full date, "Friday, March 8, 2024" in English.
  ///
  /// See ``TTDateFormatting/date(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The date.
  public func formatDate(using formatting: TTDateFormatting = .standard) -> String {
    formatting.date(base)
  }

  /// The time, the weekday or a short date, depending on the distance from now.
  ///
  /// See ``TTDateFormatting/shortTime(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The short time.
  public func formatShortTime(using formatting: TTDateFormatting = .standard) -> String {
    formatting.shortTime(base)
  }

  /// The time, weekday and time, or month, day and time, depending on the distance from now.
  ///
  /// See ``TTDateFormatting/dateTime(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The date and time.
  public func formatDateTime(using formatting: TTDateFormatting = .standard) -> String {
    formatting.dateTime(base)
  }

  /// "Today", "Yesterday", or the month and day, by calendar days.
  ///
  /// See ``TTDateFormatting/day(_:)``.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The day.
  public func formatDay(using formatting: TTDateFormatting = .standard) -> String {
    formatting.day(base)
  }

  /// The month's name, "March" in English.
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The month.
  public func formatMonth(using formatting: TTDateFormatting = .standard) -> String {
    formatting.month(base)
  }

  /// The calendar year, "2024".
  ///
  /// - Parameter formatting: The formatting to use. Defaults to ``TTDateFormatting/standard``.
  /// - Returns: The year.
  public func formatYear(using formatting: TTDateFormatting = .standard) -> String {
    formatting.year(base)
  }

  /// Midnight at the start of this date's day (Three20's `dateAtMidnight`, with its bug fixed:
  /// Three20 returned midnight of today, whatever the date).
  ///
  /// See ``TTDateFormatting/startOfDay(for:)``.
  ///
  /// - Parameter formatting: The calendar and time zone to use. Defaults to
  ///   ``TTDateFormatting/standard``.
  /// - Returns: The first moment of the date's day.
  public func dateAtMidnight(using formatting: TTDateFormatting = .standard) -> Date {
    formatting.startOfDay(for: base)
  }
}
