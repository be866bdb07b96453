package randmodel

import (
	"os"
	"strconv"
	"testing"
)

func TestZZDump(t *testing.T) {
	s, err := strconv.ParseInt(os.Getenv("SEED"), 10, 64)
	if err != nil {
		t.Skip()
	}
	os.WriteFile(os.Getenv("OUTF"), []byte(GenerateSpin(s, SpinConfig{Known: os.Getenv("KNOWN") != ""})), 0644)
}
