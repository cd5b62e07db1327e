//! `orrery play`: a game at the terminal with human and bot seats.
//!
//! A plain prompt loop over the kernel's front-end contract: `pending()`,
//! `act(seat, choice)` and `view(seat)`. Bots answer silently (only public log
//! lines are printed); a human seat sees its own variables, its new private lines,
//! and its decision (see [`super::prompt`]). What is on screen is governed by
//! [`Screen`]. `q` or the end of the input stops the game; `--save` writes it
//! whether it finished or not, and `--load` continues a save.

use super::prompt::{self, Input};
use super::screen::{read_line, Screen};
use super::{pack, CliError};
use orrery::bots::random_choice;
use orrery::game::{Game, GameError};
use orrery::replay;
use orrery::state::Seat;
use orrery::view::view;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Mixed into the seed for the bots' own generator, so bots do not mirror the game's.
const BOT_SALT: u64 = 0x0b07_5eed_0f0d_d500;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Pack id or path (default: $ORRERY_PACK, else the first pack under <root>/content).
    #[arg(long)]
    pub pack: Option<String>,
    /// Who plays each seat, comma-separated: human or random (default:
    /// human,random,random,random; for --load, human then random).
    #[arg(long, value_name = "KINDS")]
    pub seats: Option<String>,
    /// Game seed (default: from the clock, printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A variant to play with (repeatable).
    #[arg(long = "variant", value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Write the game here when it ends or is interrupted.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
}

/// Who answers a seat's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Human,
    Random,
}

impl Player {
    fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Random => "random",
        }
    }
}

const DEFAULT_SEATS: &str = "human,random,random,random";

fn players(spec: &str) -> Result<Vec<Player>, CliError> {
    spec.split(',')
        .map(|s| match s.trim() {
            "human" => Ok(Player::Human),
            "random" => Ok(Player::Random),
            other => Err(CliError::Usage(format!("unknown seat kind `{other}` (human or random)"))),
        })
        .collect()
}

/// How the loop ended.
enum End {
    Over,
    Quit,
}

