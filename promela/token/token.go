package token

// Token is a lexical token of Promela.
type Token int

// The tokens. Keywords lie between keywordBeg and keywordEnd. The LTL words
// (always, until, U, X, ...) are not keywords: they are identifiers that the
// LTL parser recognises inside ltl blocks and -f formulas.
const (
	ILLEGAL Token = iota
	EOF
	COMMENT   // /* ... */ or // ... (only with scanner.ScanComments)
	DIRECTIVE // a preprocessor line such as #define X 1 (only with scanner.ScanDirectives)

	literalBeg
	IDENT  // x
	INT    // 123, 0x1F
	CHAR   // 'a'
	STRING // "abc"
	literalEnd

	operatorBeg
	ADD   // +
	SUB   // -
	MUL   // *
	QUO   // /
	REM   // %
	AND   // &
	OR    // |
	XOR   // ^
	SHL   // <<
	SHR   // >>
	TILDE // ~

	LAND     // &&
	LOR      // ||
	NOT      // ! (logical not, and send: the parser decides by context)
	SORTSEND // !!

	EQL // ==
	NEQ // !=
	LSS // <
	LEQ // <=
	GTR // >
	GEQ // >=

	ASSIGN     // =
	INC        // ++
	DEC        // --
	ARROW      // -> (statement separator; implication in LTL)
	EQUIV      // <-> (LTL)
	ALWAYS     // [] (LTL)
	EVENTUALLY // <> (LTL)

	QUEST  // ? (receive)
	RQUEST // ?? (random receive)
	AT     // @ (remote label reference)

	LPAREN    // (
	RPAREN    // )
	LBRACK    // [
	RBRACK    // ]
	LBRACE    // {
	RBRACE    // }
	COMMA     // ,
	PERIOD    // .
	SEMICOLON // ;
	COLON     // :
	SEP       // :: (option separator)
	DOTDOT    // .. (ranges in for/select)
	operatorEnd

	keywordBeg
	ACTIVE
	ASSERT
	ATOMIC
	BIT
	BOOL
	BREAK
	BYTE
	C_CODE
	C_DECL
	C_EXPR
	C_STATE
	C_TRACK
	CHAN
	D_PROCTYPE
	D_STEP
	DO
	ELSE
	EMPTY
	ENABLED
	EVAL
	FALSE
	FI
	FOR
	FULL
	GET_PRIORITY
	GOTO
	HIDDEN
	IF
	IN
	INIT
	INLINE
	INT_TYPE // int
	LEN
	LOCAL
	LTL
	MTYPE
	NEMPTY
	NEVER
	NFULL
	NOTRACE
	OD
	OF
	PC_VALUE
	PID_TYPE // pid
	PRINTF
	PRINTM
	PRIORITY
	PROCTYPE
	PROVIDED
	RETURN
	RUN
	SELECT
	SET_PRIORITY
	SHORT
	SHOW
	SKIP
	TIMEOUT
	TRACE
	TRUE
	TYPEDEF
	UNLESS
	UNSIGNED
	XR
	XS
	keywordEnd
)

