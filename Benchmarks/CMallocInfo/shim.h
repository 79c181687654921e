// glibc's malloc statistics (mallinfo2, mallopt) for tools/retained-glyphs: Swift's Glibc module
// does not include <malloc.h>. Nothing to link.
#include <malloc.h>
