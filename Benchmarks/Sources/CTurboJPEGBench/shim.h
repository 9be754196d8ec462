// The system TurboJPEG, for the image benchmarks' JPEG encoder (the test photos are generated
// and compressed by the benchmark itself; the root package's CTurboJPEG is a target, not a
// product, so it cannot be used from here).
#include <turbojpeg.h>
