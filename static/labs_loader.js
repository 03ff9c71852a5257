// Starts the labs' code (Trunk builds labs.js and labs_bg.wasm next to this file); the app
// loads labs.js, then this, when a lab is first opened, and waits on the promise it leaves.
// labs.js declares `wasm_bindgen` as a script-wide binding, not a property of the window,
// hence this file. The object form of the init call is wasm-bindgen's current one.
// The labs' style sheet comes with their code (a first visit to a game does not fetch it).
if (!document.querySelector('link[data-labs-css]')) {
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = './labs.css';
  css.dataset.labsCss = '';
  document.head.append(css);
}
window.mancalaLabs = wasm_bindgen({ module_or_path: './labs_bg.wasm' });
