// Package blockstack is a stack in fixed-size blocks, the depth-first
// searches' stack (search and parsearch): a deep stack grows without
// copying its frames, and blocks far above the top are given back.
package blockstack

// BlockShift: a block holds 1<<BlockShift elements.
const BlockShift = 12

// Stack is a stack of T in blocks of 1<<BlockShift. N is the number of
// elements; setting it to 0 empties the stack and keeps its blocks.
type Stack[T any] struct {
	blocks [][]T
	N      int
}

// Push adds f on top.
func (st *Stack[T]) Push(f T) {
	b := st.N >> BlockShift
	if b == len(st.blocks) {
		st.blocks = append(st.blocks, make([]T, 1<<BlockShift))
	}
	st.blocks[b][st.N&(1<<BlockShift-1)] = f
	st.N++
}

// At returns element i (0 is the bottom).
func (st *Stack[T]) At(i int) *T {
	return &st.blocks[i>>BlockShift][i&(1<<BlockShift-1)]
}

// Pop removes the top element. Blocks two above the new top are freed
// (one spare is kept against thrashing).
func (st *Stack[T]) Pop() {
	st.N--
	if b := (st.N >> BlockShift) + 2; b < len(st.blocks) && st.blocks[b] != nil {
		st.blocks[b] = nil
		st.blocks = st.blocks[:b]
	}
}

// Capacity is the number of elements the allocated blocks hold.
func (st *Stack[T]) Capacity() int { return len(st.blocks) << BlockShift }

// Reset empties the stack, keeping its first block.
func (st *Stack[T]) Reset() {
	st.N = 0
	if len(st.blocks) > 1 {
		clear(st.blocks[1:])
		st.blocks = st.blocks[:1]
	}
}
