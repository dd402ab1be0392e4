#!/usr/bin/env bash
# Installs Debian's Chromium and the CJK fonts the end-to-end tests need, when missing.
# Playwright never downloads a browser here: it drives /usr/bin/chromium.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if ! fc-list :lang=zh 2>/dev/null | grep -q .; then need+=(fonts-noto-cjk); fi
[ ${#need[@]} -eq 0 ] && exit 0

echo "Installing ${need[*]} from Debian's packages…"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "error: ${need[*]} missing and not running as root; install them with apt-get" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "Installed ${need[*]}."
