package check

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/parser"
	"github.com/gospin/gospin/promela/token"
)

func checkSrc(t testing.TB, src string, opt Options) (*Program, *diag.List) {
	t.Helper()
	var errs diag.List
	m := parser.ParseFile(token.NewFile("t.pml", []byte(src)), &errs)
	if errs.HasErrors() {
		t.Fatalf("parse errors: %s", errs.Error())
	}
	p := CheckWith(m, &errs, opt)
	return p, &errs
}

func messages(l *diag.List, sev diag.Severity) []string {
	var out []string
	for _, d := range l.Items {
		if d.Severity == sev {
			out = append(out, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Msg))
		}
	}
	return out
}

func TestRecursiveChannelType(t *testing.T) {
	p, errs := checkSrc(t, "chan A = [1] of {chan, bit};\ninit { A!A,0 }", Options{Strict: true})
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if got := p.ChanType(p.Global("A")); got != "μX.chan{X, bit}" {
		t.Errorf("type of A = %s, want μX.chan{X, bit}", got)
	}
}

// TestMinimalForms builds the two non-minimal forms of ETCH §5 directly
// and checks that both print as μX.chan{X, bit}.
func TestMinimalForms(t *testing.T) {
	bit := numType("bit")
	// μX.chan{chan{X, bit}, bit}: two chan nodes pointing at each other
	c1 := &tnode{kind: tChan}
	c2 := &tnode{kind: tChan}
	c1.msg = newTuple([]*tnode{c2, bit})
	c2.msg = newTuple([]*tnode{c1, bit})
	if got := newTypePrinter(c1).String(c1); got != "μX.chan{X, bit}" {
		t.Errorf("μX.chan{chan{X, bit}, bit} printed as %s", got)
	}
	// chan μX.{chan X, bit}: the recursion goes through the tuple
	m := &tnode{kind: tTuple}
	c := newChan(m)
	m.fields = []*tnode{newChan(m), bit}
	if got := newTypePrinter(c).String(c); got != "μX.chan{X, bit}" {
		t.Errorf("chan μX.{chan X, bit} printed as %s", got)
	}
	// a non-recursive type
	d := newChan(newTuple([]*tnode{mtypeType(""), newChan(newVar())}))
	if got := newTypePrinter(d).String(d); got != "chan{mtype, chan X1}" {
		t.Errorf("got %s", got)
	}
}

func TestMutuallyRecursiveChannels(t *testing.T) {
	p, errs := checkSrc(t, "chan A = [1] of {chan, bit};\nchan B = [1] of {chan, bit};\ninit { A!B,0; B!A,1 }", Options{Strict: true})
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	for _, n := range []string{"A", "B"} {
		if got := p.ChanType(p.Global(n)); got != "μX.chan{X, bit}" {
			t.Errorf("type of %s = %s", n, got)
		}
	}
}

const etch = `mtype = {request, deny, hold, grant, ret};
chan server = [0] of {mtype, chan};
chan null = [0] of {mtype, chan};

proctype Agent(chan listen, talk)
{
	do
	:: talk!hold(listen)
	:: talk!deny(listen) -> break
	:: talk!grant(listen) ->
wait:		listen?ret(null); break
	od;
	server!ret(listen)
}

active proctype Server()
{	chan agents[2] = [0] of {mtype, chan};
	chan pool = [2] of {chan};
	chan client, agent;
	byte i;
	do
	:: i < 2 -> pool!agents[i]; i++
	:: else -> break
	od;
end:	do
	:: server?request(client) ->
		if
		:: empty(pool) -> client!deny(null)
		:: nempty(pool) -> pool?agent;
			run Agent(agent, client)
		fi
	:: server?ret(agent) -> pool!agent
	od
}

active [2] proctype Client()
{	chan me = [0] of {mtype, chan};
	chan agent;
end:	do
	:: timeout ->
		server!request(me);
		do
		:: me?hold(agent)
		:: me?deny(agent) -> break
		:: me?grant(agent) -> agent!ret(null); break
		od
	od
}
`

