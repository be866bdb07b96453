// The playground's engine: gospin compiled to WebAssembly, run in a Web
// Worker so that the page stays responsive while a search runs. Messages
// in: {id, fn, req} (fn: info, check, simulate, automata, ltl, verify) and
// {fn: 'stop'}; out: {ready}, {id, progress}, {id, result} or {id, error}.
'use strict';
importScripts('wasm_exec.js');
const ready = new Promise((resolve) => { self.gospinReady = resolve; });
const go = new Go();
WebAssembly.instantiateStreaming(fetch('gospin.wasm'), go.importObject).then(
  (res) => { go.run(res.instance); },
  (err) => { postMessage({ failed: String(err) }); });
ready.then(() => postMessage({ ready: true }));
self.onmessage = async (e) => {
  const { id, fn, req } = e.data;
  await ready;
  if (fn === 'stop') { self.gospin.stop(); return; }
  try {
    let result;
    if (fn === 'verify') result = await self.gospin.verify(req, (p) => postMessage({ id, progress: p }));
    else result = self.gospin[fn](req);
    postMessage({ id, result });
  } catch (err) {
    postMessage({ id, error: String(err) });
  }
};
