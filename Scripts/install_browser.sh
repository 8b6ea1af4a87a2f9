#!/usr/bin/env bash
# Makes sure the browser tests (Tests/Browser) have Debian's chromium and chromium-driver.
# Does nothing when /usr/bin/chromium and /usr/bin/chromedriver are there; else installs them
# with apt-get when it can (as root, or through sudo without a password). When it cannot, it
# prints why on stdout and exits 3: Scripts/test then reports the browser tests as skipped
# with that reason, never as passed.
set -uo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi

install="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium and chromium-driver are not installed and there is no apt-get to install them"
  exit 3
fi
if [ "$(id -u)" -eq 0 ]; then
  runner=(bash -c "$install")
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  runner=(sudo bash -c "$install")
else
  echo "chromium and chromium-driver are not installed, and installing them needs root (run: sudo apt-get install chromium chromium-driver)"
  exit 3
fi
echo "installing Debian's chromium and chromium-driver for the browser tests" >&2
if ! "${runner[@]}" >&2; then
  echo "apt-get could not install chromium and chromium-driver"
  exit 3
fi
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  echo "apt-get ran, but /usr/bin/chromium or /usr/bin/chromedriver is still missing"
  exit 3
fi
