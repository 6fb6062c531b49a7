#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
