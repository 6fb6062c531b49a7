#ifndef CQT_SHIM_H
#define CQT_SHIM_H

// Qt's headers are C++: the QtShim target includes them and offers Swift a C interface
// (QtShim.h). This module only carries Qt's compiler and linker flags (pkg-config Qt6Gui).

#endif
