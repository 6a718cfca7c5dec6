#!/usr/bin/env bash
# Installs from Debian what building and testing pawnkit needs. A no-op when all is present.
set -euo pipefail
packages=(
  cmake g++ make pkg-config libgtest-dev libbenchmark-dev libzstd-dev zstd python3
  zlib1g-dev libbz2-dev gzip bzip2   # .pgn.gz and .pgn.bz2 input
  librocksdb-dev    # the structure index (pawnkit index, explore)
  libboost-dev      # pawnkit serve's HTTP (Boost.Beast, header-only)
  wrk nginx-light libcpp-httplib-dev  # serve's load bench beside nginx, the library comparison
  clang clang-format libclang-rt-14-dev librsvg2-bin
  universal-ctags   # scripts/long_functions.py
  stockfish         # the outside truth for pawn-eval
  pybind11-dev python3-dev python3-numpy python3-pandas python3-dask python3-distributed
  python3-pytest python3-venv python3-pip   # the Python package, its tests and its install
  python3-tqdm python3-fsspec   # progress bars; file objects and URLs (s3://, memory://)
  emscripten node-acorn chromium  # the browser page (web/) and its tests in headless Chromium
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The page's npm packages (the zstd decoder it ships, the test driver), exactly as
# web/package-lock.json pins them; again only when something changed.
web="$(dirname "$0")/../web"
if ! cmp -s "$web/package-lock.json" "$web/node_modules/.pawnkit-lock.json"; then
  command -v npm >/dev/null || $sudo apt-get install -y -qq npm >/dev/null
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error &&
    cp package-lock.json node_modules/.pawnkit-lock.json)
fi

# The Python package's stack from PyPI (numpy 2, pandas 3, pyarrow, Dask, pytest, pybind11,
# scikit-build-core), in .venv/ at the repository root made from Debian's python3, at
# exactly the versions python/constraints.txt pins; wheels only, never a source build.
# Skipped when the stamp says these very files were installed already.
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv"
stamp="$(cat "$root/python/requirements.txt" "$root/python/constraints.txt" | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$venv/.pawnkit-constraints" 2>/dev/null)" != "$stamp" ]; then
  echo "setup: installing the Python stack into $venv" >&2
  [ -x "$venv/bin/python" ] || /usr/bin/python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --only-binary :all: \
    -c "$root/python/constraints.txt" -r "$root/python/requirements.txt"
  echo "$stamp" >"$venv/.pawnkit-constraints"
fi
