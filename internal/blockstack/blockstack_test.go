package blockstack

import "testing"

// TestStack pushes across several blocks, reads back, pops and resets.
func TestStack(t *testing.T) {
	var st Stack[int32]
	const n = 3<<BlockShift + 17
	for i := range n {
		st.Push(int32(i))
	}
	if st.N != n {
		t.Fatalf("N = %d, want %d", st.N, n)
	}
	for i := range n {
		if got := *st.At(i); got != int32(i) {
			t.Fatalf("At(%d) = %d", i, got)
		}
	}
	*st.At(5) = -1
	if *st.At(5) != -1 {
		t.Fatal("At does not address the element")
	}
	for i := n - 1; i >= 1<<BlockShift; i-- {
		st.Pop()
		if st.N != i {
			t.Fatalf("N = %d after a pop, want %d", st.N, i)
		}
	}
	if len(st.blocks) > 3 {
		t.Errorf("%d blocks kept for %d elements", len(st.blocks), st.N)
	}
	st.Push(7)
	if *st.At(1 << BlockShift) != 7 {
		t.Error("push after pops")
	}
	st.Reset()
	if st.N != 0 || len(st.blocks) != 1 {
		t.Errorf("Reset: N %d, %d blocks", st.N, len(st.blocks))
	}
}
