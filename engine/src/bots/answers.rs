//! The answers a bot considers for a decision.
//!
//! A `one` decision has one answer per option (plus passing); a `number` or `many`
//! decision may have very many, so searching bots consider a bounded set: every
//! answer when there are few, else a spread sample (numbers evenly spaced with both
//! ends; subsets drawn at random). The sample is a function of the decision alone
//! (its generator is seeded from the decision's text), so a tree search meets the
//! same candidates each time it reaches the same decision.

use crate::flow::{Choice, Decision, DecisionKind, OptionItem};
use crate::value::Value;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Whether the decision has exactly one legal answer.
pub fn is_forced(decision: &Decision) -> bool {
    let pass = usize::from(decision.pass.is_some());
    match decision.kind {
        DecisionKind::One => decision.options.len() + pass == 1,
        DecisionKind::Number { min, max } => (max - min + 1).max(0) as usize + pass == 1,
        DecisionKind::Many { min, max } => {
            let n = decision.options.len();
            // Only "choose all" (min = max = n) or "choose none" (max = 0) is a single subset.
            let subsets_one = (min == n && max == n) || max == 0;
            subsets_one && pass == 0
        }
    }
}

/// Up to `limit` (at least 1) distinct legal answers of `decision`, always including
/// passing when it is allowed.
pub fn candidates(decision: &Decision, limit: usize) -> Vec<Choice> {
    let limit = limit.max(1);
    let mut out = Vec::new();
    if decision.pass.is_some() {
        out.push(Choice::Pass);
    }
    let room = limit.saturating_sub(out.len()).max(1);
    match decision.kind {
        DecisionKind::One => {
            let n = decision.options.len();
            if n <= room {
                out.extend((0..n).map(Choice::Pick));
            } else {
                out.extend(spread(0, n as i64 - 1, room).into_iter().map(|i| Choice::Pick(i as usize)));
            }
        }
        DecisionKind::Number { min, max } => out.extend(spread(min, max, room).into_iter().map(Choice::Number)),
        DecisionKind::Many { min, max } => out.extend(subsets(decision, min, max, room)),
    }
    if out.is_empty() {
        out.push(Choice::Pass);
    }
    out
}

/// `count` values evenly spread over `lo..=hi`, both ends included.
fn spread(lo: i64, hi: i64, count: usize) -> Vec<i64> {
    if hi < lo {
        return Vec::new();
    }
    let span = (hi - lo) as u64 + 1;
    if span <= count as u64 {
        return (lo..=hi).collect();
    }
    if count == 1 {
        return vec![lo];
    }
    let mut out: Vec<i64> = (0..count).map(|i| lo + ((hi - lo) as i128 * i as i128 / (count as i128 - 1)) as i64).collect();
    out.dedup();
    out
}

/// Subsets of between `min` and `max` options: all of them when at most `room`, else a
/// sample drawn with a generator seeded from the decision.
fn subsets(decision: &Decision, min: usize, max: usize, room: usize) -> Vec<Choice> {
    let n = decision.options.len();
    let max = max.min(n);
    if min > max {
        return Vec::new();
    }
    let total: u128 = (min..=max).map(|k| binomial(n, k)).sum();
    if total <= room as u128 {
        let mut out = Vec::new();
        for k in min..=max {
            combinations(n, k, &mut Vec::new(), 0, &mut out);
        }
        return out.into_iter().map(Choice::PickMany).collect();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(fingerprint(decision));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for _ in 0..room * 8 {
        if out.len() >= room {
            break;
        }
        let k = rng.random_range(min..=max);
        let mut idx: Vec<usize> = (0..n).collect();
        for i in 0..k {
            let j = rng.random_range(i..n);
            idx.swap(i, j);
        }
        idx.truncate(k);
        idx.sort_unstable();
        if !out.contains(&idx) {
            out.push(idx);
        }
    }
    out.into_iter().map(Choice::PickMany).collect()
}

fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return r;
        }
    }
    r
}

fn combinations(n: usize, k: usize, current: &mut Vec<usize>, from: usize, out: &mut Vec<Vec<usize>>) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    for i in from..n {
        if n - i < k - current.len() {
            break;
        }
        current.push(i);
        combinations(n, k, current, i + 1, out);
        current.pop();
    }
}

/// A hash of what a decision shows (prompt, kind, what each option is).
pub(crate) fn fingerprint(decision: &Decision) -> u64 {
    let mut h = DefaultHasher::new();
    decision.seat.hash(&mut h);
    decision.prompt.hash(&mut h);
    format!("{:?}", decision.kind).hash(&mut h);
    for o in &decision.options {
        match Identity::of(o) {
            Identity::Label(label) => label.hash(&mut h),
            Identity::Value(value) => hash_value(value, &mut h),
        }
    }
    h.finish()
}

