//! Who plays each seat of a game at the terminal: a person or a bot.
//!
//! Bots get only what [`orrery::bots::ask`] gives them (their seat's view and a
//! sampled state). Each bot's randomness is seeded from the game's seed, the seat
//! and the number of choices made so far, so a bot without a clock answers the same
//! in a reloaded game as in the unbroken one (a searching bot's memory of positions
//! it has already been in, its loop guard, starts empty after a load, so a loop of
//! free moves under way when the game was saved may be broken differently).

use super::CliError;
use orrery::bots::{ask, Bot, BotKind, Budget};
use orrery::flow::Choice;
use orrery::game::Game;
use orrery::state::Seat;

/// Mixed into the game's seed for the bots' own generators.
const BOT_SALT: u64 = 0x0b07_5eed_0f0d_d500;

/// Who answers a seat's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Bot(BotKind, Strength),
}

/// How long a searching bot may think on a decision, against the front end's
/// budget (`--think-ms`, `--iterations`). Only an ismcts bot searches: the
/// heuristic bot's budget is a deadline it rarely meets, so it has no strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strength {
    /// A quarter of the budget: answers at once, plays looser.
    Quick,
    #[default]
    Normal,
    /// Four times the budget: slower and stronger.
    Strong,
}

impl Strength {
    pub const NAMES: &'static str = "quick, normal, strong";

    pub fn parse(name: &str) -> Option<Strength> {
        match name.trim() {
            "quick" => Some(Strength::Quick),
            "normal" => Some(Strength::Normal),
            "strong" => Some(Strength::Strong),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Strength::Quick => "quick",
            Strength::Normal => "normal",
            Strength::Strong => "strong",
        }
    }

    /// `budget` made smaller or larger for this strength.
    pub fn scale(self, budget: Budget) -> Budget {
        let (num, den) = match self {
            Strength::Quick => (1, 4),
            Strength::Normal => return budget,
            Strength::Strong => (4, 1),
        };
        Budget { think: budget.think.map(|t| t * num / den), iterations: (budget.iterations.saturating_mul(num as usize) / den as usize).max(1) }
    }
}

impl Player {
    /// The seat as written in a `--seats` list: `human`, `random`, `ismcts:strong`.
    pub fn name(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Bot(kind, Strength::Normal) => kind.name().into(),
            Player::Bot(kind, strength) => format!("{}:{}", kind.name(), strength.name()),
        }
    }

    pub fn is_human(self) -> bool {
        self == Player::Human
    }
}

/// Reads `human,ismcts,heuristic,random`; an ismcts seat may name its strength,
/// `ismcts:quick` or `ismcts:strong`.
pub fn parse(spec: &str) -> Result<Vec<Player>, CliError> {
    spec.split(',').map(|s| parse_one(s.trim())).collect()
}

fn parse_one(seat: &str) -> Result<Player, CliError> {
    if seat == "human" {
        return Ok(Player::Human);
    }
    let (kind_name, strength_name) = match seat.split_once(':') {
        Some((kind, strength)) => (kind, Some(strength)),
        None => (seat, None),
    };
    let kind = BotKind::parse(kind_name).ok_or_else(|| CliError::Usage(format!("unknown seat kind `{kind_name}` (human, {})", BotKind::NAMES)))?;
    let strength = match strength_name {
        None => Strength::Normal,
        Some(name) => Strength::parse(name).ok_or_else(|| CliError::Usage(format!("unknown bot strength `{name}` ({})", Strength::NAMES)))?,
    };
    if strength != Strength::Normal && kind != BotKind::Ismcts {
        return Err(CliError::Usage(format!("`{seat}`: only an ismcts bot has a strength; a {} bot plays the same at any budget", kind.name())));
    }
    Ok(Player::Bot(kind, strength))
}

/// Writes players back as a `--seats` list.
pub fn spec(players: &[Player]) -> String {
    players.iter().map(|p| p.name()).collect::<Vec<_>>().join(",")
}

/// The bots of a game, one per bot seat.
pub struct Bots {
    bots: Vec<Option<Box<dyn Bot>>>,
    seed: u64,
}

impl Bots {
    pub fn new(players: &[Player], budget: Budget, game_seed: u64) -> Bots {
        let bots = players
            .iter()
            .map(|p| match p {
                Player::Human => None,
                Player::Bot(kind, strength) => Some(kind.build(strength.scale(budget))),
            })
            .collect();
        Bots { bots, seed: game_seed ^ BOT_SALT }
    }

    /// The bot's answer for `seat`, or `None` if a person plays it.
    pub fn answer(&mut self, game: &Game, seat: Seat) -> Option<Choice> {
        let bot = self.bots.get_mut(seat as usize)?.as_mut()?;
        Some(ask(bot.as_mut(), game, seat, self.seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lists_parse_and_print_back() {
        let players = parse("human, ismcts,heuristic,random").expect("parses");
        assert_eq!(players[1], Player::Bot(BotKind::Ismcts, Strength::Normal));
        assert_eq!(spec(&players), "human,ismcts,heuristic,random");
        assert!(parse("human,wizard").is_err());
    }

    #[test]
    fn an_ismcts_seat_names_its_strength() {
        let players = parse("ismcts:strong,ismcts:quick,ismcts:normal").expect("parses");
        assert_eq!(players, [Player::Bot(BotKind::Ismcts, Strength::Strong), Player::Bot(BotKind::Ismcts, Strength::Quick), Player::Bot(BotKind::Ismcts, Strength::Normal)]);
        assert_eq!(spec(&players), "ismcts:strong,ismcts:quick,ismcts");
        assert!(parse("heuristic:strong").is_err(), "a heuristic bot has no strength");
        assert!(parse("ismcts:fierce").is_err());
        let budget = Budget::from_args(200, Some(400));
        assert_eq!(Strength::Strong.scale(budget), Budget { think: Some(std::time::Duration::from_millis(800)), iterations: 1600 });
        assert_eq!(Strength::Quick.scale(budget), Budget { think: Some(std::time::Duration::from_millis(50)), iterations: 100 });
    }
}
