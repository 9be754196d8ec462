import Foundation
import Testing
import Three20Core

/// A moment in a named time zone, built with the Gregorian calendar.
private func moment(
  _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
  in zone: String = "UTC"
) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: zone)!
  let components = DateComponents(
    year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  return calendar.date(from: components)!
}

/// Formatting with a fixed clock, the Gregorian calendar, a fixed zone and a fixed locale.
private func formatting(
  now: Date, zone: String = "UTC", locale: String = "en_US_POSIX",
  strings: TTLocalizedStrings? = nil
) -> TTDateFormatting {
  TTDateFormatting(
    now: { now }, calendar: Calendar(identifier: .gregorian),
    timeZone: TimeZone(identifier: zone)!, locale: Locale(identifier: locale), strings: strings)
}

/// Friday, 2024-03-08 12:00:00 UTC.
private let noon = moment(2024, 3, 8, 12)
private let english = formatting(now: noon)

/// Seconds from `noon` and the expected text.
private let pastThresholds: [(TimeInterval, String)] = [
  (0.0, "just a moment ago"),
  (0.5, "just a moment ago"),
  (1.0, "just a moment ago"),
  (1.5, "1 second ago"),
  (2.0, "2 seconds ago"),
  (59.0, "59 seconds ago"),
  (59.99, "59 seconds ago"),
  (60.0, "about a minute ago"),
  (119.0, "about a minute ago"),
  (119.99, "about a minute ago"),
  (120.0, "2 minutes ago"),
  (179.0, "2 minutes ago"),
  (59.0 * 60, "59 minutes ago"),
  (3599.0, "59 minutes ago"),
  (60.0 * 60, "about an hour ago"),
  (89.0 * 60, "about an hour ago"),
  (5399.0, "about an hour ago"),
  (90.0 * 60, "2 hours ago"),
  (9000.0 - 1, "2 hours ago"),
  (9000.0, "3 hours ago"),
  (23.0 * 3600, "23 hours ago"),
  (23.5 * 3600 - 1, "23 hours ago"),
  (23.5 * 3600, "24 hours ago"),
  (86399.0, "24 hours ago"),
]

/// Seconds from `noon` and the expected text.
private let futureThresholds: [(TimeInterval, String)] = [
  (0.5, "in just a moment"),
  (1.0, "in just a moment"),
  (1.5, "in 1 second"),
  (30.0, "in 30 seconds"),
  (59.0, "in 59 seconds"),
  (60.0, "in about a minute"),
  (119.0, "in about a minute"),
  (120.0, "in 2 minutes"),
  (3599.0, "in 59 minutes"),
  (3600.0, "in about an hour"),
  (5399.0, "in about an hour"),
  (5400.0, "in 2 hours"),
  (23.0 * 3600, "in 23 hours"),
]

/// Seconds from `noon` and the expected text.
private let shortThresholds: [(TimeInterval, String)] = [
  (0.0, "<1m"),
  (59.0, "<1m"),
  (60.0, "1m"),
  (299.0, "4m"),
  (3599.0, "59m"),
  (3600.0, "1h"),
  (5399.0, "1h"),
  (5400.0, "2h"),
  (86399.0, "24h"),
  (86400.0, "1d"),
  (1.5 * 86400, "2d"),
  (7.0 * 86400 - 1, "7d"),
  (7.0 * 86400, "3/1/24"),
]

@Suite("TTDateFormatting")
struct TTDateFormattingTests {
  // MARK: - relativeTime

  /// Each threshold of Three20's formatRelativeTime, in the past, gives its phrase.
  @Test(arguments: pastThresholds)
  func pastRelativeTimeFollowsThresholds(secondsAgo: TimeInterval, expected: String) {
    #expect(english.relativeTime(noon - secondsAgo) == expected)
  }

  /// Each threshold, in the future, gives its "in …" phrase.
  @Test(arguments: futureThresholds)
  func futureRelativeTimeFollowsThresholds(secondsAhead: TimeInterval, expected: String) {
    #expect(english.relativeTime(noon + secondsAhead) == expected)
  }

