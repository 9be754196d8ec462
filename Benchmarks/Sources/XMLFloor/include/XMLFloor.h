#ifndef THREE20_BENCH_XML_FLOOR_H
#define THREE20_BENCH_XML_FLOOR_H
#include <stddef.h>

/* Parses `count` bytes with libxml2's push parser, `chunk` bytes at a time, with SAX2
 * callbacks that do nothing but count elements: the least work any libxml2-based parser can
 * do, the floor of the XML benchmarks. Returns the number of elements, or -1 on an error. */
long tt_libxml2_sax_floor(const unsigned char *bytes, size_t count, size_t chunk);

/* Returns freed heap memory to the system (glibc's malloc_trim), so that a peak-memory
 * measurement starts from what is really in use. */
void tt_release_free_memory(void);

#endif
