// libhyphen (Debian libhyphen-dev): Liang's pattern hyphenation with the dictionaries of the
// hyphen-* packages (/usr/share/hyphen/hyph_*.dic). libhyphen ships no pkg-config file, so the
// module map links it by name; only TextKit/Typography/Hyphenator.swift imports this module.
#include <hyphen.h>
