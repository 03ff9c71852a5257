//! The pages and their addresses: one enum, written by `Display` and read by `FromStr`, so a
//! link on a page and the router that reads it cannot disagree. Hash routes (`#/play?...`)
//! work on any static host and under any sub-path.

use core::convert::Infallible;
use core::fmt;
use core::str::FromStr;

use crate::families::{AnyMove, AnyRules};
use crate::notation::Game;

/// A page of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `#/` (or no hash): the games and the labs.
    Home,
    /// `#/play?QUERY`: a game; the query is a game link, read leniently by the page so that a
    /// bad one is shown with its fault.
    Play(String),
    /// `#/bench`: the engine benchmark, run in the worker.
    Bench,
    /// `#/lab/solved-kalah`: solved start positions by board size.
    SolvedKalah,
    /// `#/lab/dooley`: Dooley's study.
    Dooley,
    /// `#/lab/dakon?QUERY`: Dakon's winning openings.
    Dakon(String),
    /// `#/lab/erickson`: Erickson's "Sowing Games" recomputed.
    Erickson,
    /// `#/lab/ayo?QUERY`: Ayo's determined positions beside Tchoukaillon's (Theorem 3).
    Ayo(String),
    /// `#/lab/tchoukaillon?QUERY`: Tchoukaillon's mathematics (Figures 4–8).
    Tchoukaillon(String),
    /// `#/lab/hanoi?QUERY`: Erickson's Towers-of-Hanoi sowing puzzle.
    Hanoi(String),
    /// Any other address (its path, clipped).
    NotFound(String),
}

impl Route {
    /// The page of a game, on the ply it shows.
    pub fn play(game: &Game) -> Route {
        Route::Play(game.to_string())
    }

    /// The start of a game of the rules `id`.
    pub fn rules(id: &str) -> Route {
        Route::Play(format!("rules={id}"))
    }

    /// A game of `rules` from its start with `moves` played (up to the first illegal one).
    pub fn game(rules: AnyRules, moves: &[AnyMove]) -> Route {
        let mut g = Game::new(rules.start());
        for &m in moves {
            if g.play(m).is_err() {
                break;
            }
        }
        Route::play(&g)
    }

    /// The Dakon lab on Dakon-`n`, replaying `line` (the paper's hole numbers) if given.
    pub fn dakon(n: usize, line: Option<&[usize]>) -> Route {
        let mut q = format!("n={n}");
        if let Some(l) = line {
            q.push_str("&line=");
            q.push_str(&l.iter().map(usize::to_string).collect::<Vec<_>>().join("."));
        }
        Route::Dakon(q)
    }
}

impl fmt::Display for Route {
    /// The hash part of the address, `#` included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_query = |f: &mut fmt::Formatter<'_>, path: &str, q: &str| {
            if q.is_empty() {
                write!(f, "#{path}")
            } else {
                write!(f, "#{path}?{q}")
            }
        };
        match self {
            Route::Home => f.write_str("#/"),
            Route::Play(q) => with_query(f, "/play", q),
            Route::Bench => f.write_str("#/bench"),
            Route::SolvedKalah => f.write_str("#/lab/solved-kalah"),
            Route::Dooley => f.write_str("#/lab/dooley"),
            Route::Dakon(q) => with_query(f, "/lab/dakon", q),
            Route::Erickson => f.write_str("#/lab/erickson"),
            Route::Ayo(q) => with_query(f, "/lab/ayo", q),
            Route::Tchoukaillon(q) => with_query(f, "/lab/tchoukaillon", q),
            Route::Hanoi(q) => with_query(f, "/lab/hanoi", q),
            Route::NotFound(p) => write!(f, "#{p}"),
        }
    }
}

impl FromStr for Route {
    type Err = Infallible;

    /// Reads a location hash (with or without its `#`); anything unknown is
    /// [`Route::NotFound`].
    fn from_str(hash: &str) -> Result<Route, Infallible> {
        let h = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        Ok(match path.trim_end_matches('/') {
            "" => Route::Home,
            "/play" | "play" => Route::Play(query.to_string()),
            "/bench" | "bench" => Route::Bench,
            "/lab/solved-kalah" | "lab/solved-kalah" => Route::SolvedKalah,
            "/lab/dooley" | "lab/dooley" => Route::Dooley,
            "/lab/dakon" | "lab/dakon" => Route::Dakon(query.to_string()),
            "/lab/erickson" | "lab/erickson" => Route::Erickson,
            "/lab/ayo" | "lab/ayo" => Route::Ayo(query.to_string()),
            "/lab/tchoukaillon" | "lab/tchoukaillon" => Route::Tchoukaillon(query.to_string()),
            "/lab/hanoi" | "lab/hanoi" => Route::Hanoi(query.to_string()),
            _ => Route::NotFound(crate::engine::text::clip(path, 60)),
        })
    }
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn routes_round_trip() {
        let g: Game = "rules=dakon-4&moves=ad".parse().unwrap();
        for r in [
            Route::Home,
            Route::Play(String::new()),
            Route::play(&g),
            Route::rules("kalah-6-4-e"),
            Route::Bench,
            Route::SolvedKalah,
            Route::Dooley,
            Route::Dakon("n=4&line=1.4.2.4".into()),
            Route::Ayo("s=9".into()),
            Route::Tchoukaillon("s=1925280".into()),
            Route::Hanoi("n=6".into()),
            Route::Dakon(String::new()),
            Route::Erickson,
            Route::NotFound("/nowhere".into()),
        ] {
            let text = r.to_string();
            assert!(text.starts_with('#'), "{text}");
            assert_eq!(text.parse::<Route>().unwrap(), r, "{text}");
        }
        assert_eq!(Route::play(&g).to_string(), "#/play?rules=dakon-4&moves=ad");
        assert_eq!(Route::game(g.rules(), g.moves()), Route::play(&g));
        assert_eq!(Route::dakon(4, Some(&[1, 4, 2])).to_string(), "#/lab/dakon?n=4&line=1.4.2");
        assert_eq!("".parse::<Route>().unwrap(), Route::Home);
        assert_eq!("#/play/?rules=kalah".parse::<Route>().unwrap(), Route::Play("rules=kalah".into()));
    }

    proptest::proptest! {
        /// Any hash is some route, and the route's address reads back as the same route.
        #[test]
        fn any_hash_is_a_route(h in "#?/?[a-z/?=&._-]{0,30}") {
            let r: Route = h.parse().unwrap();
            proptest::prop_assert_eq!(r.to_string().parse::<Route>().unwrap(), r);
        }
    }
}
