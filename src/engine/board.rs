//! Board geometry: which squares exist, their names, directions, neighbours and rays.
//!
//! A board shape is data — a [`Geometry`] built once from a grid, a mask of the squares
//! that exist and a list of direction vectors — and a zero-sized type implementing
//! [`Board`] that hands out a `&'static Geometry`. Rulesets are generic over their
//! [`Board`], so one ruleset can be played on several shapes (Emergo on the square
//! board and on the hexagon).

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::square::{Direction, DirectionSet, Square, SquareSet, MAX_SQUARES};

const NONE: u8 = u8::MAX;

/// The most squares a [`Geometry`] can have: every [`Square`] index is a `u8`, and
/// `u8::MAX` marks "no square" in the neighbour table. Boards of more than
/// [`MAX_SQUARES`] (64) squares need
/// [`WideSquareSet`](crate::custom::WideSquareSet) instead of [`SquareSet`], and cannot hold
/// [`Columns`](crate::custom::Columns).
pub const MAX_GEOMETRY_SQUARES: usize = 255;

/// The geometry of a board: squares on an integer grid `(x, y)`, their names, the
/// direction vectors, and the neighbour table.
///
/// Squares are numbered `0..n` in order of increasing `y`, then increasing `x`.
/// The default square names are a file letter (`a` for `x = 0`) followed by the rank
/// number (`1` for `y = 0`), as in chess; a board may give its own names (for example
/// the numbers of international draughts).
#[derive(Clone, Debug)]
pub struct Geometry {
    name: &'static str,
    width: u8,
    height: u8,
    coords: Vec<(u8, u8)>,
    grid: Vec<u8>,
    vectors: Vec<(i8, i8)>,
    opposite: Vec<u8>,
    neighbour: Vec<u8>,
    /// The same table with a fixed row of 8 per possible square index: looked up
    /// without bounds checks on hot paths ([`Geometry::neighbour`]).
    next: Box<[[u8; 8]; 256]>,
    names: Vec<String>,
    /// The squares by name, for names of at most 7 bytes: the name in ASCII lower case
    /// packed into a `u64` (see [`name_key`]), sorted (the first square of a name).
    by_name: Vec<(u64, u8)>,
    /// The longest name's length in bytes.
    longest_name: usize,
    /// Whether the names are the default ones (file letter, rank number), which
    /// [`parse_square`](Self::parse_square) reads without a search.
    default_names: bool,
    all: SquareSet,
    /// `(sources, delta)` pairs per direction, from `shift_start[d]` to
    /// `shift_start[d + 1]`: the squares of `sources` have their neighbour in that
    /// direction at index `+ delta` (see [`Geometry::shift`]).
    shifts: Vec<(SquareSet, i8)>,
    shift_start: [u8; 9],
    /// The same as `(sources, rotation)` with up to [`Shifts::PAIRS`] pairs per
    /// direction, when no direction needs more (the square boards, the hexagon):
    /// `(set & sources).rotate_left(rotation)` (the masked bits never wrap, so the
    /// rotation is the shift).
    constant_shifts: Option<Shifts>,
    far_rows: [SquareSet; 2],
    forward: [crate::engine::square::DirectionSet; 2],
    display: Option<Display>,
    reading: Vec<Square>,
    /// Each index below 64's place in reading order among those indices (the board's
    /// squares first, then the other indices), and the index in each place: see
    /// [`in_reading_order`](Geometry::in_reading_order).
    reading_rank: [u8; 64],
    by_reading_rank: [u8; 64],
    /// The squares of reading ranks `8 * i` to `8 * i + 7`, for each `i`: see
    /// [`nth_in_reading_order`](Geometry::nth_in_reading_order).
    reading_blocks: [SquareSet; 8],
    /// The direction of each leap of two steps, by the leap's offset `(dx + 2) + 5 *
    /// (dy + 2)` in grid coordinates (`NONE` where no direction doubled gives it):
    /// see [`two_step_direction`](Geometry::two_step_direction).
    two_steps: [u8; 25],
}

/// Drawing coordinates: grid width, grid height, and `(x, y)` per square.
type Display = (u8, u8, Vec<(u8, u8)>);

