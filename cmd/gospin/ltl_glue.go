package main

import "github.com/gospin/gospin/property"

// ltlTranslator turns ltl blocks into never claims (nil until the LTL
// translator is wired in: checking an ltl block is then an error).
var ltlTranslator property.Translator
