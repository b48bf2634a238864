"""An invented miniature of the Quest Companion dump, in its layout (our own text)."""

DUMP = """The Quest Companion is free

Home

Back
Home

Back

Playing Cards

Cards are played from hand by paying their cost.\u00a0

  1. Mossy Rules
  2. Keywords

See also

Home

Back

Mossy Rules

Moss grows on every location that stays in play for two rounds.

Q: Does moss grow on the active location?

A: Yes, the active location counts as in play.

See also

OWN

Home

Back

Keywords

  1. Archery X

See also

Home

Back

Archery X

While a card with drizzle is in play, each player loses X resources at the start of the round. Remember that does not block archery damage.

See also

Home

Back

FAQ (1.77) Mossy Cards

Frodo (CORE 1) reads "place moss". Kris plays him and the moss grows twice.

A card with moss is considered "\u02dcmossy' for all purposes.

See also

Home

Back

Glossary

These entries are invented.

  1. Moss
  2. Drizzle Phase

See also

Home

Back

Moss

Moss is a token placed on locations.

See also

Home

Back

Drizzle Phase

See: Moss

See also

Home

Back

The Soggy Marsh

Official difficulty (4)

User rating (6.5)

rated by 12 players

Rate this Quest!

Keywords

Archery X

Tom and Kris are playing "The Soggy Marsh" and it rains.

While a card with drizzle is in play, each player loses X resources at the start of the round. Remember that does not block archery damage.

Rulings

Wet Boots

A hero with wet boots cannot quest while moss is in play.

FAQ & Errata

Bog Troll

Q. Does the Bog Troll sink?

A: Only on Tuesdays.

Chieftain Ufthak

Should read: "Forced: After the chieftain croaks, raise your threat by 1."

Difficulty level

Easy Mode

During step 2 of Setup, add one resource to each hero's resource pool. Then remove the following cards:

  \u2022 Soggy Marsh

    \u2022 2x Bog Troll

    \u2022 1x Chieftain Ufthak

  \u2022 Rain

    \u2022 3x Drizzle

Related Quests

Home

Back

The Dry Hills

User rating (7)

rated by 0 player

Rate this Quest!

Keywords

Rulings

A Long-extended Party

An unofficial fan scenario, made up for this test.

Difficulty level

Easy Mode

easymode

When building the encounter deck, remove every gold-bordered card.

Related Quests

Home

Back

Number of Players

Options

Back

Timing & Gameplay

Framework Details

1.1 Resource phase begins

The resource phase begins.

1.2 Gain resources

Each player gains a resource.

Home

Back
Home

Back

Bog Troll

Q & A

Q. Does the Bog Troll sink?

A: Only on Tuesdays.

What is a bog?

A wet place.

Home

Back

Chieftan Ufthak

Errata

Should read: "Forced: After the chieftain croaks, raise your threat by 1."

Ruling

It croaks once per round."""


def lines() -> list[str]:
    return DUMP.split("\n")