impl Geometry {
    /// Builds a geometry on a `width` x `height` grid where `(x, y)` is a square when
    /// `exists(x, y)`, with the given direction vectors `(dx, dy)`.
    ///
    /// Every direction's opposite must be in the list too (all boards of this crate are
    /// symmetric), so that [`Geometry::opposite`] is defined.
    ///
    /// # Panics
    /// When the board has more than [`MAX_GEOMETRY_SQUARES`] squares or more than 8
    /// directions,
    /// when a direction's opposite is missing, or when the grid is wider or taller than
    /// 26 — these are programming errors in a board definition.
    pub fn new(
        name: &'static str,
        width: u8,
        height: u8,
        exists: impl Fn(u8, u8) -> bool,
        vectors: &[(i8, i8)],
    ) -> Geometry {
        assert!(width <= 26 && height <= 99, "grid too large");
        assert!(vectors.len() <= 8, "at most 8 directions");
        let mut coords = Vec::new();
        let mut grid = vec![NONE; width as usize * height as usize];
        for y in 0..height {
            for x in 0..width {
                if exists(x, y) {
                    grid[y as usize * width as usize + x as usize] = coords.len() as u8;
                    coords.push((x, y));
                }
            }
        }
        assert!(
            coords.len() <= MAX_GEOMETRY_SQUARES,
            "too many squares for a Square index"
        );
        let opposite = vectors
            .iter()
            .map(|&(dx, dy)| {
                vectors
                    .iter()
                    .position(|&v| v == (-dx, -dy))
                    .expect("every direction needs its opposite") as u8
            })
            .collect();
        let mut g = Geometry {
            name,
            width,
            height,
            names: coords
                .iter()
                .map(|&(x, y)| format!("{}{}", (b'a' + x) as char, y + 1))
                .collect(),
            by_name: Vec::new(),
            longest_name: 0,
            default_names: true,
            all: SquareSet::first(coords.len()),
            coords,
            grid,
            vectors: vectors.to_vec(),
            opposite,
            neighbour: Vec::new(),
            next: Box::new([[NONE; 8]; 256]),
            shifts: Vec::new(),
            display: None,
            reading: Vec::new(),
            reading_rank: [0; 64],
            by_reading_rank: [0; 64],
            reading_blocks: [SquareSet::EMPTY; 8],
            two_steps: [NONE; 25],
            shift_start: [0; 9],
            constant_shifts: None,
            far_rows: [SquareSet::EMPTY; 2],
            forward: [crate::engine::square::DirectionSet::EMPTY; 2],
        };
        let mut neighbour = vec![NONE; g.len() * g.vectors.len()];
        for s in 0..g.len() {
            let (x, y) = g.coords[s];
            for (d, &(dx, dy)) in g.vectors.iter().enumerate() {
                if let Some(t) = g.square_at(x as i32 + dx as i32, y as i32 + dy as i32) {
                    neighbour[s * g.vectors.len() + d] = t.0;
                }
            }
        }
        for s in 0..g.len() {
            for d in 0..g.vectors.len() {
                g.next[s][d] = neighbour[s * g.vectors.len() + d];
            }
        }
        g.neighbour = neighbour;
        for (d, &(dx, dy)) in g.vectors.iter().enumerate() {
            if (-1..=1).contains(&dx) && (-1..=1).contains(&dy) {
                g.two_steps[(2 * dx + 2) as usize + 5 * (2 * dy + 2) as usize] = d as u8;
            }
        }
        // bitboard tables only for boards a SquareSet covers; wider boards (Epaminondas)
        // use WideSquareSet and the neighbour table
        let narrow = g.len() <= MAX_SQUARES;
        for d in 0..g.vectors.len() {
            if !narrow {
                g.shift_start[d + 1] = g.shift_start[d];
                continue;
            }
            let mut groups: Vec<(SquareSet, i8)> = Vec::new();
            for s in 0..g.len() {
                let t = g.neighbour[s * g.vectors.len() + d];
                if t == NONE {
                    continue;
                }
                let delta = (t as i32 - s as i32) as i8;
                match groups.iter_mut().find(|(_, dl)| *dl == delta) {
                    Some((set, _)) => set.insert(Square(s as u8)),
                    None => groups.push((SquareSet::from_square(Square(s as u8)), delta)),
                }
            }
            g.shifts.extend(groups);
            g.shift_start[d + 1] = g.shifts.len() as u8;
        }
        if narrow && height <= Shifts::MAX_ROWS as u8 {
            let rows: Vec<u32> = (0..height)
                .map(|y| {
                    (0..width)
                        .filter(|&x| exists(x, y))
                        .fold(0, |r, x| r | 1 << x)
                })
                .collect();
            g.constant_shifts = Shifts::of_grid(width, &rows, vectors);
        }
        for c in crate::engine::color::Color::ALL {
            if narrow {
                g.far_rows[c.index()] = g.compute_far_row(c);
            }
            g.forward[c.index()] = g.compute_forward(c);
        }
        g.set_reading_order();
        g.index_names();
        g
    }

    fn set_reading_order(&mut self) {
        self.reading = self.compute_reading_order();
        self.reading_blocks = [SquareSet::EMPTY; 8];
        let low = self.reading.iter().map(|s| s.0).filter(|&i| i < 64);
        let others = (self.len().min(64) as u8)..64;
        for (rank, i) in low.chain(others).enumerate() {
            self.reading_rank[i as usize] = rank as u8;
            self.by_reading_rank[rank] = i;
            self.reading_blocks[rank / 8].insert(Square(i));
        }
    }

    fn compute_reading_order(&self) -> Vec<Square> {
        let (_, _, at) = self.display();
        let mut order: Vec<Square> = self.squares().collect();
        order.sort_by_key(|s| (at[s.index()].1, at[s.index()].0));
        order
    }

    /// The squares in reading order of the board's drawing: bottom row first, left to
    /// right (for Emergo: by number line, then letter). Position texts and move lists
    /// follow it.
    pub fn reading_order(&self) -> &[Square] {
        &self.reading
    }

