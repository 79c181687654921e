// SVG import (in progress).
