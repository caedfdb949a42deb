"""The websocket protocol's messages: what a client may send, and the refusal each mistake gets."""

from __future__ import annotations

import json

import pytest

from warroom.server.protocol import (
    AckMessage,
    ActMessage,
    ErrorMessage,
    PingMessage,
    PongMessage,
    ServiceError,
    encode,
    read_message,
    reply_to,
)


def test_act_and_ping_are_read_as_their_types() -> None:
    assert read_message('{"type": "act", "action": "pass", "ply": 3, "id": "a"}') == ActMessage(
        type="act", action="pass", ply=3, id="a"
    )
    assert read_message('{"type": "act", "action": "pass"}') == ActMessage(type="act", action="pass")
    assert read_message('{"type": "ping", "id": [1], "anything": 2}') == PingMessage(type="ping", id=[1])


BAD_ACT = "bad 'act' message: "


@pytest.mark.parametrize(
    ("raw", "code", "message"),
    [
        (None, "malformed", "send JSON text messages"),
        (b"{}", "malformed", "send JSON text messages"),
        ("not json", "malformed", "a message must be a JSON object"),
        ("[1, 2]", "malformed", "a message must be a JSON object"),
        ('"act"', "malformed", "a message must be a JSON object"),
        ("{}", "malformed", "unknown message type None; expected 'act' or 'ping'"),
        ('{"type": "dance"}', "malformed", "unknown message type 'dance'; expected 'act' or 'ping'"),
        ('{"type": 5}', "malformed", "unknown message type 5; expected 'act' or 'ping'"),
        ('{"type": "act"}', "malformed", BAD_ACT + "action: Field required"),
        ('{"type": "act", "action": 5}', "malformed", BAD_ACT + "action: Input should be a valid string"),
        (
            '{"type": "act", "action": "a", "x": 1}',
            "malformed",
            BAD_ACT + "x: Extra inputs are not permitted",
        ),
        (
            '{"type": "act", "action": "a", "ply": "x"}',
            "malformed",
            BAD_ACT + "ply: Input should be a valid integer, unable to parse string as an integer",
        ),
        ('{"type": "act", "action": "' + "é" * 2100 + '"}', "too_large", "a message is at most 4096 bytes"),
    ],
)
def test_a_malformed_message_is_refused_with_a_clear_reason(
    raw: str | bytes | None, code: str, message: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        read_message(raw)
    assert (refused.value.code, refused.value.message) == (code, message)


def test_replies_encode_as_the_javascript_reads_them() -> None:
    """Compact JSON, keys in field order, UTF-8 as is; an error echoes the refused message's id."""
    assert encode(AckMessage(id=4, ply=12, action="pass")) == '{"type":"ack","id":4,"ply":12,"action":"pass"}'
    assert encode(PongMessage(id={"n": 1})) == '{"type":"pong","id":{"n":1}}'
    refusal = ServiceError("illegal", "pas légal", 422)
    assert json.loads(encode(refusal.to_message(7))) == {
        "type": "error", "code": "illegal", "message": "pas légal", "id": 7
    }  # fmt: skip
    assert "légal" in encode(ErrorMessage(code="x", message="légal"))
    assert reply_to('{"type": "dance", "id": 3}') == 3
    assert reply_to("not json") is None and reply_to("[3]") is None and reply_to(None) is None
