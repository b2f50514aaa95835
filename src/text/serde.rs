//! Serde support (feature `serde`): everything is written as its text form, so JSON
//! stays readable and matches what the rest of the crate reads and writes.
//!
//! | type | serialized as | example |
//! |---|---|---|
//! | positions ([`EmergoPosition`](crate::games::EmergoPosition), [`CheckersPosition`](crate::custom::CheckersPosition), [`EpaminondasPosition`](crate::games::EpaminondasPosition)) | position text | `"d6:w b 11/12"` |
//! | moves ([`Move`], [`CheckersMove`](crate::games::CheckersMove), [`PhalanxMove`](crate::games::PhalanxMove)) | notation | `"g6xe6xc6"` |
//! | [`Color`] | `"White"` / `"Black"` (reads `w`, `b`, any case) | `"Black"` |
//! | [`EndReason`] | kebab-case word | `"no-legal-move"` |
//! | [`Outcome`] | result and reason | `"1-0 no-pieces"`, `"1/2-1/2 repetition"` |
//! | [`Game`] | start position and moves, and the players' end if they declared one | `{"start":"- w 12/12","moves":["d6","d8"]}`, `{..., "end":"0-1 resignation"}` |
//!
//! **Moves are read against a position.** A move's text means something only where it
//! is played (an entry's size, compact forms, any route of a capture that stands for
//! the listed one: [move identity](crate::rulings#move-identity)), so moves serialize as their
//! notation but do not implement `Deserialize`: read them with a [`MoveSeed`] (a
//! `DeserializeSeed` holding the position) or deserialize a `String` and call
//! [`Position::parse_move`]. A [`Game`] deserializes by replaying its moves from its
//! start, so every move is checked. Position texts carry no ruleset options: a
//! [`CheckersPosition`](crate::custom::CheckersPosition) reads back with its rules' defaults.
//!
//! ```
//! use column_checkers::text::serde::MoveSeed;
//! use column_checkers::{Emergo, Game, Position};
//! use serde::de::DeserializeSeed;
//!
//! let mut game = Game::new(Emergo::start());
//! game.play_text("d6").unwrap();
//! let json = serde_json::to_string(&game).unwrap();
//! assert_eq!(json, r#"{"start":"- w 12/12","moves":["d6"]}"#);
//! let back: Game<Emergo> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back.position(), game.position());
//!
//! let pos = back.position();
//! let mut de = serde_json::Deserializer::from_str(r#""d8""#);
//! let mv = MoveSeed::new(pos).deserialize(&mut de).unwrap();
//! assert_eq!(mv, pos.parse_move("d8").unwrap());
//! ```
//!
//! A new position type gets the same by implementing `Serialize` with
//! [`serialize_display`] and `Deserialize` with [`deserialize_from_str`] (its move
//! type: `Serialize` with [`serialize_display`]).

use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::game::Game;
use crate::engine::moves::Move;
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;
use ::serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use ::serde::ser::SerializeStruct;
use ::serde::{Deserialize, Deserializer, Serialize, Serializer};
use core::fmt::{self, Display};
use core::marker::PhantomData;
use core::str::FromStr;

/// Serializes any value as its `Display` text.
///
/// # Errors
/// The serializer's.
pub fn serialize_display<T: Display + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Deserializes a value from a string through its `FromStr`.
///
/// # Errors
/// The deserializer's, or the `FromStr` error as a custom error.
pub fn deserialize_from_str<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: Display,
    D: Deserializer<'de>,
{
    let s = String::deserialize(deserializer)?;
    s.parse().map_err(de::Error::custom)
}

impl<B: Board> Serialize for Move<B> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, s)
    }
}

/// Implements `Serialize` as the `Display` text for a ruleset's type and, with `, read`
/// after the type, `Deserialize` through its `FromStr`. Used by the rulesets in
/// [`games`](crate::games) for their positions and moves.
macro_rules! serde_as_text {
    (impl<$($g:ident: $b:path),*> $ty:ty) => {
        impl<$($g: $b),*> ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::text::serde::serialize_display(self, s)
            }
        }
    };
    (impl<$($g:ident: $b:path),*> $ty:ty, read) => {
        $crate::text::serde::serde_as_text!(impl<$($g: $b),*> $ty);
        impl<'de, $($g: $b),*> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::text::serde::deserialize_from_str(d)
            }
        }
    };
}
pub(crate) use serde_as_text;

