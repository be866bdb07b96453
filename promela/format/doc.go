// Package format implements gospin's canonical layout of Promela models,
// the code behind `gospin fmt`, as go/format does for Go.
//
// The formatter works on the token stream of the raw, unpreprocessed text,
// so macros, #include and #if lines, and comments all survive. It only
// re-spaces tokens: it never adds, drops or reorders a token, never joins
// two tokens so that they would scan differently, and keeps the line
// structure of the source (newlines matter in Promela: SPIN 6 inserts
// implicit semicolons at line ends). What it changes is
//
//   - indentation: one tab per nesting level of { } bodies and if/do
//     blocks; `::` option lines one level deeper than their if/do, the
//     lines continuing an option one level deeper than the line of its
//     `::`; closing
//     `}`, `fi` and `od` line up with the line of their opener;
//     continuation lines inside parentheses and brackets one level deeper;
//   - spacing within a line: one space around binary operators, after
//     commas, semicolons and keywords, none inside parentheses and
//     brackets, after unary operators, around `.` and `@`, or around the
//     send and receive operators (ch!x, y; ch?x; ch?[x]; ch?<x>);
//   - blank lines: runs collapse to one, none at the start of the file,
//     after an opening or before a closing brace; trailing white space
//     goes and the file ends with exactly one newline.
//
// Preprocessor lines are printed verbatim at column 0, comments keep their
// text (a comment alone on its line is indented like the code around it),
// and the contents of c_code, c_decl and c_expr blocks are copied verbatim.
// The result is stable: formatting it again changes nothing, and it
// parses to the same syntax tree as the input.
package format
