#!/usr/bin/env bash
# Rebuilds the two CJK fallback fonts of this folder from Debian's packages (README.md says why
# these fonts and these characters). Needs: apt-get install fonts-droid-fallback fonts-noto-cjk,
# and fontTools (pip install fonttools, or apt-get install fonttools).
#
#   DroidSansFallback-CJK-subset.ttf   kana, CJK punctuation, full-width forms, every kanji of
#                                      JIS X 0208 and every hanzi of GB 2312 (TrueType outlines)
#   NotoSansCJKkr-Hangul-subset.ttf    the 2350 Hangul syllables of KS X 1001 and the Hangul
#                                      compatibility jamo, from Noto Sans CJK KR, converted from
#                                      CFF to TrueType outlines (the form the PDF writer embeds)
set -euo pipefail
cd "$(dirname "$0")"

DROID=${DROID:-/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf}
NOTO=${NOTO:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
# Face 1 of the collection is "Noto Sans CJK KR".
NOTO_KR_INDEX=1
# Fixed head.modified timestamps: the same inputs give the same bytes.
export SOURCE_DATE_EPOCH=1735689600

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The characters of a double-byte national standard, by its EUC rows (row r, cell c is the
# byte pair 0xA0+r, 0xA0+c).
python3 - "$work" <<'EOF'
import sys

def rows(codec, first, last):
    chars = set()
    for row in range(first, last + 1):
        for cell in range(1, 95):
            try:
                chars.add(bytes([0xA0 + row, 0xA0 + cell]).decode(codec))
            except UnicodeDecodeError:
                pass
    return chars

work = sys.argv[1]
# JIS X 0208 rows 1-84 (symbols, kana, level 1 and 2 kanji); GB 2312 rows 1-87.
han = rows("euc_jp", 1, 84) | rows("gb2312", 1, 87)
# KS X 1001 rows 16-40: the Hangul syllables.
hangul = rows("euc_kr", 16, 40)
with open(f"{work}/han.txt", "w", encoding="utf-8") as out:
    out.write("".join(sorted(han)))
with open(f"{work}/hangul.txt", "w", encoding="utf-8") as out:
    out.write("".join(sorted(hangul)))
EOF

common=(--layout-features= --no-hinting --no-glyph-names --notdef-outline
    --drop-tables+=vhea,vmtx,VORG,GSUB,GPOS,GDEF,BASE)

# CJK punctuation, kana, kana extensions and the full-width forms, plus the national sets.
pyftsubset "$DROID" "${common[@]}" --text-file="$work/han.txt" \
    --unicodes=U+3000-30FF,U+31F0-31FF,U+FF00-FFEF \
    --output-file=DroidSansFallback-CJK-subset.ttf

pyftsubset "$NOTO" --font-number="$NOTO_KR_INDEX" "${common[@]}" \
    --text-file="$work/hangul.txt" --unicodes=U+3130-318F \
    --output-file="$work/hangul.otf"

# CFF (cubic) to glyf (quadratic) outlines, as fontTools' Snippets/otf2ttf.py does.
python3 - "$work/hangul.otf" NotoSansCJKkr-Hangul-subset.ttf <<'EOF'
import sys
from fontTools.ttLib import TTFont, newTable
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

src, dst = sys.argv[1], sys.argv[2]
font = TTFont(src)
order = font.getGlyphOrder()
glyph_set = font.getGlyphSet()
glyf = newTable("glyf")
glyf.glyphOrder = order
glyf.glyphs = {}
for name in order:
    pen = TTGlyphPen(glyph_set)
    # 1 font unit of 1000 per em: invisible at any print size.
    glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
    glyf[name] = pen.glyph()
font["glyf"] = glyf
font["loca"] = newTable("loca")
del font["CFF "]
maxp = newTable("maxp")
maxp.tableVersion = 0x00010000
for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
              "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions",
              "maxComponentElements"):
    setattr(maxp, field, 0)
maxp.maxZones = 1
font["maxp"] = maxp
post = font["post"]
post.formatType = 3.0
font.sfntVersion = "\x00\x01\x00\x00"
font.save(dst)
EOF

ls -l DroidSansFallback-CJK-subset.ttf NotoSansCJKkr-Hangul-subset.ttf