  /// A day or more away, past or future, falls back to dateTime.
  @Test func relativeTimeBeyondADayUsesDateTime() {
    #expect(english.relativeTime(noon - 86_400) == "Thu 12:00 PM")
    #expect(english.relativeTime(noon + 86_400) == "Sat 12:00 PM")
    #expect(english.relativeTime(noon - 6 * 86_400) == "Mar 2 12:00 PM")
  }

  /// The clock is read from the formatting value, never from the real time.
  @Test func relativeTimeUsesTheInjectedClock() {
    let later = formatting(now: noon + 300)
    #expect(later.relativeTime(noon) == "5 minutes ago")
  }

  /// Dates that are not finite never crash any formatter.
  @Test func nonFiniteDatesDoNotCrash() {
    for date in [
      Date(timeIntervalSinceReferenceDate: .infinity),
      Date(timeIntervalSinceReferenceDate: -.infinity),
      Date(timeIntervalSinceReferenceDate: .nan),
    ] {
      _ = english.relativeTime(date)
      _ = english.shortRelativeTime(date)
      _ = english.day(date)
      _ = english.date(date)
      _ = english.startOfDay(for: date)
    }
    #expect(english.relativeTime(.distantPast) == "Jan 1 12:00 AM")
  }

  // MARK: - shortRelativeTime

  /// Short relative times: <1m, whole minutes, rounded hours and days, then shortTime.
  @Test(arguments: shortThresholds)
  func shortRelativeTimeFollowsThresholds(secondsAgo: TimeInterval, expected: String) {
    #expect(english.shortRelativeTime(noon - secondsAgo) == expected)
  }

  /// The short form ignores direction: the future reads like the past.
  @Test func shortRelativeTimeIsTheSameForTheFuture() {
    #expect(english.shortRelativeTime(noon + 300) == "5m")
    #expect(english.shortRelativeTime(noon + 3 * 3600) == "3h")
    #expect(english.shortRelativeTime(noon + 2 * 86400) == "2d")
  }

  // MARK: - Fixed formats

  /// time is "h:mm a".
  @Test func timeIsHourMinuteAndPeriod() {
    #expect(english.time(noon) == "12:00 PM")
    #expect(english.time(moment(2024, 3, 8, 15, 5)) == "3:05 PM")
    #expect(english.time(moment(2024, 3, 8, 0, 7)) == "12:07 AM")
  }

  /// date is "EEEE, LLLL d, yyyy".
  @Test func dateIsWeekdayMonthDayYear() {
    #expect(english.date(noon) == "Friday, March 8, 2024")
  }

  /// The year is the calendar year, not the week-based year Three20's YYYY printed.
  @Test func dateUsesCalendarYearNotWeekYear() {
    let december30 = moment(2024, 12, 30, 12)  // ISO week 1 of 2025
    let later = formatting(now: december30)
    #expect(later.date(december30) == "Monday, December 30, 2024")
    #expect(later.year(december30) == "2024")
  }

  /// shortTime: under a day the time, under five days the weekday, else M/d/yy.
  @Test func shortTimeCoarsensWithDistance() {
    #expect(english.shortTime(noon) == "12:00 PM")
    #expect(english.shortTime(noon - 23 * 3600) == "1:00 PM")
    #expect(english.shortTime(noon - 86_400) == "Thursday")
    #expect(english.shortTime(noon - 5 * 86_400 + 1) == "Sunday")
    #expect(english.shortTime(noon - 5 * 86_400) == "3/3/24")
    #expect(english.shortTime(noon + 2 * 86_400) == "Sunday")
  }

  /// dateTime: under a day the time, under five days "EEE h:mm a", else "MMM d h:mm a".
  @Test func dateTimeCoarsensWithDistance() {
    #expect(english.dateTime(noon - 3600) == "11:00 AM")
    #expect(english.dateTime(noon - 86_400) == "Thu 12:00 PM")
    #expect(english.dateTime(noon - 5 * 86_400) == "Mar 3 12:00 PM")
    #expect(english.dateTime(noon + 10 * 86_400) == "Mar 18 12:00 PM")
  }

  /// month and year print the month's name and the year.
  @Test func monthAndYear() {
    #expect(english.month(noon) == "March")
    #expect(english.year(noon) == "2024")
  }

