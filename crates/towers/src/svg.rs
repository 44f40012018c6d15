//! Grouped bar charts as plain SVG text (for `kubb simulate --plot` and
//! `kubb findings`): one group of bars per category, one colour per series,
//! each bar labelled with its value.

use std::fmt::Write;

const COLOURS: [&str; 5] = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e"];
const HEIGHT: f64 = 380.0;
const BAR: f64 = 40.0;
const GAP: f64 = 8.0;
const GROUP_GAP: f64 = 44.0;
const LEFT: f64 = 60.0;

pub struct BarChart {
    pub title: String,
    /// The value axis runs from 0 to `top`.
    pub top: f64,
    pub groups: Vec<String>,
    pub series: Vec<String>,
    /// One value per group and series: `values[group][series]`.
    pub values: Vec<Vec<f64>>,
    /// Decimals of the value labels.
    pub decimals: usize,
}

impl BarChart {
    pub fn to_svg(&self) -> String {
        let group_width = self.series.len() as f64 * (BAR + GAP) - GAP;
        // Each group is as wide as its bars or its label, whichever is wider.
        let slots: Vec<f64> = self
            .groups
            .iter()
            .map(|group| group_width.max(text_width(group)) + GROUP_GAP)
            .collect();
        let width = (LEFT + 20.0 + slots.iter().sum::<f64>())
            .max(text_width(&self.title) + 40.0)
            .max(520.0)
            .ceil();
        let base = HEIGHT - 70.0;
        let scale = (base - 50.0) / self.top;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{HEIGHT}\" \
             font-family=\"sans-serif\" font-size=\"12\">\n<title>{title}</title>\n\
             <rect width=\"{width}\" height=\"{HEIGHT}\" fill=\"white\"/>\n\
             <text x=\"16\" y=\"24\" font-size=\"15\">{title}</text>\n",
            title = escape(&self.title)
        );
        for step in 0..=4 {
            let value = self.top * f64::from(step) / 4.0;
            let y = base - scale * value;
            let _ = writeln!(
                svg,
                "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
                 <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{value:.0}</text>",
                width - 16.0,
                LEFT - 6.0,
                y + 4.0
            );
        }
        let mut slot_left = LEFT + 20.0;
        for ((group, values), slot) in self.groups.iter().zip(&self.values).zip(&slots) {
            let left = slot_left + (slot - GROUP_GAP - group_width) / 2.0;
            slot_left += slot;
            for (series, value) in values.iter().enumerate() {
                let x = left + series as f64 * (BAR + GAP);
                let top = base - scale * value.clamp(0.0, self.top);
                let _ = writeln!(
                    svg,
                    "<rect x=\"{x:.1}\" y=\"{top:.1}\" width=\"{BAR}\" height=\"{:.1}\" fill=\"{}\">\
                     <title>{}, {}: {value:.prec$}</title></rect>\
                     <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{value:.prec$}</text>",
                    base - top,
                    COLOURS[series % COLOURS.len()],
                    escape(group),
                    escape(&self.series[series]),
                    x + BAR / 2.0,
                    top - 4.0,
                    prec = self.decimals
                );
            }
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                left + group_width / 2.0,
                base + 18.0,
                escape(group)
            );
        }
        let mut x = LEFT;
        for (series, name) in self.series.iter().enumerate() {
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                HEIGHT - 30.0,
                COLOURS[series % COLOURS.len()],
                x + 16.0,
                HEIGHT - 20.0,
                escape(name)
            );
            x += 40.0 + text_width(name);
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// About how wide `text` is drawn at 12 px.
fn text_width(text: &str) -> f64 {
    7.0 * text.chars().count() as f64
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
