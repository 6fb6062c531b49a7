// The hint is inline in the header; SwiftPM builds a C target from at least one source file.
#include "prefetch.h"
