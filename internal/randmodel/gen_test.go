package randmodel

import (
	"os"
	"strconv"
	"testing"
)

// TestPrintModel prints the model of RANDMODEL_SEED (for debugging).
func TestPrintModel(t *testing.T) {
	seed, err := strconv.ParseInt(os.Getenv("RANDMODEL_SEED"), 10, 64)
	if err != nil {
		t.Skip("RANDMODEL_SEED not set")
	}
	t.Log("\n" + Generate(seed, Default))
}
