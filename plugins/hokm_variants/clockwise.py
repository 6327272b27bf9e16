"""Clockwise: play passes to the left, as at some Hokm tables and in Satat and Troefcall.

Rotation is physical only. It decides who sits on whose left and right (and so
resolves rules phrased physically), never who plays after whom: seat ``s + 1``
still plays right after seat ``s``.

>>> import hokm
>>> rules = hokm.Ruleset.compose("clockwise")
>>> rules.rotation
Rotation.CLOCKWISE
>>> rules.left_of(0), rules.right_of(0)
(1, 3)
>>> hokm.Ruleset.compose().left_of(0)
3
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from hokm import Rotation, Variant, VariantInfo, hookimpl

__all__ = ["Clockwise"]


@attrs.frozen(eq=False)  # pluggy tells registered plugins apart by ==; keep identity
class Clockwise(Variant):
    """Play passes clockwise, to the left; the next seat sits on the left."""

    info: ClassVar[VariantInfo] = VariantInfo(
        name="clockwise",
        summary="play passes clockwise (to the left): changes left/right, never the play order",
        source="pagat.com/whist/satat.html; pagat.com/whist/troefcall.html (both play clockwise)",
    )

    @hookimpl
    def hokm_rotation(self) -> Rotation:
        return Rotation.CLOCKWISE
