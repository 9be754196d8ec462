#ifndef THREE20_CGIF_SHIM_H
#define THREE20_CGIF_SHIM_H
#include <gif_lib.h>
#endif
