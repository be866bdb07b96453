package idxmap

// Map is the table; New makes one.
type Map struct {
	// slots: a key and its value side by side, so that a Set or a Del
	// touches one cache line, not one in a slice of keys and another in
	// a slice of values (the search's stack set, with hundreds of
	// thousands of states on a deep stack, missed the cache twice per
	// push)
	slots []slot
	n     int
	shift uint // 64 - log2(len(slots))
}

// slot is a key plus one (0: empty) and its value.
type slot struct {
	key uint64
	val int32
}

// New returns an empty map.
func New() *Map {
	m := &Map{}
	m.init(1 << 10)
	return m
}

func (m *Map) init(size int) {
	m.slots = make([]slot, size)
	m.n = 0
	m.shift = 64
	for s := size; s > 1; s >>= 1 {
		m.shift--
	}
}

// home is the slot where key k (stored as k+1) starts its probe.
func (m *Map) home(k uint64) uint64 {
	return ((k + 1) * 0x9E3779B97F4A7C15) >> m.shift
}

// Get returns the value of key k and whether it is present.
func (m *Map) Get(k uint64) (int32, bool) {
	mask := uint64(len(m.slots) - 1)
	for i := m.home(k); ; i = (i + 1) & mask {
		switch m.slots[i].key {
		case 0:
			return 0, false
		case k + 1:
			return m.slots[i].val, true
		}
	}
}

// Has reports whether key k is present.
func (m *Map) Has(k uint64) bool {
	_, ok := m.Get(k)
	return ok
}

// Set sets the value of key k.
func (m *Map) Set(k uint64, v int32) {
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	mask := uint64(len(m.slots) - 1)
	for i := m.home(k); ; i = (i + 1) & mask {
		switch m.slots[i].key {
		case 0:
			m.slots[i] = slot{k + 1, v}
			m.n++
			return
		case k + 1:
			m.slots[i].val = v
			return
		}
	}
}

// Del removes key k if present.
func (m *Map) Del(k uint64) {
	mask := uint64(len(m.slots) - 1)
	i := m.home(k)
	for {
		switch m.slots[i].key {
		case 0:
			return
		case k + 1:
			goto found
		}
		i = (i + 1) & mask
	}
found:
	// shift back the entries of the probe run that follows
	for j := (i + 1) & mask; m.slots[j].key != 0; j = (j + 1) & mask {
		h := m.home(m.slots[j].key - 1)
		// the entry at j may move to i when i lies on its probe path
		// from h, cyclically: h <= i < j
		if (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j) {
			m.slots[i] = m.slots[j]
			i = j
		}
	}
	m.slots[i] = slot{}
	m.n--
}

// Len is the number of keys.
func (m *Map) Len() int { return m.n }

func (m *Map) grow() {
	old := m.slots
	m.init(2 * len(old))
	for _, e := range old {
		if e.key != 0 {
			m.Set(e.key-1, e.val)
		}
	}
}
