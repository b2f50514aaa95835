"""A whole game of international draughts between two instances of the player, each
driven over the Hub protocol by pydraughts' HubEngine (a client not written here):
every move the engine answers must be legal on pydraughts' own board.

    python player/tests/hub_pydraughts.py target/release/column-checkers-player [plies]
"""

import sys

from draughts import Board
from draughts.engine import HubEngine, Limit


def main() -> int:
    binary = sys.argv[1]
    max_plies = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    engines = [HubEngine([binary, "hub"]), HubEngine([binary, "hub"])]
    for e in engines:
        e.init()
        e.ping()
    assert engines[0].id.get("name") == "column-checkers-player", engines[0].id
    board = Board(variant="standard")
    plies = 0
    while not board.is_over() and plies < max_plies:
        engine = engines[plies % 2]
        result = engine.play(board, Limit(movetime=0.02), ponder=False)
        legal = [m.hub_position_move for m in board.legal_moves()]
        assert result.move.hub_position_move in legal, (result.move.hub_move, board.fen)
        board.push(result.move)
        plies += 1
    for e in engines:
        e.quit()
        e.p.wait(timeout=10)
    print(f"hub game over pydraughts: {plies} plies, winner {board.winner()}, over {board.is_over()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