pub fn run(root: &Path, args: &Args, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let (mut game, seats, fresh) = start(root, args, out)?;
    let humans = seats.iter().filter(|&&p| p == Player::Human).count();
    let seed = game.state.setup.seed ^ BOT_SALT ^ (game.state.history.len() as u64).rotate_left(32);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut screen = Screen::new(&game.state, humans, fresh);
    screen.public_lines(&game.state, out)?;
    let result = play(&mut game, &seats, &mut screen, &mut rng, input, out);
    if let Some(path) = &args.save {
        replay::write(&game, path)?;
        writeln!(out, "saved to {}", path.display())?;
    }
    match result? {
        End::Over => outcome(&game, &seats, out)?,
        End::Quit => writeln!(out, "stopped after {} choices", game.state.history.len())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Creates or loads the game and decides who plays each seat.
fn start(root: &Path, args: &Args, out: &mut dyn Write) -> Result<(Game, Vec<Player>, bool), CliError> {
    if let Some(path) = &args.load {
        let save = replay::read(path)?;
        if let Some(p) = &args.pack {
            if *p != save.setup.pack {
                return Err(CliError::Usage(format!("{} is a game of {}, not {p}", path.display(), save.setup.pack)));
            }
        }
        let rules = pack::load(root, &save.setup.pack)?;
        let n = save.setup.seats;
        let seats = match &args.seats {
            Some(spec) => players(spec)?,
            None => (0..n).map(|i| if i == 0 { Player::Human } else { Player::Random }).collect(),
        };
        if seats.len() != n {
            return Err(CliError::Usage(format!("the save has {n} seats, --seats names {}", seats.len())));
        }
        writeln!(out, "loaded {} ({}, {n} seats, seed {}, {} choices made)", path.display(), save.setup.pack, save.setup.seed, save.history.len())?;
        return Ok((replay::resume(rules, save)?, seats, false));
    }
    let pack = match &args.pack {
        Some(p) => p.clone(),
        None => default_pack(root)?,
    };
    let seats = players(args.seats.as_deref().unwrap_or(DEFAULT_SEATS))?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let rules = pack::load(root, &pack)?;
    writeln!(out, "{} {}: {} seats ({}), seed {seed}", rules.manifest.name, rules.manifest.version, seats.len(), seats.iter().map(|p| p.name()).collect::<Vec<_>>().join(", "))?;
    let game = Game::new(rules, seats.len(), seed, args.variants.clone())?;
    Ok((game, seats, true))
}

/// `$ORRERY_PACK`, else the first pack (by id) under `<root>/content`.
fn default_pack(root: &Path) -> Result<String, CliError> {
    if let Ok(p) = std::env::var("ORRERY_PACK") {
        return Ok(p);
    }
    orrery::content::discover(root)
        .first()
        .and_then(|d| d.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| CliError::Usage(format!("no packs under {}; give --pack", root.join("content").display())))
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}

fn play(game: &mut Game, seats: &[Player], screen: &mut Screen, rng: &mut ChaCha8Rng, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<End, CliError> {
    while !game.is_over() {
        let Some(pending) = game.pending() else {
            return Err(GameError::Flow("the game is not over but nothing is pending".into()).into());
        };
        let waiting = pending.waiting_seats();
        let is_bot = |s: &Seat| seats.get(*s as usize).is_none_or(|p| *p != Player::Human);
        let Some(seat) = waiting.iter().find(|s| is_bot(s)).or(waiting.first()).copied() else {
            return Err(GameError::Flow("a decision is pending but no seat is waiting".into()).into());
        };
        let Some(decision) = game.decision_for(seat).cloned() else {
            return Err(GameError::Flow(format!("seat {} is waiting without a decision", seat as usize + 1)).into());
        };
        if is_bot(&seat) {
            game.act(seat, random_choice(&decision, rng))?;
            screen.public_lines(&game.state, out)?;
            continue;
        }
        if !screen.hand_over(seat, input, out)? {
            return Ok(End::Quit);
        }
        summary(game, seat, screen, out)?;
        prompt::show(&decision, out)?;
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = read_line(input)? else { return Ok(End::Quit) };
            match prompt::parse(&decision, &line) {
                Ok(Input::Help) => writeln!(out, "{}", prompt::help(&decision))?,
                Ok(Input::Quit) => return Ok(End::Quit),
                Ok(Input::Answer(choice)) => match game.act(seat, choice) {
                    Ok(()) => break,
                    Err(e) => writeln!(out, "refused: {e}")?,
                },
                Err(reason) => writeln!(out, "{reason}")?,
            }
        }
        screen.public_lines(&game.state, out)?;
        screen.private_lines(&game.state, seat, out)?;
    }
    Ok(End::Over)
}

/// What a human seat sees before deciding: its variables and its new private lines.
fn summary(game: &Game, seat: Seat, screen: &mut Screen, out: &mut dyn Write) -> std::io::Result<()> {
    let v = view(&game.state, Some(seat));
    let vars: Vec<String> = v.seat_vars.get(seat as usize).map(|vars| vars.iter().map(|(k, v)| format!("{k} {v}")).collect()).unwrap_or_default();
    writeln!(out, "---- seat {} ----", seat as usize + 1)?;
    if !vars.is_empty() {
        writeln!(out, "  {}", vars.join(", "))?;
    }
    screen.private_lines(&game.state, seat, out)
}

fn outcome(game: &Game, seats: &[Player], out: &mut dyn Write) -> std::io::Result<()> {
    let Some(outcome) = &game.state.outcome else { return Ok(()) };
    writeln!(out, "Game over.")?;
    for (place, &seat) in outcome.ranking.iter().enumerate() {
        let kind = seats.get(seat as usize).map_or("?", |p| p.name());
        let score = outcome.scores.get(seat as usize).copied().unwrap_or_default();
        writeln!(out, "  {}. seat {} ({kind}): {score}", place + 1, seat as usize + 1)?;
    }
    Ok(())
}
