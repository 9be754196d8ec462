public import Foundation

/// The localisable phrases and date patterns that ``TTDateFormatting`` uses.
///
/// Three20 looked every phrase up with `TTLocalizedString` in `Three20.bundle`, including the
/// date patterns themselves ("h:mm a"), so that a translation could also reorder a date. This
/// type is that table, without a bundle: a dictionary from a key (``Key``, e.g.
/// `"seconds_ago"`) to a format string, with a fallback table for keys a translation leaves
/// out.
///
/// Counted phrases contain `%d`, replaced by the count. A table can give a separate form for
/// each plural category by appending `.one`, `.two`, `.few`, `.many` or `.zero` to the key; the
/// plain key is the `other` form. Which category a count falls into is decided by the table's
/// plural rule (by default 1 is `one`, everything else `other`, as in English and German).
///
/// ```swift
/// let strings = TTLocalizedStrings(
///   table: ["seconds_ago": "vor %d Sekunden", "seconds_ago.one": "vor einer Sekunde"],
///   fallback: .english)
/// strings.string(.secondsAgo, count: 5)   // "vor 5 Sekunden"
/// strings.string(.secondsAgo, count: 1)   // "vor einer Sekunde"
/// strings.string(.today)                  // "Today" (from the English fallback)
/// ```
///
/// In a format string, `%d` and `%1$d` stand for the count and `%%` for a percent sign. Any
/// other `%` sequence is kept as it is, so a wrong translation can never crash the formatter.
public struct TTLocalizedStrings: Sendable {
  /// The name of one phrase or date pattern in the table, such as `"seconds_ago"`.
  ///
  /// The static members list every key ``TTDateFormatting`` uses. You can make your own keys
  /// with ``init(_:)`` to keep other phrases in the same table.
  public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The key as it appears in a table, for example `"seconds_ago"`.
    public let rawValue: String

    /// Creates a key.
    ///
    /// - Parameter rawValue: The key as it appears in a table, for example `"seconds_ago"`.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }

    /// The key as it appears in a table.
    public var description: String { rawValue }

    /// "just a moment ago": up to one second in the past.
    public static let justAMomentAgo = Key("just_a_moment_ago")
    /// "%d seconds ago" (counted): under a minute in the past.
    public static let secondsAgo = Key("seconds_ago")
    /// "about a minute ago": one to two minutes in the past.
    public static let aboutAMinuteAgo = Key("about_a_minute_ago")
    /// "%d minutes ago" (counted): two minutes to an hour in the past.
    public static let minutesAgo = Key("minutes_ago")
    /// "about an hour ago": one to one and a half hours in the past.
    public static let aboutAnHourAgo = Key("about_an_hour_ago")
    /// "%d hours ago" (counted): one and a half hours to a day in the past.
    public static let hoursAgo = Key("hours_ago")
    /// "in just a moment": up to one second in the future.
    public static let inJustAMoment = Key("in_just_a_moment")
    /// "in %d seconds" (counted): under a minute in the future.
    public static let inSeconds = Key("in_seconds")
    /// "in about a minute": one to two minutes in the future.
    public static let inAboutAMinute = Key("in_about_a_minute")
    /// "in %d minutes" (counted): two minutes to an hour in the future.
    public static let inMinutes = Key("in_minutes")
    /// "in about an hour": one to one and a half hours in the future.
    public static let inAboutAnHour = Key("in_about_an_hour")
    /// "in %d hours" (counted): one and a half hours to a day in the future.
    public static let inHours = Key("in_hours")
    /// "<1m": the short form for under a minute.
    public static let shortLessThanAMinute = Key("short_less_than_a_minute")
    /// "%dm" (counted): the short form for minutes.
    public static let shortMinutes = Key("short_minutes")
    /// "%dh" (counted): the short form for hours.
    public static let shortHours = Key("short_hours")
    /// "%dd" (counted): the short form for days.
    public static let shortDays = Key("short_days")
    /// "Today".
    public static let today = Key("today")
    /// "Yesterday".
    public static let yesterday = Key("yesterday")
    /// The date pattern of a time, "h:mm a" in English ("3:05 PM").
    public static let timeFormat = Key("format_time")
    /// The date pattern of a full date, "EEEE, LLLL d, yyyy" in English.
    public static let dateFormat = Key("format_date")
    /// The date pattern of a weekday, "EEEE" in English ("Friday").
    public static let weekdayFormat = Key("format_weekday")
    /// The date pattern of a short numeric date, "M/d/yy" in English ("3/8/24").
    public static let shortDateFormat = Key("format_short_date")
    /// The date pattern of a weekday and time, "EEE h:mm a" in English ("Fri 3:05 PM").
    public static let weekdayTimeFormat = Key("format_weekday_time")
    /// The date pattern of a month, day and time, "MMM d h:mm a" in English ("Mar 8 3:05 PM").
    public static let monthDayTimeFormat = Key("format_month_day_time")
    /// The date pattern of a month and day, "MMMM d" in English ("March 8").
    public static let monthDayFormat = Key("format_month_day")
    /// The date pattern of a month on its own, "LLLL" in English ("March").
    public static let monthFormat = Key("format_month")
    /// The date pattern of a year, "yyyy" in English ("2024").
    public static let yearFormat = Key("format_year")

