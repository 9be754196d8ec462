import Foundation
import Testing
import Three20Core

@Suite("TTLocalizedStrings")
struct TTLocalizedStringsTests {
  /// English has a singular form for every counted phrase.
  @Test(arguments: [
    (TTLocalizedStrings.Key.secondsAgo, "1 second ago", "2 seconds ago"),
    (.minutesAgo, "1 minute ago", "2 minutes ago"),
    (.hoursAgo, "1 hour ago", "2 hours ago"),
    (.inSeconds, "in 1 second", "in 2 seconds"),
    (.inMinutes, "in 1 minute", "in 2 minutes"),
    (.inHours, "in 1 hour", "in 2 hours"),
  ])
  func englishSingularAndPlural(key: TTLocalizedStrings.Key, one: String, two: String) {
    #expect(TTLocalizedStrings.english.string(key, count: 1) == one)
    #expect(TTLocalizedStrings.english.string(key, count: 2) == two)
    #expect(TTLocalizedStrings.english.string(key, count: 0) == two.replacingOccurrences(of: "2", with: "0"))
  }

  /// German has correct singular and plural forms.
  @Test(arguments: [
    (TTLocalizedStrings.Key.secondsAgo, "vor 1 Sekunde", "vor 5 Sekunden"),
    (.minutesAgo, "vor 1 Minute", "vor 5 Minuten"),
    (.hoursAgo, "vor 1 Stunde", "vor 5 Stunden"),
    (.inSeconds, "in 1 Sekunde", "in 5 Sekunden"),
    (.inMinutes, "in 1 Minute", "in 5 Minuten"),
    (.inHours, "in 1 Stunde", "in 5 Stunden"),
  ])
  func germanSingularAndPlural(key: TTLocalizedStrings.Key, one: String, five: String) {
    #expect(TTLocalizedStrings.german.string(key, count: 1) == one)
    #expect(TTLocalizedStrings.german.string(key, count: 5) == five)
  }

  /// Every key has a German phrase of its own; only pure patterns equal the English ones.
  @Test func germanCoversEveryKey() {
    let shared: Set<String> = ["format_weekday", "format_month", "format_year"]
    for key in TTLocalizedStrings.Key.all {
      let german = TTLocalizedStrings.german.string(key, count: 3)
      #expect(german != key.rawValue)
      if !shared.contains(key.rawValue) {
        #expect(german != TTLocalizedStrings.english.string(key, count: 3), "\(key)")
      }
      #expect(TTLocalizedStrings.english.string(key, count: 3) != key.rawValue)
    }
  }

  /// A translation's missing keys fall back to English.
  @Test func missingKeysFallBackToEnglish() {
    let strings = TTLocalizedStrings(table: ["seconds_ago": "vor %d Sekunden"], fallback: .english)
    #expect(strings.string(.secondsAgo, count: 5) == "vor 5 Sekunden")
    #expect(strings.string(.today) == "Today")
    #expect(strings.string(.minutesAgo, count: 1) == "1 minute ago")
  }

  /// The plural form is chosen within the translation, so languages never mix.
  @Test func pluralFormIsChosenWithinOneTable() {
    let strings = TTLocalizedStrings(table: ["seconds_ago": "vor %d Sekunden"], fallback: .english)
    #expect(strings.string(.secondsAgo, count: 1) == "vor 1 Sekunden")
  }

  /// A key missing everywhere comes back as its raw value.
  @Test func unknownKeysReturnTheirName() {
    let strings = TTLocalizedStrings(table: [:], fallback: nil)
    #expect(strings.string(.today) == "today")
    #expect(strings.string(TTLocalizedStrings.Key("custom_key"), count: 2) == "custom_key")
  }

  /// A custom plural rule picks forms such as Russian's "few" and "many".
  @Test func customPluralRulePicksCategories() {
    let russian = TTLocalizedStrings(
      table: [
        "minutes_ago.one": "%d минуту назад",
        "minutes_ago.few": "%d минуты назад",
        "minutes_ago": "%d минут назад",
      ],
      pluralRule: { count in
        let (ones, tens) = (count % 10, count % 100)
        if ones == 1 && tens != 11 { return .one }
        if (2...4).contains(ones) && !(12...14).contains(tens) { return .few }
        return .other
      })
    #expect(russian.string(.minutesAgo, count: 21) == "21 минуту назад")
    #expect(russian.string(.minutesAgo, count: 3) == "3 минуты назад")
    #expect(russian.string(.minutesAgo, count: 12) == "12 минут назад")
    #expect(russian.string(.today) == "Today")
  }

  /// Format strings cannot crash: only %d, %1$d and %% are special.
  @Test func hostileFormatStringsAreKeptLiterally() {
    let strings = TTLocalizedStrings(
      table: ["a": "%@ %s %n %d%% %1$d %", "b": "100%% sure %d"], fallback: nil)
    #expect(strings.string(TTLocalizedStrings.Key("a"), count: 7) == "%@ %s %n 7% 7 %")
    #expect(strings.string(TTLocalizedStrings.Key("b")) == "100% sure %d")
  }

  /// German locales pick the German strings, every other locale English.
  @Test(arguments: [
    ("de", "Heute"), ("de_DE", "Heute"), ("de-AT", "Heute"), ("de_CH", "Heute"),
    ("en_US", "Today"), ("fr_FR", "Today"), ("", "Today"), ("dsb", "Today"), ("del", "Today"),
  ])
  func forLocalePicksByLanguage(identifier: String, today: String) {
    #expect(TTLocalizedStrings.forLocale(Locale(identifier: identifier)).string(.today) == today)
  }

  /// The default plural rule calls only 1 singular.
  @Test func oneOrOtherCallsOnlyOneSingular() {
    #expect(TTLocalizedStrings.oneOrOther(1) == .one)
    #expect(TTLocalizedStrings.oneOrOther(0) == .other)
    #expect(TTLocalizedStrings.oneOrOther(-1) == .other)
    #expect(TTLocalizedStrings.oneOrOther(21) == .other)
  }
}
