// cairo for Swift: drawing, FreeType/fontconfig fonts, and the PDF, SVG and PNG back ends.
// Only Sources/TextKitRender/Cairo/ imports this module.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
