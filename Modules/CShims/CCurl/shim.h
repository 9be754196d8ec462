#ifndef THREE20_CCURL_SHIM_H
#define THREE20_CCURL_SHIM_H
#include <curl/curl.h>

/*
 * Swift cannot call C variadic functions, and curl_easy_setopt, curl_multi_setopt,
 * curl_share_setopt and curl_easy_getinfo are variadic. These typed wrappers pass exactly one
 * argument of the type the option expects.
 */

static inline CURLcode tt_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_ptr(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_share(CURL *handle, CURLSH *share) {
  return curl_easy_setopt(handle, CURLOPT_SHARE, share);
}

/* For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION. */
static inline CURLcode tt_curl_easy_setopt_write_func(CURL *handle, CURLoption option, curl_write_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tt_curl_easy_setopt_read_func(CURL *handle, curl_read_callback value) {
  return curl_easy_setopt(handle, CURLOPT_READFUNCTION, value);
}

static inline CURLcode tt_curl_easy_setopt_seek_func(CURL *handle, curl_seek_callback value) {
  return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}

static inline CURLcode tt_curl_easy_setopt_xferinfo_func(CURL *handle, curl_xferinfo_callback value) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLMcode tt_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

static inline CURLSHcode tt_curl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
  return curl_share_setopt(share, option, value);
}

static inline CURLcode tt_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tt_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tt_curl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode tt_curl_easy_getinfo_ptr(CURL *handle, CURLINFO info, void **value) {
  return curl_easy_getinfo(handle, info, value);
}

/* CURLMsg.data is a union; Swift sees it, but this keeps the reading in one obvious place. */
static inline CURLcode tt_curl_msg_result(const CURLMsg *message) {
  return message->data.result;
}

#endif
