import Foundation

/// The pages the Catalog's server serves for the Web demos, so the web browser works offline.
///
/// | Path | Page |
/// | --- | --- |
/// | `/web/` | the start page: every demo page, app links (`tt://`), a fragment, refused links |
/// | `/web/article.html` | a news article: headings, a picture, a quote, lists |
/// | `/web/docs.html` | a documentation page: code, options in a table, a definition list |
/// | `/web/tables.html` | tables: wide, nested, spanning columns, too wide for a small screen |
/// | `/web/shift_jis.html` | Japanese in Shift_JIS, declared by `<meta charset>` |
/// | `/web/latin1.html` | French in ISO-8859-1, declared only by the `Content-Type` header |
/// | `/web/long.html` | a long page, to scroll and search |
/// | `/web/moved` | a redirect to the article (links resolve against the final URL) |
/// | `/web/endless` | a page that never finishes (Escape cancels it) |
/// | `/news/NAME` | the story behind each item of the sample feed |
///
/// Written for the Catalog.
enum CatalogWebPages {
  /// A page: its content type and bytes.
  struct Page {
    var contentType: String
    var data: Data
  }

  /// The page at a path, or `nil` when there is none.
  ///
  /// - Parameter path: The path, without the query.
  static func page(at path: String) -> Page? {
    switch path {
    case "/web", "/web/", "/web/index.html": return html(index)
    case "/web/article.html": return html(article)
    case "/web/docs.html": return html(docs)
    case "/web/tables.html": return html(tables)
    case "/web/long.html": return html(long)
    case "/web/shift_jis.html":
      return Page(contentType: "text/html", data: encoded(shiftJIS, as: "SHIFT_JIS"))
    case "/web/latin1.html":
      return Page(contentType: "text/html; charset=ISO-8859-1", data: encoded(latin1, as: "ISO-8859-1"))
    default:
      guard path.hasPrefix("/news/"), let story = stories.first(where: { "/news/" + $0.slug == path }) else {
        return nil
      }
      return html(storyPage(story))
    }
  }

  private static func html(_ text: String) -> Page {
    Page(contentType: "text/html; charset=utf-8", data: Data(text.utf8))
  }

