import Foundation
import Testing
import Three20Core

@Suite("TTHTMLSanitizer")
struct TTHTMLSanitizerTests {
  private let sanitizer = TTHTMLSanitizer.default
  private let base = URL(string: "https://example.com/blog/post.html")

  // MARK: - Elements

  /// The allowed elements and attributes come out as they went in.
  @Test(arguments: [
    "<p>Hello, <b>world</b>!</p>",
    "<h1>Title</h1><h2>Sub</h2><h6>Small</h6>",
    "<ul><li>one</li><li>two</li></ul><ol start=\"3\" reversed=\"\"><li>three</li></ol>",
    "<dl><dt>term</dt><dd>definition</dd></dl>",
    "<blockquote cite=\"https://example.com/q\"><p>quoted</p></blockquote>",
    "<pre><code>let a = 1</code></pre>",
    "<em>e</em><strong>s</strong><i>i</i><u>u</u><s>s</s><strike>x</strike><sub>1</sub><sup>2</sup>",
    "<abbr title=\"HyperText Markup Language\">HTML</abbr> <time datetime=\"2024-01-01\">New Year</time>",
    "<a href=\"https://example.com/\" title=\"Example\">link</a>",
    "<img src=\"https://example.com/a.png\" alt=\"A\" width=\"10\" height=\"20\">",
    "a<br>b<hr>c<wbr>d",
    "<table border=\"1\"><thead><tr><th scope=\"col\">H</th></tr></thead><tbody><tr><td colspan=\"2\">"
      + "c</td></tr></tbody></table>",
    "<figure><img src=\"a.png\" alt=\"\"><figcaption>Caption</figcaption></figure>",
    "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
    "<details open=\"\"><summary>More</summary>hidden</details>",
    "<p dir=\"rtl\" lang=\"he\" align=\"right\">שלום</p>",
    "<video src=\"v.mp4\" controls=\"\" poster=\"p.jpg\"><track src=\"t.vtt\" kind=\"subtitles\" "
      + "srclang=\"en\"></video>",
    "<audio controls=\"\"><source src=\"a.ogg\" type=\"audio/ogg\"></audio>",
    "<picture><source srcset=\"a.webp\" type=\"image/webp\"><img src=\"a.jpg\" alt=\"a\"></picture>",
    "<article><header>h</header><section>s</section><aside>a</aside><footer>f</footer></article>",
  ])
  func allowedMarkupIsKept(html: String) {
    #expect(sanitizer.sanitize(html) == html)
  }

