//go:build js && wasm

// Command gospin-wasm is gospin's playground engine: built with
// GOOS=js GOARCH=wasm (playground/build.sh), it gives the page of package
// ui the functions that gospin ui answers over HTTP, as
// globalThis.gospin.{info, check, simulate, automata, ltl, verify,
// stop},
// each taking and returning JSON text. verify returns a Promise and calls
// its second argument with the progress; stop cancels it.
package main

import (
	"context"
	"encoding/json"
	"sync"
	"syscall/js"
	"time"

	"github.com/gospin/gospin/ui"
)

// version is set with -ldflags "-X main.version=..." by the build script.
var version = "gospin (playground)"

func main() {
	var mu sync.Mutex
	cancel := func() {}
	api := map[string]any{
		"info": js.FuncOf(func(js.Value, []js.Value) any {
			return answer(ui.Info{Version: version, Samples: ui.Samples()})
		}),
		"check":    jsonFunc(func(m ui.Model) any { return ui.Check(m) }),
		"simulate": jsonFunc(func(r ui.SimRequest) any { return ui.Simulate(r) }),
		"automata": jsonFunc(func(m ui.Model) any { return ui.Automata(m) }),
		"ltl":      jsonFunc(func(r ui.LTLRequest) any { return ui.LTL(r) }),
		"stop": js.FuncOf(func(js.Value, []js.Value) any {
			mu.Lock()
			cancel()
			mu.Unlock()
			return nil
		}),
		"verify": js.FuncOf(func(_ js.Value, args []js.Value) any {
			var req ui.VerifyRequest
			err := json.Unmarshal([]byte(args[0].String()), &req)
			progress := js.Undefined()
			if len(args) > 1 {
				progress = args[1]
			}
			return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, pa []js.Value) any {
				resolve := pa[0]
				go func() {
					if err != nil {
						resolve.Invoke(answer(ui.VerifyResult{Error: "bad request: " + err.Error()}))
						return
					}
					ctx, stop := ui.Stoppable(context.Background())
					mu.Lock()
					cancel = stop
					mu.Unlock()
					defer stop()
					res := ui.Verify(ctx, req, func(p ui.Progress) {
						if progress.Type() == js.TypeFunction {
							progress.Invoke(answer(p))
						}
						// the search has the only thread: a pause lets the
						// page paint the progress and see a click on Stop
						time.Sleep(time.Millisecond)
					})
					resolve.Invoke(answer(res))
				}()
				return nil
			}))
		}),
	}
	js.Global().Set("gospin", js.ValueOf(api))
	if ready := js.Global().Get("gospinReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// jsonFunc makes f a JavaScript function of a request's JSON text that
// returns the answer's JSON text.
func jsonFunc[T any](f func(T) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req T
		if len(args) == 0 {
			return answer(map[string]string{"error": "no request"})
		}
		if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			return answer(map[string]string{"error": "bad request: " + err.Error()})
		}
		return answer(f(req))
	})
}

func answer(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}
