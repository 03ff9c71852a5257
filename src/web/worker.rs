//! The worker side: listens for requests and posts replies (see [`super::protocol`]).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::protocol::{handle, Reply};

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    let text = serde_json::to_string(reply)
        .unwrap_or_else(|e| format!("{{\"kind\":\"error\",\"id\":null,\"message\":\"{e}\"}}"));
    let _ = scope.post_message(&JsValue::from_str(&text));
}

/// Installs the message handler and tells the page the worker is ready.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let inner = scope.clone();
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let perf = inner.performance();
        let now = move || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
        handle(&text, &now, &mut |reply| post(&inner, &reply));
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(&scope, &Reply::Ready);
}
