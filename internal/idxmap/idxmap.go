package idxmap

// Map is the table; New makes one.
type Map struct {
	keys  []uint64
	vals  []int32
	n     int
	shift uint // 64 - log2(len(keys))
}

// New returns an empty map.
func New() *Map {
	m := &Map{}
	m.init(1 << 10)
	return m
}

func (m *Map) init(size int) {
	m.keys = make([]uint64, size)
	m.vals = make([]int32, size)
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
	mask := uint64(len(m.keys) - 1)
	for i := m.home(k); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case 0:
			return 0, false
		case k + 1:
			return m.vals[i], true
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
	if 2*(m.n+1) > len(m.keys) {
		m.grow()
	}
	mask := uint64(len(m.keys) - 1)
	for i := m.home(k); ; i = (i + 1) & mask {
		switch m.keys[i] {
		case 0:
			m.keys[i], m.vals[i] = k+1, v
			m.n++
			return
		case k + 1:
			m.vals[i] = v
			return
		}
	}
}

// Del removes key k if present.
func (m *Map) Del(k uint64) {
	mask := uint64(len(m.keys) - 1)
	i := m.home(k)
	for {
		switch m.keys[i] {
		case 0:
			return
		case k + 1:
			goto found
		}
		i = (i + 1) & mask
	}
found:
	// shift back the entries of the probe run that follows
	for j := (i + 1) & mask; m.keys[j] != 0; j = (j + 1) & mask {
		h := m.home(m.keys[j] - 1)
		// the entry at j may move to i when i lies on its probe path
		// from h, cyclically: h <= i < j
		if (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j) {
			m.keys[i], m.vals[i] = m.keys[j], m.vals[j]
			i = j
		}
	}
	m.keys[i], m.vals[i] = 0, 0
	m.n--
}

// Len is the number of keys.
func (m *Map) Len() int { return m.n }

func (m *Map) grow() {
	keys, vals := m.keys, m.vals
	m.init(2 * len(keys))
	for i, k := range keys {
		if k != 0 {
			m.Set(k-1, vals[i])
		}
	}
}
