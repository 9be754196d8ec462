#ifndef THREE20_CTURBOJPEG_SHIM_H
#define THREE20_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
