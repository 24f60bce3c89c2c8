"""An invalid choice names the values the field takes (config.api.fields.word_invalid_choices)."""

from rest_framework import serializers

from config.api import serializers as api
from config.api.fields import MAX_CHOICES_LISTED


class Pick(api.Serializer):
    colour = serializers.ChoiceField(choices=["RED", "GREEN"])
    many = serializers.ChoiceField(choices=[f"V{n}" for n in range(MAX_CHOICES_LISTED + 5)])
    own = serializers.ChoiceField(
        choices=["A"], error_messages={"invalid_choice": "Pick A, not {input}"}
    )
    colours = serializers.ListField(child=serializers.ChoiceField(choices=["RED", "GREEN"]))


def errors_of(**data) -> dict:
    serializer = Pick(data={"colour": "RED", "many": "V0", "own": "A", "colours": [], **data})
    assert not serializer.is_valid()
    return serializer.errors


def test_an_invalid_choice_lists_the_values_the_field_takes():
    assert errors_of(colour="BLUE")["colour"] == [
        '"BLUE" is not a valid choice; expected one of: RED, GREEN'
    ]


def test_a_list_of_choices_names_them_for_each_entry():
    assert errors_of(colours=["RED", "PINK"])["colours"] == {
        1: ['"PINK" is not a valid choice; expected one of: RED, GREEN']
    }


def test_a_long_list_of_values_is_cut_saying_how_many_more_there_are():
    listed = ", ".join(f"V{n}" for n in range(MAX_CHOICES_LISTED))

    assert errors_of(many="X")["many"] == [
        f'"X" is not a valid choice; expected one of: {listed} and 5 more'
    ]


def test_a_field_with_its_own_message_keeps_it():
    assert errors_of(own="B")["own"] == ["Pick A, not B"]


def test_a_value_of_another_type_gets_the_same_message():
    assert errors_of(colour=["RED"])["colour"] == [
        "\"['RED']\" is not a valid choice; expected one of: RED, GREEN"
    ]
