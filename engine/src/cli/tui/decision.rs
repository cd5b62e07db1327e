//! The decision pane: the open decision's options, the highlight, the checked
//! options of a `many` decision, and the line the person types.
//!
//! Keys become [`Action`]s here, as a pure function of the decision and this state,
//! so the whole input path is tested without a terminal. Typed input accepts an
//! option number (or several for `many`), `p` to pass, a cell coordinate (`C7` or
//! `2,-1`: picks the option that refers to that cell, or shows the cell), and the
//! words `help`, `undo`, `zoom` and `quit`.

use super::super::prompt::{self, Input};
use super::scene::Grid;
use orrery::board::{Board, CellId};
use orrery::flow::{option_count, Choice, Decision, DecisionKind};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Number decisions with at most this many values are listed as options.
const LISTED_NUMBERS: i64 = 40;

/// One line of the option list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Option(usize),
    Number(i64),
    Pass,
}

/// What a key asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    None,
    Answer(Choice),
    Help,
    Quit,
    Undo,
    Focus(CellId),
    Zoom(i8),
    Scroll(i32, i32),
    Tab(i8),
    Log(i32),
    /// Open the Rules tab (the glossary).
    Rules,
}

/// The decision pane's state for one decision.
#[derive(Clone, Debug, Default)]
pub struct DecisionUi {
    /// Identifies the decision the state belongs to.
    pub key: Option<(usize, String)>,
    pub items: Vec<Item>,
    pub highlight: usize,
    pub checked: Vec<bool>,
    pub buffer: String,
    pub message: Option<String>,
    /// Cells each option refers to.
    pub refs: Vec<Vec<CellId>>,
    /// A new question came while something was typed for the one before (or typed
    /// ahead while others decided): the next bare Enter only clears this, so that a
    /// key meant for the old list does not answer the new one.
    pub held: bool,
}

/// The lines of the option list.
pub fn items(decision: &Decision) -> Vec<Item> {
    let mut out: Vec<Item> = match decision.kind {
        DecisionKind::One | DecisionKind::Many { .. } => (0..decision.options.len()).map(Item::Option).collect(),
        DecisionKind::Number { min, max } if max - min < LISTED_NUMBERS => (min..=max).map(Item::Number).collect(),
        DecisionKind::Number { .. } => Vec::new(),
    };
    if decision.pass.is_some() {
        out.push(Item::Pass);
    }
    out
}

impl DecisionUi {
    /// Resets the state when `decision` (asked after `acts` acts) is a new one; returns
    /// whether it was.
    pub fn sync(&mut self, decision: &Decision, acts: usize, grid: &Grid, board: &Board) -> bool {
        let key = (acts, format!("{}|{}", decision.seat, decision.prompt));
        if self.key.as_ref() == Some(&key) {
            return false;
        }
        let typed = std::mem::take(&mut self.buffer);
        let held = !typed.trim().is_empty();
        let message = if held {
            Some(format!("A new question: \"{}\" was not used. Read it, then answer.", typed.trim()))
        } else {
            self.message.take()
        };
        *self = DecisionUi {
            key: Some(key),
            items: items(decision),
            checked: vec![false; decision.options.len()],
            refs: decision.options.iter().map(|o| grid.mentioned(&o.label, board)).collect(),
            message,
            held,
            ..DecisionUi::default()
        };
        true
    }

    /// The cell the highlighted option refers to.
    pub fn focus(&self) -> Option<CellId> {
        match self.items.get(self.highlight) {
            Some(Item::Option(i)) => self.refs.get(*i).and_then(|r| r.first().copied()),
            _ => None,
        }
    }

