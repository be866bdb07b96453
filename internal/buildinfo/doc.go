// Package buildinfo reads what the Go toolchain records in a binary about
// how it was built: the module version and the VCS revision, its time and
// whether the tree was modified (go build in a git checkout, go install).
package buildinfo
