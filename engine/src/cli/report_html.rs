//! The HTML page of `orrery simulate --report FILE.html`: one self-contained file
//! (inline CSS and SVG, no script, nothing fetched) that a designer can open, keep
//! and send.
//!
//! It lays out the numbers of a [`Report`]; it computes nothing the JSON lacks
//! except the seats' Wilson intervals. Axis, label and source names all come from the
//! pack's data, so the page is the same for any game. Charts are drawn by [`svg`].

use super::svg::{self, escape, IntervalRow};
use orrery::bots::tournament::wilson;
use orrery::sim::{Axis, Histogram, Report};
use std::fmt::Write;

const STYLE: &str = "body{font-family:sans-serif;margin:2em;max-width:60em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #ccc;padding:.2em .6em;text-align:right;white-space:nowrap}\
th:first-child,td:first-child{text-align:left}th{background:#f0f0f0}.legend span{margin-right:1em;white-space:nowrap}\
.note{color:#555;font-size:.9em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}";

/// The whole page.
pub fn page(r: &Report) -> String {
    let mut h = String::new();
    let title = format!("{}: {} games", r.pack, r.games);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>",
        escape(&title)
    );
    let _ = write!(h, "<h1>Balance report: {}</h1>", escape(&r.pack));
    settings(&mut h, r);
    seats(&mut h, r);
    // Sources in the order of their overall mean, largest first, in every chart.
    let mut series: Vec<&str> = r.sources.keys().map(String::as_str).collect();
    series.sort_by(|a, b| r.sources[*b].total_cmp(&r.sources[*a]));
    if r.seats_reported > 0 {
        sources(&mut h, r, &series);
    }
    for axis in &r.axes {
        group(&mut h, r, axis, &series);
    }
    length(&mut h, r);
    usage(&mut h, r);
    if !r.error_messages.is_empty() {
        h.push_str("<h2>Errors</h2><ul>");
        for m in &r.error_messages {
            let _ = write!(h, "<li><code>{}</code></li>", escape(m));
        }
        if r.errors > r.error_messages.len() {
            let _ = write!(h, "<li>… and {} more</li>", r.errors - r.error_messages.len());
        }
        h.push_str("</ul>");
    }
    h.push_str("</body></html>\n");
    h
}

fn settings(h: &mut String, r: &Report) {
    let variants = if r.variants.is_empty() { "none".to_owned() } else { r.variants.join(", ") };
    let budget = match (r.think_ms, r.iterations) {
        (Some(ms), _) => format!(", {ms:.0} ms per decision"),
        (None, Some(n)) => format!(", {n} iterations per decision"),
        _ => String::new(),
    };
    let _ = write!(
        h,
        "<table><tr><th>games</th><td>{} ({} finished, {} errors)</td></tr><tr><th>players</th><td>{}</td></tr>\
         <tr><th>bots</th><td>{}{}</td></tr><tr><th>seeds</th><td>{} to {}</td></tr><tr><th>variants</th><td>{}</td></tr>\
         <tr><th>decisions per game</th><td>{:.1}</td></tr><tr><th>speed</th><td>{:.2} games/s on {} worker(s), {:.1} s</td></tr></table>",
        r.games,
        r.finished,
        r.errors,
        r.players,
        escape(&r.bots.join(", ")),
        escape(&budget),
        r.seed,
        r.seed + r.games.saturating_sub(1) as u64,
        escape(&variants),
        r.decisions_per_game,
        r.games_per_second,
        r.jobs,
        r.seconds
    );
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// The upper end of a win-rate scale: the next tenth above every interval.
fn rate_scale(highs: impl Iterator<Item = f64>) -> f64 {
    (highs.fold(0.0, f64::max) * 10.0).ceil().clamp(1.0, 10.0) / 10.0
}

fn seats(h: &mut String, r: &Report) {
    h.push_str("<h2>By seat</h2><table><tr><th>seat</th><th>wins</th><th>win rate</th><th>95% interval</th><th>mean score</th></tr>");
    let mut rows = Vec::new();
    let names: Vec<String> = (1..=r.wins_by_seat.len()).map(|s| format!("seat {s}")).collect();
    for (i, &wins) in r.wins_by_seat.iter().enumerate() {
        let rate = wins as f64 / r.finished.max(1) as f64;
        let (low, high) = wilson(wins, r.finished);
        let score = r.mean_score_by_seat.get(i).copied().unwrap_or(0.0);
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{wins}</td><td>{}</td><td>{} – {}</td><td>{score:.2}</td></tr>",
            i + 1,
            percent(rate),
            percent(low),
            percent(high)
        );
        rows.push(IntervalRow { label: &names[i], value: rate, low, high, note: percent(rate) });
    }
    h.push_str("</table>");
    let fair = (!r.wins_by_seat.is_empty()).then(|| 1.0 / r.wins_by_seat.len() as f64);
    let max = rate_scale(rows.iter().map(|x| x.high));
    h.push_str(&svg::interval_bars(&rows, max, fair));
    h.push_str("<p class=\"note\">Bars: win rate; whiskers: 95% Wilson interval; dashed line: one win in as many games as there are seats.</p>");
}

