import Foundation
import Three20

/// The raw XML tree of a document, as `TTXMLParser` builds it.
///
/// Elements, attributes and text, indented by depth. `tt://xml/tree?url=…` explores any document
/// on the web (see ``XMLDemos/documentPolicy``).
final class XMLTreeDemo: CatalogLoadingPage {
  let url: String?
  private var lines: [(String, TTCellStyle)] = []
  private var summary: [(String, String)] = []

  init(url: String?) {
    self.url = url
    super.init(title: "XML tree")
  }

  override func load() async {
    let bytes: Data
    if let url {
      if let refusal = XMLDemos.refusal(of: url) {
        lines = [(refusal, TTCellStyle(foreground: .red))]
        return
      }
      do {
        bytes = try await TTURLRequest(url: url).send(on: CatalogNetwork.queue).data
      } catch {
        lines = [("Could not load \(url): \(error.message)", TTCellStyle(foreground: .red))]
        return
      }
    } else {
      bytes = Data(CatalogSampleFeed.xml.utf8)
    }
    do {
      let document = try TTXMLParser.parse(bytes)
      summary = [
        ("source", url ?? "the Catalog's sample feed"), ("nodes", "\(document.nodeCount)"),
        ("encoding", document.encoding ?? "UTF-8"), ("root", document.root.qualifiedName),
      ]
      lines = []
      walk(document.root, depth: 0)
    } catch {
      lines = [("\(error)", TTCellStyle(foreground: .red))]
    }
  }

  private func walk(_ element: TTXMLElement, depth: Int) {
    guard lines.count < 400 else { return }
    let indent = String(repeating: "  ", count: depth)
    let attributes = element.attributes.map { " \($0.qualifiedName)=\"\($0.value)\"" }.joined()
    lines.append((indent + "<" + element.qualifiedName + attributes + ">", TTCellStyle(foreground: .blue)))
    let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !text.isEmpty {
      let short = text.count > 60 ? String(text.prefix(59)) + "…" : text
      lines.append((indent + "  " + short.replacingOccurrences(of: "\n", with: " "), .plain))
    }
    for child in element.children { walk(child, depth: depth + 1) }
  }

  override func makeBlocks() -> [CatalogBlock] {
    let lines = self.lines
    return [
      .code(
        "let document = try TTXMLParser.parse(data)\ndocument.root.child(path: \"channel/title\")?.trimmedText"
      ),
      .pairs(summary),
      .heading("Tree"),
      .canvas { width in
        var canvas = TTCanvas(width: width, height: max(1, lines.count))
        for (row, line) in lines.enumerated() {
          canvas.write(line.0, at: TTPoint(x: 0, y: row), style: line.1)
        }
        return canvas
      },
    ]
  }
}
