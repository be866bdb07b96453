package msc

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/gospin/gospin/internal/svgdoc"
)

// htmlRow is what the page's script knows of a row.
type htmlRow struct {
	Step  int        `json:"step"`
	First int        `json:"first"`
	Kind  string     `json:"kind"`
	Proc  string     `json:"proc,omitempty"`
	Text  string     `json:"text,omitempty"`
	Line  int        `json:"line,omitempty"`
	Msg   string     `json:"msg,omitempty"`
	Out   string     `json:"out,omitempty"`
	Err   string     `json:"err,omitempty"`
	Set   [][]string `json:"set,omitempty"`  // variables changed: name, value
	Gone  []string   `json:"gone,omitempty"` // variables gone
	Sub   []string   `json:"sub,omitempty"`  // a collapsed row's steps
}

var kindNames = map[RowKind]string{RowLocal: "local", RowSend: "send", RowRecv: "receive", RowHandshake: "rendezvous",
	RowDie: "terminates", RowCycle: "cycle", RowCollapsed: "local steps", RowNote: "note"}

// WriteHTML writes the chart of t as a self-contained HTML page: the SVG
// inline, and a script (no network) that selects a row on a click or with
// the arrow keys and shows the step and the variables after it.
func WriteHTML(w io.Writer, t *Trace, opt Options) error {
	l := Place(t, opt)
	t = l.Trace
	rows := make([]htmlRow, len(t.Rows))
	for i := range t.Rows {
		r := &t.Rows[i]
		h := htmlRow{Step: r.Step, First: r.FirstStep, Kind: kindNames[r.Kind], Text: r.Text, Line: r.Line, Out: r.Output, Err: r.Error}
		if r.Lane >= 0 && r.Lane < len(t.Lanes) {
			h.Proc = t.Lanes[r.Lane].Label()
		}
		if r.Kind == RowHandshake && r.Lane2 >= 0 {
			h.Proc += " → " + t.Lanes[r.Lane2].Label()
			if r.Text2 != "" {
				h.Text += "  ⇄  " + r.Text2
			}
		}
		if r.Msg >= 0 {
			m := &t.Messages[r.Msg]
			switch r.Kind {
			case RowRecv:
				h.Msg = m.RecvLabel
			default:
				h.Msg = m.Label
			}
		}
		add := func(r *Row) {
			for _, v := range r.Vars {
				h.Set = append(h.Set, []string{v.Name, v.Value})
			}
			h.Gone = append(h.Gone, r.Gone...)
		}
		add(r)
		for j := range r.Sub {
			s := &r.Sub[j]
			add(s)
			who := ""
			if s.Lane >= 0 && s.Lane < len(t.Lanes) {
				who = t.Lanes[s.Lane].Label() + " "
			}
			h.Sub = append(h.Sub, fmt.Sprintf("%d: %s%s", s.Step, who, s.Text))
		}
		rows[i] = h
	}
	var init [][]string
	for _, v := range t.Init {
		init = append(init, []string{v.Name, v.Value})
	}
	data, err := json.Marshal(struct {
		Rows []htmlRow  `json:"rows"`
		Init [][]string `json:"init"`
		End  string     `json:"end"`
	}{rows, init, strings.TrimSpace(t.End + " " + t.EndError)})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", html.EscapeString(t.Title), pageStyle)
	fmt.Fprintf(bw, "<header><b>%s</b> <span class=\"ctl\"><button id=\"first\" title=\"Home\">|◀</button><button id=\"prev\" title=\"↑ or k\">◀ prev</button><button id=\"next\" title=\"↓ or j\">next ▶</button><button id=\"last\" title=\"End\">▶|</button> <span id=\"where\"></span></span></header>\n", html.EscapeString(t.Title))
	bw.WriteString("<main><div id=\"chart\">\n")
	// the lifelines' heads, kept in view while the chart scrolls down
	heads := svgdoc.Doc{Width: l.Doc.Width, Height: 26, Attrs: [][2]string{{"id", "heads"}, {"font-family", "DejaVu Sans Mono, Menlo, Consolas, monospace"}, {"font-size", "11"}}}
	for i := range t.Lanes {
		label := t.Lanes[i].Label()
		w := svgdoc.TextWidth(label, fontSize) + 14
		heads.Items = append(heads.Items, svgdoc.Item{Class: "sticky-head", Prims: []svgdoc.Prim{
			{Kind: svgdoc.Rect, X1: l.LaneX[i] - w/2, Y1: 2, W: w, H: 20, R: 4, Class: "head"},
			{Kind: svgdoc.Text, X1: l.LaneX[i], Y1: 16, Text: label, Anchor: "middle", Class: "head-text"},
		}})
	}
	if err := heads.WriteElement(bw); err != nil {
		return err
	}
	if err := l.Doc.WriteElement(bw); err != nil {
		return err
	}
	bw.WriteString("</div>\n<aside><h3 id=\"stephead\">initial state</h3><div id=\"detail\"></div><h3>variables</h3><table id=\"vars\"><tbody></tbody></table></aside></main>\n")
	fmt.Fprintf(bw, "<script type=\"application/json\" id=\"data\">%s</script>\n<script>%s</script>\n</body>\n</html>\n", data, pageScript)
	return bw.Flush()
}

