// fontconfig for Swift: family/style to file, per-character fallback.
#include <fontconfig/fontconfig.h>
