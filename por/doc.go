// Package por is partial-order reduction as a layer between a model and
// the search (in the spirit of LTSmin's GBaddPOR): New wraps a pins.Model
// and returns one whose Next yields, where it can, a subset of the
// successors (an ample set of one process, a stubborn set of several, or
// on a product with a never claim a leap over several). It is fed by the
// dependency facts that the front end exports for its model (pins.Reducer
// and its extensions; package reduce for the Promela engine) and by the
// search's answer to the cycle proviso (pins.Cycles), which the search
// gives when it binds the layer (pins.Reduced). The search walks the
// layer as it walks any model.
//
// The selection is that of SPIN's partial-order reduction for safety
// properties (ample.go), of Siegel's V1 for the product with a claim in
// SI normal form or with the claim of an invariant (product.go), of leap
// sets on such a product (leap.go) and of leap sets in a safety search
// (leapsafety.go, whose leaps are macro transitions: pins.MacroPid).
package por
