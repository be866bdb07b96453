package main

import "github.com/gospin/gospin/property"

// ltlTranslator turns ltl blocks into never claims.
var ltlTranslator property.Translator = property.FromLTL
