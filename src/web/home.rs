//! The home page's model: which families it lists, in which groups and order, derived from the
//! registry (compiled without the `web` feature, so it is tested natively).

use crate::families::{AnyRules, FamilyId};

/// The home page's groups, in the order players look for them: the games for two at a board
/// (against a friend or the computer), the solitaires, then the games of combinatorial game
/// theory; each group's families with the most presets first (Kalah, then the Oware family).
/// Derived from the registry: a new family lands in its group by what it is.
pub fn home_groups() -> Vec<(&'static str, &'static str, Vec<FamilyId>)> {
    let theory = |f: FamilyId| {
        f.presets().first().is_some_and(|p| p.id.parse::<AnyRules>().is_ok_and(|r| r.start().value_row().is_some()))
    };
    let mut groups = vec![
        (
            "Two players at a board",
            "Face to face across the board: play a friend on this screen, or the computer from gentle to perfect.",
            vec![],
        ),
        ("Solitaires", "One player sows to clear the board: every position is winnable or not, exactly.", vec![]),
        (
            "Games of game theory",
            "Erickson's sowing games: each position is a combinatorial game whose value the page computes.",
            vec![],
        ),
    ];
    for &f in FamilyId::ALL {
        let g = if f.is_solitaire() {
            1
        } else if theory(f) {
            2
        } else {
            0
        };
        groups[g].2.push(f);
    }
    for g in &mut groups {
        g.2.sort_by_key(|f| std::cmp::Reverse(f.presets().len()));
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_in_exactly_one_group() {
        let groups = home_groups();
        let mut listed: Vec<FamilyId> = groups.iter().flat_map(|g| g.2.iter().copied()).collect();
        assert_eq!(listed.len(), FamilyId::ALL.len());
        listed.sort_by_key(|f| f.key());
        listed.dedup();
        assert_eq!(listed.len(), FamilyId::ALL.len(), "a family listed twice");
        // Kalah leads the games for two, Tchoukaillon is a solitaire, Sowing a game of theory.
        assert_eq!(groups[0].2.first().map(|f| f.key()), Some("kalah"));
        assert!(groups[1].2.iter().any(|f| f.key() == "tchoukaillon"));
        assert!(groups[2].2.iter().any(|f| f.key() == "sowing"));
    }
}