func TestETCH(t *testing.T) {
	_, errs := checkSrc(t, etch, Options{Strict: true})
	if errs.HasErrors() {
		t.Fatalf("the unmodified client-server model has errors:\n%s", errs.Error())
	}
	cases := []struct {
		name, from, to, want string
	}{
		{"error 1", "run Agent(agent, client)", "run Agent(agent)",
			"30:8: proctype Agent expects 2 arguments but 1 supplied"},
		{"error 2", "talk!hold(listen)", "talk!listen(hold)",
			"9:9: message type mismatch on channel talk: {chan X1, mtype} vs {mtype, chan X1} (chan X1 vs mtype)"},
		{"error 3", "talk!grant(listen)", "talk!grant",
			"10:9: arguments of different lengths used for the same channel talk: {mtype, chan X1} vs {mtype}"},
	}
	for _, c := range cases {
		src := strings.Replace(etch, c.from, c.to, 1)
		_, errs := checkSrc(t, src, Options{Strict: true})
		got := messages(errs, diag.Error)
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: got %q\nwant %q", c.name, got, c.want)
		}
		// by default (SPIN accepts these models) 2 and 3 are warnings
		_, errs = checkSrc(t, src, Options{})
		if c.name != "error 1" && errs.HasErrors() {
			t.Errorf("%s: an error without -strict: %s", c.name, errs.Error())
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"init { x = 1 }", "1:8: undefined: x"},
		{"init { byte a[2]; a = 1 }", "1:19: array a used without an index"},
		{"init { byte a; a[1] = 1 }", "1:17: a is not an array"},
		{"init { byte a[2]; a[2] = 1 }", "1:21: index 2 out of range for a[2]"},
		{"init { chan c; c++ }", "1:16: arithmetic on channel c"},
		{"init { chan c; c = 5 }", "1:20: invalid assignment to channel c: a number is not a channel"},
		{"init { _pid = 1 }", "1:8: cannot assign to predefined variable _pid"},
		{"init { goto L }", "1:13: undefined label L in init"},
		{"init { break }", "1:8: break outside a do loop or for"},
		{"init { run P() }", "1:12: undefined proctype P"},
		{"proctype P(byte a) {}\ninit { run P() }", "2:12: proctype P expects 1 arguments but 0 supplied"},
		{"typedef T { byte a }; T t; init { t.b = 1 }", "1:37: typedef T has no field b"},
		{"init { { byte y }; y = 1 }", "1:20: undefined: y"},
		{"init { atomic { byte y = 1 }; y++ }", "1:31: undefined: y"},
		{"byte n; byte a[n]; init { a[0] = 1 }", "1:16: array size must be a constant expression"},
		{"unsigned u; init { u = 1 }", "1:10: unsigned variable u needs a bit width (unsigned u : N)"},
		{"chan q = [1] of {byte}; init { !full(q) }", "1:32: a channel probe cannot be negated (use nfull instead)"},
		{"chan q = [1] of {byte}; init { byte x; x = full(q) + 1 }", "1:44: full() can only be used in a condition, combined with && or ||"},
		{"chan q = [1] of {byte}; init { q!1,2 }", "1:33: too many values sent on channel q (2, the channel takes 1): arguments of different lengths used for the same channel q: {byte} vs {int, int}"},
		{"init { c_code { x++; } }", "1:8: embedded C code is not supported (c_code)"},
		{"mtype:f = {a}; mtype:g = {b}; mtype:f x; init { x = b }", "1:53: x is mtype:f but the value is mtype:g"},
		{"init { byte x = 1 / 0 }", "1:19: division by zero"},
		{"byte x = run P(); proctype P() {}", "1:10: run can only be used in a proctype or init"},
		{"proctype P() {}\ninit { byte x = run P() }", "2:17: run cannot be used in a variable initializer"},
		{"proctype P() { byte v }\nltl p { [] v > 0 }", "2:12: undefined: v"},
		{"proctype P() { L: skip }\ninit { P[0]@M }", "2:13: proctype P has no label M"},
		{"proctype P() { skip }\ninit { P[0]:v == 1 }", "2:13: proctype P has no local variable v"},
		{"init { q?[1] }", "1:8: undefined: q"},
		{"chan c = [70000] of {byte}; init { c!1 }", "1:11: channel capacity must be between 0 and 65535, not 70000 (gospin's limit: a channel holds at most 65535 messages)"},
	}
	for _, tt := range tests {
		_, errs := checkSrc(t, tt.src, Options{})
		got := messages(errs, diag.Error)
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

func TestWarnings(t *testing.T) {
	tests := []struct{ src, want string }{
		{"byte unused; init { skip }", "1:6: global variable unused is never used"},
		{"mtype = {a, b}; init { mtype m = a; m = m + 1 }", "1:41: arithmetic on mtype value m (operator +)"},
		{"init { if :: skip; else fi }", "1:20: else in the middle of a sequence is always executable (as in SPIN)"},
		{`init { printf("%s\n", 1) }`, `1:16: unknown printf verb %s: SPIN knows %c %d %e %o %u %x (it prints "bad print cmd")`},
		{`init { printf("%5d", 1) }`, `1:16: printf verb %5d: SPIN knows %c %d %e %o %u %x without flags or width (it prints "bad print cmd")`},
		{`init { printf("%d %% %d", 1) }`, `1:8: printf format uses 2 arguments but 1 given (SPIN: "too few print args"; the missing ones print as 0)`},
		{`init { printf("%d", 1, 2) }`, `1:24: printf has 2 arguments but its format uses 1: the others are not printed`},
	}
	for _, tt := range tests {
		_, errs := checkSrc(t, tt.src, Options{})
		if errs.HasErrors() {
			t.Errorf("%s: %s", tt.src, errs.Error())
		}
		got := messages(errs, diag.Warning)
		found := false
		for _, g := range got {
			found = found || g == tt.want
		}
		if !found {
			t.Errorf("%s: warnings %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestInlineExpansion(t *testing.T) {
	src := `inline swap(a, b) { tmp = a; a = b; b = tmp }
inline bad(a) { undefined_thing = a }
init { byte x, y, tmp; swap(x, y); bad(x) }`
	_, errs := checkSrc(t, src, Options{})
	got := messages(errs, diag.Error)
	if len(got) != 1 || got[0] != "2:17: undefined: undefined_thing" {
		t.Errorf("got %q", got)
	}
}

func TestConstantsFolded(t *testing.T) {
	p, errs := checkSrc(t, "mtype = {a, b}; byte arr[2 * 3 + b]; active [1 + 1] proctype P() { arr[0] = 1 }", Options{})
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	if g := p.Global("arr"); g.Len != 7 { // b is the first-declared-last value: a=2, b=1
		t.Errorf("len(arr) = %d, want 7", g.Len)
	}
	if p.Proc("P").Active != 2 {
		t.Errorf("active = %d", p.Proc("P").Active)
	}
}

func TestUsesResolved(t *testing.T) {
	p, errs := checkSrc(t, "byte g; proctype P(byte a) { byte l; l = a + g }", Options{})
	if errs.HasErrors() {
		t.Fatal(errs.Error())
	}
	kinds := map[string]bool{}
	for id, s := range p.Uses {
		kinds[id.Name] = s.Global
	}
	if !kinds["g"] || kinds["l"] || kinds["a"] {
		t.Errorf("resolution: %v", kinds)
	}
}