  /// The text in a legacy encoding, converted with iconv as the server of such a site would.
  private static func encoded(_ text: String, as encoding: String) -> Data {
    let converter = iconv_open(encoding, "UTF-8")
    guard let converter, converter != iconv_t(bitPattern: -1) else { return Data(text.utf8) }
    defer { iconv_close(converter) }
    var input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: input.count * 2 + 16)
    let written = input.withUnsafeMutableBytes { inBuffer in
      output.withUnsafeMutableBytes { outBuffer in
        var inPointer = inBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
        var outLeft = outBuffer.count
        _ = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
        return outBuffer.count - outLeft
      }
    }
    return Data(output.prefix(written))
  }

  /// The feed's stories, by the last part of their link (`https://example.org/three20/NAME`).
  static let stories: [(slug: String, title: String, paragraphs: [String])] = [
    (
      "catalog", "The Catalog opens every demo by URL",
      [
        "Every screen of the Catalog has a <code>tt://</code> URL. The navigator opens it, builds the "
          + "screens beneath it from the map's parents, and remembers the whole stack when you quit.",
        "Try it: <a href=\"tt://style/gallery\">tt://style/gallery</a> opens the style gallery from "
          + "this very page, because the web controller hands app links to the navigator.",
      ]
    ),
    (
      "million", "Tables with a million rows",
      [
        "The table view asks its data source only for the rows on screen, so a list of a million "
          + "items scrolls as fast as one of ten. <a href=\"tt://table/million\">See for yourself</a>."
      ]
    ),
    (
      "cache", "Caching that understands 304",
      [
        "<code>TTURLCache</code> keeps responses on disk in SQLite and revalidates them with ETags: "
          + "a <em>304 Not Modified</em> costs a few bytes instead of the whole page."
      ]
    ),
    (
      "styles", "Styles on cells, and in SVG",
      [
        "The same <code>TTStyle</code> chain draws rounded buttons in the terminal and real gradients "
          + "in SVG. <a href=\"tt://style/gallery\">Open the gallery</a>."
      ]
    ),
    (
      "feeds", "Feeds, offline",
      [
        "This feed ships inside the Catalog, and so do the stories its items link to: the RSS reader "
          + "and this browser work on a plane."
      ]
    ),
  ]

  private static func storyPage(_ story: (slug: String, title: String, paragraphs: [String])) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>\(story.title) — Three20 News</title></head>
    <body>
    <p><a href="/web/">Three20 Web demo</a> › News</p>
    <h1>\(story.title)</h1>
    \(story.paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n"))
    <hr>
    <p><small>Opened from the RSS reader's item link, in TTWebController.</small></p>
    </body></html>
    """
  }

  static let index = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
      <meta charset="utf-8">
      <title>Three20 Web demo</title>
      <style>body { font-family: sans-serif }</style>
      <script>document.write("never shown")</script>
    </head>
    <body>
    <h1>Three20 Web</h1>
    <p>Every page here comes from the Catalog's own server on 127.0.0.1, so this browser works
    offline. <kbd>Tab</kbd> moves to the next link, <kbd>Enter</kbd> follows it,
    <kbd>Backspace</kbd> comes back, <kbd>/</kbd> finds text.</p>
    <h2>Pages</h2>
    <ul>
      <li><a href="article.html">A news article</a> — headings, a picture, a quote and lists</li>
      <li><a href="docs.html">A documentation page</a> — code that scrolls sideways, options in a table</li>
      <li><a href="tables.html">Tables</a> — narrow the terminal and watch the rows stack</li>
      <li><a href="shift_jis.html">日本語のページ</a> — Shift_JIS, declared in the page</li>
      <li><a href="latin1.html">Une page en français</a> — ISO-8859-1, declared by the server only</li>
      <li><a href="long.html">A long page</a> — scroll with Space, search with /</li>
      <li><a href="moved">A redirect</a> — links on the next page resolve against where it ended up</li>
      <li><a href="endless">A page that never ends</a> — press Escape to stop it</li>
      <li><a href="/status/404">A missing page</a> — the error, and <kbd>r</kbd> to retry</li>
    </ul>
    <h2>Links that leave the web</h2>
    <ul>
      <li><a href="tt://catalog">tt://catalog</a> opens the Catalog's index through the navigator</li>
      <li><a href="tt://style/gallery">tt://style/gallery</a> opens a demo</li>
      <li><a href="#keys">#keys</a> scrolls this page to its last section</li>
      <li><a href="javascript:alert('hi')">javascript:</a> is never followed</li>
      <li><a href="https://example.org/">example.org</a> needs the network; without it, an error</li>
    </ul>
    <p hidden>This paragraph is hidden and never drawn.</p>
    <h2 id="keys">Keys</h2>
    <dl>
      <dt>↑ ↓, PgUp PgDn, Space, Home End</dt><dd>scroll</dd>
      <dt>Tab, Shift-Tab, or a number then Enter</dt><dd>choose a link; Enter follows it</dd>
      <dt>Backspace, F</dt><dd>back and forward</dd>
      <dt>/ then n, N</dt><dd>find in the page, next and previous match</dd>
      <dt>r, R</dt><dd>reload, from the cache's rules or from the server</dd>
    </dl>
    </body>
    </html>
    """

  static let article = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Lighthouse relit after forty years — Harbour News</title></head>
    <body>
    <nav><a href="/web/">Home</a> | <a href="docs.html">Docs</a> | <a href="tables.html">Tables</a></nav>
    <article>
    <h1>Lighthouse relit after forty years</h1>
    <p><em>By Ada Harbour</em> · <time>14 March 2026</time></p>
    <p>The old lens of the harbour lighthouse turned again on Saturday night, forty years after
    the lamp was put out. Hundreds watched from the pier as the first beam swept across the bay,
    and the ferry sounded its horn in answer.
    <p>Restoring the lens took three winters. Each of its 312 prisms was cleaned by hand, and
    the clockwork that turns it was rebuilt from drawings found in the town archive.
    <figure>
      <img src="/images/photo-0-small.png" width="160" height="120" alt="The lighthouse at dusk">
      <figcaption>The lighthouse at dusk, seen from the pier.</figcaption>
    </figure>
    <blockquote><p>“We did not think it would ever turn again. Tonight the whole town came to
    watch it.”</p><p>— the harbour master</p></blockquote>
    <h2>What was restored</h2>
    <ol>
      <li>The lens: 312 prisms, cleaned and re-seated
      <li>The clockwork, with a new <b>spring</b> and the <i>original</i> governor
      <li>The lamp room's windows:
        <ul><li>twelve panes replaced<li>the frames painted</ul>
    </ol>
    <h2>Visiting</h2>
    <p>The tower is open on Sundays. See the <a href="#hours">opening hours</a> below, or read
    <a href="docs.html#options">how this page was made</a>.</p>
    <h3 id="hours">Opening hours</h3>
    <table>
      <tr><th>Day<th>Open<th>Close
      <tr><td>Sunday<td>10:00<td>16:00
      <tr><td>Public holidays<td>12:00<td>16:00
    </table>
    </article>
    <footer><p>© 2026 Harbour News · <a href="mailto:news@harbour.example">Write to us</a></p></footer>
    </body>
    </html>
    """

  static let docs = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title>TTWebController — documentation</title></head>
    <body>
    <h1>Mapping <code>*</code> to the web controller</h1>
    <p>Every classic Three20 app began its URL map with one line that sent any web address to
    <code>TTWebController</code>. The Swift port keeps it:</p>
    <pre><code>var map = TTURLMap()
    try map.from("*", toViewController: TTWebController.factory)
    let navigator = try TTNavigator(map: map)   // every http(s) link now opens as a page, and this line is long on purpose so that it scrolls sideways
    </code></pre>
    <h2 id="options">Options</h2>
    <table>
      <caption>TTWebLoader.Options.parser</caption>
      <thead><tr><th>Option</th><th>Default</th><th>What it limits</th></tr></thead>
      <tbody>
        <tr><td><code>maxDocumentSize</code></td><td>10 MB</td><td>Bytes read from the server before the page is refused</td></tr>
        <tr><td><code>maxDepth</code></td><td>512</td><td>How deeply elements nest</td></tr>
        <tr><td><code>maxNodes</code></td><td>1,000,000</td><td>Elements and runs of text</td></tr>
      </tbody>
    </table>
    <h2>Terms</h2>
    <dl>
      <dt>Final URL</dt><dd>Where the page ended up after redirects; relative links resolve against it.</dd>
      <dt>Fragment</dt><dd>The part after <code>#</code>; the viewer scrolls to the element with that id.</dd>
    </dl>
    <h2>Steps</h2>
    <ol start="3">
      <li>Link <b>Web</b> in your package.</li>
      <li>Map <code>*</code>.<ol type="a"><li>before other fallbacks</li><li>or per scheme</li></ol></li>
      <li>Open any <code>https://</code> URL.</li>
    </ol>
    <p><a href="/web/">Back to the start</a></p>
    </body>
    </html>
    """

  static let tables = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title>Tables</title></head>
    <body>
    <h1>Tables</h1>
    <p>Column widths come from the content. When even the narrowest columns do not fit, each
    row is stacked, one cell per line.</p>
    <table border="1">
      <caption>Ferries this week</caption>
      <tr><th>Route</th><th>Departs</th><th>Arrives</th><th>Notes</th></tr>
      <tr><td>Harbour → Island</td><td>07:15</td><td>08:05</td><td>Daily except Sunday; bicycles free of charge</td></tr>
      <tr><td>Island → Harbour</td><td>08:30</td><td>09:20</td><td>Connects with the 09:45 train</td></tr>
      <tr><td colspan="3">Sunday service</td><td>One boat each way, at noon</td></tr>
    </table>
    <h2>A table in a table</h2>
    <table>
      <tr><td>Outer cell</td><td><table><tr><td>inner one</td><td>inner two</td></tr></table></td></tr>
    </table>
    <h2>Numbers</h2>
    <table>
      <tr><th>Year</th><th>Visitors</th><th>Ferries</th><th>Storms</th><th>Lamp hours</th><th>Lens turns</th></tr>
      <tr><td>2023</td><td>12,400</td><td>1,820</td><td>14</td><td>0</td><td>0</td></tr>
      <tr><td>2024</td><td>13,100</td><td>1,835</td><td>9</td><td>0</td><td>0</td></tr>
      <tr><td>2026</td><td>21,950</td><td>1,902</td><td>11</td><td>2,190</td><td>1,182,600</td></tr>
    </table>
    <p><a href="/web/">Back to the start</a></p>
    </body>
    </html>
    """

  static let shiftJIS = """
    <html><head><meta charset="Shift_JIS"><title>灯台が四十年ぶりに点灯</title></head>
    <body><h1>灯台が四十年ぶりに点灯</h1>
    <p>港の灯台のレンズが土曜日の夜、四十年ぶりに回りました。桟橋から数百人が見守りました。</p>
    <p>このページは Shift_JIS で書かれ、<code>&lt;meta charset&gt;</code> で宣言されています。</p>
    <p><a href="/web/">はじめに戻る</a></p>
    </body></html>
    """

  static let latin1 = """
    <html><head><title>Le phare rallumé</title></head>
    <body><h1>Le phare rallumé après quarante ans</h1>
    <p>La lentille du phare a tourné à nouveau samedi soir. « Nous n’y croyions plus », dit le
    capitaine du port — ému.</p>
    <p>Cette page est en ISO-8859-1 ; seul l’en-tête <code>Content-Type</code> le dit.</p>
    <p><a href="/web/">Retour au début</a></p>
    </body></html>
    """
    .replacingOccurrences(of: "’", with: "'")

  static let long: String = {
    var body = "<h1>A long page</h1><p>Fifty sections, to scroll and to search: try /lamp.</p><ul>"
    for section in 1...50 { body += "<li><a href=\"#s\(section)\">Section \(section)</a></li>" }
    body += "</ul>"
    let words = ["harbour", "ferry", "lens", "lamp", "tide", "pier", "storm", "beacon", "keeper", "bay"]
    for section in 1...50 {
      body += "<h2 id=\"s\(section)\">Section \(section)</h2><p>"
      for word in 0..<60 {
        body += words[(section * 7 + word * 3) % words.count] + (word % 12 == 11 ? ". " : " ")
      }
      body += "</p>"
    }
    return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>A long page</title></head><body>"
      + body + "<p><a href=\"/web/\">Back to the start</a></p></body></html>"
  }()
}
