#ifndef THREE20_CCURL_SHIM_H
#define THREE20_CCURL_SHIM_H
#include <curl/curl.h>
#endif