var tokens = [...]string{
	ILLEGAL:   "ILLEGAL",
	EOF:       "EOF",
	COMMENT:   "COMMENT",
	DIRECTIVE: "DIRECTIVE",

	IDENT:  "IDENT",
	INT:    "INT",
	CHAR:   "CHAR",
	STRING: "STRING",

	ADD:   "+",
	SUB:   "-",
	MUL:   "*",
	QUO:   "/",
	REM:   "%",
	AND:   "&",
	OR:    "|",
	XOR:   "^",
	SHL:   "<<",
	SHR:   ">>",
	TILDE: "~",

	LAND:     "&&",
	LOR:      "||",
	NOT:      "!",
	SORTSEND: "!!",

	EQL: "==",
	NEQ: "!=",
	LSS: "<",
	LEQ: "<=",
	GTR: ">",
	GEQ: ">=",

	ASSIGN:     "=",
	INC:        "++",
	DEC:        "--",
	ARROW:      "->",
	EQUIV:      "<->",
	ALWAYS:     "[]",
	EVENTUALLY: "<>",

	QUEST:  "?",
	RQUEST: "??",
	AT:     "@",

	LPAREN:    "(",
	RPAREN:    ")",
	LBRACK:    "[",
	RBRACK:    "]",
	LBRACE:    "{",
	RBRACE:    "}",
	COMMA:     ",",
	PERIOD:    ".",
	SEMICOLON: ";",
	COLON:     ":",
	SEP:       "::",
	DOTDOT:    "..",

	ACTIVE:       "active",
	ASSERT:       "assert",
	ATOMIC:       "atomic",
	BIT:          "bit",
	BOOL:         "bool",
	BREAK:        "break",
	BYTE:         "byte",
	C_CODE:       "c_code",
	C_DECL:       "c_decl",
	C_EXPR:       "c_expr",
	C_STATE:      "c_state",
	C_TRACK:      "c_track",
	CHAN:         "chan",
	D_PROCTYPE:   "D_proctype",
	D_STEP:       "d_step",
	DO:           "do",
	ELSE:         "else",
	EMPTY:        "empty",
	ENABLED:      "enabled",
	EVAL:         "eval",
	FALSE:        "false",
	FI:           "fi",
	FOR:          "for",
	FULL:         "full",
	GET_PRIORITY: "get_priority",
	GOTO:         "goto",
	HIDDEN:       "hidden",
	IF:           "if",
	IN:           "in",
	INIT:         "init",
	INLINE:       "inline",
	INT_TYPE:     "int",
	LEN:          "len",
	LOCAL:        "local",
	LTL:          "ltl",
	MTYPE:        "mtype",
	NEMPTY:       "nempty",
	NEVER:        "never",
	NFULL:        "nfull",
	NOTRACE:      "notrace",
	OD:           "od",
	OF:           "of",
	PC_VALUE:     "pc_value",
	PID_TYPE:     "pid",
	PRINTF:       "printf",
	PRINTM:       "printm",
	PRIORITY:     "priority",
	PROCTYPE:     "proctype",
	PROVIDED:     "provided",
	RETURN:       "return",
	RUN:          "run",
	SELECT:       "select",
	SET_PRIORITY: "set_priority",
	SHORT:        "short",
	SHOW:         "show",
	SKIP:         "skip",
	TIMEOUT:      "timeout",
	TRACE:        "trace",
	TRUE:         "true",
	TYPEDEF:      "typedef",
	UNLESS:       "unless",
	UNSIGNED:     "unsigned",
	XR:           "xr",
	XS:           "xs",
}

// String returns the token's spelling (for operators and keywords) or its
// class name (IDENT, INT, ...).
func (t Token) String() string {
	if t >= 0 && int(t) < len(tokens) && tokens[t] != "" {
		return tokens[t]
	}
	return "token(?)"
}

var keywords map[string]Token

func init() {
	keywords = make(map[string]Token, keywordEnd-keywordBeg)
	for t := keywordBeg + 1; t < keywordEnd; t++ {
		keywords[tokens[t]] = t
	}
}

// Lookup maps an identifier to its keyword token, or IDENT.
func Lookup(ident string) Token {
	if t, ok := keywords[ident]; ok {
		return t
	}
	return IDENT
}

// IsLiteral reports whether t is an identifier or a literal.
func (t Token) IsLiteral() bool { return literalBeg < t && t < literalEnd }

// IsOperator reports whether t is an operator or delimiter.
func (t Token) IsOperator() bool { return operatorBeg < t && t < operatorEnd }

// IsKeyword reports whether t is a keyword.
func (t Token) IsKeyword() bool { return keywordBeg < t && t < keywordEnd }

// Precedence levels of Promela's binary operators, as in SPIN's grammar
// (higher binds tighter). The conditional (c -> a : b) must be
// parenthesised and has no level here.
const (
	LowestPrec = 0
)

// Precedence returns the binary-operator precedence of t, or LowestPrec if
// t is not a binary operator of Promela expressions.
func (t Token) Precedence() int {
	switch t {
	case LOR:
		return 1
	case LAND:
		return 2
	case OR:
		return 3
	case XOR:
		return 4
	case AND:
		return 5
	case EQL, NEQ:
		return 6
	case LSS, LEQ, GTR, GEQ:
		return 7
	case SHL, SHR:
		return 8
	case ADD, SUB:
		return 9
	case MUL, QUO, REM:
		return 10
	}
	return LowestPrec
}
