// gospin's page: served by `gospin ui` (the API answers at api/...) or as
// the static playground (gospin compiled to WebAssembly answers in the
// browser). Plain JavaScript, no build step.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

  // ---- the API: the server's, or the WebAssembly build's ----
  const api = {
    server: false,
    async start() {
      try {
        const r = await fetch('api/info', { cache: 'no-store' });
        if (r.ok && (r.headers.get('content-type') || '').includes('json')) {
          this.server = true;
          return await r.json();
        }
      } catch (e) { /* static: no server */ }
      // the playground: gospin in WebAssembly, in a worker (worker.js)
      await new Promise((resolve, reject) => {
        const w = new Worker('worker.js');
        w.onerror = (e) => reject(new Error(e.message || 'cannot start gospin.wasm'));
        w.onmessage = (e) => {
          const m = e.data;
          if (m.ready) { resolve(); return; }
          if (m.failed) { reject(new Error(m.failed)); return; }
          const p = this.pending.get(m.id);
          if (!p) return;
          if (m.progress) { if (p.onProgress) p.onProgress(JSON.parse(m.progress)); return; }
          this.pending.delete(m.id);
          if (m.error) p.reject(new Error(m.error)); else p.resolve(JSON.parse(m.result));
        };
        this.worker = w;
      });
      return this.post('info', '{}');
    },
    pending: new Map(),
    seq: 0,
    post(fn, req, onProgress) {
      return new Promise((resolve, reject) => {
        const id = ++this.seq;
        this.pending.set(id, { resolve, reject, onProgress });
        this.worker.postMessage({ id, fn, req });
      });
    },
    stop() {
      if (this.server) fetch('api/stop', { method: 'POST', body: '{}' });
      else this.worker.postMessage({ fn: 'stop' });
    },
    async call(name, req) {
      if (this.server) {
        const r = await fetch('api/' + name, { method: 'POST', body: JSON.stringify(req) });
        if (!r.ok) throw new Error(await r.text());
        return r.json();
      }
      return this.post(name, JSON.stringify(req));
    },
    // verify calls onProgress while the search runs and returns the result
    async verify(req, onProgress, signal) {
      if (!this.server) return this.post('verify', JSON.stringify(req), onProgress);
      const r = await fetch('api/verify', { method: 'POST', body: JSON.stringify(req), signal });
      if (!r.ok) throw new Error(await r.text());
      const reader = r.body.getReader();
      const dec = new TextDecoder();
      let buf = '', result = null;
      for (;;) {
        const { done, value } = await reader.read();
        if (value) buf += dec.decode(value, { stream: true });
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i); buf = buf.slice(i + 1);
          if (!line.trim()) continue;
          const m = JSON.parse(line);
          if (m.progress) onProgress(m.progress);
          if (m.result) result = m.result;
        }
        if (done) break;
      }
      if (!result) throw new Error('the server ended the verification without a result');
      return result;
    },
  };

  // ---- the editor: a textarea over its highlighted copy ----
  const src = $('src'), hl = $('hl'), gutter = $('gutter');
  const KW = new Set('proctype active init never ltl trace notrace do od if fi atomic d_step goto break skip else run of typedef inline hidden local xr xs unless provided priority assert printf printm timeout eval enabled pc_value len empty nempty full nfull np_ _pid _nr_pr _last select for in return c_code c_expr c_decl c_state c_track'.split(' '));
  const TY = new Set('chan mtype bool bit byte short int unsigned pid'.split(' '));
  const LTLOP = new Set(['always', 'eventually', 'until', 'weakuntil', 'stronguntil', 'implies', 'equivalent', 'release', 'true', 'false']);
  const tokRe = /(\/\*[\s\S]*?(?:\*\/|$))|(\/\/[^\n]*)|("(?:[^"\\\n]|\\.)*"?)|('(?:[^'\\\n]|\\.)')|(^[ \t]*#[^\n]*)|(\b\d+\b)|([A-Za-z_][A-Za-z0-9_]*)|(\[\]|<>|->|::|!!|\?\?|[!?])/gm;
  let diagsByLine = {}, atLine = 0;
  function highlight(text) {
    let out = '', last = 0, m;
    tokRe.lastIndex = 0;
    while ((m = tokRe.exec(text))) {
      out += esc(text.slice(last, m.index));
      const s = m[0];
      let cls = '';
      if (m[1] || m[2]) cls = 'c';
      else if (m[3] || m[4]) cls = 's';
      else if (m[5]) cls = 'p';
      else if (m[6]) cls = 'n';
      else if (m[7]) {
        if (KW.has(s)) cls = 'k';
        else if (TY.has(s)) cls = 't';
        else if (LTLOP.has(s)) cls = 'k';
        else if (/^(accept|progress|end)/.test(s) && text[m.index + s.length] === ':' && text[m.index + s.length + 1] !== ':') cls = 'l';
        else if (text[m.index + s.length] === '(') cls = 'f';
      } else if (m[8]) cls = 'k';
      out += cls ? '<span class="' + cls + '">' + esc(s) + '</span>' : esc(s);
      last = m.index + s.length;
      if (s.length === 0) tokRe.lastIndex++;
    }
    out += esc(text.slice(last));
    // one element a line: spans that cross lines are closed and reopened
    const lines = [];
    let open = '';
    for (const ln of out.split('\n')) {
      let html = open + ln;
      const opens = (html.match(/<span class="[a-z]+">/g) || []).length, closes = (html.match(/<\/span>/g) || []).length;
      if (opens > closes) {
        const tags = html.match(/<span class="[a-z]+">/g);
        open = tags[tags.length - 1];
        html += '</span>';
      } else open = '';
      lines.push(html);
    }
    return lines;
  }
  function render() {
    const lines = highlight(src.value);
    let h = '', g = '';
    lines.forEach((ln, i) => {
      const n = i + 1, d = diagsByLine[n];
      const sev = d ? (d.some((x) => x.severity === 'error') ? 'e' : 'w') : '';
      const cls = 'ln' + (sev ? ' ' + sev : '') + (n === atLine ? ' at' : '');
      const tip = d ? ' title="' + esc(d.map((x) => x.severity + ': ' + x.msg).join('\n')) + '"' : '';
      h += '<span class="' + cls + '"' + tip + '>' + (ln || ' ') + '</span>';
      g += (sev ? '<span class="' + sev + '"' + tip + '>' + n + '</span>' : n === atLine ? '<span class="cur">' + n + '</span>' : n) + '\n';
    });
    hl.innerHTML = h + '\n';
    gutter.innerHTML = g + '\n\n';
    syncScroll();
  }
  function syncScroll() { hl.scrollTop = src.scrollTop; hl.scrollLeft = src.scrollLeft; gutter.scrollTop = src.scrollTop; }
  src.addEventListener('scroll', syncScroll);
  let checkTimer = 0;
  src.addEventListener('input', () => { render(); clearTimeout(checkTimer); checkTimer = setTimeout(check, 600); });
  src.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') { e.preventDefault(); document.execCommand('insertText', false, '\t'); }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); check(); }
  });
  function gotoLine(n) {
    atLine = n; render();
    const top = (n - 1) * parseFloat(getComputedStyle(src).lineHeight);
    if (top < src.scrollTop || top > src.scrollTop + src.clientHeight - 40) src.scrollTop = Math.max(0, top - src.clientHeight / 3);
    syncScroll();
  }
  function model() { return { name: $('name').value || 'model.pml', src: src.value }; }
  function setModel(m) {
    $('name').value = m.name; src.value = m.src; atLine = 0; diagsByLine = {};
    render(); check();
    $('trailmode').disabled = true; lastTrail = null;
  }

  // ---- check: diagnostics on their lines, the properties ----
  let props = [];
  async function check() {
    const st = $('status');
    try {
      const r = await api.call('check', model());
      showDiags(r.diags);
      props = r.props || [];
      const sel = $('prop'), keep = sel.value;
      sel.innerHTML = '<option value="-">none (assertions, end states)</option>' + props.map((p) => '<option value="' + esc(p.name) + '">' + esc(p.kind + ' ' + p.name + (p.liveness ? ' (liveness)' : '')) + '</option>').join('');
      sel.value = props.some((p) => p.name === keep) ? keep : (props.length ? props[0].name : '-');
      const ne = r.diags.filter((d) => d.severity === 'error').length, nw = r.diags.length - ne;
      st.className = 'status ' + (r.ok ? 'ok' : 'bad');
      st.textContent = r.ok ? '✓ model ok' + (nw ? ', ' + nw + ' warning' + (nw > 1 ? 's' : '') : '') : '✗ ' + ne + ' error' + (ne > 1 ? 's' : '');
      return r.ok;
    } catch (e) { st.className = 'status bad'; st.textContent = e.message; return false; }
  }
  function showDiags(ds) {
    diagsByLine = {};
    const ul = $('diags');
    ul.innerHTML = '';
    (ds || []).forEach((d) => {
      (diagsByLine[d.line] = diagsByLine[d.line] || []).push(d);
      const li = document.createElement('li');
      li.className = d.severity === 'error' ? 'e' : 'w';
      li.textContent = d.line + ':' + d.col + ': ' + d.msg;
      li.onclick = () => gotoLine(d.line);
      ul.appendChild(li);
    });
    render();
  }

  // ---- tabs ----
  document.querySelectorAll('#tabs button').forEach((b) => { b.onclick = () => showTab(b.dataset.tab); });
  function showTab(t) {
    document.querySelectorAll('#tabs button').forEach((b) => b.classList.toggle('on', b.dataset.tab === t));
    document.querySelectorAll('.tab').forEach((d) => d.classList.toggle('on', d.id === 'tab-' + t));
  }

  // ---- charts, in a shadow root so that their styles stay theirs ----
  function shadow(el) { return el.shadowRoot || el.attachShadow({ mode: 'open' }); }
  let chart = null, cur = -1;
  function showChart(c) {
    chart = c;
    const root = shadow($('msc'));
    root.innerHTML = '<style>:host{display:block}svg{display:block}.row{cursor:pointer}</style>' + c.svg;
    root.querySelector('svg').addEventListener('click', (e) => {
      const g = e.target.closest('[data-row]');
      if (g) select(+g.getAttribute('data-row'));
    });
    select(c.rows.length ? c.rows.length - 1 : -1);
  }
  function select(i) {
    if (!chart) return;
    i = Math.max(-1, Math.min(chart.rows.length - 1, i));
    cur = i;
    const root = shadow($('msc'));
    root.querySelectorAll('.row.sel').forEach((g) => g.classList.remove('sel'));
    // the variables after row i: the initial ones, changed row by row
    const vals = new Map(chart.init.map((p) => [p[0], p[1]]));
    const chg = new Set();
    for (let j = 0; j <= i; j++) {
      const r = chart.rows[j];
      (r.gone || []).forEach((n) => vals.delete(n));
      (r.set || []).forEach((p) => { vals.set(p[0], p[1]); if (j === i) chg.add(p[0]); });
    }
    let det = '';
    if (i < 0) { $('stephead').textContent = 'initial state'; }
    else {
      const r = chart.rows[i];
      $('stephead').textContent = 'step ' + r.step;
      if (r.proc) det += esc(r.proc) + '\n';
      if (r.text) det += esc(r.text) + (r.line ? '   (line ' + r.line + ')' : '') + '\n';
      if (r.out) det += '<span class="out">' + esc(r.out) + '</span>\n';
      if (r.err) det += '<span class="err">' + esc(r.err) + '</span>\n';
      const g = root.getElementById('row-' + i);
      if (g) {
        g.classList.add('sel');
        const box = $('msc'), b = g.getBBox();
        if (b.y < box.scrollTop + 30 || b.y > box.scrollTop + box.clientHeight - 30) box.scrollTop = Math.max(0, b.y - box.clientHeight / 2);
      }
      if (r.line) gotoLine(r.line);
    }
    $('detail').innerHTML = det;
    $('vars').tBodies[0].innerHTML = [...vals].map(([n, v]) => '<tr' + (chg.has(n) ? ' class="chg"' : '') + '><td>' + esc(n) + '</td>' + (v === '' && n.startsWith('chan ') ? '<td class="none">empty</td>' : '<td>' + esc(v) + '</td>') + '</tr>').join('');
    $('where').textContent = i < 0 ? 'initial state' : 'row ' + (i + 1) + ' of ' + chart.rows.length;
  }
  $('first').onclick = () => select(-1);
  $('prev').onclick = () => select(cur - 1);
  $('next').onclick = () => select(cur + 1);
  $('last').onclick = () => chart && select(chart.rows.length - 1);
  document.addEventListener('keydown', (e) => {
    if (e.target === src || e.target.tagName === 'INPUT' || !$('tab-sim').classList.contains('on') || !chart) return;
    if (e.key === 'ArrowDown' || e.key === 'j') { select(cur + 1); e.preventDefault(); }
    else if (e.key === 'ArrowUp' || e.key === 'k') { select(cur - 1); e.preventDefault(); }
    else if (e.key === 'Home') { select(-1); e.preventDefault(); }
    else if (e.key === 'End') { select(chart.rows.length - 1); e.preventDefault(); }
  });

  // ---- simulation: random, interactive, guided by a trail ----
  let choices = [], lastTrail = null;
  const simMode = () => document.querySelector('input[name=simmode]:checked').value;
  // seed and step limit are the random run's
  const simOpts = () => document.querySelectorAll('#tab-sim .opt').forEach((l) => { l.hidden = simMode() !== 'random'; });
  document.querySelectorAll('input[name=simmode]').forEach((r) => { r.onchange = () => { choices = []; $('menu').hidden = true; $('simback').hidden = true; simOpts(); }; });
  $('simrun').onclick = () => { choices = []; simulate(); };
  $('simback').onclick = () => { choices.pop(); simulate(); };
  async function simulate() {
    const mode = simMode();
    const req = Object.assign(model(), { mode, seed: +$('seed').value || 0, steps: +$('steps').value || 0, choices, trail: mode === 'trail' ? lastTrail : '' });
    const end = $('simend');
    let r;
    try { r = await api.call('simulate', req); } catch (e) { end.className = 'endline bad'; end.textContent = e.message; return; }
    if (r.diags) showDiags(r.diags);
    $('simout').textContent = r.output || '';
    if (r.error && !r.chart) { end.className = 'endline bad'; end.textContent = r.error; return; }
    if (r.chart) showChart(r.chart);
    const waiting = mode === 'interactive' && r.menu.length > 0;
    end.className = 'endline ' + (r.failed ? 'bad' : waiting ? '' : 'good');
    end.textContent = r.error ? r.error : waiting ? 'step ' + r.steps + ': choose the next statement' : r.steps + ' steps: ' + r.end;
    const menu = $('menu');
    menu.hidden = !waiting;
    $('simback').hidden = !(mode === 'interactive' && choices.length > 0);
    menu.innerHTML = waiting ? '<b>next:</b>' : '';
    (r.menu || []).forEach((c) => {
      const b = document.createElement('button');
      b.className = 'choice'; b.textContent = c.n + '. ' + c.text;
      b.onclick = () => { choices.push(c.n); simulate(); };
      menu.appendChild(b);
    });
  }

  // ---- verification ----
  let running = null;
  $('verify').onclick = verify;
  // Stop ends the search with its figures so far (the server's or the
  // WebAssembly build's); leaving the page aborts the request
  $('stop').onclick = () => {
    if (running) api.stop();
  };
  window.addEventListener('pagehide', () => running && running.abort());
  function fmt(n) { return Number(n).toLocaleString('en-US'); }
  async function verify() {
    if (running) return;
    const req = Object.assign(model(), {
      mode: document.querySelector('input[name=vmode]:checked').value,
      fair: $('fair').checked, property: $('prop').value, noreduce: $('noreduce').checked,
      depth: +$('depth').value || 10000, allErrors: $('allerr').checked, bfs: $('bfs').checked,
    });
    const pr = $('progress'), verdict = $('verdict'), errs = $('errors');
    verdict.innerHTML = ''; errs.innerHTML = ''; $('report').textContent = '';
    running = new AbortController();
    $('verify').disabled = true;
    // the text may have changed since the last check: its properties too
    clearTimeout(checkTimer);
    await check();
    req.property = $('prop').value;
    pr.className = 'progress run'; pr.textContent = 'verifying…';
    $('stop').hidden = false;
    const t0 = performance.now();
    const tick = setInterval(() => { if (pr.textContent.startsWith('verifying')) pr.textContent = 'verifying… ' + ((performance.now() - t0) / 1000).toFixed(1) + ' s'; }, 200);
    let r;
    try {
      r = await api.verify(req, (p) => {
        if (p.seconds > 0) pr.textContent = 'depth ' + fmt(p.depth) + '   states ' + fmt(p.states) + '   transitions ' + fmt(p.transitions) + '   ' + fmt(Math.round(p.states / p.seconds)) + ' states/s   ' + p.memoryMB.toFixed(1) + ' MB   ' + p.seconds.toFixed(1) + ' s';
      }, running.signal);
    } catch (e) {
      r = { error: e.name === 'AbortError' ? 'stopped' : e.message };
    } finally {
      clearInterval(tick); running = null;
      $('verify').disabled = false; $('stop').hidden = true;
    }
    pr.className = 'progress';
    if (r.diags) showDiags(r.diags);
    if (r.error) { pr.textContent = ''; verdict.innerHTML = '<div class="v bad">' + esc(r.error) + '</div>'; return; }
    pr.textContent = fmt(r.states) + ' states, ' + fmt(r.transitions) + ' transitions, depth ' + fmt(r.depth) + ', ' + r.seconds.toFixed(2) + ' s';
    const what = r.property ? 'property ' + r.property : 'the model';
    let v;
    if (r.errors.length) v = '<div class="v bad">✗ ' + r.errors.length + ' error' + (r.errors.length > 1 ? 's' : '') + ' in ' + esc(what) + '</div>';
    else if (!r.complete) v = '<div class="v inc">⚠ no error found, but the search was not complete (' + esc(r.reason) + ')</div>';
    else v = '<div class="v ok">✓ no errors: ' + esc(what) + ' holds (search complete)</div>';
    verdict.innerHTML = v + r.notes.map((n) => '<div class="note">' + esc(n) + '</div>').join('');
    r.errors.forEach((e, i) => {
      const li = document.createElement('li');
      li.innerHTML = '<span class="msg">' + esc(e.message) + '</span><span class="at">' + esc((e.location ? e.location + ', ' : '') + 'depth ' + e.depth) + '</span>';
      if (e.trail) {
        const b = document.createElement('button');
        b.className = 'primary showmsc'; b.textContent = 'Show MSC';
        b.onclick = () => replay(e.trail);
        li.appendChild(b);
      }
      errs.appendChild(li);
    });
    $('report').textContent = r.report;
  }
  function replay(trail) {
    lastTrail = trail;
    const t = $('trailmode');
    t.disabled = false; t.checked = true; choices = []; simOpts();
    showTab('sim');
    simulate();
  }

  // ---- automata ----
  $('drawaut').onclick = async () => {
    const root = shadow($('aut'));
    const r = await api.call('automata', model());
    root.innerHTML = r.error ? '<p style="color:#b71c1c;font:13px system-ui">' + esc(r.error) + '</p>' : r.svg;
  };

  $('drawltl').onclick = async () => {
    const root = shadow($('aut'));
    const r = await api.call('ltl', { formula: $('formula').value });
    root.innerHTML = r.error ? '<p style="color:#b71c1c;font:13px system-ui">' + esc(r.error) + '</p>' : r.svg;
  };
  $('formula').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('drawltl').click(); });

  // ---- start ----
  $('check').onclick = check;
  // Save downloads the text: the page writes no files, served or static
  function save() {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([src.value], { type: 'text/plain' }));
    a.download = $('name').value || 'model.pml';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
  $('save').onclick = save;
  document.addEventListener('keydown', (e) => { if (e.key === 's' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); save(); } });
  $('file').onchange = async (e) => {
    const f = e.target.files[0];
    if (f) setModel({ name: f.name, src: await f.text() });
  };
  api.start().then((info) => {
    $('mode').textContent = (info.server ? 'gospin ui' : 'playground: gospin in WebAssembly, in your browser') + (info.version ? ' · ' + info.version : '');
    const sel = $('sample');
    const samples = info.samples || [];
    sel.innerHTML = (info.model && info.model.src ? '<option value="-1">' + esc(info.model.name) + '</option>' : '') + samples.map((s, i) => '<option value="' + i + '">example: ' + esc(s.name) + '</option>').join('');
    sel.onchange = () => { const i = +sel.value; setModel(i < 0 ? info.model : samples[i]); };
    setModel(info.model && info.model.src ? info.model : samples[0] || { name: 'model.pml', src: '' });
    document.body.dataset.ready = info.server ? 'server' : 'wasm';
  }, (e) => {
    $('status').className = 'status bad';
    $('status').textContent = 'cannot start: ' + e.message;
  });
})();
