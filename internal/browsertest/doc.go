// Package browsertest starts headless Chromium for the tests of gospin's
// web page (the UI and the playground), through the DevTools protocol
// (chromedp). Tests skip, saying so, under -short and where no Chromium
// is installed (scripts/install-chromium.sh installs Debian's).
package browsertest
