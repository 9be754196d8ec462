import Foundation
import Three20

/// String helpers from Core, each with its result, on sample input.
final class CoreStringsDemo: CatalogPageController {
  init() { super.init(title: "String helpers") }

  override func makeBlocks() -> [CatalogBlock] {
    let html = "caf&eacute; &lt;b&gt; &#8364;5 &amp; more"
    let markup = "<p>Hello <b>world</b>&nbsp;&mdash; <a href='x'>link</a></p>"
    return [
      .heading("HTML entities"),
      .examples([
        ("\"\(html)\".tt.decodingHTMLEntities", html.tt.decodingHTMLEntities),
        ("\"café <b>\".tt.encodingHTMLEntities", "café <b>".tt.encodingHTMLEntities),
        (
          "\"café\".tt.encodingHTMLEntities(asciiOnly: true)", "café".tt.encodingHTMLEntities(asciiOnly: true)
        ),
      ]),
      .heading("Markup"),
      .examples([("\"\(markup)\".tt.removingMarkup", markup.tt.removingMarkup)]),
      .heading("Percent encoding"),
      .examples([
        ("\"a b/c?d\".tt.percentEncodedPathComponent", "a b/c?d".tt.percentEncodedPathComponent),
        ("\"a b&c=d\".tt.percentEncodedQueryValue", "a b&c=d".tt.percentEncodedQueryValue),
        ("\"caf%C3%A9%20au+lait\".tt.percentDecoded", "caf%C3%A9%20au+lait".tt.percentDecoded),
        ("\"caf%C3%A9%20au+lait\".tt.formDecoded", "caf%C3%A9%20au+lait".tt.formDecoded),
      ]),
      .heading("Whitespace"),
      .examples([
        ("\" \\n\\t \".tt.isWhitespaceAndNewlines", String(" \n\t ".tt.isWhitespaceAndNewlines)),
        ("\"  x \".tt.hasAnyText", String("  x ".tt.hasAnyText)),
      ]),
      .heading("Versions"),
      .examples([
        ("\"3.10\".tt.compareVersion(to: \"3.9\")", describe("3.10".tt.compareVersion(to: "3.9"))),
        ("\"1.0a\".tt.compareVersion(to: \"1.0\")", describe("1.0a".tt.compareVersion(to: "1.0"))),
      ]),
    ]
  }

  private func describe(_ result: ComparisonResult) -> String {
    switch result {
    case .orderedAscending: ".orderedAscending"
    case .orderedSame: ".orderedSame"
    case .orderedDescending: ".orderedDescending"
    }
  }
}
