//! Bots: players that choose from what their seat's view offers.
//!
//! A bot only ever receives the decision it must answer (part of its view); it never
//! touches the state.

use crate::flow::{Choice, Decision, DecisionKind};
use rand::Rng;

/// Picks uniformly among the legal answers of a decision.
pub fn random_choice(decision: &Decision, rng: &mut impl Rng) -> Choice {
    let total = decision.answer_count();
    let pick = rng.random_range(0..total.max(1));
    if decision.pass.is_some() && pick == total - 1 {
        return Choice::Pass;
    }
    match decision.kind {
        DecisionKind::One => Choice::Pick(pick),
        DecisionKind::Number { min, .. } => Choice::Number(min + pick as i64),
        DecisionKind::Many { min, max } => {
            let count = rng.random_range(min..=max);
            let mut indices: Vec<usize> = (0..decision.options.len()).collect();
            for i in 0..count {
                let j = rng.random_range(i..indices.len());
                indices.swap(i, j);
            }
            indices.truncate(count);
            indices.sort();
            Choice::PickMany(indices)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::OptionItem;
    use crate::value::Value;
    use rand::SeedableRng;

    #[test]
    fn random_choices_are_always_legal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for kind in [DecisionKind::One, DecisionKind::Many { min: 1, max: 3 }, DecisionKind::Number { min: -2, max: 2 }] {
            for pass in [false, true] {
                let d = Decision {
                    seat: 0,
                    prompt: String::new(),
                    rule: None,
                    help: None,
                    kind: kind.clone(),
                    options: (0..4).map(|i| OptionItem { label: i.to_string(), value: Value::Int(i) }).collect(),
                    pass: pass.then(String::new),
                    key: None,
                };
                for _ in 0..200 {
                    let c = random_choice(&d, &mut rng);
                    assert!(d.accept(&c).is_ok(), "{c:?} for {kind:?}");
                }
            }
        }
    }
}