    /// The squares of `set` in [reading order](Self::reading_order): a few operations
    /// per square of the set, however many squares the board has.
    ///
    /// ```
    /// use column_checkers::SquareSet;
    /// use column_checkers::custom::Board;
    /// use column_checkers::games::Oblique9;
    ///
    /// let g = Oblique9::geometry();
    /// let set: SquareSet = ["e5", "a5", "e1", "i5"].iter().map(|n| g.parse_square(n).unwrap()).collect();
    /// let names: Vec<&str> = g.in_reading_order(set).map(|s| g.name(s)).collect();
    /// assert_eq!(names, ["e1", "a5", "e5", "i5"]);
    /// ```
    #[inline]
    pub fn in_reading_order(&self, set: SquareSet) -> impl Iterator<Item = Square> + '_ {
        let mut ranks = 0u64;
        for sq in set {
            ranks |= 1 << self.reading_rank[sq.index() & 63];
        }
        SquareSet(ranks)
            .iter()
            .map(move |r| Square(self.by_reading_rank[r.index() & 63]))
    }

    /// The square of `set` at place `k` (from 0) in [reading
    /// order](Self::reading_order), if `set` has more than `k` squares: the same as
    /// `in_reading_order(set).nth(k)`, with whole blocks of eight places skipped by
    /// counting.
    ///
    /// ```
    /// use column_checkers::SquareSet;
    /// use column_checkers::custom::Board;
    /// use column_checkers::games::Oblique9;
    ///
    /// let g = Oblique9::geometry();
    /// let set: SquareSet = ["e5", "a5", "e1", "i5"].iter().map(|n| g.parse_square(n).unwrap()).collect();
    /// assert_eq!(g.nth_in_reading_order(set, 1).map(|s| g.name(s)), Some("a5"));
    /// assert_eq!(g.nth_in_reading_order(set, 4), None);
    /// ```
    #[inline]
    pub fn nth_in_reading_order(&self, set: SquareSet, mut k: usize) -> Option<Square> {
        for (block, &squares) in self.reading_blocks.iter().enumerate() {
            let n = (set & squares).count();
            if k < n {
                for &i in &self.by_reading_rank[8 * block..8 * block + 8] {
                    if set.contains(Square(i)) {
                        if k == 0 {
                            return Some(Square(i));
                        }
                        k -= 1;
                    }
                }
            }
            k -= n;
        }
        None
    }

    /// Gives the squares other coordinates for drawing: a `width` x `height` grid and
    /// one `(x, y)` per square, in square order. Used when the indexing grid (chosen so
    /// that neighbours are bit shifts) is not the picture readers know.
    ///
    /// # Panics
    /// When `coords` does not have one entry per square.
    pub fn with_display(mut self, width: u8, height: u8, coords: Vec<(u8, u8)>) -> Geometry {
        assert_eq!(coords.len(), self.len(), "one display position per square");
        self.display = Some((width, height, coords));
        self.set_reading_order();
        self
    }

    /// Whether [`with_display`](Self::with_display) gave the squares drawing coordinates
    /// of their own.
    pub fn has_display(&self) -> bool {
        self.display.is_some()
    }

    /// The drawing grid's width and height and the drawing position of each square:
    /// the geometry's own grid unless [`with_display`](Self::with_display) set others.
    pub fn display(&self) -> (u8, u8, &[(u8, u8)]) {
        match &self.display {
            Some((w, h, c)) => (*w, *h, c),
            None => (self.width, self.height, &self.coords),
        }
    }

    /// Replaces the square names (in square order), e.g. with numbers.
    ///
    /// # Panics
    /// When `names` does not have one name per square.
    pub fn with_names(mut self, names: Vec<String>) -> Geometry {
        assert_eq!(names.len(), self.len(), "one name per square");
        self.names = names;
        self.default_names = false;
        self.index_names();
        self
    }

    /// Fills the table of squares by name from `names`.
    fn index_names(&mut self) {
        self.by_name = self
            .names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| Some((name_key(n)?, i as u8)))
            .collect();
        // stable: the first square of a name comes first
        self.by_name.sort_by_key(|&(k, _)| k);
        self.by_name.dedup_by_key(|&mut (k, _)| k);
        self.longest_name = self.names.iter().map(String::len).max().unwrap_or(0);
    }

    /// A short name of the board shape, e.g. `"emergo-41"`.
    pub fn shape_name(&self) -> &'static str {
        self.name
    }

    /// Number of squares.
    #[inline]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no squares (never true for a real board).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Width of the underlying grid.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Height of the underlying grid.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// All squares of the board, for boards of at most [`MAX_SQUARES`]
    /// squares; on a wider board it holds only the first 64 (use
    /// [`WideSquareSet::first`](crate::custom::WideSquareSet::first) with [`Geometry::len`]).
    #[inline]
    pub fn all(&self) -> SquareSet {
        self.all
    }

    /// Iterates all squares in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.len() as u8).map(Square)
    }

    /// Number of directions.
    #[inline]
    pub fn direction_count(&self) -> usize {
        self.vectors.len()
    }

    /// Iterates all directions.
    pub fn directions(&self) -> impl Iterator<Item = Direction> {
        (0..self.vectors.len() as u8).map(Direction)
    }

    /// The grid vector `(dx, dy)` of a direction.
    #[inline]
    pub fn vector(&self, d: Direction) -> (i8, i8) {
        self.vectors[d.index()]
    }

    /// The direction with vector `v`, if the board has one.
    pub fn direction_of(&self, v: (i8, i8)) -> Option<Direction> {
        self.vectors
            .iter()
            .position(|&w| w == v)
            .map(|i| Direction(i as u8))
    }

    /// The opposite direction (a 180° turn).
    #[inline]
    pub fn opposite(&self, d: Direction) -> Direction {
        Direction(self.opposite[d.index()])
    }

    /// The grid coordinates `(x, y)` of a square.
    #[inline]
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        self.coords[sq.index()]
    }

    /// The square at grid coordinates `(x, y)`, if it exists.
    #[inline]
    pub fn square_at(&self, x: i32, y: i32) -> Option<Square> {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return None;
        }
        match self.grid[y as usize * self.width as usize + x as usize] {
            NONE => None,
            s => Some(Square(s)),
        }
    }

    /// The direction `d` when `to` is two steps from `from` in direction `d` (the
    /// leap of a short capture: the square between exists), else `None`. One table
    /// look-up, where [`line_between`](Self::line_between) tries every direction.
    ///
    /// ```
    /// use column_checkers::custom::{Board, Direction, Grid8x8};
    /// let g = Grid8x8::geometry();
    /// let sq = |n| g.parse_square(n).unwrap();
    /// let d = g.two_step_direction(sq("c3"), sq("e5")).unwrap();
    /// assert_eq!(g.neighbour(sq("c3"), d), Some(sq("d4")));
    /// assert_eq!(g.two_step_direction(sq("c3"), sq("f6")), None);
    /// assert_eq!(g.two_step_direction(sq("c3"), sq("d4")), None);
    /// ```
    #[inline]
    pub fn two_step_direction(&self, from: Square, to: Square) -> Option<Direction> {
        let (fx, fy) = self.coords(from);
        let (tx, ty) = self.coords(to);
        let dx = (tx as i32 - fx as i32 + 2) as u32;
        let dy = (ty as i32 - fy as i32 + 2) as u32;
        if dx >= 5 || dy >= 5 {
            return None;
        }
        match self.two_steps[(dx + 5 * dy) as usize] {
            NONE => None,
            // on a board with holes the square between may be missing
            d => self.neighbour(from, Direction(d)).map(|_| Direction(d)),
        }
    }

    /// The neighbour of `sq` one step in direction `d`, if it exists.
    #[inline(always)]
    pub fn neighbour(&self, sq: Square, d: Direction) -> Option<Square> {
        match self.next[sq.index() & 0xff][d.index() & 7] {
            NONE => None,
            s => Some(Square(s)),
        }
    }

    /// Direction `d` as one [`Shift`], when every square's neighbour that way is the
    /// same number of indices further on (full rectangular grids, Emergo's board).
    #[inline]
    pub fn shift_of(&self, d: Direction) -> Option<Shift> {
        let (a, b) = (
            self.shift_start[d.index()] as usize,
            self.shift_start[d.index() + 1] as usize,
        );
        match self.shifts[a..b] {
            [(from, amount)] => Some(Shift { amount, from }),
            _ => None,
        }
    }

    /// The squares from `sq` (excluded) onwards in direction `d`, up to the edge.
    pub fn ray(&self, sq: Square, d: Direction) -> impl Iterator<Item = Square> + '_ {
        let mut cur = sq;
        core::iter::from_fn(move || {
            let next = self.neighbour(cur, d)?;
            cur = next;
            Some(next)
        })
    }

    /// The direction and distance (in steps) from `from` to `to`, when `to` lies on a
    /// ray from `from` (and the two differ).
    pub fn line_between(&self, from: Square, to: Square) -> Option<(Direction, u8)> {
        let (fx, fy) = self.coords(from);
        let (tx, ty) = self.coords(to);
        let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
        if (dx, dy) == (0, 0) {
            return None;
        }
        for (i, &(vx, vy)) in self.vectors.iter().enumerate() {
            let (vx, vy) = (vx as i32, vy as i32);
            let k = if vx != 0 { dx / vx } else { dy / vy };
            if k > 0 && vx * k == dx && vy * k == dy {
                // every square on the way must exist
                let d = Direction(i as u8);
                let mut cur = from;
                for _ in 0..k {
                    cur = self.neighbour(cur, d)?;
                }
                return Some((d, k as u8));
            }
        }
        None
    }

    /// The neighbours in direction `d` of the squares of `set`: the set shifted one
    /// step (squares without such a neighbour drop out). A few shifts and masks: the
    /// bitboard form of [`neighbour`](Self::neighbour). Boards of more than
    /// [`MAX_SQUARES`] squares have no shift tables: the result is then empty.
    #[inline(always)]
    pub fn shift(&self, set: SquareSet, d: Direction) -> SquareSet {
        if let Some(table) = &self.constant_shifts {
            return table.shift(set, d);
        }
        let (a, b) = (
            self.shift_start[d.index()] as usize,
            self.shift_start[d.index() + 1] as usize,
        );
        let mut out = 0u64;
        for &(sources, delta) in &self.shifts[a..b] {
            let s = set.0 & sources.0;
            out |= if delta >= 0 { s << delta } else { s >> -delta };
        }
        SquareSet(out)
    }

    /// Whether [`shift`](Self::shift) is a few mask-and-shift operations (boards where
    /// each direction moves an index by one of at most [`Shifts::PAIRS`] amounts: the
    /// square boards, the hexagon), rather than a loop over the board's rows.
    #[inline]
    pub fn fast_shift(&self) -> bool {
        self.constant_shifts.is_some()
    }

    /// The board's [`Shifts`], when every direction moves a square's index by one of
    /// at most [`Shifts::PAIRS`] amounts (what [`fast_shift`](Self::fast_shift) tells).
    #[inline]
    pub fn shifts(&self) -> Option<&Shifts> {
        self.constant_shifts.as_ref()
    }

    /// The directions that go forward for `color`: towards higher `y` for White, lower
    /// `y` for Black.
    #[inline]
    pub fn forward(
        &self,
        color: crate::engine::color::Color,
    ) -> crate::engine::square::DirectionSet {
        self.forward[color.index()]
    }

    fn compute_forward(
        &self,
        color: crate::engine::color::Color,
    ) -> crate::engine::square::DirectionSet {
        let mut set = crate::engine::square::DirectionSet::EMPTY;
        for (i, &(_, dy)) in self.vectors.iter().enumerate() {
            let ahead = match color {
                crate::engine::color::Color::White => dy > 0,
                crate::engine::color::Color::Black => dy < 0,
            };
            if ahead {
                set = set.with(Direction(i as u8));
            }
        }
        set
    }

    /// All directions of the board as a set.
    pub fn all_directions(&self) -> crate::engine::square::DirectionSet {
        crate::engine::square::DirectionSet::first(self.vectors.len())
    }

    /// The squares of grid row `y` (`0` = the bottom row, White's side).
    ///
    /// # Panics
    /// On boards of more than [`MAX_SQUARES`] squares, which a [`SquareSet`] cannot hold.
    pub fn row(&self, y: u8) -> SquareSet {
        assert!(
            self.len() <= MAX_SQUARES,
            "row() needs a board of at most 64 squares"
        );
        self.squares().filter(|&s| self.coords(s).1 == y).collect()
    }

    /// The row where men of `color` are promoted: the top row for White, the bottom
    /// row for Black.
    #[inline]
    /// Empty on boards of more than [`MAX_SQUARES`] squares.
    pub fn far_row(&self, color: crate::engine::color::Color) -> SquareSet {
        self.far_rows[color.index()]
    }

    fn compute_far_row(&self, color: crate::engine::color::Color) -> SquareSet {
        match color {
            crate::engine::color::Color::White => self.row(self.height - 1),
            crate::engine::color::Color::Black => self.row(0),
        }
    }

    /// The name of a square, e.g. `"e5"`.
    #[inline]
    pub fn name(&self, sq: Square) -> &str {
        &self.names[sq.index()]
    }

    /// The square with the given name (ASCII case-insensitive).
    #[inline]
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        if name.len() > self.longest_name {
            return None;
        }
        if self.default_names {
            // a file letter, then the rank number without leading zeros
            let (&file, rank) = name.as_bytes().split_first()?;
            // an ASCII letter of either case
            let x = (file | 0x20).wrapping_sub(b'a');
            if x >= 26 || rank.first().map_or(true, |&d| d == b'0') {
                return None;
            }
            let mut y = 0i32;
            for &d in rank {
                let v = d.wrapping_sub(b'0');
                if v > 9 {
                    return None;
                }
                y = y * 10 + i32::from(v);
            }
            return self.square_at(i32::from(x), y - 1);
        }
        self.parse_other_name(name)
    }

    /// [`parse_square`](Self::parse_square) on a board with its own square names.
    fn parse_other_name(&self, name: &str) -> Option<Square> {
        match name_key(name) {
            // a binary search among the short names
            Some(key) => self
                .by_name
                .binary_search_by_key(&key, |&(k, _)| k)
                .ok()
                .map(|i| Square(self.by_name[i].1)),
            None => self
                .names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(name))
                .map(|i| Square(i as u8)),
        }
    }
}

