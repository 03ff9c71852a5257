// Loads the search worker's wasm (Trunk builds worker.js and worker_bg.wasm next to this file).
// The object form of the init call is wasm-bindgen's current one (the string form is deprecated).
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
