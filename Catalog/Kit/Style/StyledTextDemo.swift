import Three20
import Three20UICommon

/// Three20's StyledTextTestController: XHTML with bold, italic, links, line breaks and
/// classes from the stylesheet, laid out at the page's width.
final class StyledTextDemo: CatalogPageController {
  init() { super.init(title: "Styled text") }

  static let xhtml = """
    This is <b>bold</b>, this is <i>italic</i>, and this is <u>underlined</u>. \
    Here is a link to <a href="tt://style/gallery">the style gallery</a>, and a bare URL: \
    http://three20.info. Line<br/>breaks<br/>work, and so do &lt;entities&gt; &amp; \
    <span class="badge">classes</span>. Long words wrap: \
    Pneumonoultramicroscopicsilicovolcanoconiosis.
    """

  override func makeBlocks() -> [CatalogBlock] {
    [
      .code("let label = TTStyledTextLabel(xhtml: html)"),
      .heading("The XHTML"),
      .code(Self.xhtml),
      .heading("Rendered"),
      .canvas { width in
        let text =
          (try? TTStyledText(xhtml: Self.xhtml, width: width))
          ?? TTStyledText(text: "The XHTML did not parse.", width: width)
        var canvas = TTCanvas(width: width, height: max(1, text.height))
        text.draw(on: &canvas, at: .zero, width: width)
        return canvas
      },
    ]
  }
}