    /// Every cell some option refers to.
    pub fn marked(&self) -> Vec<CellId> {
        let mut all: Vec<CellId> = self.refs.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    fn answer_highlighted(&mut self, decision: &Decision) -> Action {
        match (self.items.get(self.highlight), &decision.kind) {
            (Some(Item::Pass), _) => Action::Answer(Choice::Pass),
            (Some(Item::Number(n)), _) => Action::Answer(Choice::Number(*n)),
            (Some(Item::Option(_)), DecisionKind::Many { min, max }) => {
                let picks: Vec<usize> = self.checked.iter().enumerate().filter(|(_, c)| **c).map(|(i, _)| i).collect();
                if picks.len() < *min || picks.len() > *max {
                    self.message = Some(format!("check {} with Space, then Enter", option_count(*min, *max)));
                    return Action::None;
                }
                Action::Answer(Choice::PickMany(picks))
            }
            (Some(Item::Option(i)), _) => Action::Answer(Choice::Pick(*i)),
            (None, DecisionKind::Number { min, max }) => {
                self.message = Some(format!("type a whole number from {min} to {max}, then Enter"));
                Action::None
            }
            (None, _) => Action::None,
        }
    }

    /// The typed line as an action.
    fn submit(&mut self, decision: Option<&Decision>, grid: &Grid) -> Action {
        let text = std::mem::take(&mut self.buffer);
        let word = text.trim().to_ascii_lowercase();
        match word.as_str() {
            "" => return decision.map_or(Action::None, |d| self.answer_highlighted(d)),
            "q" | "quit" => return Action::Quit,
            "u" | "undo" => return Action::Undo,
            "?" | "help" => return Action::Help,
            "g" | "glossary" => return Action::Rules,
            "z" | "zoom" => return Action::Zoom(0),
            _ => {}
        }
        if let Some(cell) = grid.parse(&word) {
            return self.pick_cell(decision, cell, grid);
        }
        let Some(decision) = decision else {
            self.message = Some("nothing to decide now".into());
            return Action::None;
        };
        match prompt::parse(decision, &text) {
            Ok(Input::Answer(choice)) => Action::Answer(choice),
            Ok(Input::Help) => Action::Help,
            Ok(Input::Glossary(_)) => Action::Rules,
            // The full-screen UI shows both at all times.
            Ok(Input::Seats | Input::Map) => Action::None,
            Ok(Input::Quit) => Action::Quit,
            Err(reason) => {
                self.message = Some(reason);
                Action::None
            }
        }
    }

    /// A typed coordinate: the option there, or the cell shown.
    fn pick_cell(&mut self, decision: Option<&Decision>, cell: CellId, grid: &Grid) -> Action {
        let code = grid.code(cell);
        let options: Vec<usize> = self.refs.iter().enumerate().filter(|(_, r)| r.contains(&cell)).map(|(i, _)| i).collect();
        let Some(decision) = decision else { return Action::Focus(cell) };
        match options.as_slice() {
            [] => {
                self.message = Some(format!("{code}: no option refers to this cell"));
                Action::Focus(cell)
            }
            [one] => {
                self.highlight = self.items.iter().position(|it| *it == Item::Option(*one)).unwrap_or(0);
                if matches!(decision.kind, DecisionKind::Many { .. }) {
                    self.checked[*one] = !self.checked[*one];
                    Action::None
                } else {
                    Action::Answer(Choice::Pick(*one))
                }
            }
            several => {
                self.highlight = self.items.iter().position(|it| *it == Item::Option(several[0])).unwrap_or(0);
                self.message = Some(format!("{} options at {code}: choose with ↑↓ and Enter", several.len()));
                Action::None
            }
        }
    }

    /// What `key` does, given the open decision (if any).
    pub fn key(&mut self, decision: Option<&Decision>, grid: &Grid, key: KeyEvent) -> Action {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let shifted = key.modifiers.intersects(KeyModifiers::SHIFT | KeyModifiers::ALT | KeyModifiers::CONTROL);
        if ctrl {
            match key.code {
                KeyCode::Char('c') | KeyCode::Char('q') => return Action::Quit,
                KeyCode::Char('z') => return Action::Undo,
                _ => {}
            }
        }
        let empty = self.buffer.is_empty();
        match key.code {
            KeyCode::Up if shifted => Action::Scroll(0, -1),
            KeyCode::Down if shifted => Action::Scroll(0, 1),
            KeyCode::Left => Action::Scroll(-1, 0),
            KeyCode::Right => Action::Scroll(1, 0),
            KeyCode::Up | KeyCode::Down => {
                self.held = false;
                let n = self.items.len().max(1);
                self.highlight = if key.code == KeyCode::Up { (self.highlight + n - 1) % n } else { (self.highlight + 1) % n };
                Action::None
            }
            KeyCode::Home => {
                self.highlight = 0;
                Action::None
            }
            KeyCode::End => {
                self.highlight = self.items.len().saturating_sub(1);
                Action::None
            }
            KeyCode::PageUp => Action::Log(-10),
            KeyCode::PageDown => Action::Log(10),
            KeyCode::Tab => Action::Tab(1),
            KeyCode::BackTab => Action::Tab(-1),
            KeyCode::Esc => {
                self.buffer.clear();
                self.message = None;
                Action::None
            }
            KeyCode::Backspace => {
                self.buffer.pop();
                Action::None
            }
            KeyCode::Enter if self.held && empty => {
                self.held = false;
                self.message = None;
                Action::None
            }
            KeyCode::Enter => {
                self.held = false;
                self.message = None;
                self.submit(decision, grid)
            }
            KeyCode::Char(' ') if empty => {
                if let (Some(Item::Option(i)), Some(Decision { kind: DecisionKind::Many { .. }, .. })) = (self.items.get(self.highlight), decision) {
                    self.checked[*i] = !self.checked[*i];
                }
                Action::None
            }
            KeyCode::Char('?') if empty => Action::Help,
            KeyCode::Char('+') if empty => Action::Zoom(1),
            KeyCode::Char('-') if empty => Action::Zoom(-1),
            KeyCode::Char(c) if !c.is_control() => {
                self.held = false;
                if self.buffer.len() < 40 {
                    self.buffer.push(c);
                }
                Action::None
            }
            _ => Action::None,
        }
    }
}

/// How to answer, in a few words.
pub fn hint(decision: &Decision) -> String {
    match decision.kind {
        DecisionKind::One => "↑↓ and Enter, or type a number".into(),
        DecisionKind::Many { min, max } => format!("check {} with Space, then Enter", option_count(min, max)),
        DecisionKind::Number { min, max } if max - min < LISTED_NUMBERS => "↑↓ and Enter, or type the number".into(),
        DecisionKind::Number { min, max } => format!("type a number from {min} to {max}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery::flow::OptionItem;
    use orrery::value::Value;
    use ratatui::crossterm::event::KeyEventKind;

    fn decision(kind: DecisionKind, labels: &[&str], pass: bool) -> Decision {
        Decision {
            seat: 0,
            prompt: "Choose".into(),
            rule: Some("R 1".into()),
            help: None,
            kind,
            options: labels.iter().map(|l| OptionItem { label: l.to_string(), value: Value::Nil, free: false }).collect(),
            pass: pass.then(|| "skip".into()),
            key: None,
            labels: None,
        }
    }

    fn press(ui: &mut DecisionUi, d: &Decision, grid: &Grid, code: KeyCode) -> Action {
        ui.key(Some(d), grid, KeyEvent { code, modifiers: KeyModifiers::NONE, kind: KeyEventKind::Press, state: ratatui::crossterm::event::KeyEventState::NONE })
    }

    fn ready(d: &Decision) -> (DecisionUi, Grid) {
        let mut ui = DecisionUi::default();
        let grid = Grid::default();
        ui.sync(d, 0, &grid, &Board::default());
        (ui, grid)
    }

    #[test]
    fn arrows_and_enter_pick_the_highlighted_option_and_pass_comes_last() {
        let d = decision(DecisionKind::One, &["a", "b"], true);
        let (mut ui, grid) = ready(&d);
        press(&mut ui, &d, &grid, KeyCode::Down);
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Answer(Choice::Pick(1)));
        press(&mut ui, &d, &grid, KeyCode::Down);
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Answer(Choice::Pass));
    }

    #[test]
    fn typed_numbers_and_words_are_read() {
        let d = decision(DecisionKind::One, &["a", "b", "c"], false);
        let (mut ui, grid) = ready(&d);
        press(&mut ui, &d, &grid, KeyCode::Char('3'));
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Answer(Choice::Pick(2)));
        for c in "undo".chars() {
            press(&mut ui, &d, &grid, KeyCode::Char(c));
        }
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Undo);
        press(&mut ui, &d, &grid, KeyCode::Char('9'));
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::None);
        assert!(ui.message.as_deref().is_some_and(|m| m.contains("no option 9")), "{:?}", ui.message);
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Char('?')), Action::Help);
    }

    #[test]
    fn a_number_typed_for_the_last_question_does_not_answer_a_new_one() {
        let old = decision(DecisionKind::One, &["a", "b", "c"], false);
        let (mut ui, grid) = ready(&old);
        press(&mut ui, &old, &grid, KeyCode::Char('3'));
        // Before Enter, another seat's move brings a new question.
        let mut new = decision(DecisionKind::One, &["x", "y"], false);
        new.prompt = "Another question".into();
        ui.sync(&new, 1, &grid, &Board::default());
        assert!(ui.message.as_deref().is_some_and(|m| m.contains("\"3\" was not used")), "{:?}", ui.message);
        assert_eq!(press(&mut ui, &new, &grid, KeyCode::Enter), Action::None, "the Enter meant for the old list answers nothing");
        assert_eq!(press(&mut ui, &new, &grid, KeyCode::Enter), Action::Answer(Choice::Pick(0)), "the next one does");
        // A number typed for the new question after it came is read as usual.
        let (mut ui, grid) = ready(&old);
        press(&mut ui, &old, &grid, KeyCode::Char('3'));
        ui.sync(&new, 1, &grid, &Board::default());
        press(&mut ui, &new, &grid, KeyCode::Char('2'));
        assert_eq!(press(&mut ui, &new, &grid, KeyCode::Enter), Action::Answer(Choice::Pick(1)));
    }

    #[test]
    fn many_needs_the_right_number_of_checks() {
        let d = decision(DecisionKind::Many { min: 2, max: 2 }, &["a", "b", "c"], false);
        let (mut ui, grid) = ready(&d);
        press(&mut ui, &d, &grid, KeyCode::Char(' '));
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::None);
        press(&mut ui, &d, &grid, KeyCode::Down);
        press(&mut ui, &d, &grid, KeyCode::Down);
        press(&mut ui, &d, &grid, KeyCode::Char(' '));
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Answer(Choice::PickMany(vec![0, 2])));
    }

    #[test]
    fn numbers_are_listed_when_few() {
        let d = decision(DecisionKind::Number { min: 2, max: 4 }, &[], false);
        assert_eq!(items(&d), vec![Item::Number(2), Item::Number(3), Item::Number(4)]);
        let (mut ui, grid) = ready(&d);
        press(&mut ui, &d, &grid, KeyCode::Up);
        assert_eq!(press(&mut ui, &d, &grid, KeyCode::Enter), Action::Answer(Choice::Number(4)));
    }
}
