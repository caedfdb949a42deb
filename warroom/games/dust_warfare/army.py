"""The forces on the table: each seat's army list turned into numbered units of miniatures, with
the statistics the rules read on the hot path (dust_warfare.md DW-UNIT-01..13, DW-HERO-02,
DW-ABL-00, §3.21).

Seat 0 plays the Allies and seat 1 the Axis (the Allies come first in setup, §5). Units are
numbered across both armies in list order (the Allies' first), and a joined Hero is one more
miniature of the unit it joins, its Unit Leader (DW-HERO-02, DW-UNIT-07); its AP stays its own
(DW-UNIT-12, DW-HERO-07). Everything here is fixed for a configured game and public
(DW-SET-03, DW-GEN-08).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from warroom.games.dust_warfare.content import ArmyList, Content, Miniature, UnitKind, Weapon
from warroom.games.dust_warfare.geometry import MoveProfile
from warroom.games.dust_warfare.words import (
    SHARED_ABILITIES,
    Ability,
    ArmourClass,
    Faction,
    HeroTrait,
    Mount,
    Role,
)

SEAT_FACTION = (Faction.ALLIES, Faction.AXIS)  # DW-GEN-01; the Allies first in setup (§5)
SQUAD_LR = 6.0  # DW-UNIT-08: ordinary squad leaders
HERO_LR = 12.0  # DW-UNIT-08
WOUNDED_HERO_LR = 6.0  # DW-HERO-04
HERO_COMMAND_LR = 18.0  # DW-CMD-11


@dataclass(frozen=True)
class Model:
    """One miniature of a unit: its loadout (DW-UNIT-04/05), base (§1.3), damage capacity and
    armour class (a joined Hero keeps its own, DW-ATK-04), and whether it is the Hero."""

    index: int
    role: str
    weapons: tuple[Weapon, ...]
    mounts: tuple[Mount | None, ...]
    abilities: frozenset[Ability]
    radius: float
    height: float
    capacity: int
    armour: ArmourClass
    hero: bool = False


@dataclass(frozen=True)
class Unit:
    """A unit on one side: its roster entry, its miniatures in unit data order (a joined Hero
    last, but its Unit Leader), its own AP and, apart, a joined Hero's (DW-HERO-07)."""

    index: int
    seat: int
    kind: UnitKind
    models: tuple[Model, ...]
    leader: int  # the default Unit Leader (DW-UNIT-07): a joined Hero, else the first miniature
    ap: int
    hero_kind: UnitKind | None = None

    @property
    def name(self) -> str:
        if self.hero_kind is not None:
            return f"{self.kind.name} with {self.hero_kind.name}"
        return self.kind.name

    @property
    def hero_ap(self) -> int:
        """A joined Hero's own AP (DW-UNIT-12, DW-HERO-07); 0 without one."""
        return (self.hero_kind.ap or 0) if self.hero_kind is not None else 0

    @property
    def label(self) -> str:
        """The short id action texts use: u<index>."""
        return f"u{self.index}"

    @property
    def is_vehicle(self) -> bool:
        return self.kind.is_vehicle

    @property
    def is_heavy(self) -> bool:
        return self.kind.is_heavy

    @cached_property
    def abilities(self) -> frozenset[Ability]:
        """The unit's abilities and every shared ability of any miniature, a joined Hero's
        included (DW-ABL-00, DW-HERO-02)."""
        shared = {a for m in self.models for a in m.abilities if a in SHARED_ABILITIES}
        return frozenset(self.kind.abilities) | frozenset(shared)

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    @property
    def is_command(self) -> bool:
        """A Command Section (DW-CMD-03, DW-ABL-21)."""
        return self.kind.role is Role.COMMAND or Ability.COMMAND_SQUAD in self.kind.abilities

    @property
    def hero_trait(self) -> HeroTrait | None:
        return self.hero_kind.hero_trait if self.hero_kind else self.kind.hero_trait

    @property
    def hero_model(self) -> int | None:
        """The index of the Hero miniature, if the unit has one (a lone Hero is its own)."""
        return next((m.index for m in self.models if m.hero), None)

    @cached_property
    def profile(self) -> MoveProfile:
        """Its movement class and terrain abilities (DW-TER-02)."""
        has = self.abilities
        return MoveProfile(
            self.kind.move_class,
            agile=Ability.AGILE in has,
            amphibious=Ability.AMPHIBIOUS in has,
            climb=Ability.CLIMB in has,
            tracks=Ability.TRACKS in has,
            wheels=Ability.WHEELS in has,
        )

    @property
    def movement(self) -> float:
        return self.kind.move

    def leadership(self, leader: int, wounded: bool) -> float:
        """The Unit Leader's LR (DW-UNIT-08): 6" for squads, 12" for Command Sections and Heroes
        (6" while wounded, DW-HERO-04), 18" for a Hero leading a Command Section (DW-CMD-11)."""
        model = self.models[leader]
        if model.hero:
            if wounded:
                return WOUNDED_HERO_LR
            return HERO_COMMAND_LR if self.is_command else HERO_LR
        return float(self.kind.leadership or SQUAD_LR)


def _models(content: Content, unit_id: str, start: int, hero: bool) -> list[Model]:
    kind = content.units[unit_id]
    base = content.base_kind(unit_id)
    out = []
    for m in content.miniatures(unit_id):
        mini: Miniature = m
        out.append(
            Model(
                start + mini.index,
                mini.role,
                mini.weapons,
                mini.mounts,
                frozenset(mini.abilities) | frozenset(kind.abilities),
                base.radius,
                base.height,
                kind.damage,
                kind.armour,
                hero,
            )
        )
    return out


def build_forces(content: Content, armies: tuple[ArmyList, ArmyList], heroes: bool) -> tuple[Unit, ...]:
    """Both seats' units, numbered across the armies (DW-UNIT-01); with `heroes`, each platoon's
    Hero joins its unit as that unit's leader (DW-HERO-02), or fights alone when it joins none
    (DW-HERO-01)."""
    units: list[Unit] = []
    for seat, army in enumerate(armies):
        for platoon in army.platoon:
            hero = platoon.hero if heroes or (platoon.hero and not platoon.hero.optional) else None
            for _, unit_id, _ in platoon.slots():
                kind = content.units[unit_id]
                models = _models(content, unit_id, 0, hero=False)
                leader, hero_kind = 0, None
                if hero is not None and hero.joins == unit_id:
                    hero_kind = content.units[hero.unit]
                    leader = len(models)
                    models += _models(content, hero.unit, len(models), hero=True)
                ap = kind.ap or 0
                units.append(Unit(len(units), seat, kind, tuple(models), leader, ap, hero_kind))
            if hero is not None and hero.joins is None:
                kind = content.units[hero.unit]
                units.append(
                    Unit(len(units), seat, kind, tuple(_models(content, hero.unit, 0, True)), 0, kind.ap or 0)
                )
    return tuple(units)
