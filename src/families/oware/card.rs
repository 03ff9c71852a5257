//! The Oware family's rules cards: each game's rules, its source, and what we chose where the
//! source is silent.

use super::{OwareFamily, OwareRules, Ruleset};
use crate::families::{Card, Family};

/// The card of a rule set.
pub fn card(r: &OwareRules) -> Card {
    let (n, s) = (r.pits(), r.seeds());
    let board = format!(
        "Two rows of {n} pits, one row for each player; each pit starts with {s} seeds. There are no stores: the seeds a player captures are kept beside the board (drawn where stores would be). South moves first."
    );
    let sow_next = "On your turn, lift all the seeds of one of your non-empty pits and sow them one by one counterclockwise, starting with the next pit. A pit with enough seeds to go all the way round is skipped on every lap: it stays empty.";
    let capture = "If your last seed falls in an opponent's pit that then holds 2 or 3 seeds, you capture them, and also the seeds of the pits before it, one after another, while they are the opponent's and hold 2 or 3.";
    let mut rules = vec![board];
    let mut sources = vec![];
    let mut choices = vec![];
    match r.set {
        Ruleset::Ayo => {
            rules.push(format!("{sow_next} (A pit of {} or more seeds is an Odu.)", 2 * n));
            rules.push(capture.into());
            rules.push("You must, if you can, move so that your opponent has a move afterwards. If no move of yours does, the game is over and you are awarded every seed left on the board.".into());
            rules.push("The player who has captured more seeds wins.".into());
            sources.push("R. Broline, D. E. Loeb, \"The Combinatorics of Mancala-Type Games: Ayo, Tchoukaillon, and 1/π\", UMAP Journal 16(1), 1995, §2, after A. O. Odeleye, Ayo: A popular Yoruba game (1977): \"At each turn, a player must, if possible, move in such a way that his or her opponent has a legal move. If, on some move, a player cannot move in such a way to give his or her opponent a legal move, the game is over and the player is awarded all remaining stones.\"".into());
            choices.push("The paper's Odu rule skips the origin pit when it holds 2n or more seeds; a pit with fewer seeds never reaches itself again, so the origin is simply always skipped.".into());
            rules.push("If there are so few seeds on the board that neither player can ever capture, but both players will always have a move, the game is over and each player is awarded the seeds on his side.".into());
            choices.push(format!("\"Neither player can ever capture, but both will always have a move\" is read exactly: after every move, the game explores every position reachable from the new one by legal moves of either player; if none has a capturing move and none ends the game (a player left without a move that leaves one), the game ends there, each taking his side. The exploration stops at {} positions and then lets the game go on; every such position we enumerated holds 2 or 3 seeds (all boards of 2 to 4 pits a side with up to 9 seeds, 6 pits with up to 7). The endgame databases find the same positions in each layer, and value them so. The computer's search sees this ending only through the databases. A setup that is already such a position is over at once.", crate::families::oware::NO_CAPTURE_SEARCH_LIMIT));
            choices.push("The paper says nothing of repeated positions; a repetition ends the game as the \"no more captures\" rule does, each player being awarded the stones on his side.".into());
            choices.push("The endgame databases value a game that goes round for ever as 0 from there, the seeds left shared: \"each takes his side\" at a repetition depends on where the players stop, which is not a property of the position. So a game the rules end by a repetition can finish otherwise than the databases' value says, even in who wins (ayo-3-1 from 0.0.1-4.0.0: the databases say South wins by 2; played by the rules, North wins 2 to 3 at a repetition).".into());
            choices.push("A position whose player to move has no seeds at all is read literally: no move of his gives the opponent a move, so the game is over and he is awarded the seeds left.".into());
        }
        Ruleset::Oware => {
            rules.push(sow_next.into());
            rules.push(capture.into());
            rules.push(if r.grand_slam_illegal {
                "A move that would capture every seed of the opponent (a grand slam) is not allowed; if every move is one, it is played and captures nothing.".into()
            } else {
                "A move that would capture every seed of the opponent (a grand slam) is played, but captures nothing.".into()
            });
            rules.push("If your opponent has no seeds, you must play a move that gives him some. If you cannot, the game ends and each player takes the seeds on his own side; so too when the player to move has no move.".into());
            rules.push(format!(
                "A player who has captured more than half the seeds ({} of {}) has won, and the game ends.",
                s as usize * n + 1,
                2 * s as usize * n
            ));
            sources.push("The Oware Society's Abapa rules, the rules of international competition: \"The first player to capture 25 seeds or more wins the game\"; seeds are captured \"by making two's or three's with one's last seed on the opponent's side\" (s.helan.free.fr/awele/rules).".into());
            sources.push("A. S. Oji, \"Oware Rules, MACPRI Abapa version (Ghana)\", 2009 (oware.ca): \"If one of the players no longer has any seeds on her/his side and it is the opponent's turn, if possible the opponent must make a play to feed seeds to the other side\"; \"you are not permitted at any time to win the seeds in all six holes on the opponent's side\".".into());
            choices.push("Both readings of the grand slam are in use: captured nothing (the default, oware) and illegal (oware-…-gi, after Oji's \"must forfeit this play\").".into());
            choices.push("A repeated position (the same board, captures and player to move, earlier in the same game) ends the game with each player taking the seeds on his side. The computer's search does not see repetitions.".into());
            choices.push("The endgame databases count every seed to the end: they do not stop at 25 (the winner is the same, the margin may be larger). The computer's search stops where the rules do, so where its lines reach a player with more than half before the databases, its margin may differ from theirs, never its winner. A game that goes round for ever is worth 0 from there, the seeds left shared: \"each takes his side\" depends on where the players stop, which is not a property of the position. So a game the rules end by a repetition can finish otherwise than the databases' value says, even in who wins (oware-2-1 from 1.1-0.0: the databases say a draw; the moves are forced round to a repetition, and South takes his 2).".into());
        }
        Ruleset::Awari => {
            rules.push(sow_next.into());
            rules.push(capture.into());
            rules.push("You must, if you can, leave your opponent at least one seed; if no move does, any move may be played (a capture of all his seeds included).".into());
            rules.push("A player with no seeds cannot move: the game ends and the opponent takes every seed left on the board.".into());
            rules.push("The player who has captured more seeds wins.".into());
            sources.push("J. W. Romein, H. E. Bal, \"Solving the Game of Awari using Parallel Retrograde Analysis\", IEEE Computer 36(10), 2003: 889,063,398,406 positions; Awari is a draw. Their public score database's notes: \"it is not allowed to remove all stones of the opponent (leaving it no move), unless it is the only move available\".".into());
            choices.push("A cycle (a position repeated earlier in the same game) ends it with the seeds left shared equally, as in Romein & Bal's databases: shared equally they change nobody's lead, so they stay on the board, counted for neither. The computer's search does not see repetitions; the endgame databases do (endless play is worth 0 there).".into());
        }
        Ruleset::Wari => {
            rules.push("On your turn, lift all the seeds of one of your pits holding at least two and sow them counterclockwise one by one, starting with that pit itself.".into());
            rules.push("If the last pit sown then holds 2 or 3 seeds, you capture them, and also the seeds of the pits before it, one after another, while they hold 2 or 3 — on either side of the board.".into());
            rules.push("A player who cannot move passes, and the other moves again; the game ends when neither can move. The player who has captured more seeds wins (the seeds left on the board count for nobody).".into());
            sources.push("J. Erickson, \"Sowing Games\", Games of No Chance (MSRI Publications 29, 1996), §4: \"Wari (or oware) is also played on a two by six grid of pots ... with no stores. All moves go counterclockwise around the board, but each move must begin on the moving player's side. Otherwise, the rules are identical to Atomic Wari. In one version of the game, if one player cannot move, his opponent moves again; the game ends only when neither player can move.\"".into());
            choices.push("Erickson says nothing of repeated positions; a repetition ends the game, the seeds left counting for nobody (as when neither player can move). The endgame databases agree: endless play is worth 0.".into());
            choices.push("\"Identical to Atomic Wari\" is read with Atomic Wari's captures: any pit holding 2 or 3, on either side, the mover's own included.".into());
        }
    }
    choices.push("Pits are named a, b, c, ... from each player's own left, in sowing order; moves in links use these letters for the player to move.".into());
    Card { title: OwareFamily::title(r), rules, sources, choices }
}