fn sources(h: &mut String, r: &Report, series: &[&str]) {
    let _ =
        write!(h, "<h2>Where the score came from</h2><p>{} seat-games described by the pack; mean score {:.2}.</p>", r.seats_reported, r.mean_score);
    if series.is_empty() {
        return;
    }
    h.push_str("<table><tr><th>source</th><th>mean</th><th>share</th></tr>");
    for name in series {
        let v = r.sources[*name];
        let share = if r.mean_score != 0.0 { percent(v / r.mean_score) } else { "–".into() };
        let _ = write!(h, "<tr><td>{}</td><td>{v:.2}</td><td>{share}</td></tr>", escape(name));
    }
    h.push_str("</table>");
    if r.sources_mismatch > 0 {
        let _ = write!(h, "<p class=\"note\"><b>Warning:</b> in {} seat-games the sources do not add up to the final score.</p>", r.sources_mismatch);
    }
}

fn group(h: &mut String, r: &Report, axis: &Axis, series: &[&str]) {
    let _ = write!(
        h,
        "<h2>By {}</h2><table><tr><th>{}</th><th>games</th><th>wins</th><th>win rate</th><th>95% interval</th><th>mean score</th>",
        escape(&axis.name),
        escape(&axis.name)
    );
    for name in series {
        let _ = write!(h, "<th>{}</th>", escape(name));
    }
    h.push_str("</tr>");
    for l in &axis.labels {
        let _ = write!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} – {}</td><td>{:.2}</td>",
            escape(&l.label),
            l.games,
            l.wins,
            percent(l.win_rate),
            percent(l.win_low),
            percent(l.win_high),
            l.mean_score
        );
        for name in series {
            let _ = write!(h, "<td>{:.2}</td>", l.sources.get(*name).copied().unwrap_or(0.0));
        }
        h.push_str("</tr>");
    }
    h.push_str("</table>");
    let rows: Vec<IntervalRow> = axis
        .labels
        .iter()
        .map(|l| IntervalRow {
            label: &l.label,
            value: l.win_rate,
            low: l.win_low,
            high: l.win_high,
            note: format!("{} of {}", percent(l.win_rate), l.games),
        })
        .collect();
    let _ = write!(h, "<h3>Win rate by {}</h3>", escape(&axis.name));
    h.push_str(&svg::interval_bars(&rows, rate_scale(rows.iter().map(|x| x.high)), r.base_win_rate));
    h.push_str(
        "<p class=\"note\">Whiskers: 95% Wilson interval; dashed line: the win rate of a label neither stronger nor weaker than the others.</p>",
    );
    if series.is_empty() {
        return;
    }
    let _ = write!(h, "<h3>Mean score by {} and source</h3>", escape(&axis.name));
    let stacks: Vec<(&str, Vec<f64>, String)> = axis
        .labels
        .iter()
        .map(|l| (l.label.as_str(), series.iter().map(|n| l.sources.get(*n).copied().unwrap_or(0.0)).collect(), format!("{:.1}", l.mean_score)))
        .collect();
    h.push_str(&svg::stacked_bars(&stacks));
    h.push_str(&svg::legend(series));
}

fn length(h: &mut String, r: &Report) {
    h.push_str("<h2>Game length</h2>");
    let mut any = false;
    for (name, hist) in [("decisions", &r.length.decisions), ("rounds", &r.length.rounds)] {
        let Some(hist) = hist else { continue };
        any = true;
        let _ =
            write!(h, "<h3>{name} per game</h3><p>min {}, mean {:.1}, max {} over {} finished games.</p>", hist.min, hist.mean, hist.max, hist.count);
        h.push_str(&svg::histogram(&bins(hist)));
    }
    if !any {
        h.push_str("<p>No game finished.</p>");
    }
}

/// Each bin ticked with its lowest value, titled with its range.
fn bins(hist: &Histogram) -> Vec<(String, String, usize)> {
    hist.bins
        .iter()
        .map(|b| (b.from.to_string(), if b.from == b.to { b.from.to_string() } else { format!("{}–{}", b.from, b.to) }, b.count))
        .collect()
}

fn usage(h: &mut String, r: &Report) {
    if r.usage.is_empty() {
        return;
    }
    h.push_str("<h2>Usage</h2><table><tr><th>component</th><th>total</th><th>per game</th></tr>");
    for (what, n) in &r.usage {
        let _ = write!(h, "<tr><td>{}</td><td>{n}</td><td>{:.2}</td></tr>", escape(what), *n as f64 / r.finished.max(1) as f64);
    }
    h.push_str("</table>");
}
