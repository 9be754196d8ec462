import CCurl
import Foundation

/// Turns libcurl's result codes into ``TTNetworkError``s.
enum TTCurlErrors {
  /// Whether the failure happened before anything reached the server, so a retry is safe.
  static func isConnectionFailure(_ code: CURLcode) -> Bool {
    code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST
      || code == CURLE_COULDNT_RESOLVE_PROXY
  }

  static func error(for code: CURLcode, url: String) -> TTNetworkError {
    let reason = String(cString: curl_easy_strerror(code))
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return TTNetworkError(
        .cannotFindHost,
        "The host of \(url) could not be found (\(reason)); check the URL and the network.", url: url)
    case CURLE_COULDNT_CONNECT:
      return TTNetworkError(
        .cannotConnect,
        "No connection could be made to \(url) (\(reason)); check that the server is running "
          + "and reachable.", url: url)
    case CURLE_OPERATION_TIMEDOUT:
      return TTNetworkError(
        .timedOut,
        "The request for \(url) timed out (\(reason)); raise the request's timeoutInterval if the "
          + "server is just slow.", url: url)
    case CURLE_TOO_MANY_REDIRECTS:
      return TTNetworkError(
        .tooManyRedirects,
        "The server redirected \(url) too many times (\(reason)); it may be a redirect loop.",
        url: url)
    case CURLE_FILESIZE_EXCEEDED:
      return TTNetworkError(
        .tooLarge,
        "The response from \(url) announced more bytes than the queue's maximum content length "
          + "allows, so it was refused; raise maxContentLength or stream the body.", url: url)
    case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING,
      CURLE_HTTP2, CURLE_HTTP2_STREAM:
      return TTNetworkError(
        .connectionLost,
        "The connection for \(url) broke before the response was complete (\(reason)); try again.",
        url: url)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
      CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
      return TTNetworkError(
        .secureConnectionFailed,
        "The secure connection to \(url) failed (\(reason)); check the server's certificate and "
          + "the system's CA store.", url: url)
    case CURLE_URL_MALFORMAT:
      return TTNetworkError(.badURL, "The URL \"\(url)\" is malformed (\(reason)).", url: url)
    case CURLE_UNSUPPORTED_PROTOCOL:
      return TTNetworkError(
        .unsupportedURL,
        "The URL \"\(url)\" (or a redirect from it) uses a scheme other than http or https "
          + "(\(reason)).", url: url)
    case CURLE_BAD_CONTENT_ENCODING:
      return TTNetworkError(
        .invalidResponse,
        "The response from \(url) could not be decompressed (\(reason)); the server sent a "
          + "broken compressed body.", url: url)
    default:
      return TTNetworkError(
        .transport, "The transfer for \(url) failed: \(reason) (libcurl code \(code.rawValue)).",
        url: url)
    }
  }
}
