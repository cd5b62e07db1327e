//! The balance report: many finished games tallied by seat, by the pack's groups and
//! score sources, and by length.
//!
//! Games arrive here already reduced to a [`GameSummary`] (so no worker keeps a whole
//! game state alive) and are tallied strictly in game order: floating-point sums then
//! come out bit for bit the same whatever the number of worker threads. A group
//! label's statistics are per *seat-game*: two seats of one game with the same label
//! count twice. Source means treat a source a seat did not name as 0, so the means of
//! a label's sources add up to its mean score when every seat's sources add up to its
//! score ([`Report::sources_mismatch`] counts the seats whose do not).

use super::seat_report::SeatReport;
use crate::bots::tournament::wilson;
use crate::state::Seat;
use serde::Serialize;
use std::collections::BTreeMap;

/// Bars of a length histogram, at most.
const HISTOGRAM_BINS: usize = 20;

/// One game, reduced to what the report needs.
#[derive(Clone, Debug)]
pub(crate) struct GameSummary {
    pub index: usize,
    pub seed: u64,
    pub decisions: usize,
    pub ending: Ending,
    pub fingerprint: Fingerprint,
    /// Seconds in the kernel (the game's creation and its acts).
    pub kernel_seconds: f64,
}

/// What one game was, in three hashes: two builds that give every game the same
/// `choices` and `outcome` played the same games, whatever their states look like
/// inside; the same `state` means the states are identical too. For checking that
/// a change to the kernel (a faster one) changes no game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Fingerprint {
    pub seed: u64,
    /// Every accepted choice, in order, with its seat.
    pub choices: String,
    /// The final scores and ranking (or the error that ended the game).
    pub outcome: String,
    /// The final state.
    pub state: String,
}

impl Fingerprint {
    pub(crate) fn of(seed: u64, game: &crate::game::Game, error: Option<&str>) -> Fingerprint {
        use crate::replay::{ron_hash, state_hash, text_hash};
        let outcome = match error {
            Some(message) => text_hash(&format!("error: {message}")),
            None => ron_hash(&game.state.outcome),
        };
        Fingerprint { seed, choices: ron_hash(&game.state.history), outcome, state: state_hash(&game.state) }
    }
}


#[derive(Clone, Debug)]
pub(crate) enum Ending {
    Finished(Finished),
    /// The game broke (a script or flow error); the message says how.
    Failed(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Finished {
    pub scores: Vec<i64>,
    pub winner: Option<Seat>,
    /// Global integer variables named `usage.<what>`, prefix removed.
    pub usage: Vec<(String, i64)>,
    /// The pack's report per seat (empty when the pack has no report function).
    pub seats: Vec<Option<SeatReport>>,
}

/// The summary `orrery simulate` prints (as text, JSON or HTML).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub pack: String,
    pub players: usize,
    pub variants: Vec<String>,
    pub seed: u64,
    pub games: usize,
    /// The bot of each seat (one name: every seat).
    pub bots: Vec<String>,
    /// A searching bot's wall-clock budget per decision (none: iterations only).
    pub think_ms: Option<f64>,
    pub iterations: Option<usize>,
    pub jobs: usize,
    pub finished: usize,
    pub errors: usize,
    pub error_messages: Vec<String>,
    pub decisions: usize,
    pub decisions_per_game: f64,
    pub seconds: f64,
    /// Of the games' threads' time, the seconds spent in the kernel: creating each
    /// game and its acts, without the thread's script VM (made once, before its
    /// first game), the bots' choices, the fingerprints or the pack's report. Summed
    /// over threads.
    pub kernel_seconds: f64,
    /// Decisions per second of kernel time: what the kernel costs per decision,
    /// whatever the bots and the harness around it cost.
    pub kernel_decisions_per_second: f64,
    pub games_per_second: f64,
    /// Games won (first in the ranking) by each seat, seat 1 first.
    pub wins_by_seat: Vec<usize>,
    pub mean_score_by_seat: Vec<f64>,
    /// Sums over finished games of every global integer variable named `usage.<what>`:
    /// packs count there how often each of their components was used.
    pub usage: BTreeMap<String, i64>,
    /// Game length of the finished games.
    pub length: Length,
    /// Seat-games the pack's report described (0 without a report function).
    pub seats_reported: usize,
    /// Wins per reported seat-game: the win rate of a group that is neither stronger
    /// nor weaker than the others.
    pub base_win_rate: Option<f64>,
    /// Mean final score of the reported seat-games.
    pub mean_score: f64,
    /// Mean of each score source over the reported seat-games.
    pub sources: BTreeMap<String, f64>,
    /// Reported seat-games whose sources do not add up to their final score.
    pub sources_mismatch: usize,
    /// One entry per group axis the pack reported, by name.
    pub axes: Vec<Axis>,
    /// Every game's [`Fingerprint`], in game order.
    pub fingerprints: Vec<Fingerprint>,
}

/// How long the finished games were.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Length {
    pub decisions: Option<Histogram>,
    /// Present when the pack's report gives `rounds`.
    pub rounds: Option<Histogram>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Histogram {
    pub count: usize,
    pub min: i64,
    pub max: i64,
    pub mean: f64,
    pub bins: Vec<Bin>,
}

/// Values from `from` to `to`, both included.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    pub from: i64,
    pub to: i64,
    pub count: usize,
}

