package verify

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gospin/gospin/search"
)

// SignalContext returns the context a search runs under: cancelled by
// SIGINT ("interrupted") or SIGTERM ("terminated"), and by the time limit
// d ("time limit") when d > 0. After the first signal a second one is no
// longer caught: it ends the process at once.
func SignalContext(d time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigc := make(chan os.Signal, 1)
	signal.Notify(sigc, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigc:
			signal.Stop(sigc)
			reason := "interrupted"
			if sig == syscall.SIGTERM {
				reason = "terminated"
			}
			cancel(&search.StopCause{Reason: reason})
		case <-done:
		}
	}()
	stop := func() {
		signal.Stop(sigc)
		close(done)
		cancel(nil)
	}
	if d > 0 {
		tctx, tcancel := context.WithTimeoutCause(ctx, d, &search.StopCause{Reason: "time limit"})
		return tctx, func() { tcancel(); stop() }
	}
	return ctx, stop
}

// ProgressFunc prints the search's progress: on a terminal one line
// rewritten in place, elsewhere (a log, CI) pan's lines
// "Depth= ... States= ... Transitions= ... Memory= ... t= ... R= ...".
func ProgressFunc(w io.Writer, tty bool) func(search.Stats) {
	return func(st search.Stats) {
		secs := st.Elapsed.Seconds()
		mem := float64(st.Store.Memory()+st.StackBytes) / (1 << 20)
		if tty {
			fmt.Fprintf(w, "\rdepth %d  states %d  transitions %d  %.0f states/s  memory %.1f MB   ",
				st.DepthReached, st.StatesStored, st.Transitions, float64(st.StatesStored)/secs, mem)
			return
		}
		fmt.Fprintf(w, "Depth= %7d States= %8.3g Transitions= %8.3g Memory= %9.3f\t",
			st.DepthReached, float64(st.StatesStored), float64(st.Transitions), mem)
		if secs > 0.01 {
			fmt.Fprintf(w, "t= %8.3g R= %7.0g", secs, float64(st.StatesStored)/secs)
		}
		fmt.Fprintln(w)
	}
}
