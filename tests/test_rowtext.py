"""A filled sheet's row as one line of text (issue 17): each cell lands where its column puts it."""

from hypothesis import given, strategies as st

from scorekeeper.printing.rowtext import HAIR, row_line, text_width

SIZE = 3.0  # mm


@given(
    st.lists(
        st.tuples(st.integers(min_value=-999, max_value=999), st.sampled_from(["center", "right"])),
        min_size=1,
        max_size=21,
    )
)
def test_every_cell_lands_within_a_hair_of_its_place(cells):
    # Columns 12 mm wide side by side: room for any number of up to 4 characters.
    columns = [(12.0 * index, 12.0, align, str(number), "", SIZE) for index, (number, align) in enumerate(cells)]
    segments = row_line(columns, SIZE)
    assert [text for _spaces, text, _cls, _start, _wide in segments] == [str(number) for number, _ in cells]
    position = 0.0
    for (x, width, align, _text, _kind, _size), (spaces, _typed, _cls, start, wide) in zip(columns, segments):
        # The spaces and hair spaces before the cell add up to where it starts.
        position += spaces.count(" ") * text_width(" ", SIZE) + spaces.count(HAIR) * text_width(HAIR, SIZE)
        assert abs(position - start) < 1e-9
        position += wide
        target = x + (width - wide) / 2 if align == "center" else x + width - 2.0 - wide
        assert abs(start - target) <= text_width(HAIR, SIZE) / 2 + 1e-9


def test_a_cell_wider_than_its_column_starts_at_its_edge_not_across_the_rule():
    ((_spaces, _text, _cls, start, _wide),) = row_line([(10.0, 2.0, "center", "12345", "", SIZE)], SIZE)
    assert start >= 10.0
