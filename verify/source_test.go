package verify

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/gospin/gospin/property"
)

// TestLowerOnce: a model built for no property from a model without
// claims has the front end's declarations, so it is lowered from the
// front end's checked program (checked once); the automata are those of
// checking it again (the path a model with a property's claim takes). A
// model with an ltl block gets a new model for it, which is checked.
func TestLowerOnce(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/*/*.pml")
	more, _ := filepath.Glob("testdata/*.pml")
	paths = append(paths, more...)
	if len(paths) < 5 {
		t.Fatalf("only %d models", len(paths))
	}
	once, props := 0, 0
	for _, path := range paths {
		src, err := Load(path, nil)
		if err != nil {
			continue // a model that is meant to be refused
		}
		pm, err := property.Model(src.Front.Model, nil, translator)
		if err != nil {
			t.Fatal(err)
		}
		if len(src.Properties()) > 0 {
			props++
			if sameDecls(pm, src.Front.Program.Model) {
				t.Errorf("%s: the model without its claims has its declarations", path)
			}
			continue
		}
		if !sameDecls(pm, src.Front.Program.Model) {
			t.Errorf("%s: the model for no property is not lowered from the checked program", path)
			continue
		}
		once++
		a, err := src.lower(pm)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		b, err := lower(pm)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the automata lowered from the checked program differ from those of checking it again", path)
		}
	}
	t.Logf("%d models lowered once, %d with properties", once, props)
	if once == 0 || props == 0 {
		t.Errorf("%d models lowered once, %d with properties: want some of each", once, props)
	}
}
