//! Text laid out to a width without cutting a value in two: the fields of a
//! bar, shortened or left out by priority and flowed over a few lines, and
//! words or items wrapped onto as many lines as they need. Pure functions.

use super::frame::Style;

pub(super) use super::frame::{Line, Span};

/// The columns a line takes.
pub(super) fn width(line: &[Span]) -> usize {
    line.iter().map(|s| s.text.chars().count()).sum()
}

/// One field of a bar: the same information in forms from the longest to
/// the shortest. Fields give way by priority: the highest first.
#[derive(Clone, Debug)]
pub(super) struct Field {
    priority: u8,
    required: bool,
    line: usize,
    forms: Vec<Line>,
}

impl Field {
    /// A field that gives way (to a shorter form, then by being left out)
    /// before the fields of lower `priority`.
    pub(super) fn new(priority: u8, forms: Vec<Line>) -> Field {
        Field {
            priority,
            required: false,
            line: 0,
            forms,
        }
    }

    /// A field with a single form, one span long.
    pub(super) fn text(priority: u8, span: Span) -> Field {
        Field::new(priority, vec![vec![span]])
    }

    /// This field, never left out: at worst its shortest form is shown.
    pub(super) fn required(mut self) -> Field {
        self.required = true;
        self
    }

    /// This field, on line `line` (from 0) or a later one: it starts that
    /// line if the fields before it have not reached it.
    pub(super) fn on_line(mut self, line: usize) -> Field {
        self.line = line;
        self
    }
}

/// Lays `fields` out in order, separated by `sep`, on at most `lines` lines
/// of `width` columns. While they do not fit, the field of the highest
/// priority that can give way does (the later one on a tie): it takes its
/// next shorter form, or is left out if it is not required. A field is never
/// cut in two: when even the required fields in their shortest forms do not
/// fit, the lines past `lines` are left out.
pub(super) fn fit(fields: &[Field], sep: &str, width: usize, lines: usize) -> Vec<Line> {
    let mut chosen: Vec<Option<usize>> = fields
        .iter()
        .map(|f| (!f.forms.is_empty()).then_some(0))
        .collect();
    loop {
        let items: Vec<(usize, &Line)> = fields
            .iter()
            .zip(&chosen)
            .filter_map(|(f, c)| c.map(|k| (f.line, &f.forms[k])))
            .collect();
        let mut out = flow_from(&items, sep, width, 0);
        if out.len() <= lines && out.iter().all(|l| self::width(l) <= width) {
            return out;
        }
        let gives_way = (0..fields.len())
            .filter(|&i| {
                chosen[i].is_some_and(|k| k + 1 < fields[i].forms.len() || !fields[i].required)
            })
            .max_by_key(|&i| (fields[i].priority, i));
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

/// Puts `items` on lines of `width` columns, in order and separated by
/// `sep`, starting a new line (indented by `indent`) where the next one
/// does not fit; an item wider than a line gets a line of its own.
pub(super) fn flow(items: &[&Line], sep: &str, width: usize, indent: usize) -> Vec<Line> {
    let items: Vec<(usize, &Line)> = items.iter().map(|&item| (0, item)).collect();
    flow_from(&items, sep, width, indent)
}

/// Like [`flow`], each item on at least the line it names (from 0).
fn flow_from(items: &[(usize, &Line)], sep: &str, width: usize, indent: usize) -> Vec<Line> {
    let sep_width = sep.chars().count();
    let mut out: Vec<Line> = Vec::new();
    let mut used = 0;
    for &(first, item) in items {
        let w = self::width(item);
        while out.len() <= first {
            out.push(Vec::new());
            used = 0;
        }
        match out.last_mut() {
            Some(line) if line.is_empty() => {}
            Some(line) if used + sep_width + w <= width => {
                line.push(Span::plain(sep));
                used += sep_width;
            }
            _ => {
                let mut line = Vec::new();
                used = 0;
                if !out.is_empty() && indent > 0 {
                    line.push(Span::plain(" ".repeat(indent)));
                    used = indent;
                }
                out.push(line);
            }
        }
        if let Some(line) = out.last_mut() {
            line.extend(item.iter().cloned());
        }
        used += w;
    }
    out
}

/// `text` in `style`, wrapped at its spaces onto lines of `width` columns,
/// the lines after the first indented by `indent`; a word longer than a
/// line is split.
pub(super) fn wrap(text: &str, style: Style, width: usize, indent: usize) -> Vec<Line> {
    let room = width.saturating_sub(indent).max(1);
    let words: Vec<Line> = text
        .split(' ')
        .filter(|w| !w.is_empty())
        .flat_map(|word| {
            let chars: Vec<char> = word.chars().collect();
            chars
                .chunks(room)
                .map(|c| vec![Span::new(c.iter().collect::<String>(), style)])
                .collect::<Vec<_>>()
        })
        .collect();
    let items: Vec<&Line> = words.iter().collect();
    flow(&items, " ", width, indent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.iter().map(|s| s.text.as_str()).collect())
            .collect()
    }

    fn field(priority: u8, forms: &[&str]) -> Field {
        Field::new(
            priority,
            forms.iter().map(|f| vec![Span::plain(*f)]).collect(),
        )
    }

    #[test]
    fn fields_that_fit_are_kept_whole() {
        let fields = [field(1, &["a to move"]), field(2, &["captured 0"])];
        assert_eq!(
            text(&fit(&fields, " | ", 80, 1)),
            ["a to move | captured 0"]
        );
    }

    #[test]
    fn fields_give_way_by_priority_never_cut() {
        let fields = [
            field(9, &["Dice of Doom"]),
            field(5, &["a to move"]).required(),
            field(6, &["end turn now: +3 dice", "end turn: +3"]),
            field(1, &["cells: a 12, b 3"]).required(),
        ];
        // 12 + 9 + 21 + 16 and three separators: 67 columns.
        assert_eq!(
            text(&fit(&fields, " | ", 67, 1)),
            ["Dice of Doom | a to move | end turn now: +3 dice | cells: a 12, b 3"]
        );
        assert_eq!(
            text(&fit(&fields, " | ", 60, 1)),
            ["a to move | end turn now: +3 dice | cells: a 12, b 3"]
        );
        assert_eq!(
            text(&fit(&fields, " | ", 45, 1)),
            ["a to move | end turn: +3 | cells: a 12, b 3"]
        );
        assert_eq!(
            text(&fit(&fields, " | ", 30, 1)),
            ["a to move | cells: a 12, b 3"]
        );
        assert_eq!(text(&fit(&fields, " | ", 20, 1)), ["a to move"]);
        // On two lines, fields wrap whole before any gives way.
        assert_eq!(
            text(&fit(&fields, " | ", 45, 2)),
            [
                "Dice of Doom | a to move",
                "end turn now: +3 dice | cells: a 12, b 3"
            ]
        );
    }

    #[test]
    fn words_wrap_at_spaces_with_an_indent() {
        assert_eq!(
            text(&wrap(
                "- attack a neighbour with fewer dice",
                Style::PLAIN,
                16,
                2
            )),
            ["- attack a", "  neighbour with", "  fewer dice"]
        );
        assert_eq!(
            text(&wrap("abcdefgh", Style::PLAIN, 5, 0)),
            ["abcde", "fgh"]
        );
        assert!(wrap("", Style::PLAIN, 5, 0).is_empty());
    }
}