  /// Scripts, styles and the other elements whose content is not text are dropped with it.
  @Test(arguments: [
    ("a<script>alert(1)</script>b", "ab"),
    ("a<SCRIPT type=\"text/javascript\">if (a < b) {}</SCRIPT >b", "ab"),
    ("a<script>document.write('</scr' + 'ipt>')</script>b", "ab"),
    ("a<style>body { display: none }</style>b", "ab"),
    ("a<style>@import url(javascript:alert(1));</style>b", "ab"),
    ("a<iframe src=\"https://evil.example/\">fallback</iframe>b", "ab"),
    ("a<object data=\"x.swf\"><param name=\"a\" value=\"b\">fallback</object>b", "ab"),
    ("a<embed src=\"x.swf\">b", "ab"),
    ("a<applet code=\"X\">fallback</applet>b", "ab"),
    ("a<noscript><p>enable JavaScript</p></noscript>b", "ab"),
    ("a<template><p>later</p></template>b", "ab"),
    ("a<form action=\"/x\"><p>Name <input name=\"n\"></p><button>Send</button></form>b", "ab"),
    ("a<select><option>one</option><option>two</option></select>b", "ab"),
    ("a<textarea><b>not bold</b></textarea>b", "ab"),
    (
      "<head><title>T</title><meta charset=\"utf-8\"><link rel=\"stylesheet\" href=\"x.css\"></head>body",
      "body"
    ),
    ("<html><head><title>T</title><body><p>text</p></body></html>", "<p>text</p>"),
    ("a<svg><circle r=\"1\"/><text>svg text</text></svg>b", "ab"),
    ("a<math><mi>x</mi></math>b", "ab"),
    ("a<svg/>b", "ab"),
    ("a<object><object>x</object>y</object>b", "ab"),
    ("a<xmp><b>x</b></xmp>b", "ab"),
    ("a<plaintext><b>everything after</b>", "a"),
    ("a<frameset><frame src=\"x\"></frameset>b", "ab"),
    ("a<base href=\"https://evil.example/\">b", "ab"),
    ("a<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">b", "ab"),
  ])
  func contentThatIsNotTextIsDropped(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  /// Elements the policy does not name lose their tags and keep their text.
  @Test(arguments: [
    ("<font color=\"red\">red</font>", "red"),
    ("<label>name</label><fieldset><legend>L</legend>x</fieldset>", "nameLx"),
    ("<p>a <custom-element data-x=\"1\">b</custom-element> c</p>", "<p>a b c</p>"),
    ("<o:p>word</o:p>", "word"),
    ("<marquee>moving</marquee><blink>blinking</blink>", "movingblinking"),
  ])
  func otherElementsAreUnwrapped(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  /// Comments, CDATA sections, declarations and processing instructions are dropped.
  @Test(arguments: [
    ("a<!-- comment -->b", "ab"),
    ("a<!--<script>alert(1)</script>-->b", "ab"),
    ("a<![CDATA[<script>alert(1)</script>]]>b", "ab"),
    ("<!DOCTYPE html>a", "a"),
    ("<?xml version=\"1.0\"?>a", "a"),
    ("a<!-->b", "ab"),
  ])
  func commentsAndDeclarationsAreDropped(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  // MARK: - Attributes

  /// Event handlers, identifiers, classes and anything else not allowed are dropped, in any
  /// case.
  @Test(arguments: [
    ("<p onclick=\"alert(1)\">x</p>", "<p>x</p>"),
    ("<p ONCLICK=\"alert(1)\" OnMouseOver=alert(1)>x</p>", "<p>x</p>"),
    ("<b id=\"main\" class=\"warning\" name=\"n\">x</b>", "<b>x</b>"),
    (
      "<a href=\"/a\" target=\"_blank\" rel=\"opener\" ping=\"https://t.example/\">x</a>",
      "<a href=\"/a\">x</a>"
    ),
    ("<img src=\"a.png\" onerror=\"alert(1)\" onload=\"alert(2)\" loading=\"lazy\">", "<img src=\"a.png\">"),
    ("<a xlink:href=\"javascript:alert(1)\" formaction=\"javascript:alert(2)\">x</a>", "<a>x</a>"),
    ("<p data-x=\"1\" hidden>x</p>", "<p>x</p>"),
    ("<P TITLE=\"Hi\" LANG=en>x</P>", "<p title=\"Hi\" lang=\"en\">x</p>"),
    ("<p title=\"first\" title=\"second\">x</p>", "<p title=\"first\">x</p>"),
    ("<p title>x</p>", "<p title=\"\">x</p>"),
    ("<p title='single \"quoted\"'>x</p>", "<p title=\"single &quot;quoted&quot;\">x</p>"),
    ("<p title=unquoted>x</p>", "<p title=\"unquoted\">x</p>"),
    ("<p title = \"spaced\" >x</p>", "<p title=\"spaced\">x</p>"),
    ("<img/src=\"a.png\"/alt=\"a\">", "<img src=\"a.png\" alt=\"a\">"),
    ("<td colspan=\"2\">x</td>", "<td colspan=\"2\">x</td>"),
    ("<p colspan=\"2\">x</p>", "<p>x</p>"),
  ])
  func attributesAreFiltered(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  /// Attribute values are decoded as HTML decodes them, then escaped again.
  @Test func attributeValuesAreDecodedAndEscaped() {
    #expect(
      sanitizer.sanitize("<p title=\"a &amp; b &lt;c&gt; &quot;d&quot;\">x</p>")
        == "<p title=\"a &amp; b &lt;c&gt; &quot;d&quot;\">x</p>")
    #expect(sanitizer.sanitize("<p title=\"caf&eacute; &#x41;\">x</p>") == "<p title=\"café A\">x</p>")
    // A legacy name without `;` followed by `=` or a letter stays as written in an attribute.
    #expect(
      sanitizer.sanitize("<a href=\"?a=1&copy=2&region=3&not\">x</a>")
        == "<a href=\"?a=1&amp;copy=2&amp;region=3¬\">x</a>")
    #expect(sanitizer.sanitize("<p title=\"&copy 2024\">x</p>") == "<p title=\"© 2024\">x</p>")
    #expect(sanitizer.sanitize("&copy=2 &region") == "©=2 ®ion")
  }

  // MARK: - Addresses

  /// The classic ways of smuggling a script through an address do not get through.
  @Test(arguments: [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u{1}\u{1F} javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java\r\nscript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "jav&#9;ascript:alert(1)",
    "jav&Tab;ascript:alert(1)",
    "java&NewLine;script:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
    "&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)",
    "javascript&colon;alert(1)",
    "  javascript:alert(1)  ",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "livescript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "file:///etc/passwd",
  ])
  func refusedLinksKeepTheirText(url: String) {
    let html = "<a href=\"\(url)\">text</a>"
    #expect(sanitizer.sanitize(html) == "<a>text</a>")
    #expect(sanitizer.sanitize(html, baseURL: base) == "<a>text</a>")
    #expect(sanitizer.sanitize("<img src=\"\(url)\" alt=\"a\">") == "<img alt=\"a\">")
  }

  /// A backtick is not a quote in HTML: an address that starts with one has no scheme, and is
  /// kept as the harmless relative reference a browser sees.
  @Test func backticksAreNotQuotes() {
    #expect(sanitizer.sanitize("<IMG SRC=`javascript:alert(1)`>") == "<img src=\"`javascript:alert(1)`\">")
    #expect(
      sanitizer.sanitize("<IMG SRC=`javascript:alert(1)`>", baseURL: base)
        == "<img src=\"https://example.com/blog/%60javascript:alert(1)%60\">")
  }

  /// Cross-site scripting vectors in the style of OWASP's filter evasion cheat sheet.
  @Test(arguments: [
    ("<script>alert('XSS')</script>", ""),
    ("<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>", ""),
    ("<IMG SRC=\"javascript:alert('XSS');\">", "<img>"),
    ("<IMG SRC=JaVaScRiPt:alert('XSS')>", "<img>"),
    ("<a onmouseover=\"alert(document.cookie)\">xxs link</a>", "<a>xxs link</a>"),
    ("<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>", "<img>\"\\&gt;"),
    ("<img src=x onerror=alert(1)>", "<img src=\"x\">"),
    ("<img src=x onerror=&#0000106&#0000097&#0000118&#0000097alert(1)>", "<img src=\"x\">"),
    ("<svg onload=alert(1)>", ""),
    ("<svg/onload=alert(1)>after", ""),
    ("<body onload=alert(1)>text</body>", "text"),
    ("<a href=\"  javascript:alert(1)\">x</a>", "<a>x</a>"),
    ("<IMG SRC=\"jav\tascript:alert('XSS');\">", "<img>"),
    ("<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">", "<img>"),
    ("<IMG SRC=\" &#14;  javascript:alert('XSS');\">", "<img>"),
    ("<SCRIPT/XSS SRC=\"https://xss.example/xss.js\"></SCRIPT>", ""),
    ("<<SCRIPT>alert(\"XSS\");//<</SCRIPT>", "&lt;"),
    ("<SCRIPT SRC=//xss.example/.j>", ""),
    (
      "<iframe src=http://xss.example/scriptlet.html <",
      "&lt;iframe src=http://xss.example/scriptlet.html &lt;"
    ),
    ("</TITLE><SCRIPT>alert(\"XSS\");</SCRIPT>", ""),
    ("<INPUT TYPE=\"IMAGE\" SRC=\"javascript:alert('XSS');\">", ""),
    ("<BODY BACKGROUND=\"javascript:alert('XSS')\">", ""),
    ("<IMG DYNSRC=\"javascript:alert('XSS')\">", "<img>"),
    (
      "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
      "<ul><li>XSS<br></li></ul>"
    ),
    ("<LINK REL=\"stylesheet\" HREF=\"javascript:alert('XSS');\">", ""),
    ("<STYLE>@import'http://xss.example/xss.css';</STYLE>", ""),
    ("<META HTTP-EQUIV=\"Link\" Content=\"<http://xss.example/xss.css>; REL=stylesheet\">", ""),
    ("<STYLE>BODY{-moz-binding:url(\"http://xss.example/xssmoz.xml#xss\")}</STYLE>", ""),
    ("<IMG STYLE=\"xss:expr/*XSS*/ession(alert('XSS'))\">", "<img>"),
    ("<TABLE BACKGROUND=\"javascript:alert('XSS')\">", "<table></table>"),
    ("<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">x</DIV>", "<div>x</div>"),
    (
      "<DIV STYLE=\"background-image:\\0075\\0072\\006C\\0028'\\006a\\0061vascript:alert(1)'\\0029\">x</DIV>",
      "<div>x</div>"
    ),
    ("<DIV STYLE=\"width: expression(alert('XSS'));\">x</DIV>", "<div>x</div>"),
    ("<BASE HREF=\"javascript:alert('XSS');//\">", ""),
    ("<OBJECT TYPE=\"text/x-scriptlet\" DATA=\"http://xss.example/scriptlet.html\"></OBJECT>", ""),
    (
      "<EMBED SRC=\"data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==\" type=\"image/svg+xml\" AllowScriptAccess=\"always\"></EMBED>",
      ""
    ),
    ("<img src=\"data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+\">", "<img>"),
    ("<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>", "<a>x</a>"),
    ("<scr<script>ipt>alert(1)</scr</script>ipt>", "ipt&gt;alert(1)ipt&gt;"),
    ("<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"),
    ("<!--<script>-->alert(1)", "alert(1)"),
    ("<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->", ""),
    ("<script", "&lt;script"),
    ("<script>alert(1)", ""),
    ("<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">", "<img src=\"x\">\"&gt;"),
    (
      "<p title=\"</p><script>alert(1)</script>\">x</p>",
      "<p title=\"&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">x</p>"
    ),
    ("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", ""),
    (
      "<a href=\"https://example.com/\" style=\"position:fixed;top:0;left:0;width:100%;height:100%\">x</a>",
      "<a href=\"https://example.com/\" style=\"width: 100%; height: 100%\">x</a>"
    ),
  ])
  func crossSiteScriptingVectorsAreDefused(html: String, expected: String) {
    let output = sanitizer.sanitize(html)
    #expect(output == expected)
    let lowered = output.lowercased()
    for word in ["<script", "javascript:", "onerror=", "onload=", "<svg", "<style", "<iframe", "expression("]
    {
      #expect(!lowered.contains(word), "\(word) in \(output)")
    }
  }

  /// Relative addresses are resolved against the base URL when one is given, and kept as they
  /// are otherwise.
  @Test func relativeAddressesResolveAgainstTheBase() {
    let html =
      "<a href=\"other.html\">a</a><a href=\"/root\">b</a><a href=\"//cdn.example.net/c\">c</a>"
      + "<a href=\"?q=1\">d</a><a href=\"#top\">e</a><img src=\"../img/x.png\">"
      + "<blockquote cite=\"/source\">q</blockquote><a href=\"https://other.example/\">f</a>"
    #expect(
      sanitizer.sanitize(html, baseURL: base)
        == "<a href=\"https://example.com/blog/other.html\">a</a><a href=\"https://example.com/root\">b</a>"
        + "<a href=\"https://cdn.example.net/c\">c</a><a href=\"https://example.com/blog/post.html?q=1\">d</a>"
        + "<a href=\"https://example.com/blog/post.html#top\">e</a>"
        + "<img src=\"https://example.com/img/x.png\"><blockquote cite=\"https://example.com/source\">q</blockquote>"
        + "<a href=\"https://other.example/\">f</a>")
    // Without a base, `//cdn…` would name a host under whatever scheme the page has: refused.
    #expect(
      sanitizer.sanitize(html)
        == "<a href=\"other.html\">a</a><a href=\"/root\">b</a><a>c</a>"
        + "<a href=\"?q=1\">d</a><a href=\"#top\">e</a><img src=\"../img/x.png\">"
        + "<blockquote cite=\"/source\">q</blockquote><a href=\"https://other.example/\">f</a>")
  }

  /// Relative addresses with spaces, non-ASCII letters or a colon resolve as a browser resolves
  /// them; one with a malformed host is dropped.
  @Test func unusualRelativeAddressesResolve() {
    #expect(
      sanitizer.sanitize("<a href=\"a b/ü.html\">x</a>", baseURL: base)
        == "<a href=\"https://example.com/blog/a%20b/%C3%BC.html\">x</a>")
    #expect(sanitizer.sanitize("<a href=\"a b/ü.html\">x</a>") == "<a href=\"a b/ü.html\">x</a>")
    // A colon in the first segment does not make a scheme of what is not one.
    #expect(
      sanitizer.sanitize("<a href=\"1x:y\">x</a>", baseURL: base)
        == "<a href=\"https://example.com/blog/1x:y\">x</a>")
    // An address Foundation cannot resolve is dropped.
    #expect(sanitizer.sanitize("<a href=\"//exa mple.com/x\">x</a>", baseURL: base) == "<a>x</a>")
  }

