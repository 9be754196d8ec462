#ifndef THREE20_CWEBP_SHIM_H
#define THREE20_CWEBP_SHIM_H
#include <webp/decode.h>
#endif