/// A name of at most 7 bytes in ASCII lower case, packed into a `u64` with its length
/// in the top byte (distinct names, ignoring ASCII case, give distinct keys); `None`
/// for longer names.
fn name_key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    if bytes.len() > 7 {
        return None;
    }
    let packed = bytes
        .iter()
        .fold(0u64, |k, b| k << 8 | u64::from(b.to_ascii_lowercase()));
    Some((bytes.len() as u64) << 56 | packed)
}

/// A direction in which a board's neighbour map is a bit shift: every square of `from`
/// has its neighbour `amount` indices further on (fewer when negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    /// The index difference between a square and its neighbour.
    pub amount: i8,
    /// The squares that have a neighbour in that direction.
    pub from: SquareSet,
}

impl Shift {
    /// The neighbours of the squares of `set` that have one.
    #[inline]
    pub fn apply(self, set: SquareSet) -> SquareSet {
        let bits = (set & self.from).0;
        SquareSet(if self.amount >= 0 {
            bits << self.amount
        } else {
            bits >> -self.amount
        })
    }
}

/// A board's direction shifts as constants: for each direction, at most
/// [`PAIRS`](Shifts::PAIRS) `(sources, rotation)` pairs such that the neighbours of a
/// set `s` that way are `(s & sources).rotate_left(rotation)` of the pairs OR-ed
/// together. Boards of at most [`MAX_SQUARES`] squares whose every direction moves a
/// square's index by one of at most that many amounts have them (the square boards,
/// Emergo's, the hexagon).
///
/// [`Geometry::new`] builds its [`shift`](Geometry::shift) tables with
/// [`Shifts::of_grid`], a `const fn`, and a [`Board`] may name the same value as its
/// [`SHIFTS`](Board::SHIFTS) constant: the hot loops that shift by
/// [`Board::shift`] then compile to a few operations on immediate values.
///
/// ```
/// use column_checkers::SquareSet;
/// use column_checkers::custom::{Board, Direction, Shifts};
///
/// // a 3x3 grid of 9 squares with the four orthogonal directions
/// const PLUS: Option<Shifts> =
///     Shifts::of_grid(3, &[0b111, 0b111, 0b111], &[(1, 0), (0, 1), (-1, 0), (0, -1)]);
/// let east = PLUS.unwrap().shift(SquareSet(0b1_0000_0011), Direction(0));
/// assert_eq!(east, SquareSet(0b0_0000_0110)); // the last column drops out
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shifts {
    table: [[(u64, u32); Shifts::PAIRS]; 8],
    opposite: [u8; 8],
    /// The directions forward for White and for Black (see [`Geometry::forward`]).
    forward: [DirectionSet; 2],
    /// How many directions the board has.
    directions: u8,
    /// All the squares.
    all: SquareSet,
    /// The far rows of White and of Black (see [`Geometry::far_row`]).
    far_rows: [SquareSet; 2],
}

