import Three20
import Three20UICommon

/// The Style demos: the gallery, stylesheets and buttons, styled text, colour profiles,
/// activity labels.
enum StyleDemos {
  static let all: [CatalogDemo] = [
    CatalogDemo(
      .style, "Style gallery", url: "tt://style/gallery",
      summary: "Shapes, fills, gradients, borders and shadows (Styled Views)",
      keyContent: ["Shapes", "Fills", "Borders", "Shadows", "speech bubble"]
    ) { _, _ in StyleGalleryDemo() },
    CatalogDemo(
      .style, "Buttons and stylesheets", url: "tt://style/buttons",
      summary: "TTButton in every state; a CSS theme over the default sheet",
      keyContent: ["highlighted", "disabled", "TTStyleSheet(css:", "Press me"]
    ) { _, _ in StyleSheetDemo() },
    CatalogDemo(
      .style, "Styled text", url: "tt://style/text",
      summary: "XHTML with bold, italic, links and classes, wrapped (Styled Labels)",
      keyContent: ["TTStyledTextLabel", "bold", "the style gallery"]
    ) { _, _ in StyledTextDemo() },
    CatalogDemo(
      .style, "Colour profiles", url: "tt://style/colors",
      summary: "True colour, 256, 16 and no colour: how styles fall back",
      keyContent: ["Profile: truecolor", "Profile: 16", "Profile: none", "▓"]
    ) { _, _ in ColorProfilesDemo() },
    CatalogDemo(
      .style, "Activity labels", url: "tt://style/activity",
      summary: "Every activity label style, and the error view with Retry",
      keyContent: ["Loading blackBezel", "Connection failed", "Retry"]
    ) { _, _ in ActivityDemo() },
  ]

  /// The SVG pictures of the style demos: file name, demo URL, document.
  @MainActor
  static func svgFiles() -> [(name: String, url: String, svg: String)] {
    [("style-gallery", "tt://style/gallery", StyleGalleryDemo.svg())]
  }
}
