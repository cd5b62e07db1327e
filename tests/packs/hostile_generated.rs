//! Hostile cases written by code rather than committed: inputs too large to keep
//! in the repository, and every save case (each starts from a real save of the toy
//! fixture, written when the test runs, and damages or forges it one way).
//!
//! Each case is a [`Generated`]: a class, a name, and a function that writes the
//! case — a pack root and its `expect.txt`, in the format of [`crate::hostile`] —
//! into an empty directory.

use crate::fixtures;
use orrery::bots::candidates;
use orrery::content;
use orrery::game::Game;
use orrery::replay::{self, SaveFile};
use std::path::Path;
use std::sync::Arc;

/// A case written by code.
pub struct Generated {
    pub class: &'static str,
    pub name: &'static str,
    pub make: fn(&Path) -> Result<(), String>,
}

/// Every generated case.
pub fn cases() -> Vec<Generated> {
    let case = |class, name, make| Generated { class, name, make };
    vec![
        case("crash", "extends-chain-3000-deep", extends_chain),
        case("saves", "00-intact-save-plays-on", intact_save),
        case("saves", "01-truncated", truncated_save),
        case("saves", "02-flipped-bytes", flipped_save),
        case("saves", "03-edited-state-with-its-hash", edited_state),
        case("saves", "04-edited-choices", edited_choices),
        case("saves", "05-foreign-pack", foreign_pack),
        case("saves", "06-oversized", oversized_save),
        case("saves", "07-deeply-nested", nested_save),
        case("saves", "08-shortened-pending-answers", shortened_answers),
        case("saves", "09-choice-dropped-from-both-lists", dropped_choice),
        case("saves", "10-not-a-save", not_a_save),
    ]
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Copies the files of `from` (one level) into `to`.
fn copy_files(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(from).map_err(|e| e.to_string())?.filter_map(Result::ok) {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- packs

/// 3,000 layers, each `extends` the one before: deep enough to overflow the stack
/// of a loader that recurses once per layer.
fn extends_chain(dir: &Path) -> Result<(), String> {
    let mini = crate::repo().join("tests/bad-packs/43-memory-bomb");
    copy_files(&mini.join("content/mini"), &dir.join("content/p0"))?;
    let base = std::fs::read_to_string(dir.join("content/p0/pack.ron")).map_err(|e| e.to_string())?;
    write(&dir.join("content/p0/pack.ron"), &base.replace("id: \"mini\"", "id: \"p0\""))?;
    write(&dir.join("scripts/p0/main.lua"), "local M = {}\nM.game = {}\nfunction M.game.run(g, ctx)\n    g:finish({ scores = { 0, 0 }, ranking = { 1, 2 } })\nend\nreturn M\n")?;
    const DEPTH: usize = 3000;
    for i in 1..=DEPTH {
        let layer = format!("Pack(\n    id: \"p{i}\",\n    name: \"Layer {i}\",\n    version: \"0.1.0\",\n    extends: Some(\"p{}\"),\n)\n", i - 1);
        write(&dir.join(format!("content/p{i}/pack.ron")), &layer)?;
    }
    write(&dir.join("pack.txt"), &format!("p{DEPTH}\n"))?;
    write(&dir.join("expect.txt"), "# A 3,000-deep extends chain: refused for its depth, not a stack overflow.\nrefused: extends\n")
}

// ---------------------------------------------------------------- saves

/// A pack root holding the toy fixture, and a save of a toy game in progress
/// (`save.ron`, 2 seats, seed 7, about half played).
fn toy_with_save(dir: &Path) -> Result<SaveFile, String> {
    let fixtures = fixtures();
    copy_files(&fixtures.join("content/toy"), &dir.join("content/toy"))?;
    copy_files(&fixtures.join("scripts/toy"), &dir.join("scripts/toy"))?;
    let rules = Arc::new(content::load(&dir.join("content/toy")).map_err(|e| format!("the toy fixture does not load: {e:?}"))?);
    let mut game = Game::new(rules, 2, 7, Vec::new()).map_err(|e| e.to_string())?;
    for _ in 0..6 {
        let Some(pending) = game.pending() else { break };
        let seat = pending.waiting_seats()[0];
        let Some((_, decision)) = pending.open_for(seat) else { break };
        let choice = candidates(decision, 1).into_iter().next().ok_or("a decision without answers")?;
        game.act(seat, choice).map_err(|e| e.to_string())?;
    }
    if game.state.history.len() < 2 {
        return Err("the toy game ended before a save could be made in progress".into());
    }
    replay::write(&game, &dir.join("save.ron")).map_err(|e| e.to_string())?;
    Ok(replay::save(&game))
}

/// `play --load` of the case's save with two random bots.
const LOAD: &str = "args: play --load {case}/save.ron --seats random,random --plain\n";

fn save_case(dir: &Path, about: &str, outcome: &str, text: &str) -> Result<(), String> {
    write(&dir.join("save.ron"), text)?;
    write(&dir.join("expect.txt"), &format!("# {about}\n{outcome}\n{LOAD}"))
}

fn pretty(save: &SaveFile) -> Result<String, String> {
    ron::ser::to_string_pretty(save, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())
}

fn intact_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    save_case(dir, "The undamaged save: it loads and the bots play it to the end.", "played", &pretty(&save)?)
}

fn truncated_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    let text = std::fs::read_to_string(dir.join("save.ron")).map_err(|e| e.to_string())?;
    save_case(dir, "The save cut in the middle.", "refused: not a valid save file", &text[..text.len() / 2])
}

fn flipped_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    let mut bytes = std::fs::read(dir.join("save.ron")).map_err(|e| e.to_string())?;
    // Flip bits all through the file: the result is garbage that must not load.
    for i in (bytes.len() / 7..bytes.len()).step_by(97) {
        bytes[i] ^= 0x5a;
    }
    std::fs::write(dir.join("save.ron"), &bytes).map_err(|e| e.to_string())?;
    write(&dir.join("expect.txt"), &format!("# Bytes flipped all through the save.\nrefused: save\n{LOAD}"))
}