/// Reads a move's notation against a position: a `DeserializeSeed` giving the legal
/// move the text names (see the [module documentation](self)).
#[derive(Clone, Copy, Debug)]
pub struct MoveSeed<'a, P: Position> {
    position: &'a P,
}

impl<'a, P: Position> MoveSeed<'a, P> {
    /// A seed reading moves of `position`.
    pub fn new(position: &'a P) -> Self {
        MoveSeed { position }
    }
}

impl<'de, P: Position> DeserializeSeed<'de> for MoveSeed<'_, P> {
    type Value = P::Move;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<P::Move, D::Error> {
        let s = String::deserialize(d)?;
        self.position.parse_move(&s).map_err(de::Error::custom)
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_display(self, s)
    }
}
impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.to_ascii_lowercase().as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            _ => Err(de::Error::custom(format_args!(
                "{s:?} is not a colour (White or Black)"
            ))),
        }
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}
impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        EndReason::from_code(&s)
            .ok_or_else(|| de::Error::custom(format_args!("unknown end reason {s:?}")))
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!(
            "{} {}",
            self.result_text(),
            self.reason().code()
        ))
    }
}
impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let bad = || {
            de::Error::custom(format_args!(
                "{s:?} is not an outcome (e.g. \"1-0 no-pieces\")"
            ))
        };
        let (result, reason) = s.split_once(' ').ok_or_else(bad)?;
        let reason = EndReason::from_code(reason.trim()).ok_or_else(bad)?;
        Ok(match result {
            "1-0" => Outcome::Win {
                winner: Color::White,
                reason,
            },
            "0-1" => Outcome::Win {
                winner: Color::Black,
                reason,
            },
            "1/2-1/2" => Outcome::Draw { reason },
            _ => return Err(bad()),
        })
    }
}

impl<P: Position> Serialize for Game<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Moves<'a, M>(&'a [M]);
        impl<M: Display> Serialize for Moves<'_, M> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.iter().map(|m| m.to_string()))
            }
        }
        let declared = self.declared_end();
        let mut st = s.serialize_struct("Game", 2 + declared.is_some() as usize)?;
        st.serialize_field("start", &self.start().to_string())?;
        st.serialize_field("moves", &Moves(self.moves()))?;
        if let Some(end) = declared {
            st.serialize_field("end", &end)?;
        }
        st.end()
    }
}

