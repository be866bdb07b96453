package simulate

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

type recorder struct{ evs []Event }

func (r *recorder) Observe(ev *Event) { r.evs = append(r.evs, *ev) }

// TestObserver: an observer leaves the printed run as it was, and sees
// the processes, the rendezvous with their messages and receivers, the
// printf output, the variables and the end.
func TestObserver(t *testing.T) {
	path := filepath.Join("testdata", "rendezvous.pml")
	for _, opt := range []Options{{Seed: 3}, {Seed: 3, PrintSteps: true, Sends: true, Recvs: true, Locals: true, Globals: true, MSC: true}, {Seed: 3, Quiet: true}} {
		plain, res0 := runModel(t, path, opt)
		rec := &recorder{}
		opt.Observer, opt.Snapshots = rec, true
		observed, res1 := runModel(t, path, opt)
		if plain != observed || res0.Steps != res1.Steps {
			t.Fatalf("the output changed with an observer:\n%s\n---\n%s", plain, observed)
		}
		var seen []string
		steps := 0
		for _, ev := range rec.evs {
			switch ev.Kind {
			case EvCreate:
				seen = append(seen, fmt.Sprintf("create %s:%d", ev.Name, ev.Pid))
			case EvInit:
				if len(ev.Vars) == 0 {
					t.Error("no variables in the initial state")
				}
			case EvStep:
				steps++
				if ev.Step != steps {
					t.Errorf("step %d numbered %d", steps, ev.Step)
				}
				if ev.Op == OpSend {
					seen = append(seen, fmt.Sprintf("%s:%d %s!%s -> %d %s", ev.Name, ev.Pid, ev.ChanName, strings.Join(ev.Msg, ","), ev.Pid2, ev.Text2))
				}
				if ev.Output != "" && !strings.Contains(ev.Text, "printf") {
					t.Errorf("output %q on %q", ev.Output, ev.Text)
				}
				if ev.Vars == nil {
					t.Errorf("step %d without variables", ev.Step)
				}
			case EvEnd:
				seen = append(seen, "end "+ev.Text)
			}
		}
		if steps != res1.Steps {
			t.Errorf("%d step events, %d steps", steps, res1.Steps)
		}
		want := "create Client:0|create Server:1|Client:0 req!1 -> 1 req?x|Server:1 ack!1,1 -> 0 ack?r,ok|Client:0 req!2 -> 1 req?x|Server:1 ack!4,0 -> 0 ack?r,ok|Client:0 req!3 -> 1 req?x|Server:1 ack!9,1 -> 0 ack?r,ok|end normal end"
		if got := strings.Join(seen, "|"); got != want {
			t.Errorf("events:\n%s\nwant\n%s", got, want)
		}
	}
}
