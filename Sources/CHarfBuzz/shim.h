// HarfBuzz for Swift: the OpenType shaper (hb-ot) is all textkit uses.
#include <hb.h>
#include <hb-ot.h>
#include <hb-aat.h>
