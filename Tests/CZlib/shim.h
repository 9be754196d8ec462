#ifndef THREE20_CZLIB_SHIM_H
#define THREE20_CZLIB_SHIM_H
#include <zlib.h>
#endif
