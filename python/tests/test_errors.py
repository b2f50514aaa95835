"""Bad input raises ValueError saying what was wrong, and changes nothing."""

import pytest

import column_checkers as cc


def emergo_midgame():
    s = cc.load_game("emergo").new_initial_state()
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"]:
        s.apply_move(m)
    return s


@pytest.mark.parametrize("action,message", [
    (-1, r"not a square of this board \(actions are 0 to 40\)"),
    (41, r"not a square of this board \(actions are 0 to 40\)"),
    (10**6, r"not a square of this board \(actions are 0 to 40\)"),
])
def test_an_action_off_the_board(action, message):
    s = emergo_midgame()
    before = s.serialize()
    with pytest.raises(ValueError, match=message):
        s.apply_action(action)
    assert s.serialize() == before


def test_action_to_string_reads_the_range_as_people_do():
    s = cc.load_game("emergo").new_initial_state()
    with pytest.raises(ValueError, match=r"action 41 is not a square of this board \(actions are 0 to 40\)$"):
        s.action_to_string(41)


def test_an_illegal_action_says_what_may_be_played():
    s = emergo_midgame()
    before = s.serialize()
    with pytest.raises(ValueError, match=r"no legal move starts on d8; .*g6"):
        s.apply_action(s.string_to_action("d8"))
    assert s.serialize() == before
    s.apply_action(s.string_to_action("g6"))
    mid = s.serialize()
    with pytest.raises(ValueError, match=r"no legal move goes on to c6 after g6; it may go on to e6"):
        s.apply_action(s.string_to_action("c6"))
    assert s.serialize() == mid and s.pending_clicks() == [s.string_to_action("g6")]


def test_an_action_that_is_no_int():
    s = emergo_midgame()
    with pytest.raises(ValueError, match="an action is an int"):
        s.apply_action("g6")


def test_an_illegal_move_text():
    s = emergo_midgame()
    before = s.serialize()
    with pytest.raises(ValueError, match="d8"):
        s.apply_move("d8")
    with pytest.raises(ValueError):
        s.apply_move("zz99")
    assert s.serialize() == before


def test_an_unknown_ruleset():
    with pytest.raises(ValueError, match=r'unknown ruleset "chess"; known: emergo'):
        cc.load_game("chess")


def test_an_unknown_option():
    with pytest.raises(ValueError, match=r'ruleset lasca has no option "russian_code"; its options: roundabout, repetition'):
        cc.load_game("lasca", russian_code=True)
    with pytest.raises(ValueError, match="True or False"):
        cc.load_game("lasca", roundabout="yes")
    with pytest.raises(ValueError, match="max_game_length"):
        cc.load_game("lasca", max_game_length=0)
    with pytest.raises(ValueError, match="malformed game string"):
        cc.load_game("lasca(roundabout")


def test_a_malformed_position():
    g = cc.load_game("emergo")
    with pytest.raises(ValueError, match=r"malformed position \"zz\""):
        g.new_initial_state("zz")
    with pytest.raises(ValueError, match="malformed position"):
        g.new_initial_state("e5:wwwwwwwwwwwww w 0/0")  # 13 White men
    with pytest.raises(ValueError, match="malformed position"):
        cc.load_game("lasca").new_initial_state("c3:w x")


def test_a_square_name_the_board_does_not_have():
    s = emergo_midgame()
    with pytest.raises(ValueError, match='no square "z9"'):
        s.string_to_action("z9")
    with pytest.raises(ValueError, match="not a square"):
        s.action_to_string(99)


def test_bad_serialised_states():
    g = cc.load_game("emergo")
    with pytest.raises(ValueError, match="not a serialised state"):
        g.deserialize_state("hello")
    s = emergo_midgame()
    text = s.serialize().replace("\n", "\n", 1)
    bad = text.rstrip("\n") + ",0\n"
    with pytest.raises(ValueError, match="no legal move starts on e1"):
        g.deserialize_state(bad)


def test_a_pdn_text_that_does_not_replay():
    g = cc.load_game("emergo")
    with pytest.raises(ValueError, match="game 1"):
        g.states_from_pdn('[Game "emergo"]\n1. d6 d8 2. e4 zz9 *\n')
