package buildinfo

import "runtime/debug"

// Info is what the binary says about its build.
type Info struct {
	Version, Revision, Time, GoVersion string
	Modified                           bool
}

// Read returns the build's Info. version, when not "", is the version set
// at link time (-ldflags "-X main.version=..."); otherwise the module
// version recorded by go install is used, and "(devel)" when there is none.
func Read(version string) Info {
	vi := Info{Version: version}
	bi, ok := debug.ReadBuildInfo()
	if ok {
		if vi.Version == "" && bi.Main.Version != "" {
			vi.Version = bi.Main.Version
		}
		vi.GoVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				vi.Revision = s.Value
			case "vcs.time":
				vi.Time = s.Value
			case "vcs.modified":
				vi.Modified = s.Value == "true"
			}
		}
	}
	if vi.Version == "" {
		vi.Version = "(devel)"
	}
	return vi
}