impl<'de, P: Position> Deserialize<'de> for Game<P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct GameVisitor<P>(PhantomData<P>);
        fn replay<P: Position, E: de::Error>(
            start: &str,
            moves: &[String],
            end: Option<Outcome>,
        ) -> Result<Game<P>, E> {
            let start: P = start.parse().map_err(E::custom)?;
            let mut game = Game::new(start);
            for (i, m) in moves.iter().enumerate() {
                game.play_text(m)
                    .map_err(|e| E::custom(format_args!("move {} ({m}): {e}", i + 1)))?;
            }
            let declared = match end {
                None => return Ok(game),
                Some(
                    o @ Outcome::Draw {
                        reason: EndReason::Agreement,
                    },
                ) => game.agree_draw().map(|_| o),
                Some(
                    o @ Outcome::Win {
                        winner,
                        reason: EndReason::Resignation,
                    },
                ) => game.resign(winner.opponent()).map(|_| o),
                Some(o) => {
                    return Err(E::custom(format_args!(
                        "end {o}: only an agreed draw or a resignation is declared"
                    )))
                }
            };
            declared.map_err(|e| E::custom(format_args!("end: {e}")))?;
            Ok(game)
        }
        impl<'de, P: Position> Visitor<'de> for GameVisitor<P> {
            type Value = Game<P>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a game: {\"start\": position text, \"moves\": [move texts]}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Game<P>, A::Error> {
                let mut start: Option<String> = None;
                let mut moves: Option<Vec<String>> = None;
                let mut end: Option<Outcome> = None;
                let mut end_seen = false;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "start" if start.is_none() => start = Some(map.next_value()?),
                        "moves" if moves.is_none() => moves = Some(map.next_value()?),
                        "end" if !end_seen => {
                            end_seen = true;
                            end = map.next_value()?;
                        }
                        "start" | "moves" | "end" => {
                            return Err(de::Error::custom(format_args!("duplicate field {key}")))
                        }
                        _ => return Err(de::Error::unknown_field(&key, FIELDS)),
                    }
                }
                let start = start.unwrap_or_else(|| P::start().to_string());
                replay(&start, &moves.unwrap_or_default(), end)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Game<P>, A::Error> {
                let start: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let moves: Vec<String> = seq.next_element()?.unwrap_or_default();
                let end: Option<Outcome> = seq.next_element()?.flatten();
                replay(&start, &moves, end)
            }
        }
        const FIELDS: &[&str] = &["start", "moves", "end"];
        d.deserialize_struct("Game", FIELDS, GameVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::MoveList;
    use crate::games::draughts::RussianDraughts;
    use crate::games::emergo::Emergo;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>(
        v: &T,
    ) -> String {
        let json = serde_json::to_string(v).unwrap();
        let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(&back, v);
        json
    }

    #[test]
    fn positions_colours_outcomes_round_trip() {
        let p: Emergo = "c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0".parse().unwrap();
        assert_eq!(
            round_trip(&p),
            "\"f4:wwww,g4:w,h4:bb,c5:b,e5:b,d6:b w 0/0\""
        );
        round_trip(&RussianDraughts::start());
        round_trip(&crate::games::epaminondas::NeoCrossings::start());
        round_trip(&crate::games::epaminondas::Epaminondas::start());
        let mut l = MoveList::new();
        crate::games::epaminondas::NeoCrossings::start().legal_moves(&mut l);
        assert_eq!(
            serde_json::to_string(&l[0]).unwrap(),
            format!("\"{}\"", l[0])
        );
        assert_eq!(round_trip(&Color::Black), "\"Black\"");
        assert_eq!(
            serde_json::from_str::<Color>("\"w\"").unwrap(),
            Color::White
        );
        let o = Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces,
        };
        assert_eq!(round_trip(&o), "\"1-0 no-pieces\"");
        round_trip(&Outcome::Draw {
            reason: EndReason::Repetition,
        });
        round_trip(&EndReason::NoLegalMove);
        assert!(serde_json::from_str::<Emergo>("\"zz w 0/0\"").is_err());
        assert!(serde_json::from_str::<Outcome>("\"2-0 goal\"").is_err());
        assert!(serde_json::from_str::<Color>("\"red\"").is_err());
    }

    #[test]
    fn moves_serialize_as_notation_and_read_with_a_seed() {
        let p: RussianDraughts = "c3:w,d4:b,f6:b w".parse().unwrap();
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let json = serde_json::to_string(&list[0]).unwrap();
        assert_eq!(json, "\"c3:e5:g7\"");
        let mut de = serde_json::Deserializer::from_str(&json);
        assert_eq!(MoveSeed::new(&p).deserialize(&mut de).unwrap(), list[0]);
        let mut de = serde_json::Deserializer::from_str("\"c3-d4\"");
        assert!(MoveSeed::new(&p).deserialize(&mut de).is_err());
        let e = Emergo::start();
        let m = e.parse_move("d6").unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"d6\"");
    }

    #[test]
    fn games_replay_when_read() {
        let mut g = Game::new(Emergo::start());
        for m in ["d6", "d8", "e4"] {
            g.play_text(m).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        let back: Game<Emergo> = serde_json::from_str(&json).unwrap();
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.position(), g.position());
        let bad = r#"{"start":"- w 12/12","moves":["d6","d6"]}"#;
        let err = serde_json::from_str::<Game<Emergo>>(bad).unwrap_err();
        assert!(err.to_string().contains("move 2 (d6)"), "{err}");
        let r: Game<RussianDraughts> = serde_json::from_str(r#"{"moves":["c3-d4"]}"#).unwrap();
        assert_eq!(r.moves().len(), 1);
        assert!(serde_json::from_str::<Game<Emergo>>(r#"{"x":1}"#).is_err());
    }

    #[test]
    fn declared_ends_round_trip() {
        let mut g = Game::new(RussianDraughts::start());
        g.play_text("c3-d4").unwrap();
        g.resign(Color::Black).unwrap();
        let json = round_trip(&g);
        assert!(json.ends_with(r#","end":"1-0 resignation"}"#), "{json}");
        let mut d = Game::new(Emergo::start());
        d.agree_draw().unwrap();
        assert!(round_trip(&d).ends_with(r#""end":"1/2-1/2 agreement"}"#));
        // only the players' ends are declared, and not on a finished game
        let bad = r#"{"moves":[],"end":"1-0 repetition"}"#;
        assert!(serde_json::from_str::<Game<Emergo>>(bad).is_err());
        let over = r#"{"start":"a1:w b","moves":[],"end":"1/2-1/2 agreement"}"#;
        let err = serde_json::from_str::<Game<RussianDraughts>>(over).unwrap_err();
        assert!(err.to_string().contains("the game is over"), "{err}");
    }
}
