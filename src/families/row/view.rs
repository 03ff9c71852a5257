//! The row games' view: the board drawn as a row of pots, their names (Left and Right, "Pot
//! 3"), the status line and the New game form.

use super::*;

impl<G: RowGame> FamilyBoard for RowFamily<G> {
    fn layout(pos: &Row<G>) -> Layout {
        Layout::Row { pits: pos.pots().len() }
    }

    fn move_cell(_: &Row<G>, mv: RowMove<G>) -> Cell {
        cell(mv.pot as usize)
    }

    fn cell_move(pos: &Row<G>, c: Cell) -> Option<RowMove<G>> {
        // A click on a pot plays its only legal move; a pot with two (impartial) has a button
        // a way, drawn by the board from the legal moves.
        let Cell::Pit { index, .. } = c else { return None };
        let mut found = vec![];
        pos.for_each_move(|m| {
            if m.pot as u16 == index {
                found.push(m);
            }
        });
        match found[..] {
            [m] => Some(m),
            _ => None,
        }
    }
}

impl<G: RowGame> FamilyView for RowFamily<G> {
    fn cell_name(_: &Row<G>, c: Cell) -> String {
        cell_name(c)
    }

    fn cell_label(_: &Row<G>, c: Cell) -> String {
        crate::families::view::pit_number(c)
    }

    fn status(pos: &Row<G>) -> String {
        status(pos.can_move(), pos.turn())
    }

    fn describe_move(before: &Row<G>, mv: RowMove<G>, trace: &Trace, _: &Row<G>) -> String {
        let captured: u32 =
            trace.steps.iter().map(|s| if let Step::Capture { seeds, .. } = s { *seeds } else { 0 }).sum();
        let took = if captured > 0 { format!(", capturing {captured}") } else { String::new() };
        format!("{} {} pot {} to the {}{took}", player_name(before.turn()), G::VERB, mv.pot + 1, mv.dir.word())
    }

    fn player_name(p: Player) -> &'static str {
        player_name(p)
    }

    fn move_glyph(mv: RowMove<G>) -> String {
        mv.dir.glyph().into()
    }

    fn move_label(mover: Player, mv: RowMove<G>) -> String {
        format!("{} {mv}", if mover == Player::South { 'L' } else { 'R' })
    }

    fn seed_colours(_: &Row<G>, n: u32) -> Option<(u32, u32)> {
        G::colours(n as u8)
    }

    fn seed_unit(pos: &Row<G>) -> u32 {
        G::unit(pos.turn())
    }

    fn cell_text(_: &Row<G>, n: u32) -> String {
        if G::colours(0).is_some() {
            return G::write_row(&[n as u8]);
        }
        match n {
            n if G::FULL_POTS && n == FULL as u32 => "x".into(),
            n if G::FULL_POTS && n == WALL as u32 => "~".into(),
            n => n.to_string(),
        }
    }

    fn cell_symbols(_: &Row<G>) -> Option<(&'static [&'static str], &'static str)> {
        G::FULL_POTS.then_some((
            &["x", "X", "•", "~", "←•", "•→"],
            "x (or •) a full pot, ~ endless full pots at an end of the row",
        ))
    }

    fn setup_from_cells(pos: &Row<G>, counts: &[(Cell, String)], turn: Player) -> String {
        format!("{}-{}", crate::families::view::row_from_cells(pos.pots().len(), counts), turn_letter(turn))
    }

    fn board_text(p: &Row<G>) -> String {
        let cells = p
            .pots()
            .iter()
            .map(|&n| match G::colours(n) {
                Some(_) => format!("{:>5} ", G::write_row(&[n])),
                None => crate::families::view::count_text(n as u32),
            })
            .collect::<String>();
        let numbers = (1..=p.pots().len()).map(|i| format!("{i:>3} ")).collect::<String>();
        format!("pots   {cells}\n       {numbers}\n")
    }

    fn new_game_form(current: Option<&RowRules<G>>) -> NewGameForm {
        let r = current.copied().unwrap_or_else(|| RowRules::new(G::DEFAULT.0, G::DEFAULT.1, false).expect("valid"));
        let mut form = new_game_form((r.pots as u32, r.seeds as u32), r.impartial, MAX_POTS, G::SUBMIT);
        if !G::HAS_IMPARTIAL {
            // Coloured-seed Sowing: no impartial version; S blue and S red seeds a pot.
            form.fields.retain(|f| f.id != "ng-version");
            if let Some(f) = form.fields.iter_mut().find(|f| f.id == "ng-pot-seeds") {
                f.label = "Blue and red seeds a pot";
                f.kind = FieldKind::Number { min: 0, max: 3 };
            }
        }
        form
    }

    fn new_game(values: &[String]) -> Result<Row<G>, String> {
        let v = |k: usize| values.get(k).map_or("", |s| s.trim());
        let id = format!("{}-{}-{}{}", G::KEY, v(0), v(1), v(2));
        Self::parse_rules(&id.split('-').collect::<Vec<_>>(), &id).map(|r| r.start()).map_err(|e| e.to_string())
    }
}

/// Left and Right, drawn as South and North.
pub(super) fn player_name(p: Player) -> &'static str {
    match p {
        Player::South => "Left",
        Player::North => "Right",
    }
}

/// "Pot 3".
pub(super) fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Pit { index, .. } => format!("Pot {}", index + 1),
        Cell::Store(_) => String::new(),
    }
}

/// The cell of pot `i` (0-based).
pub fn cell(i: usize) -> Cell {
    Cell::Pit { owner: Player::South, index: i as u16 }
}

/// The status line of a normal-play game: who moves, or who could not and so lost.
pub(super) fn status(can_move: bool, turn: Player) -> String {
    if can_move {
        format!("{} to move.", player_name(turn))
    } else {
        format!("Game over: {} cannot move; {} wins.", player_name(turn), player_name(!turn))
    }
}

/// The New game form of a row game: pots, seeds a pot, partizan or impartial.
pub(super) fn new_game_form(size: (u32, u32), impartial: bool, max_pots: usize, submit: &'static str) -> NewGameForm {
    NewGameForm {
        fields: vec![
            Field {
                id: "ng-pots",
                label: "Pots",
                kind: FieldKind::Number { min: 1, max: max_pots as u32 },
                value: size.0.to_string(),
            },
            Field {
                id: "ng-pot-seeds",
                label: "Seeds a pot",
                kind: FieldKind::Number { min: 0, max: 9 },
                value: size.1.to_string(),
            },
            Field {
                id: "ng-version",
                label: "Version",
                kind: FieldKind::Choice(vec![
                    ("", "partizan (Left sows right, Right sows left)"),
                    ("-i", "impartial (either player, either way)"),
                ]),
                value: if impartial { "-i" } else { "" }.into(),
            },
        ],
        submit,
        class: "custom",
        button_class: "start",
    }
}