    /// Every key ``TTDateFormatting`` looks up, in a fixed order.
    public static let all: [Key] = [
      .justAMomentAgo, .secondsAgo, .aboutAMinuteAgo, .minutesAgo, .aboutAnHourAgo, .hoursAgo,
      .inJustAMoment, .inSeconds, .inAboutAMinute, .inMinutes, .inAboutAnHour, .inHours,
      .shortLessThanAMinute, .shortMinutes, .shortHours, .shortDays, .today, .yesterday,
      .timeFormat, .dateFormat, .weekdayFormat, .shortDateFormat, .weekdayTimeFormat,
      .monthDayTimeFormat, .monthDayFormat, .monthFormat, .yearFormat,
    ]
  }

  /// The plural category of a count, as in the Unicode CLDR plural rules.
  ///
  /// A table's form for a category is stored under the key plus `.` and the category's raw
  /// value, for example `"seconds_ago.one"`. The `other` form is stored under the plain key.
  public enum PluralCategory: String, Sendable, CaseIterable {
    /// The form for zero, in languages that have one (e.g. Latvian, Arabic).
    case zero
    /// The singular form (1 in English and German).
    case one
    /// The dual form (e.g. Slovenian, Arabic).
    case two
    /// The paucal form (e.g. 2–4 in Russian and Polish).
    case few
    /// The form for many (e.g. 5–20 in Russian and Polish).
    case many
    /// The general form, stored under the plain key.
    case other
  }

  /// One table and the plural rule of its language.
  private struct Layer: Sendable {
    let table: [String: String]
    let pluralRule: @Sendable (Int) -> PluralCategory
  }

  /// The tables to search, the translation first and its fallbacks after it.
  private let layers: [Layer]

  /// Creates a table of phrases, with a fallback for the keys it leaves out.
  ///
  /// A key missing from `table` is looked up in `fallback`, and so on down the chain. A key
  /// missing everywhere is returned as it is (`"seconds_ago"`), as Three20's
  /// `TTLocalizedString` did, so the gap shows instead of an empty label.
  ///
  /// For a counted phrase the plural form is chosen within one table before falling back: if
  /// a translation has `"seconds_ago"` but no `"seconds_ago.one"`, a count of 1 uses the
  /// translation's `"seconds_ago"`, never the fallback's singular, so languages are not mixed.
  ///
  /// ```swift
  /// let german = TTLocalizedStrings(table: ["today": "Heute"], fallback: .english)
  /// german.string(.today)       // "Heute"
  /// german.string(.yesterday)   // "Yesterday"
  /// ```
  ///
  /// - Parameters:
  ///   - table: Format strings by key (``Key/rawValue``), plural forms under `key.one` etc.
  ///   - fallback: Where keys missing from `table` are looked up. Defaults to ``english``;
  ///     pass `nil` for no fallback.
  ///   - pluralRule: The plural category of a count in the table's language. Defaults to
  ///     ``oneOrOther(_:)`` (1 is `one`, anything else `other`), right for English and German.
  public init(
    table: [String: String],
    fallback: TTLocalizedStrings? = .english,
    pluralRule: @escaping @Sendable (Int) -> PluralCategory = TTLocalizedStrings.oneOrOther
  ) {
    layers = [Layer(table: table, pluralRule: pluralRule)] + (fallback?.layers ?? [])
  }

  /// The plural rule of English and German: 1 is ``PluralCategory/one``, every other count
  /// (including 0 and negative counts) is ``PluralCategory/other``.
  ///
  /// - Parameter count: The count to classify.
  /// - Returns: `.one` for 1, otherwise `.other`.
  @Sendable public static func oneOrOther(_ count: Int) -> PluralCategory {
    count == 1 ? .one : .other
  }

  /// The phrase for a key that takes no count.
  ///
  /// `%%` in the phrase becomes `%`.
  ///
  /// ```swift
  /// TTLocalizedStrings.english.string(.today)        // "Today"
  /// TTLocalizedStrings.german.string(.timeFormat)    // "HH:mm"
  /// ```
  ///
  /// - Parameter key: The phrase to look up.
  /// - Returns: The phrase from the first table that has it, else the key's raw value.
  public func string(_ key: Key) -> String {
    for layer in layers {
      if let format = layer.table[key.rawValue] {
        return Self.substitute(format, count: nil)
      }
    }
    return key.rawValue
  }

  /// The phrase for a counted key, in the plural form for `count`, with `%d` replaced.
  ///
  /// ```swift
  /// TTLocalizedStrings.english.string(.secondsAgo, count: 1)   // "1 second ago"
  /// TTLocalizedStrings.english.string(.secondsAgo, count: 5)   // "5 seconds ago"
  /// TTLocalizedStrings.german.string(.inMinutes, count: 3)     // "in 3 Minuten"
  /// ```
  ///
  /// - Parameters:
  ///   - key: The phrase to look up.
  ///   - count: The number that replaces `%d` and picks the plural form.
  /// - Returns: The phrase from the first table that has the key, in the form the table's
  ///   plural rule picks for `count` (the plain key if that form is missing), else the key's
  ///   raw value.
  public func string(_ key: Key, count: Int) -> String {
    for layer in layers {
      let category = layer.pluralRule(count)
      if category != .other, let format = layer.table["\(key.rawValue).\(category.rawValue)"] {
        return Self.substitute(format, count: count)
      }
      if let format = layer.table[key.rawValue] {
        return Self.substitute(format, count: count)
      }
    }
    return key.rawValue
  }

  /// Picks the built-in strings for a locale: ``german`` for German (`de`, `de_AT`, `de-CH`…),
  /// ``english`` for everything else.
  ///
  /// ```swift
  /// TTLocalizedStrings.forLocale(Locale(identifier: "de_AT"))   // .german
  /// TTLocalizedStrings.forLocale(Locale(identifier: "fr_FR"))   // .english
  /// ```
  ///
  /// - Parameter locale: The locale whose language decides.
  /// - Returns: The built-in strings for the locale's language.
  public static func forLocale(_ locale: Locale) -> TTLocalizedStrings {
    let language = locale.language.languageCode?.identifier.lowercased()
    return language == "de" ? .german : .english
  }

  /// The built-in English strings, with Three20's phrases and date patterns.
  ///
  /// The phrases are Three20's, with proper singular forms added ("1 second ago"). The full
  /// date pattern is `EEEE, LLLL d, yyyy`: Three20 used `YYYY`, the week-based year, which
  /// printed the wrong year for dates in the last days of December or the first of January.
  public static let english = TTLocalizedStrings(
    table: [
      "just_a_moment_ago": "just a moment ago",
      "seconds_ago": "%d seconds ago",
      "seconds_ago.one": "%d second ago",
      "about_a_minute_ago": "about a minute ago",
      "minutes_ago": "%d minutes ago",
      "minutes_ago.one": "%d minute ago",
      "about_an_hour_ago": "about an hour ago",
      "hours_ago": "%d hours ago",
      "hours_ago.one": "%d hour ago",
      "in_just_a_moment": "in just a moment",
      "in_seconds": "in %d seconds",
      "in_seconds.one": "in %d second",
      "in_about_a_minute": "in about a minute",
      "in_minutes": "in %d minutes",
      "in_minutes.one": "in %d minute",
      "in_about_an_hour": "in about an hour",
      "in_hours": "in %d hours",
      "in_hours.one": "in %d hour",
      "short_less_than_a_minute": "<1m",
      "short_minutes": "%dm",
      "short_hours": "%dh",
      "short_days": "%dd",
      "today": "Today",
      "yesterday": "Yesterday",
      "format_time": "h:mm a",
      "format_date": "EEEE, LLLL d, yyyy",
      "format_weekday": "EEEE",
      "format_short_date": "M/d/yy",
      "format_weekday_time": "EEE h:mm a",
      "format_month_day_time": "MMM d h:mm a",
      "format_month_day": "MMMM d",
      "format_month": "LLLL",
      "format_year": "yyyy",
    ],
    fallback: nil)

  /// The built-in German strings, with German date patterns (24-hour clock, day before month).
  ///
  /// Falls back to ``english`` for keys it does not have (it has all of ``Key/all``).
  ///
  /// ```swift
  /// TTLocalizedStrings.german.string(.secondsAgo, count: 1)   // "vor 1 Sekunde"
  /// TTLocalizedStrings.german.string(.aboutAnHourAgo)          // "vor etwa einer Stunde"
  /// ```
  public static let german = TTLocalizedStrings(
    table: [
      "just_a_moment_ago": "gerade eben",
      "seconds_ago": "vor %d Sekunden",
      "seconds_ago.one": "vor %d Sekunde",
      "about_a_minute_ago": "vor etwa einer Minute",
      "minutes_ago": "vor %d Minuten",
      "minutes_ago.one": "vor %d Minute",
      "about_an_hour_ago": "vor etwa einer Stunde",
      "hours_ago": "vor %d Stunden",
      "hours_ago.one": "vor %d Stunde",
      "in_just_a_moment": "gleich",
      "in_seconds": "in %d Sekunden",
      "in_seconds.one": "in %d Sekunde",
      "in_about_a_minute": "in etwa einer Minute",
      "in_minutes": "in %d Minuten",
      "in_minutes.one": "in %d Minute",
      "in_about_an_hour": "in etwa einer Stunde",
      "in_hours": "in %d Stunden",
      "in_hours.one": "in %d Stunde",
      "short_less_than_a_minute": "<1 Min.",
      "short_minutes": "%d Min.",
      "short_hours": "%d Std.",
      "short_days": "%d Tg.",
      "today": "Heute",
      "yesterday": "Gestern",
      "format_time": "HH:mm",
      "format_date": "EEEE, d. MMMM yyyy",
      "format_weekday": "EEEE",
      "format_short_date": "dd.MM.yy",
      "format_weekday_time": "EEE, HH:mm",
      "format_month_day_time": "d. MMM, HH:mm",
      "format_month_day": "d. MMMM",
      "format_month": "LLLL",
      "format_year": "yyyy",
    ],
    fallback: .english)

  /// Replaces `%d` and `%1$d` with the count and `%%` with `%`; keeps every other character.
  private static func substitute(_ format: String, count: Int?) -> String {
    guard format.contains("%") else { return format }
    var result = ""
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let after = rest[percent...].dropFirst()
      if let count, after.hasPrefix("d") {
        result += String(count)
        rest = after.dropFirst()
      } else if let count, after.hasPrefix("1$d") {
        result += String(count)
        rest = after.dropFirst(3)
      } else if after.hasPrefix("%") {
        result += "%"
        rest = after.dropFirst()
      } else {
        result += "%"
        rest = after
      }
    }
    result += rest
    return result
  }
}
