//! The pictures parse as XML, and rendered (by `resvg`) show each cell in
//! its owner's colour where the layout says.

use super::*;
use crate::game::{Ground, MapShape, RuleSet, deal_game};

/// The game of rule set `set` dealt from `seed` on `ground`, with the rule
/// set's players (no more than a random map's territories: fewer cells
/// than players is refused) and dice limit.
fn game(set: RuleSet, ground: Ground, seed: u64) -> (Rules, Position) {
    let defaults = set.defaults();
    let players = match &ground {
        Ground::RandomMap(shape) => usize::from(defaults.players).min(shape.territories()),
        _ => usize::from(defaults.players),
    };
    deal_game(
        set,
        ground,
        players,
        usize::from(defaults.max_dice),
        Player::A,
        seed,
    )
    .unwrap()
}

/// The picture rendered at `scale`: its pixels, row by row, as RGBA.
fn render(text: &str, scale: f32) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    pixmap
}

/// `#rrggbb` of the pixel at `(x, y)` in picture units.
fn colour_at(pixmap: &resvg::tiny_skia::Pixmap, (x, y): (f64, f64), scale: f64) -> String {
    let (px, py) = ((x * scale) as u32, (y * scale) as u32);
    let pixel = pixmap.pixel(px, py).unwrap().demultiply();
    format!(
        "#{:02X}{:02X}{:02X}",
        pixel.red(),
        pixel.green(),
        pixel.blue()
    )
}

/// Checks that every cell's swatch shows its owner's colour.
fn check_colours(rules: &Rules, position: &Position, style: Style) {
    let picture = Picture::new(rules, style);
    let text = picture.document(position, "").to_string();
    for scale in [1.0, 2.0] {
        let pixmap = render(&text, scale as f32);
        for (cell, &swatch) in picture.layout().swatches.iter().enumerate() {
            let owner = position.board().cell(cell).owner();
            assert_eq!(
                colour_at(&pixmap, swatch, scale),
                colour(owner),
                "cell {cell} of {} (owner {owner}) at {swatch:?}, scale {scale}",
                rules.map()
            );
        }
    }
}

#[test]
fn every_cell_shows_its_owner_on_a_lol4_board() {
    let (rules, start) = game(RuleSet::Lol4, Ground::Hexagons(5), 3);
    assert_eq!(rules.players(), 4);
    for dice in [DiceStyle::Stacked, DiceStyle::Pips] {
        let style = Style {
            dice,
            numbers: true,
            caption: true,
        };
        check_colours(&rules, &start, style);
    }
}

#[test]
fn every_territory_shows_its_owner_on_a_dice_wars_map() {
    // 7: the smallest map the seven players are dealt (fewer territories
    // than players is refused).
    for (territories, seed) in [(20, 2), (40, 7), (7, 1)] {
        let shape = MapShape::new(territories).unwrap();
        let (rules, start) = game(RuleSet::Dicewars, Ground::RandomMap(shape), seed);
        assert_eq!(rules.map().len(), territories);
        check_colours(&rules, &start, Style::default());
    }
}

#[test]
fn a_rendered_pixel_that_is_not_the_owners_is_told_apart() {
    // The check above can fail: the centre of a stacked die is white, and
    // the caption's background is not a player's colour.
    let (rules, start) = game(RuleSet::Classic, Ground::Hexagons(3), 1);
    let picture = Picture::new(&rules, Style::default());
    let pixmap = render(&picture.document(&start, "").to_string(), 1.0);
    let (x, y) = picture.layout().dice_base[0];
    let unit = picture.layout().unit;
    // Classic cells hold three dice at most: one stack, whose top die's
    // top face is white beside its pip.
    let dice = f64::from(start.board().cell(0).dice());
    let top_face = (x + 0.35 * unit, y - (dice - 1.0) * unit - 1.5 * unit);
    assert_eq!(colour_at(&pixmap, top_face, 1.0), "#FFFFFF");
    assert_eq!(colour_at(&pixmap, (x, top_face.1), 1.0), INK);
}