  /// Every address is checked after it is resolved: a base with a refused scheme gives refused
  /// addresses.
  @Test func theResolvedAddressIsChecked() {
    let file = URL(string: "file:///home/me/feed.xml")
    #expect(sanitizer.sanitize("<a href=\"x.html\">x</a>", baseURL: file) == "<a>x</a>")
    #expect(
      sanitizer.sanitize("<a href=\"https://example.com/\">x</a>", baseURL: file)
        == "<a href=\"https://example.com/\">x</a>")
  }

  /// The scheme policy decides which schemes and whether relative references are kept.
  @Test func theSchemePolicyIsHonoured() {
    var policy = TTHTMLSanitizer.Policy.default
    policy.urlSchemePolicy = TTURLSchemePolicy(allowing: ["https"], allowsRelativeReferences: false)
    let strict = TTHTMLSanitizer(policy: policy)
    let html =
      "<a href=\"http://example.com/\">1</a><a href=\"https://example.com/\">2</a><a href=\"/x\">3</a>"
    #expect(strict.sanitize(html) == "<a>1</a><a href=\"https://example.com/\">2</a><a>3</a>")
    #expect(
      strict.sanitize(html, baseURL: base)
        == "<a>1</a><a href=\"https://example.com/\">2</a><a href=\"https://example.com/x\">3</a>")
    #expect(
      sanitizer.sanitize("<a href=\"mailto:jo@example.com\">m</a>")
        == "<a href=\"mailto:jo@example.com\">m</a>")
    #expect(sanitizer.sanitize("<a href=\"itpc://example.com/\">m</a>") == "<a>m</a>")
    policy.urlSchemePolicy = TTURLSchemePolicy.default.allowing("itpc", "data")
    #expect(
      TTHTMLSanitizer(policy: policy).sanitize("<a href=\"itpc://example.com/\">m</a>")
        == "<a href=\"itpc://example.com/\">m</a>")
    // Allowing `data` in the scheme policy does not allow data: URLs.
    #expect(TTHTMLSanitizer(policy: policy).sanitize("<a href=\"data:text/html,x\">m</a>") == "<a>m</a>")
  }

  /// `data:` URLs are kept only in `img src`, only for raster image types, only if allowed.
  @Test func dataImagesAreKeptOnlyWhereAllowed() {
    for type in ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "IMAGE/PNG"] {
      let html = "<img src=\"data:\(type);base64,AAAA\">"
      #expect(sanitizer.sanitize(html) == html)
    }
    #expect(sanitizer.sanitize("<img src=\"data:image/png,raw\">") == "<img src=\"data:image/png,raw\">")
    for refused in [
      "data:image/svg+xml;base64,PHN2Zz4=", "data:image/svg+xml,<svg onload=alert(1)>", "data:text/html,x",
      "data:,x", "data:image/png", "data:image/pngx;base64,AA",
    ] {
      #expect(sanitizer.sanitize("<img src=\"\(refused)\">") == "<img>")
    }
    #expect(sanitizer.sanitize("<a href=\"data:image/png;base64,AAAA\">x</a>") == "<a>x</a>")
    #expect(sanitizer.sanitize("<video poster=\"data:image/png;base64,AAAA\"></video>") == "<video></video>")
    #expect(sanitizer.sanitize("<img srcset=\"data:image/png;base64,AAAA 1x\">") == "<img>")
    var policy = TTHTMLSanitizer.Policy.default
    policy.allowsDataImages = false
    #expect(TTHTMLSanitizer(policy: policy).sanitize("<img src=\"data:image/png;base64,AAAA\">") == "<img>")
  }

  /// Each `srcset` candidate is checked and resolved; bad candidates are dropped, and an empty
  /// list drops the attribute.
  @Test func srcsetCandidatesAreCheckedOneByOne() {
    let html =
      "<img srcset=\"a.png 1x, javascript:alert(1) 2x,b.png 640w ,  c.png, d.png bogus, e.png 1.5x\">"
    #expect(sanitizer.sanitize(html) == "<img srcset=\"a.png 1x, b.png 640w, c.png, e.png 1.5x\">")
    #expect(
      sanitizer.sanitize("<img srcset=\"/a.png 2x\">", baseURL: base)
        == "<img srcset=\"https://example.com/a.png 2x\">")
    #expect(sanitizer.sanitize("<img srcset=\"javascript:alert(1) 1x\">") == "<img>")
    #expect(sanitizer.sanitize("<img srcset=\"a.png,, b.png\">") == "<img srcset=\"a.png, b.png\">")
    #expect(
      sanitizer.sanitize("<source srcset=\"a.webp 1x, jav&#x09;ascript:x 2x\">")
        == "<source srcset=\"a.webp 1x\">")
  }

  // MARK: - Styles

  /// `style` keeps the allowed declarations with safe values and nothing else.
  @Test(arguments: [
    ("color: red", "color: red"),
    ("COLOR:Red;FONT-WEIGHT : bold ;", "color: Red; font-weight: bold"),
    ("color: rgb(255, 0, 0); background-color: #fff", "color: rgb(255, 0, 0); background-color: #fff"),
    (
      "font-family: &quot;Helvetica Neue&quot;, 'Noto Sans', sans-serif",
      "font-family: &quot;Helvetica Neue&quot;, 'Noto Sans', sans-serif"
    ),
    ("width: calc(100% - 2em); height: 10px", "width: calc(100% - 2em); height: 10px"),
    ("text-align: center; position: absolute; top: 0", "text-align: center"),
    ("border: 1px solid red; border-collapse: collapse", "border: 1px solid red; border-collapse: collapse"),
    ("color: red !important", "color: red !important"),
    ("font-size: 12px\n  ;  line-height:\t1.5", "font-size: 12px; line-height: 1.5"),
  ])
  func styleKeepsSafeDeclarations(style: String, expected: String) {
    #expect(sanitizer.sanitize("<span style=\"\(style)\">x</span>") == "<span style=\"\(expected)\">x</span>")
  }

  /// Declarations that could load, run or escape are dropped; nothing left drops the attribute.
  @Test(arguments: [
    "background: url(javascript:alert(1))",
    "background-color: url(https://tracker.example/pixel)",
    "background-image: url(x)",
    "width: expression(alert(1))",
    "width: EXPRESSION(alert(1))",
    "width: expr/**/ession(alert(1))",
    "color: red /* comment */",
    "behavior: url(x.htc)",
    "color: \\72 ed",
    "font-family: &quot;a\\&quot;b&quot;",
    "-moz-binding: url(x)",
    "color: -moz-binding",
    "color: javascript",
    "font-family: @import",
    "color: <b>",
    "color: red}body{color:blue",
    "color: &quot;unclosed",
    "color: rgb(1, 2, 3",
    "color: var(--x)",
    "color: image-set(&quot;a.png&quot; 1x)",
    "width: (1px)",
    "color: ｅｘｐｒｅｓｓｉｏｎ",
    "color: red\u{1}",
    "display: none",
    "position: fixed",
    "margin: -100px",
    "font-size:",
    ": red",
    "color",
    "col or: red",
  ])
  func unsafeDeclarationsAreDropped(style: String) {
    #expect(sanitizer.sanitize("<span style=\"\(style)\">x</span>") == "<span>x</span>")
  }

  /// The CSS allow-list is the policy's; an empty one drops every `style`.
  @Test func theCSSAllowListIsThePolicys() {
    var policy = TTHTMLSanitizer.Policy.default
    policy.allowedCSSProperties = ["Display"]
    let custom = TTHTMLSanitizer(policy: policy)
    #expect(
      custom.sanitize("<p style=\"display: block; color: red\">x</p>") == "<p style=\"display: block\">x</p>")
    policy.allowedCSSProperties = []
    #expect(TTHTMLSanitizer(policy: policy).sanitize("<p style=\"color: red\">x</p>") == "<p>x</p>")
  }

  // MARK: - Text

  /// Text is decoded and escaped again, so no markup comes from text; stray `<` is text.
  @Test(arguments: [
    ("&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("Fish &amp; chips &amp;amp; caf&eacute; &#x1F600;", "Fish &amp; chips &amp;amp; café 😀"),
    ("a < b > c & d", "a &lt; b &gt; c &amp; d"),
    ("1<2", "1&lt;2"),
    ("x <", "x &lt;"),
    ("<", "&lt;"),
    ("< p>", "&lt; p&gt;"),
    ("</ b>", "&lt;/ b&gt;"),
    ("a <b never closed", "a &lt;b never closed"),
    ("\"quotes\" and 'apostrophes'", "\"quotes\" and 'apostrophes'"),
    ("&bogus; &#xD800; &#0;", "&amp;bogus; \u{FFFD} \u{FFFD}"),
    ("&nbsp;", "\u{A0}"),
    ("", ""),
  ])
  func textIsEscaped(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  /// Control characters that a terminal could obey never reach the output, from text,
  /// references or attributes; line breaks become `\n`.
  @Test func controlCharactersAreRemoved() {
    #expect(sanitizer.sanitize("a\u{1B}]0;pwned\u{07}b\u{1B}[31mc") == "a]0;pwnedb[31mc")
    // 0x80–0x9F references mean Windows-1252 where it has a character, else a C1 control.
    #expect(sanitizer.sanitize("a&#27;[2Jb&#x9B;c&#x85;d&#x7F;e&#x81;f&#x8D;g") == "a[2Jb›c…defg")
    #expect(sanitizer.sanitize("a\u{0}b\u{85}c\u{9B}d\u{7F}e\u{0C}f") == "abcdef")
    #expect(sanitizer.sanitize("tab\there\nline\r\nnext\rlast") == "tab\there\nline\nnext\nlast")
    #expect(sanitizer.sanitize("<p title=\"a\u{1B}[1mb&#27;c\">x</p>") == "<p title=\"a[1mbc\">x</p>")
    #expect(sanitizer.sanitize("<a href=\"/a\u{1B}b\">x</a>") == "<a href=\"/ab\">x</a>")
    let hostile = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}\u{80}\u{9F}"
    #expect(
      sanitizer.sanitize(hostile + "<b title=\"\(hostile)\">\(hostile)</b>")
        == "\t\n\n<b title=\"\t\n\n\">\t\n\n</b>")
  }

  // MARK: - Structure

  /// Unbalanced input comes out balanced, as a forgiving browser would read it.
  @Test(arguments: [
    ("<b>bold", "<b>bold</b>"),
    ("<b>bold <i>both</b> after", "<b>bold <i>both</i></b> after"),
    ("</b>stray</i></p>", "stray"),
    ("<div><p>a</div>b", "<div><p>a</p></div>b"),
    ("<p>a<p>b", "<p>a</p><p>b</p>"),
    ("<p>a<div>b</div>", "<p>a</p><div>b</div>"),
    ("<p>a<nav>b</nav>", "<p>a</p>b"),
    (
      "<ul><li>1<li>2<ul><li>2.1</ul><li>3</ul>",
      "<ul><li>1</li><li>2<ul><li>2.1</li></ul></li><li>3</li></ul>"
    ),
    ("<dl><dt>a<dd>b<dt>c</dl>", "<dl><dt>a</dt><dd>b</dd><dt>c</dt></dl>"),
    (
      "<table><tr><td>1<td>2<tr><td>3</table>",
      "<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>"
    ),
    ("<table><tr><td><b>x</td></tr></table>", "<table><tr><td><b>x</b></td></tr></table>"),
    ("<b><table><tr><td>x</b>y</td></tr></table>z</b>", "<b><table><tr><td>xy</td></tr></table>z</b>"),
    (
      "<table><tr><td><table><tr><td>inner</tr></table>outer</td></tr></table>",
      "<table><tr><td><table><tr><td>inner</td></tr></table>outer</td></tr></table>"
    ),
    ("<a href=\"/1\">one<a href=\"/2\">two</a>", "<a href=\"/1\">one</a><a href=\"/2\">two</a>"),
    ("<h1>one<h2>two</h2>", "<h1>one</h1><h2>two</h2>"),
    ("a</br>b", "a<br>b"),
    ("<br/><hr/><img src=\"a.png\"/>", "<br><hr><img src=\"a.png\">"),
    ("<p/>x", "<p>x</p>"),
    ("<a href=/x/>y</a>", "<a href=\"/x/\">y</a>"),
    ("</img><br></br>", "<br><br>"),
    ("<p>unclosed <b>all <i>the way", "<p>unclosed <b>all <i>the way</i></b></p>"),
    ("<div>a</span>b</div>", "<div>ab</div>"),
  ])
  func unbalancedMarkupIsBalanced(html: String, expected: String) {
    #expect(sanitizer.sanitize(html) == expected)
  }

  /// Malformed tags never stop the sanitizer; their text is kept as text.
  @Test(arguments: [
    ("<a href=\"x>y", "<a href=\"x\">y</a>"),
    ("<a title=\"never closed>first</a> <b>second</b>", "<a title=\"never closed\">first</a> <b>second</b>"),
    ("<b", "&lt;b"),
    ("</b", "&lt;/b"),
    ("<!--", "&lt;!--"),
    ("<![CDATA[x", "&lt;![CDATA[x"),
    ("<?", "&lt;?"),
    ("<b title=\"a\" title2='b>x</b>", "<b title=\"a\">x</b>"),
    ("<p =\"x\" a=>y</p>", "<p>y</p>"),
  ])
  func malformedTagsAreSurvived(html: String, expected: String) {
    let output = sanitizer.sanitize(html)
    #expect(output == expected)
    #expect(sanitizer.sanitize(output) == output)
  }

  /// Elements deeper than the maximum depth are unwrapped, their text kept.
  @Test func deepElementsAreUnwrapped() {
    var policy = TTHTMLSanitizer.Policy.default
    policy.maximumDepth = 3
    let shallow = TTHTMLSanitizer(policy: policy)
    #expect(
      shallow.sanitize("<div><div><div><div><b>x</b>y</div>z</div></div></div>after")
        == "<div><div><div>xyz</div></div></div>after")
    #expect(shallow.sanitize("<b><i><u>x<br>y</u></i></b>") == "<b><i><u>xy</u></i></b>")
    #expect(shallow.sanitize("<p>a</p><p>b</p><p>c</p><p>d</p>") == "<p>a</p><p>b</p><p>c</p><p>d</p>")
    policy.maximumDepth = 0
    #expect(TTHTMLSanitizer(policy: policy).sanitize("<p>a <b>b</b></p>") == "a b")
    policy.maximumDepth = -5
    #expect(TTHTMLSanitizer(policy: policy).sanitize("<p>a</p>") == "a")
    #expect(TTHTMLSanitizer.Policy.default.maximumDepth == 256)
  }

  /// 200,000 nested elements finish quickly, and 256 of them are kept.
  @Test(.timeLimit(.minutes(1)))
  func hugelyNestedInputCompletes() {
    let depth = 200_000
    let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
    let expected = String(repeating: "<div>", count: 256) + "deep" + String(repeating: "</div>", count: 256)
    #expect(sanitizer.sanitize(html) == expected)
    let unclosed = String(repeating: "<span><b>", count: depth / 2) + "x"
    let output = sanitizer.sanitize(unclosed)
    #expect(output.hasPrefix(String(repeating: "<span><b>", count: 128) + "x</b></span>"))
    #expect(output.utf8.count == 128 * 9 + 1 + 128 * 11)
  }

  /// Megabyte-sized hostile input is handled in linear time, with output a small multiple of
  /// it.
  @Test(.timeLimit(.minutes(1)))
  func hostileLargeInputsAreLinear() {
    let inputs = [
      String(repeating: "<", count: 1_000_000),
      String(repeating: "<a", count: 500_000),
      String(repeating: "<a x=\"", count: 150_000),
      String(repeating: "<!--", count: 250_000),
      String(repeating: "<![CDATA[", count: 100_000),
      "<script>" + String(repeating: "</scrip", count: 150_000),
      String(repeating: "<svg>", count: 200_000),
      String(repeating: "<b>x</b>", count: 125_000),
      String(repeating: "</b>", count: 250_000),
      String(repeating: "<p>", count: 300_000),
      String(repeating: "<li>", count: 300_000),
      String(repeating: "<table><td>", count: 100_000) + String(repeating: "<div>", count: 100_000),
      String(repeating: "<td>", count: 300_000),
      "<p title=\"" + String(repeating: "\"&", count: 300_000) + "\">",
      "<span style=\"" + String(repeating: "color:red;", count: 100_000) + "\">",
      "<img srcset=\"" + String(repeating: "a 1x,", count: 200_000) + "\">",
      "<b " + String(repeating: "title=x ", count: 150_000) + ">",
      "<b " + String(repeating: "a", count: 1_000_000) + ">",
      String(repeating: "&amp;", count: 200_000),
      String(repeating: "&", count: 1_000_000),
    ]
    for html in inputs {
      let output = sanitizer.sanitize(html)
      #expect(output.utf8.count <= 6 * html.utf8.count + 16)
    }
  }

  /// Sanitizing the output again gives the same output.
  @Test func sanitizingIsIdempotent() {
    let samples = [
      "<p>a<p>b<ul><li>1<li>2</ul><table><tr><td>x<td>y</table>",
      "<a href=\"?a=1&copy=2&amp;b\">x &copy; y</a>",
      "<img srcset=\"a.png 1x, b.png 2x\" src=\"data:image/png;base64,AA\" alt='\"q\"'>",
      "<span style=\"COLOR : red ; font-family: 'A B'\">s</span>",
      "1 < 2 && 3 > 2 &lt;b&gt;",
      "<b><i>x</b></i><div><p>y</div>",
      "a\r\nb\rc\u{1B}d",
      "<p title=\"&amp;quot;\">&amp;lt;</p>",
      "<a href=\"a b/ü\">x</a>",
    ]
    for html in samples {
      let once = sanitizer.sanitize(html)
      #expect(sanitizer.sanitize(once) == once, "\(html)")
      let resolved = sanitizer.sanitize(html, baseURL: base)
      #expect(sanitizer.sanitize(resolved, baseURL: base) == resolved, "\(html)")
    }
  }

  /// Random soups of tags, attributes, references and text: the output is balanced, stable
  /// under a second pass, free of controls, and never holds a dangerous element or attribute.
  @Test(.timeLimit(.minutes(1)))
  func randomMarkupComesOutSafe() {
    let pieces = [
      "<p>", "</p>", "<b>", "</b>", "<i ", ">", "<a href=\"", "javascript:alert(1)", "\">", "</a>", "<div>",
      "</div>", "<li>", "<ul>", "</ul>", "<table>", "<tr>", "<td>", "</td>", "</table>", "<script>",
      "</script>",
      "<style>", "</style>", "<svg>", "</svg>", "<!--", "-->", "<![CDATA[", "]]>",
      "<img src=x onerror=alert(1)>",
      "\"", "'", "=", " ", "&amp;", "&#x09;", "&#0;", "&", "<", "</", "/>", "\u{1B}", "\u{0}", "\r", "text",
      "ü", "😀", "<br>", "</br>", "style=\"color:red;background:url(x)\"", "onclick=alert(1)", "<h1>", "<dd>",
      "<form>", "</form>", "<iframe>", "</iframe>", "<a href=/x/>", "<p title=\"</p><script>\">",
    ]
    let policy = TTHTMLSanitizer.Policy.default
    var generator = SeededGenerator(seed: 20_240_601)
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...40, using: &generator)
      let html = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let output = sanitizer.sanitize(html)
      #expect(sanitizer.sanitize(output) == output, "\(html)")
      #expect(Self.isBalanced(output), "\(html) -> \(output)")
      for tag in Self.startTags(in: output) {
        #expect(policy.allowedElements.contains(tag.name), "\(html) -> \(output)")
        for (name, value) in tag.attributes {
          #expect(
            policy.allowedAttributes.contains(name)
              || policy.allowedAttributesByElement[tag.name]?.contains(name) == true,
            "\(html) -> \(output)")
          if ["href", "src"].contains(name) {
            #expect(TTURLSchemePolicy.default.allows(value.tt.decodingHTMLEntities), "\(html) -> \(output)")
          }
          if name == "style" { #expect(!value.lowercased().contains("url("), "\(html) -> \(output)") }
        }
      }
      #expect(
        !output.unicodeScalars.contains {
          ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        })
    }
  }

  /// The start tags of sanitized output, whose attributes are always written ` name="value"`.
  private static func startTags(in html: String) -> [(name: String, attributes: [(String, String)])] {
    var tags: [(name: String, attributes: [(String, String)])] = []
    var rest = html[...]
    while let start = rest.firstIndex(of: "<"), let end = rest[start...].firstIndex(of: ">") {
      let tag = rest[rest.index(after: start)..<end]
      rest = rest[rest.index(after: end)...]
      guard !tag.hasPrefix("/") else { continue }
      let parts = tag.split(separator: " ", maxSplits: 1)
      var attributes: [(String, String)] = []
      var text = parts.count > 1 ? parts[1] : ""
      while let equals = text.range(of: "=\""), let close = text[equals.upperBound...].firstIndex(of: "\"") {
        attributes.append((String(text[..<equals.lowerBound]), String(text[equals.upperBound..<close])))
        text = text[text.index(after: close)...].drop { $0 == " " }
      }
      tags.append((String(parts[0]), attributes))
    }
    return tags
  }

  /// Whether every start tag of the output has its end tag, in order (void elements aside).
  private static func isBalanced(_ html: String) -> Bool {
    let voids: Set<String> = ["br", "hr", "img", "wbr", "col", "source", "track"]
    var open: [String] = []
    var rest = html[...]
    while let start = rest.firstIndex(of: "<") {
      guard let end = rest[start...].firstIndex(of: ">") else { return false }
      let tag = rest[rest.index(after: start)..<end]
      rest = rest[rest.index(after: end)...]
      if tag.hasPrefix("/") {
        guard open.popLast() == String(tag.dropFirst()) else { return false }
      } else {
        let name = String(tag.prefix { $0 != " " })
        if !voids.contains(name) { open.append(name) }
      }
    }
    return open.isEmpty
  }

  // MARK: - Policy

  /// A policy's names may be in any case, and some things stay forbidden whatever it allows.
  @Test func thePolicyHasAFloor() {
    var policy = TTHTMLSanitizer.Policy.default
    policy.allowedElements.formUnion([
      "SCRIPT", "Style", "iframe", "svg", "form", "link", "meta", "base", "FONT",
    ])
    policy.allowedAttributes.formUnion(["OnClick", "srcdoc", "ping", "xmlns", "class", "ID"])
    policy.allowedAttributesByElement["FONT"] = ["Color"]
    policy.allowedAttributesByElement["a"]?.insert("BACKGROUND")
    policy.allowedAttributes.insert("x\"y")
    let wide = TTHTMLSanitizer(policy: policy)
    #expect(wide.sanitize("<script>alert(1)</script><style>x</style><iframe>y</iframe>z") == "z")
    #expect(wide.sanitize("<svg><a>x</a></svg><form>f</form><link href=x><meta x><base href=x>z") == "z")
    #expect(
      wide.sanitize(
        "<font color=\"red\" onclick=\"x()\" class=\"c\" id=\"i\" srcdoc=\"s\" ping=\"p\" xmlns=\"n\">t</font>"
      )
        == "<font color=\"red\" class=\"c\" id=\"i\">t</font>")
    #expect(
      wide.sanitize("<a background=\"javascript:x\">x</a><a background=\"/b\">y</a>")
        == "<a>x</a><a background=\"/b\">y</a>")
    #expect(wide.sanitize("<p x\"y=\"1\">x</p>") == "<p>x</p>")
  }

  /// The convenience on `String` uses the default sanitizer.
  @Test func stringConvenience() {
    #expect("<b onmouseover=\"x()\">Hi</b><script>x()</script>".tt.sanitizedHTML() == "<b>Hi</b>")
    #expect(
      "<a href=\"/about\">About</a>".tt.sanitizedHTML(baseURL: URL(string: "https://example.com/"))
        == "<a href=\"https://example.com/about\">About</a>")
    #expect("x<y".tt.sanitizedHTML() == TTHTMLSanitizer.default.sanitize("x<y"))
  }

  // MARK: - Documentation

  /// The examples in the documentation comments, as written there.
  @Test func documentationCommentExamples() {
    let html = "<p onclick=\"steal()\">Hi <script>alert(1)</script><b>there</b>"
    #expect(TTHTMLSanitizer.default.sanitize(html) == "<p>Hi <b>there</b></p>")

    let item = "<a href=\"/post/1\">More</a> <img src=\"x\" onerror=\"alert(1)\">"
    let base = URL(string: "https://example.com/blog/")
    #expect(
      TTHTMLSanitizer.default.sanitize(item, baseURL: base)
        == "<a href=\"https://example.com/post/1\">More</a> <img src=\"https://example.com/blog/x\">")

    let sanitizer = TTHTMLSanitizer.default
    #expect(sanitizer.sanitize("<b>bold <i>both</b> 1 < 2") == "<b>bold <i>both</i></b> 1 &lt; 2")
    #expect(sanitizer.sanitize("<a href=\"java&#x09;script:alert(1)\">x</a>") == "<a>x</a>")

    var policy = TTHTMLSanitizer.Policy.default
    policy.allowedElements.subtract(["img", "picture", "audio", "video", "source", "track"])
    policy.urlSchemePolicy = TTURLSchemePolicy(allowing: ["https"])
    let textOnly = TTHTMLSanitizer(policy: policy)
    #expect(textOnly.sanitize("<p>Hi <img src=\"https://example.com/a.png\"></p>") == "<p>Hi </p>")
  }

  /// The article's examples, line for line (Three20Core.docc/Articles/SanitizingHTML.md).
  @Test func articleExamples() {
    let description = "<p onclick=\"steal()\">New <b>release</b><script>alert(1)</script></p>"
    let safe = description.tt.sanitizedHTML()
    // "<p>New <b>release</b></p>"
    #expect(safe == "<p>New <b>release</b></p>")

    let feedURL = URL(string: "https://example.com/blog/feed.xml")
    let item = "<a href=\"2024/hello.html\">Hello</a> <img src=\"/logo.png\" alt=\"Logo\">"
    let html = item.tt.sanitizedHTML(baseURL: feedURL)
    // "<a href=\"https://example.com/blog/2024/hello.html\">Hello</a> <img src=\"https://example.com/logo.png\" alt=\"Logo\">"
    #expect(
      html
        == "<a href=\"https://example.com/blog/2024/hello.html\">Hello</a> "
        + "<img src=\"https://example.com/logo.png\" alt=\"Logo\">")

    var policy = TTHTMLSanitizer.Policy.default
    policy.allowedElements.subtract(["img", "picture", "audio", "video", "source", "track"])
    policy.urlSchemePolicy = TTURLSchemePolicy.default.allowing("itpc")
    policy.allowedCSSProperties = []
    let sanitizer = TTHTMLSanitizer(policy: policy)
    let text = sanitizer.sanitize(
      "<p style=\"color: red\">Listen: <a href=\"itpc://example.com/show\">subscribe</a><img src=\"cover.png\"></p>"
    )
    // "<p>Listen: <a href=\"itpc://example.com/show\">subscribe</a></p>"
    #expect(text == "<p>Listen: <a href=\"itpc://example.com/show\">subscribe</a></p>")
  }

  /// Control characters are removed before the ends of an address are trimmed, so sanitizing
  /// the output again gives the same output.
  @Test(arguments: [
    (#"<a href="&#127; /x">a</a>"#, #"<a href="/x">a</a>"#),
    ("<a href=\"\u{85} /x\">a</a>", #"<a href="/x">a</a>"#),
    (#"<img srcset="x,&#1;">"#, #"<img srcset="x">"#),
  ])
  func controlCharactersInAddressesStayIdempotent(html: String, expected: String) {
    let once = sanitizer.sanitize(html)
    #expect(once == expected)
    #expect(sanitizer.sanitize(once) == once)
  }

  /// Without a base, a reference starting with two slashes (either way round) is refused.
  ///
  /// It names a host of its own under whatever scheme the page is shown with. With a base it
  /// resolves.
  @Test func protocolRelativeReferencesNeedABase() {
    for html in [
      #"<a href="//evil.example/login">x</a>"#, #"<a href="\\evil.example/x">x</a>"#,
      #"<a href="/\evil.example/x">x</a>"#,
    ] {
      #expect(sanitizer.sanitize(html) == "<a>x</a>", "\(html)")
    }
    #expect(sanitizer.sanitize(#"<a href="/ok">x</a>"#) == #"<a href="/ok">x</a>"#)
    #expect(
      sanitizer.sanitize(#"<a href="//cdn.example/x">x</a>"#, baseURL: URL(string: "https://site.example/"))
        == #"<a href="https://cdn.example/x">x</a>"#)
  }

  /// A `srcset` keeps at most 16 candidates: each may be resolved to a long address.
  @Test func sourceSetsAreCapped() {
    let base = URL(string: "https://site.example/" + String(repeating: "d/", count: 400))
    let html = "<img srcset=\"" + Array(repeating: "a 1x", count: 1_000).joined(separator: ",") + "\">"
    let output = sanitizer.sanitize(html, baseURL: base)
    #expect(output.components(separatedBy: ", ").count == 16)
    #expect(output.utf8.count < 16 * 900)
  }

  /// The article's table of inputs and outputs.
  @Test(arguments: [
    ("<img src=x onerror=alert(1)>", "<img src=\"x\">"),
    ("<a href=\"jav&#x09;ascript:alert(1)\">x</a>", "<a>x</a>"),
    ("<a href=\" JaVaScRiPt:alert(1)\">x</a>", "<a>x</a>"),
    ("<svg onload=alert(1)>", ""),
    ("<span style=\"background:url(javascript:x)\">y</span>", "<span>y</span>"),
    ("<!--<script>-->x", "x"),
    ("<b>unclosed <i>tags", "<b>unclosed <i>tags</i></b>"),
    ("1 < 2 &amp; 3", "1 &lt; 2 &amp; 3"),
  ])
  func articleTable(html: String, expected: String) throws {
    #expect(sanitizer.sanitize(html) == expected)
    let article = try TTDocCatalog(module: "Core", swiftModule: "Three20Core", guides: [])
      .text(of: "SanitizingHTML")
    #expect(article.contains("| `\(html)` | `\(expected.isEmpty ? "" : expected)` |") || expected.isEmpty)
  }

  /// Every Swift block of the article is in this file.
  @Test func articleCodeIsCompiled() throws {
    let catalog = TTDocCatalog(
      module: "Core", swiftModule: "Three20Core", guides: [("SanitizingHTML", "TTHTMLSanitizerTests.swift")])
    try catalog.checkCodeBlocksAreCompiled(article: "SanitizingHTML", testFile: "TTHTMLSanitizerTests.swift")
  }
}
