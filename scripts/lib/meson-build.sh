#!/usr/bin/env bash
# Called by meson.build: builds the gallery in release mode with SwiftPM and copies it to $3.
set -euo pipefail
output="$(realpath -m "$3")"
source "$1/scripts/lib/common.sh"
gtkhud_clean_pkgconfig_path
cd "$1"
swift build -c release --scratch-path "$2" --product gtkhud-gallery
cp "$2/release/gtkhud-gallery" "$output"
