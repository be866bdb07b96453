package engine

import "testing"

// TestDecodeCachedLayout: a vector of the cached layout (the last state
// decoded) is still checked: a process location or a channel length out
// of range refuses it, and a vector whose segments differ in type goes
// to the full decode.
func TestDecodeCachedLayout(t *testing.T) {
	e, err := loadSrc("layout.pml", []byte(`chan c = [2] of { byte };
active proctype P() { do :: c!1 :: c?_ od }
active proctype Q() { byte x; do :: x = 1 - x od }`))
	if err != nil {
		t.Fatal(err)
	}
	s0, err := e.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !e.begin(s0) {
		t.Fatal("the initial state does not decode")
	}
	procOff, chanOff := e.c.procOff[0], e.c.chanOff[0]
	bad := func(name string, edit func(s []byte)) {
		s := append([]byte(nil), s0...)
		edit(s)
		e.begunOK = false
		if e.begin(append([]byte(nil), s0...)); !e.c.e.lastLayout.valid {
			t.Fatal("no cached layout")
		}
		e.begunOK = false
		if e.begin(s) {
			t.Errorf("%s: the vector decodes", name)
		}
	}
	bad("location", func(s []byte) { s[procOff+1], s[procOff+2] = 0xff, 0xff })
	bad("channel length", func(s []byte) { s[chanOff+1] = 3 })
	bad("segment type", func(s []byte) { s[procOff] = 0x7f })
	// a good vector of the layout still decodes
	e.begunOK = false
	if !e.begin(s0) {
		t.Error("the initial state no longer decodes")
	}
}
