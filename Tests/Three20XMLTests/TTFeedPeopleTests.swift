import Foundation
import Testing
import Three20XML

/// Authors and contributors, in every form RSS, Dublin Core and Atom write them.
@Suite struct TTFeedPeopleTests {
  /// A line of text, and the person it gives.
  struct Written: Sendable, CustomTestStringConvertible {
    var text: String
    var name: String?
    var email: String?
    var testDescription: String { text }
  }

  static let written = [
    Written(text: "jo@example.com (Jo Bloggs)", name: "Jo Bloggs", email: "jo@example.com"),
    Written(text: "Jo Bloggs (jo@example.com)", name: "Jo Bloggs", email: "jo@example.com"),
    Written(text: "Jo Bloggs <jo@example.com>", name: "Jo Bloggs", email: "jo@example.com"),
    Written(text: "<jo@example.com>", name: nil, email: "jo@example.com"),
    Written(text: "  jo@example.com  ", name: nil, email: "jo@example.com"),
    Written(text: "mailto:jo@example.com", name: nil, email: "jo@example.com"),
    Written(text: "Jo Bloggs (mailto:jo@example.com)", name: "Jo Bloggs", email: "jo@example.com"),
    Written(text: "Jo Bloggs", name: "Jo Bloggs", email: nil),
    Written(text: "Jo Bloggs (night editor)", name: "Jo Bloggs (night editor)", email: nil),
    Written(text: "Jo @ the Harbour", name: "Jo @ the Harbour", email: nil),
  ]

  @Test(arguments: written)
  func oneLineOfTextIsSplitIntoNameAndEmail(_ written: Written) throws {
    let person = try #require(TTFeedPerson(parsing: written.text))
    #expect(person.name == written.name)
    #expect(person.email == written.email)
    #expect(person.uri == nil)
  }

  @Test func emptyTextIsNoPerson() {
    #expect(TTFeedPerson(parsing: "") == nil)
    #expect(TTFeedPerson(parsing: " \n\t ") == nil)
  }

  @Test func rssChannelPeopleKeepTheirEmails() throws {
    let feed = try FeedFixture.feed("feed-people-rss.xml")
    #expect(
      feed.authors == [
        TTFeedPerson(name: "Ada Editor", email: "editor@harbour.example.com"),
        TTFeedPerson(name: "Bo Owner", email: "bo@harbour.example.com"),
        TTFeedPerson(name: "Cy Creator", email: "cy@harbour.example.com"),
        TTFeedPerson(email: "dee@harbour.example.com"),
        TTFeedPerson(name: "Harbour Press"),
      ])
    #expect(feed.contributors == [TTFeedPerson(name: "Eve Helper", email: "eve@harbour.example.com")])
  }

  @Test func rssItemCreatorsAreSplitAndContributorsKeptApart() throws {
    let feed = try FeedFixture.feed("feed-people-rss.xml")
    try #require(feed.items.count == 2)
    #expect(
      feed.items[0].authors == [
        TTFeedPerson(name: "Fay Writer", email: "fay@harbour.example.com"),
        TTFeedPerson(name: "Gus Writer", email: "gus@harbour.example.com"),
      ])
    #expect(
      feed.items[0].contributors == [
        TTFeedPerson(name: "Hal Photographer"), TTFeedPerson(email: "ida@harbour.example.com"),
      ])
    #expect(feed.items[1].authors == [TTFeedPerson(name: "Jo Bloggs (night editor)")])
    #expect(feed.items[1].contributors.isEmpty)
  }

  @Test func atomContributorsAreReadWithTheirAddressesResolvedAndChecked() throws {
    let feed = try FeedFixture.feed("feed-people-atom.xml")
    #expect(
      feed.authors == [
        TTFeedPerson(
          name: "Kim Author", email: "kim@atom.example.com",
          uri: URL(string: "https://atom.example.com/people/kim"))
      ])
    // The javascript: address is dropped by the URL scheme policy, and reported.
    #expect(feed.contributors == [TTFeedPerson(name: "Lee Contributor")])
    #expect(feed.problems.contains { $0.code == .refusedURL && $0.message.contains("javascript:") })
    let entry = try #require(feed.items.first)
    #expect(entry.authors.isEmpty)
    #expect(
      entry.contributors == [
        TTFeedPerson(
          name: "Max Editor", email: "max@atom.example.com",
          uri: URL(string: "https://atom.example.com/people/max")),
        TTFeedPerson(name: "Nia Reviewer"),
      ])
  }

  @Test(arguments: ["feed-people-rss.xml", "feed-people-atom.xml"])
  func streamingKeepsEveryPerson(name: String) throws {
    let data = try FeedFixture.data(name)
    let whole = try TTFeedReader.read(data)
    #expect(!whole.contributors.isEmpty)
    for size in [1, 5, 64] {
      #expect(try TTFeedReader().read(data, inPiecesOf: size) == whole, "pieces of \(size) bytes")
    }
  }
}
