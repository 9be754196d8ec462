#ifndef THREE20_CSPNG_SHIM_H
#define THREE20_CSPNG_SHIM_H
#include <spng.h>
#endif
