package scanner

import (
	"strings"
	"testing"

	"github.com/gospin/gospin/diag"
	"github.com/gospin/gospin/promela/token"
)

type tok struct {
	tok token.Token
	lit string
}

func scanAll(t *testing.T, src string, mode Mode) ([]tok, *diag.List) {
	t.Helper()
	var errs diag.List
	var s Scanner
	s.Init(token.NewFile("t.pml", []byte(src)), &errs, mode)
	var out []tok
	for {
		_, tk, lit := s.Scan()
		if tk == token.EOF {
			return out, &errs
		}
		out = append(out, tok{tk, lit})
	}
}

func TestTokens(t *testing.T) {
	src := `proctype P() { x = a[1] -> q!x; q??eval(y); q?<z>; c!!3 :: if fi od
	a != b && c || !d; e <= f >> 2; g++ ; h-- ; i .. j ; k : l ; m@n ; 'c' "s\"t"`
	toks, errs := scanAll(t, src, 0)
	if errs.Len() > 0 {
		t.Fatal(errs.Error())
	}
	var b strings.Builder
	for _, k := range toks {
		if k.lit != "" {
			b.WriteString(k.lit)
		} else {
			b.WriteString(k.tok.String())
		}
		b.WriteByte(' ')
	}
	want := `proctype P ( ) { x = a [ 1 ] -> q ! x ; q ?? eval ( y ) ; q ? < z > ; c !! 3 :: if fi od a != b && c || ! d ; e <= f >> 2 ; g ++ ; h -- ; i .. j ; k : l ; m @ n ; 'c' "s\"t" `
	if b.String() != want {
		t.Errorf("got  %s\nwant %s", b.String(), want)
	}
}

func TestLTLMode(t *testing.T) {
	toks, _ := scanAll(t, "[] <> <-> /\\ \\/ a[]", ScanLTL)
	want := []token.Token{token.ALWAYS, token.EVENTUALLY, token.EQUIV, token.LAND, token.LOR, token.IDENT, token.ALWAYS}
	if len(toks) != len(want) {
		t.Fatalf("got %v", toks)
	}
	for i := range want {
		if toks[i].tok != want[i] {
			t.Errorf("token %d: %v, want %v", i, toks[i].tok, want[i])
		}
	}
	// outside LTL mode [] and <> are two tokens each
	toks, _ = scanAll(t, "[] <>", 0)
	if len(toks) != 4 {
		t.Errorf("outside LTL: %v", toks)
	}
}

func TestCommentsAndDirectives(t *testing.T) {
	src := "#define N 3\nx /* c */ y // d\n  # not at line start? no: first non-blank\n"
	toks, _ := scanAll(t, src, ScanComments|ScanDirectives)
	kinds := []token.Token{token.DIRECTIVE, token.IDENT, token.COMMENT, token.IDENT, token.COMMENT, token.DIRECTIVE}
	if len(toks) != len(kinds) {
		t.Fatalf("got %v", toks)
	}
	for i, k := range kinds {
		if toks[i].tok != k {
			t.Errorf("token %d: %v, want %v", i, toks[i].tok, k)
		}
	}
}

func TestNewlineBefore(t *testing.T) {
	var s Scanner
	s.Init(token.NewFile("t", []byte("a b\nc /* x\n */ d")), nil, 0)
	var nl []bool
	for {
		_, tk, _ := s.Scan()
		if tk == token.EOF {
			break
		}
		nl = append(nl, s.NewlineBefore())
	}
	want := []bool{true, false, true, true}
	for i := range want {
		if nl[i] != want[i] {
			t.Errorf("newline before token %d: %v, want %v", i, nl[i], want[i])
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{`"abc`, "t.pml:1:1: error: string literal not terminated"},
		{"/* abc", "t.pml:1:1: error: comment not terminated"},
		{"x $ y", "t.pml:1:3: error: unexpected character '$'"},
		{"12ab", "t.pml:1:1: error: malformed number 12ab (Promela has only decimal integer constants)"},
		{"'ab'", "t.pml:1:1: error: character constant not terminated (expected ')"},
	}
	for _, tt := range tests {
		_, errs := scanAll(t, tt.src, 0)
		if errs.Len() == 0 || errs.Items[0].String() != tt.want {
			t.Errorf("%q: got %v, want %s", tt.src, errs.Error(), tt.want)
		}
	}
}

func TestCharValue(t *testing.T) {
	for lit, want := range map[string]int64{"'a'": 'a', `'\n'`: '\n', `'\t'`: '\t', `'\\'`: '\\', `'\''`: '\''} {
		if got := CharValue(lit); got != want {
			t.Errorf("CharValue(%s) = %d, want %d", lit, got, want)
		}
	}
}

func TestInIsIdent(t *testing.T) {
	toks, _ := scanAll(t, "in", 0)
	if toks[0].tok != token.IDENT {
		t.Errorf("in scanned as %v", toks[0].tok)
	}
}

// TestStrayCloseComment: the */ that a "nested" comment leaves is dropped
// with a warning, as SPIN's lexer drops it (silently); a * / b is still
// a product and a quotient.
func TestStrayCloseComment(t *testing.T) {
	toks, errs := scanAll(t, "/* a /* b */ */ x = 2 */ 3; y = a * / b", 0)
	if errs.HasErrors() || errs.Len() != 2 || !strings.Contains(errs.Items[0].String(), "t.pml:1:14: warning: */ outside a comment ignored") {
		t.Errorf("diagnostics: %s", errs.Error())
	}
	var kinds []string
	for _, k := range toks {
		kinds = append(kinds, k.tok.String())
	}
	if got := strings.Join(kinds, " "); got != "IDENT = INT INT ; IDENT = IDENT * / IDENT" {
		t.Errorf("tokens: %s", got)
	}
}