impl Shifts {
    /// The most rows [`of_grid`](Self::of_grid) reads.
    pub const MAX_ROWS: usize = 64;
    /// The most index amounts one direction may move squares by (three on the
    /// hexagon, whose rows differ in length; two on the square boards' dark squares;
    /// one on full grids).
    pub const PAIRS: usize = 3;

    /// The shifts of the board whose row `y` has a square at `x` where bit `x` of
    /// `rows[y]` is set (`width` columns), with the direction vectors `vectors`, its
    /// squares numbered as [`Geometry::new`] numbers them (by `y`, then `x`). `None`
    /// when the board has more than [`MAX_SQUARES`] squares, more than
    /// [`MAX_ROWS`](Self::MAX_ROWS) rows or 8 directions, or a direction that moves
    /// the indices by more than [`PAIRS`](Self::PAIRS) amounts.
    pub const fn of_grid(width: u8, rows: &[u32], vectors: &[(i8, i8)]) -> Option<Shifts> {
        let (w, h) = (width as i32, rows.len());
        if h > Self::MAX_ROWS || vectors.len() > 8 || width > 32 {
            return None;
        }
        // the index of the first square of each row
        let mut start = [0u32; Self::MAX_ROWS + 1];
        let mut y = 0;
        while y < h {
            start[y + 1] = start[y] + rows[y].count_ones();
            y += 1;
        }
        if start[h] as usize > MAX_SQUARES {
            return None;
        }
        const fn exists(rows: &[u32], w: i32, x: i32, y: i32) -> bool {
            x >= 0
                && y >= 0
                && x < w
                && (y as usize) < rows.len()
                && (rows[y as usize] >> x) & 1 == 1
        }
        const fn index(rows: &[u32], start: &[u32], x: i32, y: i32) -> u32 {
            start[y as usize] + (rows[y as usize] & ((1u32 << x) - 1)).count_ones()
        }
        let mut table = [[(0u64, 0u32); Shifts::PAIRS]; 8];
        let mut opposite = [0u8; 8];
        let mut forward = [DirectionSet::EMPTY; 2];
        let mut d = 0;
        while d < vectors.len() {
            let (dx, dy) = (vectors[d].0 as i32, vectors[d].1 as i32);
            if dy != 0 {
                let ahead = if dy > 0 { 0 } else { 1 };
                forward[ahead] = forward[ahead].with(Direction(d as u8));
            }
            let mut o = 0;
            while o < vectors.len() && (vectors[o].0 as i32 != -dx || vectors[o].1 as i32 != -dy) {
                o += 1;
            }
            if o == vectors.len() {
                return None;
            }
            opposite[d] = o as u8;
            let mut deltas = [0i32; Shifts::PAIRS];
            let mut used = 0;
            let mut y = 0;
            while y < h as i32 {
                let mut x = 0;
                while x < w {
                    if exists(rows, w, x, y) && exists(rows, w, x + dx, y + dy) {
                        let from = index(rows, &start, x, y);
                        let delta = index(rows, &start, x + dx, y + dy) as i32 - from as i32;
                        let mut k = 0;
                        while k < used && deltas[k] != delta {
                            k += 1;
                        }
                        if k == used {
                            if used == Shifts::PAIRS {
                                return None;
                            }
                            deltas[k] = delta;
                            table[d][k].1 = delta.rem_euclid(64) as u32;
                            used += 1;
                        }
                        table[d][k].0 |= 1 << from;
                    }
                    x += 1;
                }
                y += 1;
            }
            d += 1;
        }
        Some(Shifts {
            table,
            opposite,
            forward,
            directions: vectors.len() as u8,
            all: SquareSet::first(start[h] as usize),
            far_rows: [
                SquareSet(
                    SquareSet::first(start[h] as usize).0
                        & !SquareSet::first(start[h - 1] as usize).0,
                ),
                SquareSet::first(start[1] as usize),
            ],
        })
    }

