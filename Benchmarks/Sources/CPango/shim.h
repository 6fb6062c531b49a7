// Pango through PangoCairo: the cairo font options are what turns hinted metrics off.
#include <pango/pangocairo.h>