/// What tells an option from another across sampled states: its label when the
/// script gave one (a sampled hidden card may be another entity with the same
/// name), else its value — an option left to a labeller is known by its value,
/// which is why a pack gives such options public, stable values (cells, names).
enum Identity<'a> {
    Label(&'a str),
    Value(&'a Value),
}

impl Identity<'_> {
    fn of(option: &OptionItem) -> Identity<'_> {
        if option.label.is_empty() {
            Identity::Value(&option.value)
        } else {
            Identity::Label(&option.label)
        }
    }
}

/// Hashes a value by its text (a value holds floats, which have no `Hash`), written
/// straight into the hasher.
fn hash_value(value: &Value, h: &mut DefaultHasher) {
    struct Into<'a>(&'a mut DefaultHasher);
    impl std::fmt::Write for Into<'_> {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    // Writing into a hasher cannot fail.
    let _ = std::fmt::Write::write_fmt(&mut Into(h), format_args!("{value}"));
}

/// Hashes the option `i` of `decision` for [`answer_key`].
fn hash_pick(decision: &Decision, i: usize, h: &mut DefaultHasher) {
    match decision.options.get(i).map(Identity::of) {
        Some(Identity::Value(value)) => hash_value(value, h),
        Some(Identity::Label(label)) => Some(label).hash(h),
        None => None::<&str>.hash(h),
    }
}

/// A key for one answer of one seat, stable across sampled states: what the chosen
/// options are ([`Identity`]) rather than their indices, since option lists may
/// differ between samples.
pub(crate) fn answer_key(decision: &Decision, choice: &Choice) -> u64 {
    let mut h = DefaultHasher::new();
    decision.seat.hash(&mut h);
    match choice {
        Choice::Pass => 0u8.hash(&mut h),
        Choice::Pick(i) => {
            1u8.hash(&mut h);
            hash_pick(decision, *i, &mut h);
        }
        Choice::PickMany(list) => {
            2u8.hash(&mut h);
            for i in list {
                hash_pick(decision, *i, &mut h);
            }
        }
        Choice::Number(n) => {
            3u8.hash(&mut h);
            n.hash(&mut h);
        }
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::OptionItem;
    use crate::value::Value;

    fn decision(kind: DecisionKind, options: usize, pass: bool) -> Decision {
        Decision {
            seat: 0,
            prompt: "p".into(),
            rule: None,
            help: None,
            kind,
            options: (0..options).map(|i| OptionItem { label: format!("o{i}"), value: Value::Int(i as i64), free: false }).collect(),
            pass: pass.then(|| "pass".to_string()),
            key: None,
            labels: None,
        }
    }

    #[test]
    fn every_candidate_is_legal_and_distinct() {
        for d in [
            decision(DecisionKind::One, 40, true),
            decision(DecisionKind::Number { min: -5, max: 500 }, 0, false),
            decision(DecisionKind::Many { min: 2, max: 6 }, 12, false),
            decision(DecisionKind::Many { min: 0, max: 2 }, 3, true),
        ] {
            let c = candidates(&d, 16);
            assert!(!c.is_empty() && c.len() <= 16, "{c:?}");
            for (i, a) in c.iter().enumerate() {
                assert!(d.accept(a).is_ok(), "{a:?}");
                assert!(!c[..i].contains(a), "duplicate {a:?}");
            }
        }
    }

    #[test]
    fn small_decisions_list_every_answer() {
        assert_eq!(candidates(&decision(DecisionKind::Many { min: 1, max: 2 }, 3, false), 16).len(), 6);
        assert_eq!(candidates(&decision(DecisionKind::Number { min: 0, max: 3 }, 0, true), 16).len(), 5);
    }

    #[test]
    fn number_samples_keep_both_ends() {
        let c = candidates(&decision(DecisionKind::Number { min: 1, max: 1000 }, 0, false), 5);
        assert_eq!(c.first(), Some(&Choice::Number(1)));
        assert_eq!(c.last(), Some(&Choice::Number(1000)));
    }

    #[test]
    fn forced_decisions_are_recognised() {
        assert!(is_forced(&decision(DecisionKind::One, 1, false)));
        assert!(!is_forced(&decision(DecisionKind::One, 1, true)));
        assert!(is_forced(&decision(DecisionKind::One, 0, true)));
        assert!(is_forced(&decision(DecisionKind::Number { min: 2, max: 2 }, 0, false)));
        assert!(!is_forced(&decision(DecisionKind::Many { min: 0, max: 1 }, 1, false)));
    }

    #[test]
    fn samples_are_the_same_for_the_same_decision() {
        let d = decision(DecisionKind::Many { min: 2, max: 5 }, 10, false);
        assert_eq!(candidates(&d, 12), candidates(&d, 12));
    }
}
