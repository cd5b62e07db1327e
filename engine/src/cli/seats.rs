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
    Bot(BotKind),
}

impl Player {
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Bot(kind) => kind.name(),
        }
    }

    pub fn is_human(self) -> bool {
        self == Player::Human
    }
}

/// Reads `human,ismcts,heuristic,random`.
pub fn parse(spec: &str) -> Result<Vec<Player>, CliError> {
    spec.split(',')
        .map(|s| match s.trim() {
            "human" => Ok(Player::Human),
            other => BotKind::parse(other)
                .map(Player::Bot)
                .ok_or_else(|| CliError::Usage(format!("unknown seat kind `{other}` (human, {})", BotKind::NAMES))),
        })
        .collect()
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
                Player::Bot(kind) => Some(kind.build(budget)),
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
        assert_eq!(players[1], Player::Bot(BotKind::Ismcts));
        assert_eq!(spec(&players), "human,ismcts,heuristic,random");
        assert!(parse("human,wizard").is_err());
    }
}
