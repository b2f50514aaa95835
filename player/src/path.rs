//! The positions from the game's start to the node being searched, for repetitions:
//! a position seen before with the same player to move is a draw where the ruleset
//! draws by repetition.
//!
//! Most positions have not been seen: a count of the path's positions by a few bits
//! of their hash answers those at once, and only a position whose bits are counted
//! is looked for along the path (the path holds the whole game, and scanning it at
//! every node cost the search a seventh of its time in a long game).

/// Bits of a position's hash that index [`Path`]'s counts.
const BITS: u32 = 12;

/// The hashes of the positions from the game's start to the node being searched.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    keys: Vec<u64>,
    /// How many of `keys` have each value of their low [`BITS`] bits.
    counts: Vec<u16>,
}

impl Default for Path {
    fn default() -> Path {
        Path {
            keys: Vec::new(),
            counts: vec![0; 1 << BITS],
        }
    }
}

fn bucket(key: u64) -> usize {
    (key & ((1 << BITS) - 1)) as usize
}

impl Path {
    /// The path of a game whose positions were `history`, oldest first.
    pub(crate) fn reset(&mut self, history: &[u64]) {
        while let Some(k) = self.keys.pop() {
            self.counts[bucket(k)] -= 1;
        }
        history.iter().for_each(|&k| self.push(k));
    }

    /// A position entered.
    pub(crate) fn push(&mut self, key: u64) {
        self.keys.push(key);
        self.counts[bucket(key)] += 1;
    }

    /// The last position entered, left.
    pub(crate) fn pop(&mut self) {
        if let Some(k) = self.keys.pop() {
            self.counts[bucket(k)] -= 1;
        }
    }

    /// Whether the position `key`, whose player to move is the one after the last
    /// position's, stood on the path with the same player to move.
    pub(crate) fn repeats(&self, key: u64) -> bool {
        self.counts[bucket(key)] != 0
            && self.keys.iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_repeats_only_with_the_same_player_to_move() {
        let mut p = Path::default();
        p.reset(&[1, 2, 3, 4]);
        // the next position follows 4: its player moved in 3 and 1
        assert!(p.repeats(3));
        assert!(p.repeats(1));
        assert!(!p.repeats(2));
        assert!(!p.repeats(4));
        assert!(!p.repeats(5));
        p.pop();
        assert_eq!(p.counts[bucket(4)], 0, "4's count follows its pop");
        // now after 3: the player of 2 and 4 (4 gone)
        assert!(p.repeats(2));
        assert!(!p.repeats(4));
        assert!(!p.repeats(3));
    }

    #[test]
    fn each_value_of_the_low_bits_has_its_own_count() {
        let mut p = Path::default();
        let keys: Vec<u64> = (0..1u64 << BITS).map(|k| k | (k << 40)).collect();
        p.reset(&keys);
        assert!(p.counts.iter().all(|&c| c == 1));
        assert_eq!(bucket(u64::MAX), (1 << BITS) - 1);
    }

    #[test]
    fn keys_sharing_their_low_bits_are_told_apart() {
        let mut p = Path::default();
        let (a, b) = (7, 7 + (1 << BITS));
        p.reset(&[a, 0]);
        assert!(p.repeats(a));
        assert!(!p.repeats(b));
        p.reset(&[b, 0]);
        assert!(!p.repeats(a));
        assert!(p.repeats(b));
        // the counts follow the pops: an empty path holds nothing
        p.reset(&[]);
        assert!(p.counts.iter().all(|&c| c == 0));
        assert!(!p.repeats(b));
    }
}
