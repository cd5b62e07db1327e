//! Inline SVG bar charts for the HTML reports: plain strings, no script, no fonts or
//! styles from outside, so a report opens the same anywhere and can be mailed as one
//! file.
//!
//! Charts know nothing of games or reports: they draw labelled rows of numbers.
//! Every label is escaped here (labels come from packs). Scales are linear and start
//! at zero, since a bar whose length does not start at zero misleads the eye; bars
//! with negative values extend left of the zero line.

use std::fmt::Write;

/// Width of the label column and of the plot area, in pixels.
const LABEL_W: f64 = 170.0;
const PLOT_W: f64 = 440.0;
const VALUE_W: f64 = 120.0;
const ROW_H: f64 = 22.0;

/// Series colours (colour-blind-safe palette of Okabe and Ito), used in order.
pub const PALETTE: &[&str] = &["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999", "#000000"];

/// Escapes text for HTML and SVG.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// One bar with its interval: the value and the ends of the error bar.
pub struct IntervalRow<'a> {
    pub label: &'a str,
    pub value: f64,
    pub low: f64,
    pub high: f64,
    /// Text written after the bar.
    pub note: String,
}

/// Horizontal bars from 0 to `max`, each with an error bar; `reference`, if given,
/// is drawn as a dashed vertical line (the value that means "no difference").
pub fn interval_bars(rows: &[IntervalRow], max: f64, reference: Option<f64>) -> String {
    let max = if max > 0.0 { max } else { 1.0 };
    let x = |v: f64| LABEL_W + (v / max).clamp(0.0, 1.0) * PLOT_W;
    let height = ROW_H * rows.len() as f64 + 24.0;
    let mut svg = open(height);
    for (i, r) in rows.iter().enumerate() {
        let y = ROW_H * i as f64;
        label(&mut svg, y, r.label);
        let _ = write!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"/>"#,
            LABEL_W,
            y + 4.0,
            x(r.value) - LABEL_W,
            ROW_H - 8.0,
            PALETTE[0]
        );
        let (lo, hi, mid) = (x(r.low), x(r.high), y + ROW_H / 2.0);
        let _ = write!(
            svg,
            r##"<path d="M{lo:.1} {mid:.1}H{hi:.1}M{lo:.1} {:.1}V{:.1}M{hi:.1} {:.1}V{:.1}" stroke="#000" stroke-width="1.5" fill="none"/>"##,
            mid - 5.0,
            mid + 5.0,
            mid - 5.0,
            mid + 5.0
        );
        note(&mut svg, y, &r.note);
    }
    if let Some(v) = reference {
        let _ = write!(
            svg,
            r##"<line x1="{0:.1}" x2="{0:.1}" y1="0" y2="{1:.1}" stroke="#D55E00" stroke-dasharray="4 3"/>"##,
            x(v),
            ROW_H * rows.len() as f64
        );
    }
    axis(&mut svg, ROW_H * rows.len() as f64, 0.0, max, x);
    svg.push_str("</svg>");
    svg
}