fn edited_state(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    // Give seat 1 a score of 999 and recompute the hash, as a forger would.
    let score = orrery::sym::Sym::new("score");
    save.state.seats[0].set(score, orrery::value::Value::Int(999));
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "A seat's score set to 999 in the stored state, with the hash recomputed.", "refused: does not match", &pretty(&save)?)
}

fn edited_choices(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    let last = save.history.len() - 1;
    save.history[last].choice = orrery::flow::Choice::Pick(9999);
    save.state.history = save.history.clone();
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "A choice in the history replaced by one the game never offered.", "refused: choice", &pretty(&save)?)
}

fn foreign_pack(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    let text = pretty(&save)?.replace("pack: \"toy\"", "pack: \"../../etc\"");
    save_case(dir, "A save naming a pack outside the root.", "refused: pack", &text)
}

fn oversized_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    let mut text = pretty(&save)?;
    // 300 MiB of padding in a string the format allows: the loader must refuse the
    // size before reading it all.
    let padding = " ".repeat(300 * 1024 * 1024);
    text.insert_str(text.len() - 2, &padding);
    save_case(dir, "A 300 MiB save.", "refused: too large", &text)
}

fn nested_save(dir: &Path) -> Result<(), String> {
    let save = toy_with_save(dir)?;
    // A value nested 100,000 lists deep where the state keeps a script value: a
    // reader that recursed once per level would overflow its stack.
    let depth = 100_000;
    let nested = format!("{}Int(1){}", "List([".repeat(depth), "])".repeat(depth));
    let text = pretty(&save)?;
    let Some(at) = text.find("Int(") else { return Err("the toy save holds no integer value".into()) };
    let end = at + text[at..].find(')').unwrap_or(0) + 1;
    let text = format!("{}{nested}{}", &text[..at], &text[end..]);
    save_case(dir, "A script value in the save nested 100,000 lists deep.", "refused: not a valid save file", &text)
}

fn shortened_answers(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    match save.state.pending.as_mut() {
        Some(pending) => pending.answers.clear(),
        None => return Err("the toy save has no pending decision".into()),
    }
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "The pending decision's answer slots removed, with the hash recomputed.", "refused: does not match", &pretty(&save)?)
}

fn dropped_choice(dir: &Path) -> Result<(), String> {
    let mut save = toy_with_save(dir)?;
    save.history.pop();
    save.state.history.pop();
    save.hash = replay::state_hash(&save.state);
    save_case(dir, "The last choice removed from both lists: the stored state is no longer where the choices lead.", "refused: does not match", &pretty(&save)?)
}

fn not_a_save(dir: &Path) -> Result<(), String> {
    toy_with_save(dir)?;
    save_case(dir, "A file that is not a save at all.", "refused: not a valid save file", "\u{1b}[2J\u{1b}]0;owned\u{7}binary\0garbage")
}
