//! Text laid out to a width without cutting a value in two: the fields of a
//! bar, shortened or left out by priority and flowed over a few lines, and
//! words or items wrapped onto as many lines as they need. Pure functions.

use std::borrow::Cow;

use ratatui::text::{Line, Span};

use super::frame::{Style, bold};

/// One field of a bar: the same information in forms from the longest to
/// the shortest. Fields give way by priority: the highest first.
#[derive(Clone, Debug)]
pub(super) struct Field {
    priority: u8,
    required: bool,
    forms: Vec<Line<'static>>,
    hidden: bool,
}

impl Field {
    /// A field that gives way (to a shorter form, then by being left out)
    /// before the fields of lower `priority`.
    pub(super) fn new(priority: u8, forms: Vec<Line<'static>>) -> Field {
        Field {
            priority,
            required: false,
            forms,
            hidden: false,
        }
    }

    /// A field with a single form, one span long.
    pub(super) fn text(priority: u8, span: Span<'static>) -> Field {
        Field::new(priority, vec![Line::from(span)])
    }

    /// This field, never left out: at worst its shortest form is shown.
    pub(super) fn required(mut self) -> Field {
        self.required = true;
        self
    }

    /// This field as a place kept for it: it takes the room its forms
    /// would, blank, its separator too, so that the fields after it stay
    /// where they are when it comes back.
    pub(super) fn hidden(mut self, hidden: bool) -> Field {
        self.hidden = hidden;
        self
    }
}

/// Lays `fields` out in order, separated by `sep`, on at most `lines` lines
/// of `width` columns. While they do not fit, the field of the highest
/// priority that can give way does (the later one on a tie): it takes its
/// next shorter form, or is left out if it is not required. A field is never
/// cut in two: when even the required fields in their shortest forms do not
/// fit, the lines past `lines` are left out.
pub(super) fn fit(fields: &[Field], sep: &str, width: usize, lines: usize) -> Vec<Line<'static>> {
    let mut chosen: Vec<Option<usize>> = fields
        .iter()
        .map(|f| (!f.forms.is_empty()).then_some(0))
        .collect();
    loop {
        let mut out = lay_out(fields, &chosen, sep, width);
        let over = overflow(&out, width, lines);
        if over == 0 {
            return out;
        }
        let mut can_give: Vec<usize> = (0..fields.len())
            .filter(|&i| {
                chosen[i].is_some_and(|k| k + 1 < fields[i].forms.len() || !fields[i].required)
            })
            .collect();
        can_give.sort_by_key(|&i| std::cmp::Reverse((fields[i].priority, i)));
        // The first by priority whose giving way helps, else the first.
        let helps = |i: usize| {
            let mut tried = chosen.clone();
            tried[i] = tried[i]
                .map(|k| k + 1)
                .filter(|&k| k < fields[i].forms.len());
            overflow(&lay_out(fields, &tried, sep, width), width, lines) < over
        };
        let gives_way = can_give
            .iter()
            .copied()
            .find(|&i| helps(i))
            .or(can_give.first().copied());
        match gives_way {
            Some(i) => {
                chosen[i] = chosen[i]
                    .map(|k| k + 1)
                    .filter(|&k| k < fields[i].forms.len());
            }
            None => {
                out.truncate(lines);
                return out;
            }
        }
    }
}

