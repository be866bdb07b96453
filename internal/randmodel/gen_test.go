package randmodel

import (
	"os"
	"strconv"
	"testing"
)

// TestPrintModel prints the model of RANDMODEL_SEED (for debugging;
// GenerateSpin's when RANDMODEL_SPIN is set, with the constructs of known
// bugs when it is "known").
func TestPrintModel(t *testing.T) {
	seed, err := strconv.ParseInt(os.Getenv("RANDMODEL_SEED"), 10, 64)
	if err != nil {
		t.Skip("RANDMODEL_SEED not set")
	}
	if k := os.Getenv("RANDMODEL_SPIN"); k != "" {
		t.Log("\n" + GenerateSpin(seed, SpinConfig{Known: k == "known"}))
		return
	}
	t.Log("\n" + Generate(seed, Default))
}
