# common.sh — shared by scripts/run and scripts/test: find Swift, install missing system packages.
# Sourced, not executed.

# Debian packages the Swift targets (and their tests) need. One place: add new ones here.
# tmux, xvfb, xterm, imagemagick, x11-utils: the end-to-end and real-terminal tests (scripts/tools/term-shot).
# sqlite3: another process holding the database lock, a newer schema (MessageStoreTests);
# bsdutils: script(1), a pseudo-terminal for `fetch` (SnaptermCLITests); openssl: a test certificate (HTTPSDowngradeTests);
# dpkg-dev, man-db: scripts/package and its test (DebianPackageTests); lf, ranger: the previewer recipes in tmux;
# python3, python3-venv: the world as PMTiles (scripts/fixtures/pmtiles-from-mbtiles.sh installs the `pmtiles`
# PyPI package into a virtual environment; without pip's network the PMTiles comparison tests are skipped);
# libvips-tools: 100-megapixel JPEGs made at test time, streamed (HugeJPEGTests).
SNAPTERM_APT_PACKAGES=(pkg-config libsqlite3-dev zlib1g-dev libncurses-dev ncurses-bin libvips-dev libjpeg62-turbo-dev liblcms2-dev libheif-dev libtiff-dev libsixel-dev libchafa-dev
    libcairo2-dev fonts-dejavu-core tmux procps xvfb xterm kitty imagemagick x11-utils sqlite3 bsdutils openssl
    dpkg-dev man-db lf ranger python3 python3-venv libvips-tools)

# Builds the release `snapterm` (into the scratch folder $1 when given) and prints its path.
# A statically linked Swift runtime and Foundation: ~14 fewer shared libraries to map and relocate at
# every start (BENCHMARKS.md, "Start-up"), and a binary that needs only Debian's own libraries.
snapterm_release_build() {
    local scratch=${1:-.build}
    swift build -c release --static-swift-stdlib --product snapterm --scratch-path "$scratch" >&2 || return 1
    echo "$(realpath "$scratch")/release/snapterm"
}

# The folder of the package checkouts a build resolved: $SNAPTERM_CHECKOUTS (scripts/package names its own
# build's), else .build/checkouts, resolved first when a fresh clone has none yet.
snapterm_checkouts() {
    local checkouts=${SNAPTERM_CHECKOUTS:-$(snapterm_root)/.build/checkouts}
    if [ ! -d "$checkouts/swift-argument-parser" ] && [ -z "${SNAPTERM_CHECKOUTS:-}" ]; then
        snapterm_find_swift
        swift package --package-path "$(snapterm_root)" resolve >&2 || return 1
    fi
    [ -d "$checkouts/swift-argument-parser" ] || { echo "no package checkouts in $checkouts" >&2; return 1; }
    echo "$checkouts"
}

snapterm_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

snapterm_find_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    command -v swift >/dev/null 2>&1 || { echo "swift not found (expected on PATH or at /opt/swift)" >&2; exit 1; }
}

# Installs the packages in SNAPTERM_APT_PACKAGES (plus any given) that are not installed yet.
snapterm_install_packages() {
    local missing=()
    for package in "${SNAPTERM_APT_PACKAGES[@]}" "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
