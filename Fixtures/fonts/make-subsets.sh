#!/usr/bin/env bash
# Makes the small Noto subsets in this folder from Debian's font packages, keeping only the
# characters the tests use (Fixtures/unicode/texts/*.txt plus a few that tests write inline).
#
# Needs pyftsubset (Debian: python3-fonttools; PyPI: fonttools) and the fonts, either installed
# (fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji) or unpacked without installing them:
#
#   mkdir /tmp/noto && cd /tmp/noto && apt-get download fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
#   for d in *.deb; do dpkg-deb -x "$d" root; done
#   FONT_ROOT=/tmp/noto/root Fixtures/fonts/make-subsets.sh
#
# Versions used for the committed files: fonts-noto-core 20201225-1, fonts-noto-cjk
# 1:20220127+repack1-1, fonts-noto-color-emoji 2.042-0+deb12u1, fonttools 4.38.0.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${FONT_ROOT:-}"
noto="$root/usr/share/fonts/truetype/noto"
cjk="$root/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
doc="$root/usr/share/doc"
subset=(pyftsubset)
command -v pyftsubset >/dev/null || subset=(/usr/bin/python3 -m fontTools.subset)

# Every character of the test texts, plus characters the tests write inline, the dotted circle
# HarfBuzz inserts before broken clusters and NIKHAHIT (HarfBuzz decomposes Thai SARA AM into
# NIKHAHIT + SARA AA, so the font needs both).
chars="$(mktemp)"
trap 'rm -f "$chars"' EXIT
cat "$here"/../unicode/texts/*.txt > "$chars"
printf '%s' $' \u00a0\u200c\u200d\u2060\u25cc\u0640\u0e4d\u0e32' >> "$chars"
printf '%s' 'אבגדהוזחטיכלמנסעפצקרשת' 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي' 'कखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह्ािीुूेैोौंः' \
    'กขคงจฉชซญดตถทนบปผพฟมยรลวศสหอฮะัาำิีึืุูเแโใไ่้๊๋็์' '一二三中文字日本語漢字かなカナ。、「」（）：“”' '가나다라마바사아자차카타파하' \
    '😀👍🏻🏼🏽🏾🏿❤️' >> "$chars"

make() { # SOURCE OUTPUT [extra pyftsubset options]
    local source="$1" output="$2"
    shift 2
    "${subset[@]}" "$source" --text-file="$chars" --output-file="$here/$output" \
        --layout-features='*' --no-hinting --name-IDs='*' --name-languages='*' --notdef-outline "$@"
    echo "$output: $(wc -c < "$here/$output") bytes"
}

make "$noto/NotoSansArabic-Regular.ttf" NotoSansArabic-Subset.ttf
make "$noto/NotoSansHebrew-Regular.ttf" NotoSansHebrew-Subset.ttf
make "$noto/NotoSansDevanagari-Regular.ttf" NotoSansDevanagari-Subset.ttf
make "$noto/NotoSansThai-Regular.ttf" NotoSansThai-Subset.ttf
make "$cjk" NotoSansCJK-Subset.otf --font-number=0
make "$noto/NotoColorEmoji.ttf" NotoColorEmoji-Subset.ttf

cp "$doc/fonts-noto-core/copyright" "$here/Noto-LICENSE.txt"
cp "$doc/fonts-noto-cjk/copyright" "$here/NotoSansCJK-LICENSE.txt"
cp "$doc/fonts-noto-color-emoji/copyright" "$here/NotoColorEmoji-LICENSE.txt"
