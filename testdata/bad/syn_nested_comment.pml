// want: 5:14: error: syntax error: expected declaration, proctype, init, never, ltl, typedef or inline, found 'c'
// want: 5:16: warning: */ outside a comment ignored (comments do not nest)
// SPIN 6.5.2 rejects it too (spin -a: "syntax error saw 'an identifier'"): comments do not nest,
// and c is left outside the comment.
/* a /* b */ c */
byte x;
active proctype P() { x = 1 }