    /// The most index amounts any one direction moves squares by (at most
    /// [`PAIRS`](Self::PAIRS)): the number of masks and rotations a
    /// [`shift`](Self::shift) needs. One on Emergo's board and on full grids, two on
    /// the dark squares of even boards, three on the hexagon. Hot loops that shift
    /// single squares choose bitboards or a neighbour table by it.
    ///
    /// ```
    /// use column_checkers::custom::{Board, Dark8, Hex37};
    /// use column_checkers::games::Oblique9;
    ///
    /// assert_eq!(Oblique9::SHIFTS.unwrap().amounts(), 1);
    /// assert_eq!(Dark8::SHIFTS.unwrap().amounts(), 2);
    /// assert_eq!(Hex37::SHIFTS.unwrap().amounts(), 3);
    /// ```
    pub const fn amounts(&self) -> usize {
        let mut most = 0;
        let mut d = 0;
        while d < 8 {
            let mut k = 0;
            while k < Self::PAIRS && self.table[d][k].0 != 0 {
                k += 1;
            }
            if k > most {
                most = k;
            }
            d += 1;
        }
        most
    }

    /// The far row of `color`, where its men are promoted (as [`Geometry::far_row`]).
    #[inline(always)]
    pub const fn far_row(&self, color: Color) -> SquareSet {
        self.far_rows[color as usize]
    }

