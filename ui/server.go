package ui

import (
	"embed"
	"io/fs"
	"path/filepath"
)

//go:embed assets
var assets embed.FS

// Assets are the page's files (index.html, app.js, style.css,
// worker.js), as the playground copies them.
func Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded folder is there: a build without it does not compile
	}
	return sub
}

// Info is what the page learns first: that a server answers, its version
// and the model it was started on.
type Info struct {
	Server  bool    `json:"server"`
	Version string  `json:"version"`
	Model   Model   `json:"model"`
	Samples []Model `json:"samples"`
}

//go:embed samples/*.pml
var samples embed.FS

// Samples are the example models the page offers.
func Samples() []Model {
	var out []Model
	ents, _ := samples.ReadDir("samples")
	for _, e := range ents {
		b, err := samples.ReadFile("samples/" + e.Name())
		if err == nil {
			out = append(out, Model{Name: filepath.Base(e.Name()), Src: string(b)})
		}
	}
	return out
}