/// One group axis (`faction`) and its labels.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Axis {
    pub name: String,
    pub labels: Vec<LabelStats>,
}

/// The seat-games of one label on one axis.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LabelStats {
    pub label: String,
    pub games: usize,
    pub wins: usize,
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    pub win_low: f64,
    pub win_high: f64,
    pub mean_score: f64,
    /// Mean of each score source (every source of the report, 0 where not named).
    pub sources: BTreeMap<String, f64>,
}

/// Running sums for one label (or for all reported seats).
#[derive(Default)]
struct Sums {
    games: usize,
    wins: usize,
    score: f64,
    sources: BTreeMap<String, f64>,
}

impl Sums {
    fn add(&mut self, score: i64, won: bool, seat: &SeatReport) {
        self.games += 1;
        self.wins += usize::from(won);
        self.score += score as f64;
        for (name, n) in &seat.sources {
            *self.sources.entry(name.clone()).or_default() += n;
        }
    }

    fn mean(&self, sum: f64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            sum / self.games as f64
        }
    }

    /// Means of every source in `names`, 0 for those this label never had.
    fn source_means(&self, names: &BTreeMap<String, f64>) -> BTreeMap<String, f64> {
        names.keys().map(|n| (n.clone(), self.mean(self.sources.get(n).copied().unwrap_or(0.0)))).collect()
    }
}

/// Tallies `games` (in game order) into `report`, whose settings are already filled in.
pub(crate) fn tally(report: &mut Report, games: &[GameSummary]) {
    let mut all = Sums::default();
    let mut axes: BTreeMap<String, BTreeMap<String, Sums>> = BTreeMap::new();
    let mut decisions = Vec::new();
    let mut rounds = Vec::new();
    let mut with_winner = 0;
    for game in games {
        report.decisions += game.decisions;
        report.fingerprints.push(game.fingerprint.clone());
        let f = match &game.ending {
            Ending::Finished(f) => f,
            Ending::Failed(message) => {
                report.errors += 1;
                if report.error_messages.len() < 10 {
                    report.error_messages.push(format!("seed {}: {message}", game.seed));
                }
                continue;
            }
        };
        report.finished += 1;
        decisions.push(game.decisions as i64);
        // Variants may add seats no player sits in: size the tallies to the game.
        let n = f.scores.len();
        if report.wins_by_seat.len() < n {
            report.wins_by_seat.resize(n, 0);
            report.mean_score_by_seat.resize(n, 0.0);
        }
        if let Some(w) = f.winner {
            report.wins_by_seat[w as usize] += 1;
            with_winner += 1;
        }
        for (i, s) in f.scores.iter().enumerate() {
            report.mean_score_by_seat[i] += *s as f64;
        }
        for (what, n) in &f.usage {
            *report.usage.entry(what.clone()).or_default() += n;
        }
        if let Some(r) = f.seats.iter().flatten().filter_map(|s| s.rounds).max() {
            rounds.push(r);
        }
        for (seat, described) in f.seats.iter().enumerate() {
            let Some(described) = described else { continue };
            let score = f.scores.get(seat).copied().unwrap_or(0);
            let won = f.winner == Some(seat as Seat);
            all.add(score, won, described);
            if !described.sources.is_empty() && (described.source_total() - score as f64).abs() > 1e-9 {
                report.sources_mismatch += 1;
            }
            for (axis, label) in &described.groups {
                axes.entry(axis.clone()).or_default().entry(label.clone()).or_default().add(score, won, described);
            }
        }
    }
    if report.finished > 0 {
        for m in &mut report.mean_score_by_seat {
            *m /= report.finished as f64;
        }
    }
    report.decisions_per_game = report.decisions as f64 / report.games.max(1) as f64;
    report.kernel_seconds = games.iter().map(|g| g.kernel_seconds).sum();
    report.kernel_decisions_per_second = report.decisions as f64 / report.kernel_seconds.max(1e-9);
    report.length = Length { decisions: histogram(&decisions), rounds: histogram(&rounds) };
    report.seats_reported = all.games;
    report.base_win_rate = (all.games > 0).then(|| with_winner as f64 / all.games as f64);
    report.mean_score = all.mean(all.score);
    report.sources = all.sources.iter().map(|(n, s)| (n.clone(), all.mean(*s))).collect();
    report.axes = axes
        .into_iter()
        .map(|(name, labels)| Axis {
            name,
            labels: labels
                .into_iter()
                .map(|(label, s)| {
                    let (win_low, win_high) = wilson(s.wins, s.games);
                    LabelStats {
                        label,
                        games: s.games,
                        wins: s.wins,
                        win_rate: s.mean(s.wins as f64),
                        win_low,
                        win_high,
                        mean_score: s.mean(s.score),
                        sources: s.source_means(&report.sources),
                    }
                })
                .collect(),
        })
        .collect();
}

