import CCurl
import CSQLite3
public import Three20Core

extension TTModuleInfo {
  /// The description of Three20Network, with the libcurl and SQLite versions linked at run time.
  public static let network = TTModuleInfo(
    identifier: "Three20Network",
    shortName: "Network",
    name: "Three20 Network",
    summary:
      "TTURLRequest and a request queue on libcurl, with a two-level URL cache on SQLite "
      + "and request-backed models.",
    dependencies: ["Three20Core"],
    systemLibraries: [
      SystemLibrary(name: "libcurl", version: curlVersion(), package: "libcurl4-openssl-dev"),
      SystemLibrary(
        name: "libsqlite3", version: String(cString: sqlite3_libversion()), package: "libsqlite3-dev"),
    ])
}

/// The version number of the libcurl this process loaded, for example `7.88.1`.
private func curlVersion() -> String {
  // curl_version() reads "libcurl/7.88.1 OpenSSL/3.0.15 zlib/1.2.13 …".
  let full = String(cString: curl_version())
  let first = full.split(separator: " ").first.map(String.init) ?? full
  return first.hasPrefix("libcurl/") ? String(first.dropFirst("libcurl/".count)) : first
}