    /// All the board's squares (as [`Geometry::all`]).
    #[inline(always)]
    pub const fn all(&self) -> SquareSet {
        self.all
    }

    /// The directions that go forward for `color` (as [`Geometry::forward`]).
    #[inline(always)]
    pub const fn forward(&self, color: Color) -> DirectionSet {
        self.forward[color as usize]
    }

    /// All the board's directions (as [`Geometry::all_directions`]).
    #[inline(always)]
    pub const fn all_directions(&self) -> DirectionSet {
        DirectionSet::first(self.directions as usize)
    }

    /// The opposite of direction `d` (as [`Geometry::opposite`]).
    #[inline(always)]
    pub const fn opposite(&self, d: Direction) -> Direction {
        Direction(self.opposite[d.index() & 7])
    }

    /// The `(sources, rotation)` pairs of direction `d` (unused pairs have no
    /// sources): the squares of `set & sources` each move `rotation` indices on, modulo
    /// 64, so the square a neighbour found by one pair came from is its index less the
    /// rotation. Loops that need each neighbour's origin walk the pairs one by one.
    #[inline(always)]
    pub(crate) const fn pairs(&self, d: Direction) -> [(u64, u32); Shifts::PAIRS] {
        self.table[d.index() & 7]
    }

    /// The neighbours in direction `d` of the squares of `set` (see
    /// [`Geometry::shift`]).
    #[inline(always)]
    pub const fn shift(&self, set: SquareSet, d: Direction) -> SquareSet {
        let [(m0, r0), (m1, r1), (m2, r2)] = self.table[d.index() & 7];
        SquareSet(
            (set.0 & m0).rotate_left(r0)
                | (set.0 & m1).rotate_left(r1)
                | (set.0 & m2).rotate_left(r2),
        )
    }
}

/// A board shape, as a type: the key to a shared, lazily built [`Geometry`].
///
/// Implement it on a zero-sized type to define a new board; build the geometry in a
/// `static` `OnceLock` so it is made once:
///
/// ```
/// use std::sync::OnceLock;
/// use column_checkers::Geometry;
/// use column_checkers::custom::Board;
///
/// /// The 32 dark squares of an 8x8 board.
/// #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
/// struct Dark8;
///
/// impl Board for Dark8 {
///     fn geometry() -> &'static Geometry {
///         static G: OnceLock<Geometry> = OnceLock::new();
///         G.get_or_init(|| {
///             Geometry::new("dark-8", 8, 8, |x, y| (x + y) % 2 == 0,
///                           &[(1, 1), (-1, 1), (-1, -1), (1, -1)])
///         })
///     }
/// }
/// assert_eq!(Dark8::geometry().len(), 32);
/// assert_eq!(Dark8::geometry().name(column_checkers::Square(0)), "a1");
/// ```
pub trait Board:
    Copy + Default + core::fmt::Debug + Eq + core::hash::Hash + Send + Sync + 'static
{
    /// The board's geometry, built once.
    fn geometry() -> &'static Geometry;

    /// The geometry's [`Shifts`] as a constant, where the board has them: `None` by
    /// default, and then [`shift`](Self::shift) reads the geometry's tables. A board
    /// that sets it must give the value its geometry has ([`Geometry::shifts`]).
    const SHIFTS: Option<Shifts> = None;

    /// The neighbours in direction `d` of the squares of `set`, as
    /// [`Geometry::shift`]; with constant [`SHIFTS`](Self::SHIFTS) and a constant
    /// direction, a few operations on immediate values.
    ///
    /// ```
    /// use column_checkers::SquareSet;
    /// use column_checkers::custom::{Board, Dark8, Direction};
    ///
    /// let g = Dark8::geometry();
    /// let c3 = SquareSet::from_square(g.parse_square("c3").unwrap());
    /// let d4 = SquareSet::from_square(g.parse_square("d4").unwrap());
    /// assert_eq!(Dark8::shift(c3, Direction(0)), d4); // north-east
    /// assert_eq!(Dark8::shift(c3, Direction(0)), g.shift(c3, Direction(0)));
    /// ```
    // This and the other functions of the constants are always inlined where debug
    // assertions are off (optimised builds). Unoptimised, inlining would copy the
    // whole `SHIFTS` into the frame of the caller at every call: calls keep the
    // frames of the unrolled loops small (perft recurses through some of them).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn shift(set: SquareSet, d: Direction) -> SquareSet {
        match Self::SHIFTS {
            Some(s) => s.shift(set, d),
            None => Self::geometry().shift(set, d),
        }
    }

    /// The opposite of direction `d`, as [`Geometry::opposite`] (a constant with
    /// constant [`SHIFTS`](Self::SHIFTS) and a constant direction).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn opposite(d: Direction) -> Direction {
        match Self::SHIFTS {
            Some(s) => s.opposite(d),
            None => Self::geometry().opposite(d),
        }
    }

    /// The directions forward for `color`, as [`Geometry::forward`] (one of two
    /// constants with constant [`SHIFTS`](Self::SHIFTS)).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn forward(color: Color) -> DirectionSet {
        match Self::SHIFTS {
            Some(s) => s.forward(color),
            None => Self::geometry().forward(color),
        }
    }

    /// The far row of `color`, as [`Geometry::far_row`] (one of two constants with
    /// constant [`SHIFTS`](Self::SHIFTS)).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn far_row(color: Color) -> SquareSet {
        match Self::SHIFTS {
            Some(s) => s.far_row(color),
            None => Self::geometry().far_row(color),
        }
    }

    /// All the board's squares, as [`Geometry::all`] (a constant with constant
    /// [`SHIFTS`](Self::SHIFTS)).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn all() -> SquareSet {
        match Self::SHIFTS {
            Some(s) => s.all(),
            None => Self::geometry().all(),
        }
    }

    /// All the board's directions, as [`Geometry::all_directions`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn all_directions() -> DirectionSet {
        match Self::SHIFTS {
            Some(s) => s.all_directions(),
            None => Self::geometry().all_directions(),
        }
    }
}

