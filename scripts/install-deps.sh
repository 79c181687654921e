#!/usr/bin/env bash
# The Debian packages textkit builds and runs with: the libraries (HarfBuzz, FreeType, fontconfig,
# ICU, libpng, cairo, libhyphen), an English hyphenation dictionary, pdftotext, pkg-config and the
# DejaVu and Noto fonts; then any package named on the command line (the CJK and emoji fonts,
# chromium for the browser test). Installs with apt-get those that are missing.
#
#   scripts/install-deps.sh [PACKAGE...]             # install the missing ones
#   scripts/install-deps.sh --missing [PACKAGE...]   # only print the missing ones (.ci/run installs them)
set -euo pipefail
only_print=false
if [ "${1:-}" = "--missing" ]; then only_print=true; shift; fi
packages=(libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libpng-dev libcairo2-dev libhyphen-dev
          hyphen-en-us poppler-utils pkg-config fonts-dejavu-core fonts-noto-core "$@")
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if $only_print; then
    echo "${missing[*]}"
    exit 0
fi
[ ${#missing[@]} -gt 0 ] || exit 0
echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