  /// Times are shown in the formatting's time zone.
  @Test func timesUseTheFormattingsTimeZone() {
    let newYork = formatting(now: noon, zone: "America/New_York")
    #expect(newYork.time(noon) == "7:00 AM")
  }

  // MARK: - day

  /// Today and Yesterday are calendar days: one second either side of midnight differs.
  @Test func dayAroundMidnightInUTC() {
    let justAfterMidnight = formatting(now: moment(2024, 3, 8, 0, 0, 30))
    #expect(justAfterMidnight.day(moment(2024, 3, 8, 0, 0, 0)) == "Today")
    #expect(justAfterMidnight.day(moment(2024, 3, 8, 23, 59, 59)) == "Today")
    #expect(justAfterMidnight.day(moment(2024, 3, 7, 23, 59, 59)) == "Yesterday")
    #expect(justAfterMidnight.day(moment(2024, 3, 7, 0, 0, 0)) == "Yesterday")
    #expect(justAfterMidnight.day(moment(2024, 3, 6, 23, 59, 59)) == "March 6")
    #expect(justAfterMidnight.day(moment(2024, 3, 9, 0, 0, 0)) == "March 9")
  }

  /// After a 23-hour DST day, a date 23.5 hours ago is already the day before yesterday.
  @Test func dayUsesCalendarDaysAcrossDaylightSaving() {
    let zone = "America/New_York"
    // 2024-03-10 has 23 hours in New York (02:00 EST → 03:00 EDT).
    let now = moment(2024, 3, 11, 0, 0, 30, in: zone)
    let newYork = formatting(now: now, zone: zone)
    #expect(newYork.day(moment(2024, 3, 11, 0, 0, 10, in: zone)) == "Today")
    #expect(newYork.day(moment(2024, 3, 10, 23, 59, 50, in: zone)) == "Yesterday")
    #expect(newYork.day(moment(2024, 3, 10, 0, 0, 0, in: zone)) == "Yesterday")
    let dayBefore = moment(2024, 3, 9, 23, 30, 0, in: zone)
    #expect(now.timeIntervalSince(dayBefore) < 86_400)
    #expect(newYork.day(dayBefore) == "March 9")
  }

  // MARK: - startOfDay

  /// The midnight of the given date, not of today (Three20's dateAtMidnight bug).
  @Test func startOfDayUsesTheGivenDateNotNow() {
    let earlier = moment(2024, 3, 5, 15, 30)
    #expect(english.startOfDay(for: earlier) == moment(2024, 3, 5))
    #expect(earlier.tt.dateAtMidnight(using: english) == moment(2024, 3, 5))
    #expect(english.startOfDay(for: noon + 3 * 86_400) == moment(2024, 3, 11))
  }

