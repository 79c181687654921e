// libpng's simplified reading API (png_image_*), used only by TextKitImage.
#include <png.h>