/// Asserts that the constants of board `B` ([`Board::SHIFTS`] and what is read from
/// them: `shift`, `forward`, `far_row`, `all`, `all_directions`, `opposite`) are what
/// its geometry computes: the shared test of every board.
#[cfg(test)]
pub(crate) fn assert_constants_are_the_geometrys<B: Board>() {
    let g = B::geometry();
    assert_eq!(B::SHIFTS.as_ref(), g.shifts());
    for c in Color::ALL {
        assert_eq!(B::forward(c), g.forward(c));
        assert_eq!(B::far_row(c), g.far_row(c));
    }
    assert_eq!(B::all_directions(), g.all_directions());
    assert_eq!(B::all(), g.all());
    for d in g.directions() {
        assert_eq!(B::opposite(d), g.opposite(d));
        // (a board beyond a `SquareSet` has no constant shifts)
        for sq in g.squares().filter(|_| B::SHIFTS.is_some()) {
            let next = g.neighbour(sq, d).map(SquareSet::from_square);
            assert_eq!(
                B::shift(SquareSet::from_square(sq), d),
                next.unwrap_or_default(),
                "{sq:?} {d:?}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plus() -> Geometry {
        Geometry::new(
            "t",
            3,
            3,
            |x, y| x == 1 || y == 1,
            &[(1, 0), (0, 1), (-1, 0), (0, -1)],
        )
    }

    /// `nth_in_reading_order` against the reading-order iterator, and
    /// `two_step_direction` against two neighbour steps, on random sets of each board.
    fn reading_places_and_two_steps<B: Board>(seed: u64) {
        let g = B::geometry();
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        for _ in 0..200 {
            let set: SquareSet = g.squares().filter(|_| rng.below(3) == 0).collect();
            let order: Vec<Square> = g.in_reading_order(set).collect();
            for k in 0..=order.len() {
                assert_eq!(g.nth_in_reading_order(set, k), order.get(k).copied());
            }
        }
        for a in g.squares() {
            for b in g.squares() {
                let two = g
                    .directions()
                    .find(|&d| g.neighbour(a, d).and_then(|n| g.neighbour(n, d)) == Some(b));
                assert_eq!(g.two_step_direction(a, b), two, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn reading_places_and_two_step_leaps() {
        use crate::engine::shapes::{dark::Dark10, grid::Grid8x8, hex::Hex37};
        reading_places_and_two_steps::<crate::games::emergo::Oblique9>(1);
        reading_places_and_two_steps::<Hex37>(2);
        reading_places_and_two_steps::<Dark10>(3);
        reading_places_and_two_steps::<Grid8x8>(4);
        // two steps apart on the grid, with no square between
        let gap = Geometry::new("gap", 3, 1, |x, _| x != 1, &[(1, 0), (-1, 0)]);
        let (a1, c1) = (
            gap.parse_square("a1").unwrap(),
            gap.parse_square("c1").unwrap(),
        );
        assert_eq!(gap.two_step_direction(a1, c1), None);
        assert_eq!(gap.line_between(a1, c1), None);
    }

    #[test]
    fn neighbours_and_opposites() {
        let g = plus();
        assert_eq!(g.len(), 5);
        let c = g.parse_square("B2").unwrap();
        assert_eq!(g.name(c), "b2");
        for d in g.directions() {
            let n = g.neighbour(c, d).unwrap();
            assert_eq!(g.neighbour(n, g.opposite(d)), Some(c));
            assert_eq!(g.line_between(c, n), Some((d, 1)));
        }
        let a2 = g.parse_square("a2").unwrap();
        let c2 = g.parse_square("c2").unwrap();
        assert_eq!(g.line_between(a2, c2), Some((Direction(0), 2)));
        assert_eq!(g.ray(a2, Direction(0)).count(), 2);
        assert_eq!(g.line_between(a2, a2), None);
        assert_eq!(g.parse_square("a1"), None);
    }

    #[test]
    fn shifts_match_neighbours() {
        let g = Geometry::new(
            "hexish",
            5,
            5,
            |x, y| x + y >= 2 && x + y <= 6,
            &[(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)],
        );
        for d in g.directions() {
            for s in g.squares() {
                let shifted = g.shift(SquareSet::from_square(s), d);
                let expect: SquareSet = g.neighbour(s, d).into_iter().collect();
                assert_eq!(shifted, expect, "{s:?} {d:?}");
            }
            assert_eq!(
                g.shift(g.all(), d).count(),
                g.squares().filter(|&s| g.neighbour(s, d).is_some()).count()
            );
        }
    }
}