  /// Midnight across a DST change is the local midnight of that day, in its own offset.
  @Test func startOfDayAcrossDaylightSavingChanges() {
    let newYork = formatting(now: noon, zone: "America/New_York")
    // Spring forward: 2024-03-10 begins at 00:00 EST (05:00 UTC), the next day at 00:00 EDT.
    #expect(
      newYork.startOfDay(for: moment(2024, 3, 10, 15, in: "America/New_York"))
        == moment(2024, 3, 10, 5))
    #expect(
      newYork.startOfDay(for: moment(2024, 3, 11, 10, in: "America/New_York"))
        == moment(2024, 3, 11, 4))
    // Fall back: 2024-11-03 is 25 hours long and begins at 00:00 EDT (04:00 UTC).
    #expect(
      newYork.startOfDay(for: moment(2024, 11, 3, 23, in: "America/New_York"))
        == moment(2024, 11, 3, 4))
  }

  /// On a day without a midnight (São Paulo 2018-11-04 began at 01:00), the first moment.
  @Test func startOfDayWithoutMidnight() {
    let zone = "America/Sao_Paulo"
    let saoPaulo = formatting(now: noon, zone: zone)
    // 01:00 -02 on 2018-11-04 is 03:00 UTC.
    #expect(saoPaulo.startOfDay(for: moment(2018, 11, 4, 12, in: zone)) == moment(2018, 11, 4, 3))
  }

  /// today is the midnight of the clock's now.
  @Test func todayIsMidnightOfNow() {
    #expect(english.today == moment(2024, 3, 8))
    let newYork = formatting(now: moment(2024, 3, 8, 2), zone: "America/New_York")
    #expect(newYork.today == moment(2024, 3, 7, 5))
  }

  // MARK: - German

  /// German locales get German phrases, 24-hour times and German date order.
  @Test func germanLocaleFormatsInGerman() {
    let german = formatting(now: noon, zone: "Europe/Berlin", locale: "de_DE")
    #expect(german.relativeTime(noon - 1.5) == "vor 1 Sekunde")
    #expect(german.relativeTime(noon - 30) == "vor 30 Sekunden")
    #expect(german.relativeTime(noon - 90) == "vor etwa einer Minute")
    #expect(german.relativeTime(noon - 4000) == "vor etwa einer Stunde")
    #expect(german.relativeTime(noon - 5400) == "vor 2 Stunden")
    #expect(german.relativeTime(noon + 0.5) == "gleich")
    #expect(german.relativeTime(noon + 600) == "in 10 Minuten")
    #expect(german.shortRelativeTime(noon - 300) == "5 Min.")
    #expect(german.shortRelativeTime(noon - 2 * 86_400) == "2 Tg.")
    #expect(german.time(noon) == "13:00")
    #expect(german.date(noon) == "Freitag, 8. März 2024")
    #expect(german.dateTime(noon - 2 * 86_400) == "Mi., 13:00")
    #expect(german.dateTime(noon - 6 * 86_400) == "2. März, 13:00")
    #expect(german.shortTime(noon - 6 * 86_400) == "02.03.24")
    #expect(german.day(noon) == "Heute")
    #expect(german.day(noon - 86_400) == "Gestern")
    #expect(german.day(noon - 2 * 86_400) == "6. März")
    #expect(german.month(noon) == "März")
  }

  /// Explicit strings win over the locale's default strings.
  @Test func explicitStringsOverrideTheLocale() {
    let mixed = formatting(now: noon, locale: "de_DE", strings: .english)
    #expect(mixed.relativeTime(noon - 30) == "30 seconds ago")
    #expect(mixed.month(noon) == "März")
  }

  // MARK: - Date.tt and concurrency

  /// The Date.tt conveniences forward to the formatting value.
  @Test func dateConveniencesForward() {
    let date = noon - 300
    #expect(date.tt.formatRelativeTime(using: english) == "5 minutes ago")
    #expect(date.tt.formatShortRelativeTime(using: english) == "5m")
    #expect(date.tt.formatTime(using: english) == "11:55 AM")
    #expect(date.tt.formatDate(using: english) == "Friday, March 8, 2024")
    #expect(date.tt.formatShortTime(using: english) == "11:55 AM")
    #expect(date.tt.formatDateTime(using: english) == "11:55 AM")
    #expect(date.tt.formatDay(using: english) == "Today")
    #expect(date.tt.formatMonth(using: english) == "March")
    #expect(date.tt.formatYear(using: english) == "2024")
  }

  /// The standard formatting works with the real clock.
  @Test func standardUsesTheRealClock() {
    let realClock = TTDateFormatting(locale: Locale(identifier: "en_US_POSIX"))
    #expect(realClock.relativeTime(Date()) == "just a moment ago")
    #expect(realClock.relativeTime(Date() - 3000) == "50 minutes ago")
    #expect(abs(TTDateFormatting.standard.now().timeIntervalSinceNow) < 60)
  }

  /// Formatting from many tasks at once gives the same results as formatting alone.
  @Test func concurrentFormattingIsConsistent() async {
    let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo"]
    let expected = zones.map { formatting(now: noon, zone: $0).dateTime(noon - 2 * 86_400) }
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for round in 0..<200 {
        let index = round % zones.count
        group.addTask {
          (index, formatting(now: noon, zone: zones[index]).dateTime(noon - 2 * 86_400))
        }
      }
      var collected: [(Int, String)] = []
      for await result in group {
        collected.append(result)
      }
      return collected
    }
    #expect(results.count == 200)
    for (index, text) in results {
      #expect(text == expected[index])
    }
    #expect(expected == ["Wed 12:00 PM", "Wed 7:00 AM", "Wed 1:00 PM", "Wed 9:00 PM"])
  }
}
