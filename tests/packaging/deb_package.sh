#!/usr/bin/env bash
# CPack's DEB generator builds an installable package (issue 12): its control file declares
# the Qt libraries and the platform plugins it needs, and its payload holds working programs
# under /usr. Installing it system-wide (`dpkg -i`) is left to a person (README); this test
# unpacks it instead, so the suite stays hermetic.
# Usage: deb_package.sh BUILD_DIR
set -euo pipefail
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb_package: $*" >&2; exit 1; }
cpack --config "$build/CPackConfig.cmake" -B "$work" >/dev/null
deb=$(ls "$work"/headroom_*.deb) || fail "cpack wrote no .deb"
depends=$(dpkg-deb -f "$deb" Depends)
echo "deb_package: $(basename "$deb") Depends: $depends"
for d in libqt6core6 libqt6widgets6 libqt6charts6 libqt6svg6 qt6-qpa-plugins libc6; do
  grep -Eq "(^|, )$d( |,|$)" <<<"$depends" || fail "Depends lacks $d"
done
dpkg-deb -x "$deb" "$work/root"
for f in usr/bin/headroom usr/bin/headroom-cli usr/share/applications/headroom.desktop \
         usr/share/icons/hicolor/scalable/apps/headroom.svg \
         usr/share/metainfo/io.github.headroom.Headroom.metainfo.xml; do
  [ -f "$work/root/$f" ] || fail "package lacks /$f"
done
"$work/root/usr/bin/headroom-cli" estimate --model qwen2.5-7b --finetune lora >/dev/null
echo "deb_package: the packaged headroom-cli runs"
