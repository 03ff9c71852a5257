//! The reader's preferences, kept in this browser (localStorage) and read from the system
//! (`prefers-reduced-motion`, `prefers-color-scheme`): the board turned round per game, the
//! sound, the colour theme; and the sound itself, short tones made with Web Audio.

use std::cell::RefCell;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn set(key: &str, value: Option<&str>) {
    if let Some(s) = storage() {
        let _ = match value {
            Some(v) => s.set_item(key, v),
            None => s.remove_item(key),
        };
    }
}

/// Whether the system asks for less motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Whether the board of these rules is turned round (North at the bottom).
pub fn flipped(rules: &str) -> bool {
    get(&format!("mancala-lab:flip:{rules}")).as_deref() == Some("1")
}

/// Remembers whether the board of these rules is turned round.
pub fn set_flipped(rules: &str, on: bool) {
    set(&format!("mancala-lab:flip:{rules}"), on.then_some("1"));
}

/// Whether sowing and captures make a sound (off unless turned on).
pub fn sound() -> bool {
    get("mancala-lab:sound").as_deref() == Some("1")
}

/// Turns the sound on or off.
pub fn set_sound(on: bool) {
    set("mancala-lab:sound", on.then_some("1"));
}

/// Whether this browser has kept endgame databases of these rules (so that opening their game
/// loads them into a worker; a game whose databases were never built fetches no worker).
pub fn databases_kept(rules: &str) -> bool {
    get(&format!("mancala-lab:databases:{rules}")).as_deref() == Some("1")
}

/// Remembers that this browser keeps endgame databases of these rules.
pub fn set_databases_kept(rules: &str, kept: bool) {
    set(&format!("mancala-lab:databases:{rules}"), kept.then_some("1"));
}

/// The colour theme chosen: `light`, `dark`, or `None` to follow the system.
pub fn theme() -> Option<String> {
    get("mancala-lab:theme").filter(|t| t == "light" || t == "dark")
}

/// Chooses the theme (`None`: follow the system) and applies it to the page.
pub fn set_theme(theme: Option<&str>) {
    set("mancala-lab:theme", theme);
    apply_theme();
}

/// Puts the chosen theme on the page's root element (`data-theme`), which the style sheet
/// reads; without one, the style sheet follows `prefers-color-scheme`.
pub fn apply_theme() {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    if let Some(r) = root {
        let _ = match theme() {
            Some(t) => r.set_attribute("data-theme", &t),
            None => r.remove_attribute("data-theme"),
        };
    }
}

/// What a sound stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// A seed dropped.
    Drop,
    /// Seeds captured.
    Capture,
}

thread_local! {
    static AUDIO: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Plays a short tone, if the sound is on (a browser without Web Audio stays silent).
pub fn play(tone: Tone) {
    if !sound() {
        return;
    }
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
            *a = web_sys::AudioContext::new().ok();
        }
        let Some(ctx) = a.as_ref() else { return };
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else { return };
        let now = ctx.current_time();
        let (freq, length, volume) = match tone {
            Tone::Drop => (660.0, 0.05, 0.08),
            Tone::Capture => (330.0, 0.18, 0.12),
        };
        osc.set_type(web_sys::OscillatorType::Sine);
        osc.frequency().set_value(freq);
        gain.gain().set_value(volume);
        let _ = gain.gain().exponential_ramp_to_value_at_time(0.001, now + length);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start();
        let _ = osc.stop_with_when(now + length);
    });
}
