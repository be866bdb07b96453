package ast

import (
	"reflect"

	"github.com/gospin/gospin/promela/token"
)

// Inspect traverses the tree rooted at n in depth-first order, calling f
// for each node before its children; if f returns false the children are
// skipped. Nil children are not visited.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || reflect.ValueOf(n).IsNil() || !f(n) {
		return
	}
	inspectChildren(reflect.ValueOf(n), f)
}

var (
	nodeType = reflect.TypeOf((*Node)(nil)).Elem()
	posType  = reflect.TypeOf(token.NoPos)
	fileType = reflect.TypeOf((*token.File)(nil))
)

// inspectChildren visits the Node-valued fields, slices and elements of v.
func inspectChildren(v reflect.Value, f func(Node) bool) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	for i := 0; i < v.NumField(); i++ {
		visitValue(v.Field(i), f)
	}
}

func visitValue(fv reflect.Value, f func(Node) bool) {
	switch fv.Kind() {
	case reflect.Interface, reflect.Pointer:
		if fv.IsNil() || fv.Type() == fileType {
			return
		}
		if fv.Type().Implements(nodeType) {
			Inspect(fv.Interface().(Node), f)
		}
	case reflect.Slice:
		for j := 0; j < fv.Len(); j++ {
			visitValue(fv.Index(j), f)
		}
	}
}

// Equal reports whether two trees have the same structure and content,
// ignoring source positions (and the Model's File). The formatter's
// round-trip test uses it.
func Equal(a, b Node) bool {
	return equalValue(reflect.ValueOf(a), reflect.ValueOf(b))
}

func equalValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Type() == fileType {
			return true
		}
		return equalValue(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if a.Field(i).Type() == posType {
				continue
			}
			if !equalValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Int, reflect.Int64, reflect.Int32:
		return a.Int() == b.Int()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.String:
		return a.String() == b.String()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}