/// Horizontal stacked bars: row `i` stacks `rows[i].1[j]` for series `j` (colours in
/// [`PALETTE`] order). Positive parts stack right of zero, negative parts left of it.
pub fn stacked_bars(rows: &[(&str, Vec<f64>, String)]) -> String {
    let pos = |v: &Vec<f64>| v.iter().filter(|x| **x > 0.0).sum::<f64>();
    let neg = |v: &Vec<f64>| v.iter().filter(|x| **x < 0.0).sum::<f64>();
    let right = rows.iter().map(|r| pos(&r.1)).fold(0.0, f64::max);
    let left = rows.iter().map(|r| neg(&r.1)).fold(0.0, f64::min);
    let span = if right - left > 0.0 { right - left } else { 1.0 };
    let x = |v: f64| LABEL_W + (v - left) / span * PLOT_W;
    let height = ROW_H * rows.len() as f64 + 24.0;
    let mut svg = open(height);
    for (i, (name, parts, text)) in rows.iter().enumerate() {
        let y = ROW_H * i as f64;
        label(&mut svg, y, name);
        let (mut up, mut down) = (0.0, 0.0);
        for (j, &v) in parts.iter().enumerate() {
            let (from, to) = if v >= 0.0 {
                up += v;
                (up - v, up)
            } else {
                down += v;
                (down, down - v)
            };
            if to > from {
                let _ = write!(
                    svg,
                    r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{:.2}</title></rect>"#,
                    x(from),
                    y + 4.0,
                    x(to) - x(from),
                    ROW_H - 8.0,
                    PALETTE[j % PALETTE.len()],
                    v
                );
            }
        }
        note(&mut svg, y, text);
    }
    let zero = x(0.0);
    let _ = write!(svg, r##"<line x1="{zero:.1}" x2="{zero:.1}" y1="0" y2="{:.1}" stroke="#000"/>"##, ROW_H * rows.len() as f64);
    axis(&mut svg, ROW_H * rows.len() as f64, left, right, x);
    svg.push_str("</svg>");
    svg
}

/// A colour key for the series of [`stacked_bars`], as HTML.
pub fn legend(series: &[&str]) -> String {
    let mut html = String::from(r#"<p class="legend">"#);
    for (j, name) in series.iter().enumerate() {
        let _ = write!(
            html,
            r#"<span><svg width="12" height="12"><rect width="12" height="12" fill="{}"/></svg> {}</span> "#,
            PALETTE[j % PALETTE.len()],
            escape(name)
        );
    }
    html.push_str("</p>");
    html
}

/// Vertical bars, one per bin: `(tick, title, count)`; the tick is written under the
/// bar when there is room for it, the title shows on hovering.
pub fn histogram(bins: &[(String, String, usize)]) -> String {
    let (w, h, bottom) = (LABEL_W + PLOT_W + VALUE_W, 180.0, 40.0);
    let top = bins.iter().map(|b| b.2).max().unwrap_or(0).max(1) as f64;
    // Bars no wider than 60 px, so that a histogram of one bin still reads as a bar.
    let slot = ((w - 40.0) / bins.len().max(1) as f64).min(60.0);
    // Ticks at least 50 px apart.
    let every = (50.0 / slot).ceil().max(1.0) as usize;
    let mut svg =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{:.0}" font-family="sans-serif" font-size="11">"#, h + bottom);
    for (i, (tick, title, count)) in bins.iter().enumerate() {
        let bar = *count as f64 / top * (h - 16.0);
        let x = 20.0 + slot * i as f64;
        let _ = write!(
            svg,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{bar:.1}" fill="{}"><title>{}: {count}</title></rect>"#,
            x + 1.0,
            h - bar,
            slot - 2.0,
            PALETTE[0],
            escape(title)
        );
        if *count > 0 {
            let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{count}</text>"#, x + slot / 2.0, h - bar - 3.0);
        }
        if i % every == 0 {
            let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#, x + slot / 2.0, h + 14.0, escape(tick));
        }
    }
    let _ = write!(svg, r##"<line x1="20" x2="{:.1}" y1="{h:.1}" y2="{h:.1}" stroke="#000"/></svg>"##, 20.0 + slot * bins.len() as f64);
    svg
}

fn open(height: f64) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{height:.0}" font-family="sans-serif" font-size="12">"#,
        LABEL_W + PLOT_W + VALUE_W
    )
}

fn label(svg: &mut String, y: f64, text: &str) {
    let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#, LABEL_W - 6.0, y + ROW_H / 2.0 + 4.0, escape(text));
}

fn note(svg: &mut String, y: f64, text: &str) {
    let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}">{}</text>"#, LABEL_W + PLOT_W + 6.0, y + ROW_H / 2.0 + 4.0, escape(text));
}

/// Ticks at the ends and at zero, below the rows.
fn axis(svg: &mut String, y: f64, min: f64, max: f64, x: impl Fn(f64) -> f64) {
    let _ = write!(svg, r##"<line x1="{:.1}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" stroke="#000"/>"##, x(min), x(max));
    let mut ticks = vec![min, max];
    // Zero gets its tick unless it would print over an end's.
    if min < 0.0 && max > 0.0 && x(0.0) - x(min) > 40.0 && x(max) - x(0.0) > 40.0 {
        ticks.push(0.0);
    }
    for t in ticks {
        let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#, x(t), y + 16.0, tick(t));
    }
}

fn tick(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped() {
        let rows = [IntervalRow { label: "<b>&", value: 0.5, low: 0.4, high: 0.6, note: "50%".into() }];
        let svg = interval_bars(&rows, 1.0, Some(0.25));
        assert!(svg.contains("&lt;b&gt;&amp;") && !svg.contains("<b>"), "{svg}");
    }

    #[test]
    fn negative_parts_extend_left_of_zero() {
        let svg = stacked_bars(&[("a", vec![3.0, -1.0], String::new())]);
        // Zero sits a quarter of the way along the plot (span -1..3).
        assert!(svg.contains(&format!(r#"x1="{:.1}""#, LABEL_W + PLOT_W / 4.0)), "{svg}");
        assert_eq!(svg.matches("<rect").count(), 2);
    }

    #[test]
    fn histogram_draws_one_bar_per_bin() {
        let bins: Vec<(String, String, usize)> =
            [(1, 3), (3, 0), (5, 7)].iter().map(|&(from, n)| (from.to_string(), format!("{from}-{}", from + 1), n)).collect();
        let svg = histogram(&bins);
        assert_eq!(svg.matches("<rect").count(), 3);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    }
}
