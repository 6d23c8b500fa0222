#!/usr/bin/env bash
# `cmake --install` into an empty prefix lays out a desktop app (issue 12): both programs in
# bin/, the launcher entry, the icon in the hicolor theme and valid AppStream metainfo; the
# installed programs run from there; the capture helper is in share/headroom/capture/.
# Usage: install_layout.sh BUILD_DIR WITH_GUI(ON|OFF)
set -euo pipefail
build=$1 gui=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "install_layout: $*" >&2; exit 1; }
want=(bin/headroom-cli share/headroom/capture/headroom_capture.py)
if [ "$gui" = ON ]; then
  want+=(bin/headroom share/applications/headroom.desktop
         share/icons/hicolor/scalable/apps/headroom.svg
         share/metainfo/io.github.headroom.Headroom.metainfo.xml)
fi
for f in "${want[@]}"; do
  [ -f "$prefix/$f" ] || fail "missing $f (installed: $(cd "$prefix" && find . -type f | tr '\n' ' '))"
done
echo "install_layout: ${#want[@]} files in place"
if [ "$gui" = ON ]; then
  appstreamcli validate --no-net "$prefix/share/metainfo/io.github.headroom.Headroom.metainfo.xml"
  grep -q '^Exec=headroom' "$prefix/share/applications/headroom.desktop" ||
    fail "headroom.desktop does not run headroom"
  QT_QPA_PLATFORM=offscreen "$prefix/bin/headroom" --screenshot "$prefix/shot.png" --size 800x600
  [ -s "$prefix/shot.png" ] || fail "installed headroom wrote no screenshot"
fi
out=$("$prefix/bin/headroom-cli" estimate --model llama-3.1-8b --json)
grep -q '"nvidia_smi' <<<"$out" || fail "installed headroom-cli printed no estimate: $out"
echo "install_layout: installed headroom-cli and headroom run"
