//! The player's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013),
//! each puzzle a game against an opponent of the puzzle's rating, updated after every puzzle
//! (a rating period of one game, as puzzle sites do).

/// The scale between Glicko's ratings and Glicko-2's (400 / ln 10).
const SCALE: f64 = 173.7178;
/// The system constant τ, which bounds how fast the volatility changes (Glickman suggests 0.3
/// to 1.2; a small value suits puzzles, whose difficulty is not a person's form).
pub const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000_001;
/// The rating deviation the puzzles are taken to have: their ratings are their rank among a
/// file's puzzles, fixed, not learned from players.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation (350 to start): how unsure it is.
    pub deviation: f64,
    /// Its volatility (0.06 to start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

/// One game of a rating period: the opponent's rating and deviation, and the score (1 a win,
/// 0 a loss, 0.5 a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating.
    pub rating: f64,
    /// The opponent's deviation.
    pub deviation: f64,
    /// The score.
    pub score: f64,
}

impl Rating {
    /// The rating after a period of `games` (Glickman's steps 2 to 8); a period without games
    /// only widens the deviation.
    pub fn after(self, games: &[Game]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi * SCALE, ..self };
        }
        let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for game in games {
            let (mu_j, phi_j) = ((game.rating - 1500.0) / SCALE, game.deviation / SCALE);
            let (gj, ej) = (g(phi_j), e(mu_j, phi_j));
            v_inv += gj * gj * ej * (1.0 - ej);
            sum += gj * (game.score - ej);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        let sigma = new_volatility(phi, sigma, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating { rating: 1500.0 + SCALE * mu, deviation: SCALE * phi, volatility: sigma }
    }

    /// The rating after one puzzle of rating `puzzle`: solved (1) or not (0).
    pub fn after_puzzle(self, puzzle: u32, solved: bool) -> Rating {
        self.after(&[Game {
            rating: f64::from(puzzle),
            deviation: PUZZLE_DEVIATION,
            score: if solved { 1.0 } else { 0.0 },
        }])
    }
}

/// Step 5: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        rounds += 1;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example (τ = 0.5): 1500 ± 200, σ 0.06, against 1400 ± 30 (won),
    /// 1550 ± 100 (lost) and 1700 ± 300 (lost) gives 1464.06 ± 151.52, σ 0.05999.
    #[test]
    fn glickmans_example() {
        let r = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let after = r.after(&[
            Game { rating: 1400.0, deviation: 30.0, score: 1.0 },
            Game { rating: 1550.0, deviation: 100.0, score: 0.0 },
            Game { rating: 1700.0, deviation: 300.0, score: 0.0 },
        ]);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_solved_puzzle_raises_and_a_failed_one_lowers() {
        let r = Rating::default();
        let up = r.after_puzzle(1500, true);
        let down = r.after_puzzle(1500, false);
        assert!(up.rating > r.rating && down.rating < r.rating);
        assert!(up.deviation < r.deviation);
        // A harder puzzle solved raises more; an easier one failed lowers more.
        assert!(r.after_puzzle(2000, true).rating > up.rating);
        assert!(r.after_puzzle(1000, false).rating < down.rating);
        // No games: only the deviation grows.
        let idle = up.after(&[]);
        assert_eq!(idle.rating, up.rating);
        assert!(idle.deviation > up.deviation);
    }
}
