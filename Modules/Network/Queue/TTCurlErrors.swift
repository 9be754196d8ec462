import CCurl
import Foundation
import Three20Core

/// Turns libcurl's result codes into ``TTNetworkError``s.
enum TTCurlErrors {
  /// Whether the failure happened before anything reached the server, so a retry is safe.
  static func isConnectionFailure(_ code: CURLcode) -> Bool {
    code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST
      || code == CURLE_COULDNT_RESOLVE_PROXY
  }

  /// The error for a transfer libcurl ended with `code`, with what the transfer knows (its
  /// limits, libcurl's own explanation, whether the headers had arrived).
  static func error(for code: CURLcode, transfer: TTCurlTransfer) -> TTNetworkError {
    let job = transfer.job
    let url = job.url
    // libcurl's explanation is about server bytes at times ("Invalid status line"): escaped.
    let detail = transfer.errorDetail.map { TTMessageText.escaped($0) }
    switch code {
    case CURLE_FILESIZE_EXCEEDED:
      let announced = transfer.contentLength.map {
        "a Content-Length of \(TTMessageText.escaped($0.text, limit: 40)) bytes"
      }
      return TTNetworkError(
        .tooLarge,
        "The response from \(escapedInput(url)) announced \(announced ?? "a length") over \(job.maxContentLength) "
          + "bytes, the maximum content length \(job.limitSource), so it was refused before its "
          + "body was read; raise the request's maxContentLength (0 = no limit) or the queue's "
          + "if the body is meant to be that large.", url: url)
    case CURLE_OUT_OF_MEMORY where transfer.pausedForDelivery && transfer.headersComplete:
      // While a transfer is paused libcurl keeps decoding what it already read, into a buffer
      // it caps at 64 MB; only a body compressed over a thousand times (nested
      // Content-Encoding) gets there from one read.
      return TTNetworkError(
        .tooLarge,
        "The response from \(escapedInput(url)) inflated during decompression faster than its "
          + "onData closure took it, past the 64 MB libcurl holds for a paused transfer, so it was "
          + "stopped after \(transfer.received) bytes; a body compressed that much (nested "
          + "Content-Encoding) is a decompression bomb, not a document.", url: url)
    case CURLE_OPERATION_TIMEDOUT:
      return TTNetworkError(
        .timedOut,
        "Connecting to the server of \(escapedInput(url)) took longer than \(TTCurlLoop.seconds(job.timeout)) "
          + "(the idle timeout\(detail.map { "; libcurl: \($0)" } ?? "")); raise the request's "
          + "timeoutInterval or the queue's defaultTimeout if the server is just slow.", url: url)
    case CURLE_WEIRD_SERVER_REPLY:
      return TTNetworkError(
        .badServerResponse,
        "The server for \(escapedInput(url)) sent a response that is not valid HTTP"
          + "\(detail.map { " (libcurl: \($0))" } ?? ""), so it was refused; the server or something "
          + "between it and you is broken.", url: url)
    case CURLE_UNSUPPORTED_PROTOCOL where !transfer.sawStatusLine:
      // No status line, so this is not a redirect to another scheme: the response itself.
      return TTNetworkError(
        .badServerResponse,
        "The server for \(escapedInput(url)) did not answer with a status line this library can read"
          + "\(detail.map { " (libcurl: \($0))" } ?? ""); check that the URL's port serves HTTP.",
        url: url)
    case _ where transfer.sawStatusLine && !transfer.headersComplete && Self.isHeadFailure(code):
      let where_ =
        "after \(Self.count(transfer.headerFieldCount, "header field")) (\(transfer.headerByteCount) bytes)"
      if code == CURLE_OUT_OF_MEMORY {
        // libcurl's buffer for one header line (CURL_MAX_HTTP_HEADER, 100 KB) overflowed.
        return TTNetworkError(
          .badServerResponse,
          "The response head from \(escapedInput(url)) has a header line longer than libcurl accepts "
            + "(100 KB), \(where_), so it was refused; the server or something between it and you "
            + "is broken.", url: url)
      }
      if let detail, detail.lowercased().contains("too large") {
        return TTNetworkError(
          .badServerResponse,
          "The response head from \(escapedInput(url)) is larger than libcurl accepts (libcurl: "
            + "\(detail)), \(where_), so it was refused; the server or something between it and "
            + "you is broken.", url: url)
      }
      return TTNetworkError(
        .connectionLost,
        "The connection for \(escapedInput(url)) broke while the response head was arriving, \(where_)"
          + "\(detail.map { " (libcurl: \($0))" } ?? ""); try again.", url: url)
    default:
      return error(for: code, url: url, detail: detail)
    }
  }

  /// `1 header field`, `3 header fields`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Codes libcurl reports when a response head is cut off or too large.
  private static func isHeadFailure(_ code: CURLcode) -> Bool {
    code == CURLE_RECV_ERROR || code == CURLE_PARTIAL_FILE || code == CURLE_GOT_NOTHING
      || code == CURLE_OUT_OF_MEMORY
  }

  /// The error for the codes `error(for:transfer:)` has nothing of its own to say about.
  private static func error(for code: CURLcode, url: String, detail: String?) -> TTNetworkError {
    let reason =
      detail.map { "\(String(cString: curl_easy_strerror(code))): \($0)" }
      ?? String(cString: curl_easy_strerror(code))
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return TTNetworkError(
        .cannotFindHost,
        "The host of \(escapedInput(url)) could not be found (\(reason)); check the URL and the network.",
        url: url)
    case CURLE_COULDNT_CONNECT:
      return TTNetworkError(
        .cannotConnect,
        "No connection could be made to \(escapedInput(url)) (\(reason)); check that the server is running "
          + "and reachable.", url: url)
    case CURLE_TOO_MANY_REDIRECTS:
      return TTNetworkError(
        .tooManyRedirects,
        "The server redirected \(escapedInput(url)) too many times (\(reason)); it may be a redirect loop.",
        url: url)
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
      CURLE_HTTP2, CURLE_HTTP2_STREAM:
      return TTNetworkError(
        .connectionLost,
        "The connection for \(escapedInput(url)) broke before the response was complete (\(reason)); try again.",
        url: url)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
      return TTNetworkError(
        .secureConnectionFailed,
        "The secure connection to \(escapedInput(url)) failed (\(reason)); check the server's certificate and "
          + "the system's CA store.", url: url)
    case CURLE_URL_MALFORMAT:
      return TTNetworkError(.badURL, "The URL \(quotedInput(url)) is malformed (\(reason)).", url: url)
    case CURLE_UNSUPPORTED_PROTOCOL:
      return TTNetworkError(
        .unsupportedURL,
        "The URL \(quotedInput(url)) (or a redirect from it) uses a scheme other than http or https "
          + "(\(reason)).", url: url)
    case CURLE_BAD_CONTENT_ENCODING:
      return TTNetworkError(
        .invalidResponse,
        "The response from \(escapedInput(url)) could not be decompressed (\(reason)); the server sent a "
          + "broken compressed body.", url: url)
    default:
      return TTNetworkError(
        .transport,
        "The transfer for \(escapedInput(url)) failed: \(reason) (libcurl code \(code.rawValue)).",
        url: url)
    }
  }
}
