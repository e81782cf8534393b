# Shared by scripts/test, scripts/gallery and scripts/bench. Source it; don't run it.
# shellcheck shell=bash

GTKHUD_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Debian packages the build, the tests and the gallery need.
GTKHUD_DEBIAN_PACKAGES=(
    pkg-config libgtk-4-dev libadwaita-1-dev           # build: the C headers (GTK >= 4.8, libadwaita >= 1.2)
    xvfb xauth                                          # a display for widget tests
    xdotool                                             # real pointer and key events (XTest) in input tests
    dbus dbus-x11 at-spi2-core                          # private session bus and accessibility bus
    python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 # reading the accessibility tree as Orca does
    adwaita-icon-theme fonts-cantarell                  # symbolic icons and a real font for pixel tests
    desktop-file-utils appstream                        # validating the gallery's desktop integration
    librsvg2-common                                     # gdk-pixbuf's SVG loader (the gallery's icon)
    orca speech-dispatcher openbox x11-utils            # the real screen reader, its speech server, a window manager, xprop (urgency hints)
    dunst                                               # a real notification server (dunstctl) for the desktop-notification tests
    xdotool                                             # real X key and pointer events
    gettext locales                                     # msgfmt/xgettext for scripts/check-po; the locales below
    fonts-dejavu-core fonts-droid-fallback              # Arabic, Hebrew and CJK glyphs for the translations
)
# Only where GTK has the fractional-scale protocol (4.14+; Debian 13): a Wayland
# compositor that offers fractional scales, for scripts/test's fractional pass
# (scripts/lib/mutter-session.sh; mutter-scale.py uses python3-gi from above).
GTKHUD_FRACTIONAL_PACKAGES=(mutter)

# Whether this GTK draws Wayland windows at fractional scales (the
# wp_fractional_scale_v1 protocol, GTK 4.14+).
gtkhud_has_fractional_scales() { pkg-config --atleast-version=4.14 gtk4 2>/dev/null; }

# Locales the translation tests run GtkHUD in (LANG/LC_ALL/LC_MESSAGES need the
# locale to exist; glibc falls back to "C" and then ignores LANGUAGE otherwise).
GTKHUD_TEST_LOCALES=(de_DE.UTF-8 ar_EG.UTF-8 ja_JP.UTF-8)

log() { printf '[gtkhud] %s\n' "$*" >&2; }