/// The longest of `forms` (from the longest to the shortest) that fits
/// `width` columns, else the shortest: a heading that gives way.
pub(super) fn longest(forms: Vec<Line<'static>>, width: usize) -> Line<'static> {
    let fitted = fit(&[Field::new(1, forms).required()], "", width, 1);
    fitted.into_iter().next().unwrap_or_default()
}

/// The longest of `forms` that fits `width` columns, in bold: a heading
/// that gives way.
pub(super) fn heading<S>(forms: impl IntoIterator<Item = S>, width: usize) -> Line<'static>
where
    S: Into<Cow<'static, str>>,
{
    longest(
        forms.into_iter().map(|f| Line::from(bold(f))).collect(),
        width,
    )
}

/// The fields in their `chosen` forms (`None`: left out) flowed onto lines,
/// a hidden one blank.
fn lay_out(
    fields: &[Field],
    chosen: &[Option<usize>],
    sep: &str,
    width: usize,
) -> Vec<Line<'static>> {
    let items: Vec<(Line<'static>, bool)> = fields
        .iter()
        .zip(chosen)
        .filter_map(|(f, c)| {
            let form = &f.forms[(*c)?];
            let shown = match f.hidden {
                true => Line::raw(" ".repeat(form.width())),
                false => form.clone(),
            };
            Some((shown, f.hidden))
        })
        .collect();
    flow_hidden(items.iter().map(|(l, h)| (l, *h)), sep, width, 0)
}

/// How far `out` is from fitting `lines` lines of `width` columns: the
/// columns past the width, and every column of the lines past the last.
fn overflow(out: &[Line], width: usize, lines: usize) -> usize {
    out.iter()
        .enumerate()
        .map(|(i, l)| {
            let w = l.width();
            if i >= lines {
                w.max(1)
            } else {
                w.saturating_sub(width)
            }
        })
        .sum()
}

/// Puts `items` on lines of `width` columns, in order and separated by
/// `sep`, starting a new line (indented by `indent`) where the next one
/// does not fit; an item wider than a line gets a line of its own.
pub(super) fn flow(
    items: &[Line<'static>],
    sep: &str,
    width: usize,
    indent: usize,
) -> Vec<Line<'static>> {
    flow_hidden(items.iter().map(|item| (item, false)), sep, width, indent)
}

/// Like [`flow`], the separator before a hidden item blank.
fn flow_hidden<'a>(
    items: impl IntoIterator<Item = (&'a Line<'static>, bool)>,
    sep: &str,
    width: usize,
    indent: usize,
) -> Vec<Line<'static>> {
    let sep_width = sep.chars().count();
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut used = 0;
    for (item, hidden) in items {
        let w = item.width();
        match out.last_mut() {
            Some(line) if line.spans.is_empty() => {}
            Some(line) if used + sep_width + w <= width => {
                let sep = if hidden {
                    " ".repeat(sep_width)
                } else {
                    sep.to_string()
                };
                line.push_span(sep);
                used += sep_width;
            }
            last => {
                let mut line = Line::default();
                used = 0;
                if last.is_some() && indent > 0 {
                    line.push_span(" ".repeat(indent));
                    used = indent;
                }
                out.push(line);
            }
        }
        if let Some(line) = out.last_mut() {
            line.spans.extend(item.iter().cloned());
        }
        used += w;
    }
    out
}

/// `text` in `style`, wrapped at its spaces onto lines of `width` columns,
/// the lines after the first indented by `indent`. An expression is never
/// broken: the words on either side of `=` and `->` stay with them
/// (`4+6 = 10`, `13 -> 6`); a word (or expression) longer than a line is
/// split.
pub(super) fn wrap(text: &str, style: Style, width: usize, indent: usize) -> Vec<Line<'static>> {
    let room = width.saturating_sub(indent).max(1);
    let words: Vec<Line> = units(text)
        .into_iter()
        .flat_map(|word| {
            let chars: Vec<char> = word.chars().collect();
            chars
                .chunks(room)
                .map(|c| Line::from(Span::styled(c.iter().collect::<String>(), style)))
                .collect::<Vec<_>>()
        })
        .collect();
    flow(&words, " ", width, indent)
}

/// The words of `text` that a line may not break between joined into one:
/// `=` and `->` with the words before and after them.
fn units(text: &str) -> Vec<String> {
    let glue = |w: &str| w == "=" || w == "->";
    let mut out: Vec<String> = Vec::new();
    let mut joins_next = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match out.last_mut() {
            Some(last) if joins_next || glue(word) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
        joins_next = glue(word);
    }
    out
}

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