/// At most [`HISTOGRAM_BINS`] bins of equal whole width covering every value.
fn histogram(values: &[i64]) -> Option<Histogram> {
    let (&min, &max) = (values.iter().min()?, values.iter().max()?);
    let span = (max - min + 1) as usize;
    let width = span.div_ceil(HISTOGRAM_BINS).max(1);
    let mut bins: Vec<Bin> = (0..span.div_ceil(width))
        .map(|b| {
            let from = min + (b * width) as i64;
            Bin { from, to: (from + width as i64 - 1).min(max), count: 0 }
        })
        .collect();
    for v in values {
        bins[(v - min) as usize / width].count += 1;
    }
    let mean = values.iter().sum::<i64>() as f64 / values.len() as f64;
    Some(Histogram { count: values.len(), min, max, mean, bins })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(label: &str, sources: &[(&str, f64)]) -> Option<SeatReport> {
        Some(SeatReport {
            groups: [("side".to_owned(), label.to_owned())].into(),
            sources: sources.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
            rounds: Some(5),
        })
    }

    fn game(index: usize, scores: Vec<i64>, winner: Seat, seats: Vec<Option<SeatReport>>) -> GameSummary {
        GameSummary {
            index,
            seed: index as u64,
            decisions: 10 + index,
            ending: Ending::Finished(Finished { scores, winner: Some(winner), usage: vec![], seats }),
            fingerprint: Fingerprint::default(),
            kernel_seconds: 0.0,
        }
    }

    #[test]
    fn labels_count_seat_games_and_sources_default_to_zero() {
        let games = vec![
            game(0, vec![5, 3], 0, vec![seat("a", &[("x", 5.0)]), seat("a", &[("x", 1.0), ("y", 2.0)])]),
            game(1, vec![2, 4], 1, vec![seat("a", &[("x", 2.0)]), seat("b", &[("y", 4.0)])]),
            GameSummary { index: 2, seed: 2, decisions: 3, ending: Ending::Failed("boom".into()), fingerprint: Fingerprint::default(), kernel_seconds: 0.0 },
        ];
        let mut r = Report { games: 3, ..Report::default() };
        tally(&mut r, &games);
        assert_eq!((r.finished, r.errors, r.seats_reported, r.sources_mismatch), (2, 1, 4, 0));
        assert_eq!(r.error_messages, vec!["seed 2: boom".to_owned()]);
        assert_eq!(r.base_win_rate, Some(0.5));
        let side = &r.axes[0];
        assert_eq!(side.name, "side");
        let a = &side.labels[0];
        assert_eq!((a.label.as_str(), a.games, a.wins), ("a", 3, 1));
        assert_eq!(a.mean_score, 10.0 / 3.0);
        assert!((a.sources["x"] + a.sources["y"] - a.mean_score).abs() < 1e-12, "source means add up to the mean score");
        assert_eq!(side.labels[1].sources["x"], 0.0);
        assert_eq!(r.length.rounds.as_ref().map(|h| h.count), Some(2));
    }

    #[test]
    fn sources_that_miss_the_score_are_counted() {
        let games = vec![game(0, vec![5, 3], 0, vec![seat("a", &[("x", 4.0)]), None])];
        let mut r = Report { games: 1, ..Report::default() };
        tally(&mut r, &games);
        assert_eq!((r.seats_reported, r.sources_mismatch), (1, 1));
    }

    #[test]
    fn histogram_bins_cover_every_value_once() {
        let values: Vec<i64> = (0..100).map(|i| 50 + (i * 37) % 91).collect();
        let h = histogram(&values).unwrap();
        assert!(h.bins.len() <= HISTOGRAM_BINS);
        assert_eq!(h.bins.iter().map(|b| b.count).sum::<usize>(), 100);
        assert_eq!((h.bins[0].from, h.bins.last().unwrap().to), (h.min, h.max));
        assert_eq!(histogram(&[7]).unwrap().bins, vec![Bin { from: 7, to: 7, count: 1 }]);
        assert_eq!(histogram(&[]), None);
    }
}
