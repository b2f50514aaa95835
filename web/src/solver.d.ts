/** Emergo's one-on-one endgame table, solved in WebAssembly (feature `solver`). */
export interface OneOnOneTable {
  /** The table in the crate's file format (the same bytes on every target). */
  bytes: Uint8Array;
  /** The checksum the file stores in its last four bytes: the CRC-32 of everything before them. */
  crc: number;
  /** Positions won, lost and drawn for the side to move. */
  wins: number;
  losses: number;
  draws: number;
  /** The value of `e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0`: `win in 79 plies`. */
  start: string;
}
