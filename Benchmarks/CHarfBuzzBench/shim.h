// HarfBuzz for the benchmark's raw-shaping floor (hb-ot only, as the engine uses).
#include <hb.h>
#include <hb-ot.h>