# Prints what is missing, one item a line (empty when all is there).
gtkhud_missing() {
    pkg-config --exists gtk4 2>/dev/null && pkg-config --atleast-version=4.8 gtk4 || echo "pkg-config module gtk4 >= 4.8"
    pkg-config --exists libadwaita-1 2>/dev/null && pkg-config --atleast-version=1.2 libadwaita-1 || echo "pkg-config module libadwaita-1 >= 1.2"
    command -v Xvfb >/dev/null || echo "Xvfb"
    command -v xdotool >/dev/null || echo "xdotool"
    command -v dbus-run-session >/dev/null || echo "dbus-run-session"
    [ -x /usr/libexec/at-spi-bus-launcher ] || echo "at-spi-bus-launcher (at-spi2-core)"
    /usr/bin/python3 -c 'import gi; gi.require_version("Atspi", "2.0"); import pyatspi' 2>/dev/null || echo "python3 pyatspi (python3-pyatspi, gir1.2-atspi-2.0)"
    [ -d /usr/share/icons/Adwaita ] || echo "adwaita-icon-theme"
    command -v desktop-file-validate >/dev/null || echo "desktop-file-validate (desktop-file-utils)"
    command -v appstreamcli >/dev/null || echo "appstreamcli (appstream)"
    grep -qs "image/svg" /usr/lib/*/gdk-pixbuf-2.0/2.10.0/loaders.cache || echo "gdk-pixbuf SVG loader (librsvg2-common)"
    command -v orca >/dev/null || echo "orca"
    command -v speech-dispatcher >/dev/null || echo "speech-dispatcher"
    command -v openbox >/dev/null || echo "openbox"
    command -v xprop >/dev/null || echo "xprop (x11-utils)"
    command -v dunst >/dev/null && command -v dunstctl >/dev/null || echo "dunst (dunst, dunstctl)"
    command -v dbus-monitor >/dev/null || echo "dbus-monitor (dbus)"
    command -v xdotool >/dev/null || echo "xdotool"
    if gtkhud_has_fractional_scales; then command -v mutter >/dev/null || echo "mutter (GTK >= 4.14: the fractional-scale pass)"; fi
    command -v msgfmt >/dev/null && command -v xgettext >/dev/null || echo "msgfmt and xgettext (gettext)"
    # Arabic, Hebrew, Japanese, and the ideographs of the Chinese translation ("正在加载").
    for pattern in :lang=ar :lang=he :lang=ja ":charset=6b63 5728 52a0 8f7d"; do
        fc-list "$pattern" 2>/dev/null | grep -q . || echo "a font for $pattern (fonts-dejavu-core, fonts-droid-fallback)"
    done
    local available wanted
    available="$(locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')"
    for wanted in "${GTKHUD_TEST_LOCALES[@]}"; do
        echo "$available" | grep -qx "$(echo "$wanted" | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')" || echo "locale $wanted"
    done
}

# Generates the test locales (Debian's `locales`: /etc/locale.gen and locale-gen).
gtkhud_generate_locales() {
    local sudo="" wanted
    [ "$(id -u)" != 0 ] && sudo="sudo"
    [ -f /etc/locale.gen ] && command -v locale-gen >/dev/null || return 0
    for wanted in "${GTKHUD_TEST_LOCALES[@]}"; do
        if ! grep -qE "^${wanted//./\\.} UTF-8" /etc/locale.gen; then
            if grep -qE "^# *${wanted//./\\.} UTF-8" /etc/locale.gen; then
                $sudo sed -i -E "s/^# *(${wanted//./\\.} UTF-8)/\\1/" /etc/locale.gen
            else
                echo "$wanted UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
            fi
        fi
    done
    $sudo locale-gen >/dev/null
}

# Installs what is missing with apt-get (through sudo when not root), or says what to install.
gtkhud_ensure_dependencies() {
    local missing
    missing="$(gtkhud_missing)"
    [ -z "$missing" ] && return 0
    log "missing: $(echo "$missing" | paste -sd, -)"
    if command -v apt-get >/dev/null; then
        local sudo=""
        if [ "$(id -u)" != 0 ]; then
            command -v sudo >/dev/null || { log "not root and no sudo: install ${GTKHUD_DEBIAN_PACKAGES[*]}"; return 1; }
            sudo="sudo"
        fi
        log "installing with apt-get: ${GTKHUD_DEBIAN_PACKAGES[*]}"
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${GTKHUD_DEBIAN_PACKAGES[@]}" >/dev/null
        gtkhud_generate_locales
        # Which GTK this is is known only now: mutter only where the fractional pass
        # runs (Debian 12's GTK 4.8 has no fractional scales, and skips it).
        if gtkhud_has_fractional_scales && ! command -v mutter >/dev/null; then
            log "GTK $(pkg-config --modversion gtk4) has fractional scales: installing with apt-get: ${GTKHUD_FRACTIONAL_PACKAGES[*]}"
            $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${GTKHUD_FRACTIONAL_PACKAGES[@]}" >/dev/null
        fi
        missing="$(gtkhud_missing)"
        [ -z "$missing" ] && return 0
        log "still missing after apt-get: $(echo "$missing" | paste -sd, -)"
        return 1
    fi
    cat >&2 <<MSG
[gtkhud] This system has no apt-get. Install, with your package manager:
[gtkhud]   - development files for the pkg-config modules gtk4 (>= 4.8) and libadwaita-1 (>= 1.2)
[gtkhud]   - Xvfb, dbus (dbus-run-session), at-spi2-core (at-spi-bus-launcher)
[gtkhud]   - python3 with PyGObject and pyatspi (Atspi 2.0 typelib)
[gtkhud]   - the Adwaita icon theme, desktop-file-utils and appstream (appstreamcli)
[gtkhud]   - librsvg's gdk-pixbuf SVG loader, orca, speech-dispatcher, openbox, xprop, xdotool
[gtkhud]   - dunst (a notification server, with dunstctl) and dbus-monitor
[gtkhud]   - gettext (msgfmt, xgettext) and the locales ${GTKHUD_TEST_LOCALES[*]}
[gtkhud]   - with GTK 4.14 or later: mutter (the fractional-scale pass runs under it, headless)
[gtkhud] Missing now:
$(echo "$missing" | sed 's/^/[gtkhud]   * /')
MSG
    return 1
}

# SwiftPM passes only -I/-L/-l flags from pkg-config and warns about the rest
# (graphene's -msse/-mfpmath, glib's -pthread: harmless on x86_64 and arm64).
# Give it copies of those .pc files without the extra flags so builds are warning-free.
gtkhud_clean_pkgconfig_path() {
    local dir="$GTKHUD_ROOT/.build/pkgconfig-clean"
    mkdir -p "$dir"
    local search pc
    search="${PKG_CONFIG_PATH:+$PKG_CONFIG_PATH:}$(pkg-config --variable pc_path pkg-config)"
    for pc in $(echo "$search" | tr ':' '\n' | while read -r d; do [ -d "$d" ] && ls "$d"/*.pc 2>/dev/null; done); do
        [ -f "$dir/$(basename "$pc")" ] && continue
        if grep -qE '^(Cflags|Libs)(\.private)?:.*(-pthread|-m[a-z])' "$pc"; then
            sed -E '/^(Cflags|Libs)(\.private)?:/ s/ (-pthread|-m[a-z][^ ]*)//g' "$pc" > "$dir/$(basename "$pc")"
        fi
    done
    export PKG_CONFIG_PATH="$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

# Runs "$@" with a private D-Bus session, the accessibility bus and an Xvfb display
# (unless GTKHUD_USE_CURRENT_DISPLAY=1 and DISPLAY is set).
gtkhud_headless() {
    if [ "${GTKHUD_USE_CURRENT_DISPLAY:-0}" = 1 ] && [ -n "${DISPLAY:-}" ]; then
        "$@"
        return
    fi
    dbus-run-session -- bash "$GTKHUD_ROOT/scripts/lib/headless-session.sh" "$@"
}
