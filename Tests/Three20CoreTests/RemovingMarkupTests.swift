import Testing
import Three20Core

@Suite("Removing markup")
struct RemovingMarkupTests {
  /// Tags, comments, declarations and processing instructions are dropped; text and CDATA stay.
  @Test(arguments: [
    ("<p>Hello, <b>world</b>!</p><p>Fish &amp; chips</p>", "Hello, world!\nFish & chips"),
    ("<b>bold</b><i>italic</i>", "bolditalic"),
    ("<![CDATA[x < y &amp; z]]>", "x < y &amp; z"),
    ("a<!-- hidden -->b", "ab"),
    ("a<!---->b", "ab"),
    ("a<!-->b", "ab"),
    ("a<!--->b", "ab"),
    ("<!DOCTYPE html><html><body>hi</body></html>", "hi"),
    ("<?xml version=\"1.0\"?><x>hi</x>", "hi"),
    ("x<!>y", "xy"),
    ("<a href=\"x>y\" title='a>b'>link</a>", "link"),
    ("<o:p>x</o:p><my-el data-x=1>y</my-el>", "xy"),
    ("plain text", "plain text"),
    ("", ""),
  ])
  func tagsAreDropped(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  /// `script` and `style` lose their contents, whatever case or attributes their tags have.
  @Test(arguments: [
    ("1 < 2<br>x<!-- hidden --><script>alert(1)</script>", "1 < 2\nx"),
    ("<style>p { color: red }</style>text", "text"),
    ("<SCRIPT type=\"x\">if (a < b && c > d) {}</SCRIPT >after", "after"),
    ("<script>a</scriptx>b</script>c", "c"),
    ("<script>'</script>'c", "'c"),
    ("<script/>visible", "visible"),
    ("<script>never closed <b>bold</b>", ""),
    ("before<style>never closed", "before"),
    ("<script>x</script", ""),
  ])
  func scriptAndStyleContentsAreDropped(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  /// `br` always ends a line; block elements end a line unless it is empty; cells get a space.
  @Test(arguments: [
    ("a<br>b<br/>c<BR />d</br>e", "a\nb\nc\nd\ne"),
    ("<br><br>a<br><br>b<br>", "a\n\nb"),
    ("<div>a</div><div>b</div>", "a\nb"),
    ("<ul><li>one</li><li>two</li></ul>", "one\ntwo"),
    ("<h1>Title</h1>text<h6>end</h6>", "Title\ntext\nend"),
    ("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>", "a b\nc"),
    ("<p>a</p>\n<p>b</p>", "a\n\nb"),
    ("a<hr>b", "a\nb"),
  ])
  func blockElementsEndLines(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  /// Runs of spaces and tabs collapse; line ends are kept and trimmed of spaces.
  @Test(arguments: [
    ("a   \t b", "a b"),
    ("<p>  spaced   out  </p>", "spaced out"),
    ("line1\nline2", "line1\nline2"),
    ("a\r\nb\rc", "a\nb\nc"),
    ("a  \n  b", "a\nb"),
    ("   ", ""),
    ("<!-- a --> <!-- b -->", ""),
    ("&nbsp;a&nbsp; b", "\u{A0}a\u{A0} b"),
    ("a <b> b </b> c", "a b c"),
  ])
  func whitespaceCollapses(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  /// Entities in text are decoded once; a `<` that does not start markup is text.
  @Test(arguments: [
    ("&lt;b&gt;not a tag&lt;/b&gt;", "<b>not a tag</b>"),
    ("caf&eacute; 😀 <b>ok</b>", "café 😀 ok"),
    ("a&am<b></b>p;", "a&amp;"),
    ("<3 you", "<3 you"),
    ("a < b > c", "a < b > c"),
    ("x <", "x <"),
    ("<", "<"),
    ("</ b>", "</ b>"),
    ("< p>", "< p>"),
    ("</>", "</>"),
    ("1<2", "1<2"),
  ])
  func textIsDecodedAndStrayBracketsKept(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  /// Markup that is never closed is kept as text, with everything after it.
  @Test(arguments: [
    ("a <!-- never closed", "a <!-- never closed"),
    ("a <![CDATA[ never closed", "a <![CDATA[ never closed"),
    ("a <b never closed", "a <b never closed"),
    ("a <!DOCTYPE never closed", "a <!DOCTYPE never closed"),
    ("a <? never closed", "a <? never closed"),
    ("x</b", "x</b"),
    ("a <a href=\"x>y", "a y"),
    ("<a title=\"never closed>first</a> <b>second</b>", "first second"),
  ])
  func unterminatedMarkupKeepsText(input: String, expected: String) {
    #expect(input.tt.removingMarkup == expected)
  }

  // MARK: - Large input

  /// Megabyte-sized hostile input is handled in linear time.
  @Test(.timeLimit(.minutes(1)))
  func megabyteInputsAreLinear() {
    let brackets = String(repeating: "<", count: 1_000_000)
    #expect(brackets.tt.removingMarkup == brackets)
    let openTags = String(repeating: "<a", count: 500_000)
    #expect(openTags.tt.removingMarkup == openTags)
    let openQuotes = String(repeating: "<a x=\"", count: 150_000)
    #expect(openQuotes.tt.removingMarkup == openQuotes)
    let comments = String(repeating: "<!--", count: 250_000)
    #expect(comments.tt.removingMarkup == comments)
    let cdata = String(repeating: "<![CDATA[", count: 100_000)
    #expect(cdata.tt.removingMarkup == cdata)
    let script = "<script>" + String(repeating: "</scrip", count: 150_000)
    #expect(script.tt.removingMarkup == "")
    let bold = String(repeating: "<b>x</b>", count: 125_000)
    #expect(bold.tt.removingMarkup == String(repeating: "x", count: 125_000))
    let spaces = "a" + String(repeating: " \t", count: 500_000) + "b"
    #expect(spaces.tt.removingMarkup == "a b")
  }
}
