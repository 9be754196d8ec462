import Foundation

/// The Web suite (`make bench-web`): pages rendered to text at 80 columns, whole process against
/// whole process, as a reader would run each tool from a shell.
///
/// Ours is `WebDump` (this package's program on Three20Web: read the file, parse it with
/// libxml2's HTML parser, lay it out, print the text and its numbered links). The anchors are
/// `w3m -dump`, `lynx -dump` and Python's html2text, each on the same files. Rounds alternate
/// between the tools, each round renders every page once, and the median round is reported:
///
/// - `web.render`: ours against w3m (goal: ratio ≥ 1.0, with the same links found);
/// - `web.render.lynx`: against `lynx -dump -width=80`;
/// - `web.render.html2text`: against `python3 -m html2text --body-width 80`.
///
/// The pages are the Web tests' corpus (a news article, a documentation page, tables, malformed
/// markup and legacy charsets) and a generated documentation page of about 1 MB.
enum WebBenchmarks {
  static let small = ProcessInfo.processInfo.environment["TT_BENCH_SMALL"] != nil

  static func run() {
    print("== web: pages to text at 80 columns, whole process against whole process")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "three20-bench-web-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.html").path
    let bigPage = generatedPage()
    guard FileManager.default.createFile(atPath: big, contents: Data(bigPage.utf8)) else {
      fatalError("web: cannot write \(big)")
    }
    let pages = corpus() + [big]
    print(
      "  pages: \(pages.count) (\(pages.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")))"
    )
    print("  the generated page: \(bigPage.utf8.count / 1024) KiB")

    guard let ours = ourProgram() else {
      print("  web: skipped, WebDump was not built (make bench-web builds it)")
      return
    }
    print("  ours: \(ours)")
    var tools: [(name: String, bench: String, arguments: (String) -> [String])] = [
      ("ours", "", { [ours, "--width", "80", $0] })
    ]
    if let w3m = ImageBenchmarks.tool("w3m", package: "w3m", for: "web.render") {
      tools.append(("w3m", "web.render", { [w3m, "-dump", "-cols", "80", "-T", "text/html", $0] }))
    }
    if let lynx = ImageBenchmarks.tool("lynx", package: "lynx", for: "web.render.lynx") {
      tools.append(("lynx", "web.render.lynx", { [lynx, "-dump", "-width=80", "-force_html", $0] }))
    }
    if let python = ImageBenchmarks.tool("python3", package: "python3", for: "web.render.html2text") {
      if ImageBenchmarks.spawn([python, "-c", "import html2text"], output: "/dev/null") == 0 {
        tools.append(
          ("html2text", "web.render.html2text", { [python, "-m", "html2text", "--body-width", "80", $0] }))
      } else {
        print("  web.render.html2text: skipped, Python's html2text is missing (pip install html2text)")
      }
    }

    // Once each, checked: ours must render every page; an anchor that cannot read a page (Python's
    // html2text reads files as UTF-8, so not the legacy charsets) is compared on the others.
    var readable: [String: Set<String>] = [:]
    for page in pages {
      for tool in tools {
        let output = folder.appendingPathComponent("check-\(tool.name).txt").path
        if ImageBenchmarks.spawn(tool.arguments(page), output: output) == 0 {
          readable[tool.name, default: []].insert(page)
        } else if tool.name == "ours" {
          fatalError("web: ours failed on \(page)")
        } else {
          print(
            "  \(tool.name) cannot render \(URL(fileURLWithPath: page).lastPathComponent); compared without it"
          )
        }
      }
    }
    compareLinks(pages: pages, ours: ours, folder: folder)

    // Interleaved rounds, each page timed on its own; each comparison sums the pages both tools
    // render, per round, and takes the median round.
    let rounds = small ? 1 : 9
    var times: [String: [String: [Double]]] = [:]
    let clock = ContinuousClock()
    for _ in 0..<rounds {
      for tool in tools {
        for page in pages where readable[tool.name]?.contains(page) == true {
          let elapsed = clock.measure {
            guard ImageBenchmarks.spawn(tool.arguments(page), output: "/dev/null") == 0 else {
              fatalError("web: \(tool.name) failed on \(page)")
            }
          }
          times[tool.name, default: [:]][page, default: []].append(
            Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
      }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    /// A tool's median round over some pages, in milliseconds.
    func total(_ tool: String, over chosen: Set<String>) -> Double {
      median(
        (0..<rounds).map { round in chosen.reduce(0) { $0 + (times[tool]?[$1]?[round] ?? 0) } })
    }
    // Where the time goes: start-up alone (an empty page), then the big page alone.
    let empty = folder.appendingPathComponent("empty.html").path
    _ = FileManager.default.createFile(atPath: empty, contents: Data("<p>".utf8))
    for tool in tools {
      let each = measure(minimumRuns: small ? 1 : 10, minimumTime: small ? 0 : 0.5) {
        _ = ImageBenchmarks.spawn(tool.arguments(empty), output: "/dev/null")
      }
      print("  \(tool.name): start-up (an empty page) \(format(each.seconds * 1000)) ms")
    }
    for tool in tools {
      let each = measure(minimumRuns: small ? 1 : 5, minimumTime: small ? 0 : 0.5) {
        _ = ImageBenchmarks.spawn(tool.arguments(big), output: "/dev/null")
      }
      print("  \(tool.name): the 1 MB page alone \(format(each.seconds * 1000)) ms")
    }
    for tool in tools where tool.name != "ours" {
      let chosen = readable[tool.name] ?? []
      let anchor = total(tool.name, over: chosen)
      let oursTime = total("ours", over: chosen)
      print(
        "  \(tool.name): \(chosen.count) pages once, median of \(rounds) rounds: \(format(anchor)) ms; "
          + "ours \(format(oursTime)) ms")
      report(
        tool.bench, ours: oursTime, anchorName: tool.name, anchor: anchor, unit: "ms", higherIsBetter: false)
    }
  }

  /// The corpus of the Web module's tests.
  static func corpus() -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Tests/Three20WebTests/Fixtures/Pages")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".html") }.sorted().map { folder.appendingPathComponent($0).path }
  }

  /// `WebDump`: the one `THREE20_BENCH_WEBDUMP` names (make bench-web's, linked with the Swift
  /// runtime inside), else one built beside this program.
  static func ourProgram() -> String? {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates: [String?] = [
      ProcessInfo.processInfo.environment["THREE20_BENCH_WEBDUMP"],
      folder.appendingPathComponent("WebDump").path,
    ]
    return candidates.compactMap { $0 }.first { access($0, X_OK) == 0 }
  }

  /// Counts the links each renders: ours from `WebDump --links`, w3m's from its numbered
  /// references (`-o display_link_number=1`), for every page.
  static func compareLinks(pages: [String], ours: String, folder: URL) {
    guard let w3m = ImageBenchmarks.tool("w3m", package: "w3m", for: "web.render links") else { return }
    var same = true
    for page in pages {
      let oursOutput = folder.appendingPathComponent("links-ours.txt").path
      let w3mOutput = folder.appendingPathComponent("links-w3m.txt").path
      _ = ImageBenchmarks.spawn([ours, "--width", "80", "--links", page], output: oursOutput)
      _ = ImageBenchmarks.spawn(
        [w3m, "-dump", "-cols", "80", "-T", "text/html", "-o", "display_link_number=1", page],
        output: w3mOutput)
      let oursLinks = Set(lines(oursOutput))
      let w3mLinks = Set(w3mReferences(w3mOutput))
      let name = URL(fileURLWithPath: page).lastPathComponent
      if oursLinks != w3mLinks {
        same = false
        print(
          "  links in \(name): ours \(oursLinks.count), w3m \(w3mLinks.count); only ours: "
            + "\(oursLinks.subtracting(w3mLinks).sorted().prefix(5)), only w3m: \(w3mLinks.subtracting(oursLinks).sorted().prefix(5))"
        )
      } else {
        print("  links in \(name): \(oursLinks.count), the same as w3m's")
      }
    }
    print("  links: \(same ? "every page finds the links w3m finds" : "some pages differ from w3m (above)")")
  }

  static func lines(_ path: String) -> [String] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// The URLs of w3m's "References:" list.
  static func w3mReferences(_ path: String) -> [String] {
    let all = lines(path)
    guard let start = all.lastIndex(of: "References:") else { return [] }
    return all[(start + 1)...].compactMap { line in
      guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
      return line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
    }
  }

  /// A documentation page of about 1 MB: sections of paragraphs with links, emphasis and code,
  /// lists, tables and preformatted blocks, as generated API documentation is.
  static func generatedPage() -> String {
    var html = """
      <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Generated reference</title>
      <style>body{margin:0}</style></head><body><nav><ul>
      """
    let sections = small ? 40 : 400
    for section in 0..<sections { html += "<li><a href=\"#s\(section)\">Section \(section)</a></li>" }
    html += "</ul></nav><main>"
    let words = [
      "request", "queue", "cache", "model", "table", "style", "navigator", "feed", "lighthouse", "harbour",
      "response", "delegate",
    ]
    for section in 0..<sections {
      html += "<section id=\"s\(section)\"><h2>Section \(section): the \(words[section % words.count])</h2>"
      for paragraph in 0..<3 {
        html += "<p>"
        for word in 0..<60 {
          let text = words[(section * 31 + paragraph * 7 + word) % words.count]
          switch word % 17 {
          case 3: html += "<a href=\"/docs/\(section)/\(text)\">\(text)</a> "
          case 8: html += "<code>\(text)()</code> "
          case 12: html += "<em>\(text)</em> "
          default: html += text + (word % 11 == 10 ? ". " : " ")
          }
        }
        html += "</p>"
      }
      html += "<ul>"
      for item in 0..<4 {
        html += "<li>Item \(item) of \(section): <b>\(words[(section + item) % words.count])</b></li>"
      }
      html += "</ul>"
      if section % 10 == 0 {
        html += "<table><tr><th>Name</th><th>Type</th><th>Default</th></tr>"
        for row in 0..<6 {
          html += "<tr><td>\(words[row % words.count])</td><td>Int</td><td>\(row * section)</td></tr>"
        }
        html += "</table>"
      }
      if section % 5 == 0 {
        html +=
          "<pre>let value = try await TTURLRequest(url: \"https://example.org/\(section)\").send()\nprint(value)</pre>"
      }
      html += "</section>"
    }
    return html + "</main></body></html>"
  }
}
