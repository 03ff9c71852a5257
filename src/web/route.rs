//! The pages and their addresses: one enum, written by `Display` and read by `FromStr`, so a
//! link on a page and the router that reads it cannot disagree. Hash routes (`#/play?...`)
//! work on any static host and under any sub-path. A lab's route is made from the lab list
//! (`crate::labs`), with its typed link parameters ([`Linked`]).

use core::convert::Infallible;
use core::fmt;
use core::str::FromStr;

use crate::families::{AnyMove, AnyRules};
use crate::labs::{Lab, Linked};
use crate::notation::Game;

/// A lab's route: its variant of [`Route`] (made by the list).
pub trait Routed: Lab {
    /// The lab's page with these parameters.
    fn route(params: Self::Params) -> Route;
}

macro_rules! routes {
    ($($(#[$doc:meta])* $v:ident => $module:ident :: $lab:ident),+ $(,)?) => {
        /// A page of the app.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Route {
            /// `#/` (or no hash): the games and the labs.
            Home,
            /// `#/play?QUERY`: a game; the query is a game link, read leniently by the page so
            /// that a bad one is shown with its fault.
            Play(String),
            $($(#[$doc])* $v(Linked<<crate::labs::$module::$lab as Lab>::Params>),)+
            /// Any other address (its path, clipped).
            NotFound(String),
        }

        $(
            impl Routed for crate::labs::$module::$lab {
                fn route(params: Self::Params) -> Route {
                    Route::$v(Linked::to(params))
                }
            }
        )+

        impl Route {
            /// The lab page's path and query, if the route is a lab's.
            fn lab_parts(&self) -> Option<(&'static str, String)> {
                match self {
                    $(Route::$v(l) => Some((<crate::labs::$module::$lab as Lab>::PATH, l.query())),)+
                    _ => None,
                }
            }

            /// The lab route of a path (`/lab/hanoi`, with or without its first `/`).
            fn of_lab(path: &str, query: &str) -> Option<Route> {
                $(
                    let p = <crate::labs::$module::$lab as Lab>::PATH;
                    if path == p || path == &p[1..] {
                        return Some(Route::$v(Linked::read(query)));
                    }
                )+
                None
            }

            /// Every lab's path.
            const LAB_PATHS: &'static [&'static str] = &[$(<crate::labs::$module::$lab as Lab>::PATH),+];
        }
    };
}

crate::labs::with_labs!(routes);

/// The address's hash (`#/play?...`), or nothing.
#[cfg(feature = "web")]
pub(crate) fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
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

    /// A lab's page with these parameters.
    pub fn lab<L: Routed>(params: L::Params) -> Route {
        L::route(params)
    }

    /// A lab's page with its default parameters.
    pub fn lab_home<L: Routed>() -> Route {
        L::route(L::Params::default())
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
            Route::NotFound(p) => write!(f, "#{p}"),
            lab => {
                let (path, q) = lab.lab_parts().expect("every other route is a lab's");
                with_query(f, path, &q)
            }
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
        let path = path.trim_end_matches('/');
        Ok(match path {
            "" => Route::Home,
            "/play" | "play" => Route::Play(query.to_string()),
            // The labs are listed on the home page.
            "/lab" | "lab" | "/labs" | "labs" => Route::Home,
            // A game named in the path (`#/play/oware`): its rules, which say if they are unknown.
            _ if path.starts_with("/play/") && !path[6..].contains('/') && !query.contains("rules=") => {
                let rules = &path[6..];
                Route::Play(if query.is_empty() { format!("rules={rules}") } else { format!("rules={rules}&{query}") })
            }
            _ => Route::of_lab(path, query)
                .or_else(|| Route::near(path, query))
                .unwrap_or_else(|| Route::NotFound(crate::engine::text::clip(path, 60))),
        })
    }
}

impl Route {
    /// The page a near miss names (`/lab/solved` for `/lab/solved-kalah`, `/dakon` for
    /// `/lab/dakon`, `/paly` for `/play`): the one page whose name the path's last part begins,
    /// or is one or two letters from; none when it could name two.
    fn near(path: &str, query: &str) -> Option<Route> {
        let last = path.rsplit('/').find(|p| !p.is_empty())?.to_ascii_lowercase();
        let name = |p: &'static str| p.rsplit('/').next().unwrap_or(p);
        let pages = core::iter::once("/play").chain(Route::LAB_PATHS.iter().copied());
        let by = |close: &dyn Fn(&str) -> bool| {
            let mut hits = pages.clone().filter(|p| close(name(p)));
            match (hits.next(), hits.next()) {
                (Some(p), None) => Some(p),
                _ => None,
            }
        };
        let page = by(&|n| n == last)
            .or_else(|| by(&|n| last.len() >= 3 && (n.starts_with(&last) || last.starts_with(n))))
            .or_else(|| by(&|n| edit_distance(n, &last) <= if last.len() >= 5 { 2 } else { 1 }))?;
        Some(match page {
            "/play" => Route::Play(query.to_string()),
            lab => Route::of_lab(lab, query).expect("a lab's own path"),
        })
    }
}

/// The number of letters to insert, delete, change or swap with the next to make `a` into `b`
/// (the optimal string alignment distance: "paly" is one from "play").
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // d[i][j]: the distance between the first i letters of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j - 1] + change).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::labs::ayo::{AyoLab, AyoParams};
    use crate::labs::bench::BenchLab;
    use crate::labs::dakon::{DakonLab, DakonParams};
    use crate::labs::dooley::DooleyLab;
    use crate::labs::erickson::EricksonLab;
    use crate::labs::hanoi::{HanoiLab, HanoiParams};
    use crate::labs::solved_kalah::SolvedKalahLab;
    use crate::labs::tchoukaillon::{TchoukaillonLab, TchoukaillonParams};

    #[test]
    fn routes_round_trip() {
        let g: Game = "rules=dakon-4&moves=ad".parse().unwrap();
        let dakon = |n: usize, line: Option<Vec<usize>>| Route::lab::<DakonLab>(DakonParams { n, line });
        for r in [
            Route::Home,
            Route::Play(String::new()),
            Route::play(&g),
            Route::rules("kalah-6-4-e"),
            Route::lab_home::<BenchLab>(),
            Route::lab_home::<SolvedKalahLab>(),
            Route::lab_home::<DooleyLab>(),
            dakon(4, Some(vec![1, 4, 2, 4])),
            Route::lab::<AyoLab>(AyoParams { s: 9 }),
            Route::lab::<TchoukaillonLab>(TchoukaillonParams { s: 1925280 }),
            Route::lab::<HanoiLab>(HanoiParams { n: 6 }),
            Route::lab_home::<DakonLab>(),
            Route::lab_home::<EricksonLab>(),
            Route::lab_home::<crate::labs::puzzles::PuzzlesLab>(),
            Route::lab::<crate::labs::puzzles::PuzzlesLab>(crate::labs::puzzles::PuzzlesParams {
                id: Some("kalah-6-4-0a1b2c3d".into()),
                theme: Some(crate::puzzles::Theme::Capture),
                ..Default::default()
            }),
            Route::NotFound("/nowhere".into()),
        ] {
            let text = r.to_string();
            assert!(text.starts_with('#'), "{text}");
            assert_eq!(text.parse::<Route>().unwrap(), r, "{text}");
        }
        assert_eq!(Route::play(&g).to_string(), "#/play?rules=dakon-4&moves=ad");
        assert_eq!(Route::game(g.rules(), g.moves()), Route::play(&g));
        assert_eq!(dakon(4, Some(vec![1, 4, 2])).to_string(), "#/lab/dakon?n=4&line=1.4.2");
        assert_eq!("".parse::<Route>().unwrap(), Route::Home);
        assert_eq!("#/play/?rules=kalah".parse::<Route>().unwrap(), Route::Play("rules=kalah".into()));
        assert_eq!(Route::lab_home::<BenchLab>().to_string(), "#/bench");
        // A faulty lab link is read with its faults, and writes back as it came.
        let bad: Route = "#/lab/hanoi?n=99&x=1".parse().unwrap();
        let Route::Hanoi(l) = &bad else { panic!("{bad:?}") };
        assert_eq!((l.params, l.faults.len()), (HanoiParams { n: 6 }, 2));
        assert_eq!(bad.to_string(), "#/lab/hanoi?n=99&x=1");
    }

    #[test]
    fn near_misses_go_to_the_page_they_name() {
        for (hash, to) in [
            ("#/lab/solved", "#/lab/solved-kalah"),
            ("#/lab/Solved-Kalah", "#/lab/solved-kalah"),
            ("#/dakon?n=8", "#/lab/dakon?n=8"),
            ("#/lab/tchoukailon?s=9", "#/lab/tchoukaillon?s=9"),
            ("#/lab/hanio", "#/lab/hanoi"),
            ("#/paly?rules=oware", "#/play?rules=oware"),
            ("#/labs/erickson", "#/lab/erickson"),
            ("#/lab/question", "#/lab/questions"),
            ("#/play/oware?moves=ab", "#/play?rules=oware&moves=ab"),
            ("#/lab", "#/"),
            ("#/lab/", "#/"),
        ] {
            assert_eq!(hash.parse::<Route>().unwrap(), to.parse::<Route>().unwrap(), "{hash}");
            assert!(!matches!(to.parse::<Route>().unwrap(), Route::NotFound(_)), "{to}");
        }
        // Nothing near, or near two pages: not found.
        for hash in ["#/nowhere", "#/lab/x", "#/zz"] {
            assert!(matches!(hash.parse::<Route>().unwrap(), Route::NotFound(_) | Route::Home), "{hash}");
        }
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("paly", "play"), 1);
        assert_eq!(edit_distance("", "ab"), 2);
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
