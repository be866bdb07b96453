package reach

import (
	"reflect"
	"testing"
)

func TestFrom(t *testing.T) {
	// 0 -> 1 -> 2 -> 0, 3 -> 0, 1 -> 7 (out of range)
	edges := [][]int{{1}, {2, 7}, {0}, {0}}
	succ := func(q int, push func(int)) {
		for _, to := range edges[q] {
			push(to)
		}
	}
	var order []int
	got := From(len(edges), 1, succ, func(q int) { order = append(order, q) })
	if want := []bool{true, true, true, false}; !reflect.DeepEqual(got, want) {
		t.Errorf("From(1) = %v, want %v", got, want)
	}
	if want := []int{1, 2, 0}; !reflect.DeepEqual(order, want) {
		t.Errorf("visit order %v, want %v", order, want)
	}
	if got := From(len(edges), 3, succ, nil); !got[3] || !got[0] || !got[2] {
		t.Errorf("From(3) = %v, want all", got)
	}
	if got := From(len(edges), -1, succ, nil); !reflect.DeepEqual(got, make([]bool, 4)) {
		t.Errorf("From(-1) = %v, want none", got)
	}
}