const pageStyle = `
body{margin:0;font:13px/1.4 system-ui,sans-serif;color:#222;display:flex;flex-direction:column;height:100vh}
header{padding:6px 12px;border-bottom:1px solid #ccd;background:#f7f8fb;display:flex;gap:16px;align-items:center}
button{font:inherit;padding:2px 8px;margin-right:2px;cursor:pointer}
#where{color:#555;margin-left:8px}
main{flex:1;display:flex;min-height:0}
#chart{flex:1;overflow:auto}
#chart .row{cursor:pointer}
#chart{position:relative}
#heads{position:sticky;top:0;display:block;margin-bottom:-26px;z-index:1;visibility:hidden}
#heads .bg{fill:rgba(255,255,255,0.85)}
#chart.scrolled #heads{visibility:visible}
aside{width:360px;overflow:auto;border-left:1px solid #ccd;padding:0 12px;background:#fcfcfd}
aside h3{margin:12px 0 6px;font-size:13px}
#detail{font-family:monospace;white-space:pre-wrap;font-size:12px}
#detail .err{color:#b71c1c;font-weight:bold}
#detail .out{background:#fff8d6;border:1px solid #d4b94a;padding:2px 4px}
table{border-collapse:collapse;width:100%;font-family:monospace;font-size:12px}
td{border-bottom:1px solid #eee;padding:2px 4px;vertical-align:top;word-break:break-all}
td:first-child{color:#555;width:45%}
tr.chg td{background:#fff3c4;font-weight:bold}
`

const pageScript = `
(function(){
var D=JSON.parse(document.getElementById('data').textContent);
var rows=D.rows, states=[], cur=-1;
var st={}, order=[];
function put(n,v){if(!(n in st))order.push(n);st[n]=v;}
D.init.forEach(function(p){put(p[0],p[1]);});
var init={s:Object.assign({},st),o:order.slice()};
rows.forEach(function(r){
  (r.gone||[]).forEach(function(n){delete st[n];});
  (r.set||[]).forEach(function(p){put(p[0],p[1]);});
  order=order.filter(function(n){return n in st;});
  states.push({s:Object.assign({},st),o:order.slice()});
});
function esc(s){return String(s).replace(/[&<>]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;'}[c];});}
function show(i){
  if(i<-1)i=-1; if(i>=rows.length)i=rows.length-1;
  var old=document.querySelector('.row.sel'); if(old)old.classList.remove('sel');
  cur=i;
  var S=i<0?init:states[i], chg={};
  var head=document.getElementById('stephead'), det=document.getElementById('detail');
  if(i<0){head.textContent='initial state';det.innerHTML='';}
  else{
    var r=rows[i]; (r.set||[]).forEach(function(p){chg[p[0]]=1;});
    var g=document.getElementById('row-'+i); if(g){g.classList.add('sel');
      var c=document.getElementById('chart'), b=g.getBBox(), top=b.y-c.clientHeight/2;
      if(b.y<c.scrollTop+40||b.y>c.scrollTop+c.clientHeight-40)c.scrollTop=Math.max(0,top);}
    head.textContent=(r.kind=='local steps'?'steps '+r.first+'–'+r.step:'step '+r.step)+' ('+r.kind+')';
    var h='';
    if(r.proc)h+='process '+esc(r.proc)+'\n';
    if(r.text)h+=esc(r.text)+(r.line?'   (line '+r.line+')':'')+'\n';
    if(r.msg)h+='message '+esc(r.msg)+'\n';
    if(r.sub)h+=esc(r.sub.join('\n'))+'\n';
    if(r.out)h+='<span class="out">'+esc(r.out)+'</span>\n';
    if(r.err)h+='<span class="err">'+esc(r.err)+'</span>\n';
    if(i==rows.length-1&&D.end)h+='\nend of run: '+esc(D.end);
    det.innerHTML=h;
  }
  var tb='';
  S.o.forEach(function(n){tb+='<tr'+(chg[n]?' class="chg"':'')+'><td>'+esc(n)+'</td><td>'+esc(S.s[n])+'</td></tr>';});
  document.querySelector('#vars tbody').innerHTML=tb;
  if(i>=0&&history.replaceState)history.replaceState(null,'','#row='+i);
  document.getElementById('where').textContent=(i<0?'initial state':'row '+(i+1)+' of '+rows.length);
}
document.getElementById('chart').addEventListener('click',function(e){
  var g=e.target.closest('[data-row]'); if(g)show(+g.getAttribute('data-row'));
});
var chart=document.getElementById('chart');
chart.addEventListener('scroll',function(){chart.classList.toggle('scrolled',chart.scrollTop>70);});
document.getElementById('prev').onclick=function(){show(cur-1);};
document.getElementById('next').onclick=function(){show(cur+1);};
document.getElementById('first').onclick=function(){show(-1);};
document.getElementById('last').onclick=function(){show(rows.length-1);};
document.addEventListener('keydown',function(e){
  if(e.key=='ArrowDown'||e.key=='j'){show(cur+1);e.preventDefault();}
  else if(e.key=='ArrowUp'||e.key=='k'){show(cur-1);e.preventDefault();}
  else if(e.key=='Home'){show(-1);e.preventDefault();}
  else if(e.key=='End'){show(rows.length-1);e.preventDefault();}
});
var h=/row=(\d+)/.exec(location.hash);
show(h?+h[1]:-1);
window.addEventListener('hashchange',function(){var h=/row=(\d+)/.exec(location.hash);if(h)show(+h[1]);});
})();
`
