#!/usr/bin/env bash
# Renders assets/icon/packdesk.svg into every size the platforms need (the results are committed):
# PNG 16..512 (Linux hicolor theme, AppImage, the window icon), .ico (Windows), .icns (macOS).
# Needs: sudo apt-get install -y librsvg2-bin imagemagick icnsutils
set -euo pipefail
cd "$(dirname "$0")/../assets/icon"
for size in 16 24 32 48 64 128 256 512; do
    rsvg-convert -w "$size" -h "$size" packdesk.svg -o "packdesk-$size.png"
done
convert packdesk-{16,24,32,48,64,256}.png packdesk.ico
png2icns packdesk.icns packdesk-{16,32,48,128,256,512}.png >/dev/null
