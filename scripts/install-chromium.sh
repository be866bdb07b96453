#!/bin/sh
# Installs headless Chromium (Debian's chromium package), which the browser
# tests of gospin's web UI and playground drive through the DevTools
# protocol (cmd/gospin/ui_test.go, cmd/gospin-wasm/playground_test.go).
# Without it those tests skip, saying so. Run as root (or with sudo).
set -eu
if command -v chromium >/dev/null 2>&1; then
	echo "chromium is installed: $(chromium --version 2>/dev/null || true)"
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium fonts-dejavu-core
chromium --version
