// Package preproc is gospin's built-in C preprocessor for Promela models.
//
// SPIN runs models through the system C preprocessor (gcc -E -x c) before
// parsing them; gospin does the same job itself, so that users never need
// cpp or gcc installed. Process supports what Promela models use from cpp:
// object-like and function-like macros (with # stringizing, ## pasting and
// variadic parameters), #undef, #include "file" and <file> with -I
// directories, conditional compilation (#if, #ifdef, #ifndef, #elif, #else,
// #endif with C integer constant expressions), #line, #error, #warning and
// #pragma.
//
// Unlike cpp, comments are kept in the output (the scanner skips them and
// the formatter needs them), and the output carries a source map: every
// byte of the resulting token.File maps back to the original file, line and
// column, through includes and macro expansions, so diagnostics of later
// stages point at what the user wrote. Directive lines become empty lines so
// that the line structure of the model is preserved as far as possible.
package preproc