#[test]
fn pictures_of_every_size_are_well_formed_xml_with_a_group_a_cell() {
    let mut grounds: Vec<(RuleSet, Ground)> = (2..=10)
        .map(|side| (RuleSet::Classic, Ground::Hexagons(side)))
        .collect();
    grounds.push((RuleSet::Racket, Ground::Hexagons(4)));
    // From the smallest map the seven players are dealt.
    for territories in [7, 12, 40] {
        let shape = MapShape::new(territories).unwrap();
        grounds.push((RuleSet::Dicewars, Ground::RandomMap(shape)));
    }
    for (set, ground) in grounds {
        let (rules, start) = game(set, ground, 5);
        let style = Style {
            dice: DiceStyle::Pips,
            numbers: true,
            caption: true,
        };
        let text = draw(&rules, &start, style, "a note & <more>").to_string();
        let xml = roxmltree::Document::parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.map()));
        let root = xml.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        let ids: Vec<&str> = xml
            .descendants()
            .filter_map(|n| n.attribute("id"))
            .filter(|id| id.starts_with("cell-"))
            .collect();
        let expected: Vec<String> = (0..rules.map().len())
            .map(|c| format!("cell-{c}"))
            .collect();
        assert_eq!(ids, expected, "{}", rules.map());
        // Each cell carries its owner's letter, and the caption the note.
        let texts: Vec<&str> = xml
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .map(str::trim)
            .collect();
        let letters = texts.iter().filter(|t| t.len() == 1).count();
        assert!(letters >= rules.map().len(), "{}: {texts:?}", rules.map());
        assert!(texts.iter().any(|t| t.ends_with("a note & <more>")));
        // It fits its box: every cell's centre is inside the picture.
        let (width, height) = Picture::new(&rules, style).size();
        let layout = Layout::of(rules.map(), style.dice);
        for &(x, y) in &layout.centres {
            assert!(x > 0.0 && x < width && y > 0.0 && y < height);
        }
    }
}

#[test]
fn the_same_position_is_the_same_picture() {
    let (rules, start) = game(
        RuleSet::Dicewars,
        Ground::RandomMap(MapShape::new(30).unwrap()),
        9,
    );
    let one = draw(&rules, &start, Style::default(), "").to_string();
    let two = draw(&rules, &start, Style::default(), "").to_string();
    assert_eq!(one, two);
}

#[test]
fn the_caption_names_the_player_to_move_and_the_winner() {
    let rules = Rules::classic(2, 2, 3).unwrap();
    let start = Position::start(&rules, "b-2 b-2 / a-2 b-1".parse().unwrap(), Player::A).unwrap();
    let text = draw(&rules, &start, Style::default(), "").to_string();
    assert!(text.contains("a to move"), "{text}");
    let over = Position::start(&rules, "b-1 b-1 / a-1 b-1".parse().unwrap(), Player::A).unwrap();
    let text = draw(&rules, &over, Style::default(), "").to_string();
    assert!(text.contains("game over: b wins"), "{text}");
    let hidden = Style {
        caption: false,
        ..Style::default()
    };
    let text = draw(&rules, &start, hidden, "").to_string();
    assert!(
        !text.contains("id=\"caption\"") && !text.contains(">a to move<"),
        "{text}"
    );
}

#[test]
fn text_is_outlined_without_paint_order_so_every_renderer_shows_the_ink() {
    let (rules, start) = game(
        RuleSet::Dicewars,
        Ground::RandomMap(MapShape::new(12).unwrap()),
        3,
    );
    let style = Style {
        numbers: true,
        ..Style::default()
    };
    let text = draw(&rules, &start, style, "").to_string();
    assert!(!text.contains("paint-order"), "{text}");
    let xml = roxmltree::Document::parse(&text).unwrap();
    let cell_texts: Vec<roxmltree::Node> = xml
        .descendants()
        .filter(|n| n.attribute("id").is_some_and(|id| id.starts_with("cell-")))
        .flat_map(|cell| cell.descendants().filter(|n| n.has_tag_name("text")))
        .collect();
    // Each letter and number twice: a white outline underneath, then the
    // ink on top with no stroke, which nothing is painted over.
    assert_eq!(cell_texts.len(), 2 * 2 * rules.map().len());
    for pair in cell_texts.chunks(2) {
        let (halo, ink) = (pair[0], pair[1]);
        assert_eq!(halo.text(), ink.text());
        for at in ["x", "y", "font-size"] {
            assert_eq!(halo.attribute(at), ink.attribute(at), "{at}");
        }
        assert_eq!(halo.attribute("fill"), Some("#FFFFFF"));
        assert_eq!(halo.attribute("stroke"), Some("#FFFFFF"));
        assert_eq!(ink.attribute("fill"), Some(INK));
        assert_eq!(ink.attribute("stroke"), None);
    }
    // And resvg still reads and draws it.
    let pixmap = render(&text, 1.0);
    assert!(pixmap.width() > 0 && pixmap.height() > 0);
}
