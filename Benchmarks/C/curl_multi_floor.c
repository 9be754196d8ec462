/*
 * The floor for HTTP clients built on libcurl: plain C on libcurl's multi interface.
 *
 * One multi handle and `concurrency` easy handles, created once and reused for every request
 * (so connections stay alive), each collecting its body into a buffer of its own that is reused
 * too. Request i (0 <= i < count) loads `<base><path>?i=<i>`, the same URL set the Swift
 * clients load. After one warm-up run (which opens the connections), `runs` timed runs are
 * made; the best is reported.
 *
 * Usage: curl_multi_floor <base-url> <path> <count> <concurrency> <runs> <expected-bytes>
 * Prints one line per run and then
 *   FLOOR rps=<best requests per second> seconds=<best run> requests=<count> errors=<n>
 * Exits 1 when a request fails, returns a status other than 200 or a body of another size.
 *
 * Built by Benchmarks/scripts/network.sh with `cc -O2 … -lcurl`.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct slot {
  CURL *easy;
  char *buffer;
  size_t length;
  size_t capacity;
  char url[1024];
};

static size_t collect(char *data, size_t size, size_t count, void *context) {
  struct slot *slot = context;
  size_t bytes = size * count;
  if (slot->length + bytes > slot->capacity) {
    size_t capacity = slot->capacity ? slot->capacity : 4096;
    while (capacity < slot->length + bytes) capacity *= 2;
    char *grown = realloc(slot->buffer, capacity);
    if (!grown) return 0;
    slot->buffer = grown;
    slot->capacity = capacity;
  }
  memcpy(slot->buffer + slot->length, data, bytes);
  slot->length += bytes;
  return bytes;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void start(CURLM *multi, struct slot *slot, const char *base, const char *path, long index) {
  snprintf(slot->url, sizeof slot->url, "%s%s?i=%ld", base, path, index);
  slot->length = 0;
  curl_easy_setopt(slot->easy, CURLOPT_URL, slot->url);
  curl_multi_add_handle(multi, slot->easy);
}

/* One run of `count` requests with `concurrency` in flight; returns the number of failures. */
static long run(CURLM *multi, struct slot *slots, int concurrency, const char *base, const char *path,
                long count, size_t expected) {
  long next = 0, done = 0, errors = 0;
  for (int i = 0; i < concurrency && next < count; i++) start(multi, &slots[i], base, path, next++);
  while (done < count) {
    int running = 0;
    if (curl_multi_perform(multi, &running) != CURLM_OK) return count;
    CURLMsg *message;
    int queued;
    while ((message = curl_multi_info_read(multi, &queued))) {
      if (message->msg != CURLMSG_DONE) continue;
      CURL *easy = message->easy_handle;
      struct slot *slot = NULL;
      curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&slot);
      long status = 0;
      curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
      if (message->data.result != CURLE_OK || status != 200 || slot->length != expected) {
        if (errors < 5)
          fprintf(stderr, "curl_multi_floor: %s: %s, status %ld, %zu bytes\n", slot->url,
                  curl_easy_strerror(message->data.result), status, slot->length);
        errors++;
      }
      curl_multi_remove_handle(multi, easy);
      done++;
      if (next < count) start(multi, slot, base, path, next++);
    }
    if (done < count && curl_multi_poll(multi, NULL, 0, 1000, NULL) != CURLM_OK) return count;
  }
  return errors;
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: %s <base-url> <path> <count> <concurrency> <runs> <expected-bytes>\n",
            argv[0]);
    return 64;
  }
  const char *base = argv[1], *path = argv[2];
  long count = atol(argv[3]);
  int concurrency = atoi(argv[4]);
  int runs = atoi(argv[5]);
  size_t expected = (size_t)atol(argv[6]);
  if (count < 1 || concurrency < 1 || concurrency > 256 || runs < 1) {
    fprintf(stderr, "curl_multi_floor: count, concurrency (1-256) and runs must be positive\n");
    return 64;
  }
  curl_global_init(CURL_GLOBAL_DEFAULT);
  CURLM *multi = curl_multi_init();
  curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)concurrency);
  struct slot *slots = calloc((size_t)concurrency, sizeof *slots);
  for (int i = 0; i < concurrency; i++) {
    slots[i].easy = curl_easy_init();
    curl_easy_setopt(slots[i].easy, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(slots[i].easy, CURLOPT_WRITEDATA, &slots[i]);
    curl_easy_setopt(slots[i].easy, CURLOPT_PRIVATE, (char *)&slots[i]);
    curl_easy_setopt(slots[i].easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(slots[i].easy, CURLOPT_TCP_NODELAY, 1L);
  }

  long errors = run(multi, slots, concurrency, base, path, count, expected); /* warm-up */
  double best = 1e30;
  for (int r = 0; r < runs && errors == 0; r++) {
    double begin = now_seconds();
    errors += run(multi, slots, concurrency, base, path, count, expected);
    double seconds = now_seconds() - begin;
    printf("run %d: %ld requests in %.4f s = %.0f req/s\n", r + 1, count, seconds, count / seconds);
    if (seconds < best) best = seconds;
  }
  printf("FLOOR rps=%.1f seconds=%.6f requests=%ld errors=%ld\n", errors ? 0.0 : count / best,
         errors ? 0.0 : best, count, errors);

  for (int i = 0; i < concurrency; i++) {
    curl_easy_cleanup(slots[i].easy);
    free(slots[i].buffer);
  }
  free(slots);
  curl_multi_cleanup(multi);
  curl_global_cleanup();
  return errors ? 1 : 0;
}
