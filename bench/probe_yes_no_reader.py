"""Probe (session 35): can a yes/no reader fine-tuned from ask's own encoder read players' questions?

    pip install torch==2.13.0          # the CPU build this machine keeps on disk; not a dependency of adjudicator
    python bench/probe_yes_no_reader.py asked-only     # train on the team's asked questions, test on players' (~5 min)
    python bench/probe_yes_no_reader.py rounds         # + players' other rounds, 3 folds by round (~15 min)

A cross-encoder: the question and a rule sentence read together ([CLS] question [SEP] sentence [SEP], the
sentence as segment 1) by all-MiniLM-L6-v2's six layers, started from the weights ``ask`` already uses
(``adjudicator.ask.sentence_encoder``), every weight fine-tuned, and one linear output on the [CLS] output
and the tokens' mean: the probability that the answer is yes.  AdamW, learning rate 4e-5 (10% warm-up,
then linear decay), batch 16, 3 epochs, question at most 80 word pieces and sentence at most 80.

Training pairs:
- the team's asked questions (``rules_db/<game>/asked/``) that record ``says: yes`` or ``no``, each with its
  record's sentence nearest in meaning to it (the encoder's cosine), as session 34's probe paired them;
- ``rounds`` only: the players' questions of the other rounds (below).

Test pairs: the tune half's answerable yes/no questions of the readable rounds (round 17 left out), asked
as ``bench/eval_players.py`` asks them, whose first record is a deciding one (the labels and the records both
blind judges of sessions 31-32 call deciding): the question with the sentence ``ask`` shows first (its
"adjudicator's reading" prefix removed, so no yes or no of ask's own is read).  This is where a reader would
be used: the first record decides and the player still sees no yes or no.

Printed: how many test answers are right, the share saying "yes", and, at each confidence (|p - 0.5| at
least c), how many answers would be shown and how many of them are right.  The reader was never trained on
the test question's own round.  Nothing here is used by ``adjudicator``.
"""

from __future__ import annotations

import checkout  # noqa: F401  (measure this checkout)
import argparse
import math
import random
import re
import sys
import time
from pathlib import Path

import numpy as np

import eval_players as ev

ROOT = Path(__file__).resolve().parents[1]
JUDGED = [ROOT / "tests/eval/players/tune-judged31.yaml", ROOT / "tests/eval/players/tune-judged32.yaml"]
READING_PREFIX = re.compile(r"^(Yes|No) \(adjudicator[^)]*\):\s*")
QUESTION_PIECES, SENTENCE_PIECES = 80, 80


def asked_pairs() -> list[dict]:
    """The team's asked yes/no questions, each with its record's sentence nearest in meaning."""
    from adjudicator.ask import asked, meaning
    from adjudicator.ask.sentence_encoder import encoder
    from adjudicator.kb.api import open_kb

    kb, enc = open_kb(quiet=True), encoder()
    items = [(a.record, a.ask, a.says) for game in ("lotr", "meq", "metw") for a in asked.read(game)
             if a.says in ("yes", "no")]
    vectors = enc.encode([question for _, question, _ in items])
    out = []
    for (record_id, question, says), vector in zip(items, vectors):
        record = kb.store.get(record_id)
        if record is None:
            continue
        sentence_vectors, texts = meaning.sentence_vectors(record), meaning.sentence_texts(record)
        if sentence_vectors is None or not len(texts):
            continue
        text = texts[int(np.argmax(sentence_vectors @ vector))]
        out.append({"q": question, "s": text.split(". ", 1)[-1] if ". " in text else text, "y": says})
    return out


def players_pairs() -> list[dict]:
    """Players' tune yes/no questions whose first record decides, with the sentence ask shows first."""
    questions = [q for q in ev.load("tune", None, (17,)) if q["answerable"] and q["verdict"] in ("yes", "no")]
    answers = ev.ask_in_process(questions, False)
    spans = ev.kb_spans_now()
    questions = ev.with_judged(questions, ev.read_all_judged_decides(JUDGED), spans)
    out = []
    for question, (answer, _) in zip(questions, answers):
        if ev.score(question, answer, spans)["top1"]:
            shown = READING_PREFIX.sub("", (answer.get("verdict") or {}).get("text", ""))
            out.append({"q": question["q"], "s": shown, "y": question["verdict"], "round": question.get("round", 0)})
    return out


def cross_encoder():
    """The model class, built on torch (imported here: the probe's only use of it)."""
    import torch
    from torch import nn

    from adjudicator.ask import sentence_encoder as se

    folder = se.model_folder()
    if folder is None:
        sys.exit(f"the encoder is not installed: {se.INSTALL}")
    base = se.Encoder.from_folder(folder)
    start = {k: torch.tensor(np.array(v)) for k, v in base.w.items()
             if not k.startswith("pooler") and np.issubdtype(v.dtype, np.floating)}
    dim, heads, layers, eps = base.dim, base.heads, base.layers, base.eps

    class Reader(nn.Module):
        def __init__(self):
            super().__init__()
            self.p = nn.ParameterDict({k.replace(".", "__"): nn.Parameter(v.clone()) for k, v in start.items()})
            self.out = nn.Linear(2 * dim, 1)

        def w(self, name):
            return self.p[name.replace(".", "__")]

        def forward(self, ids, segments, mask):
            w, (size, n), per = self.w, ids.shape, dim // heads
            x = (w("embeddings.word_embeddings.weight")[ids] + w("embeddings.position_embeddings.weight")[:n][None]
                 + w("embeddings.token_type_embeddings.weight")[segments])
            x = nn.functional.layer_norm(x, (dim,), w("embeddings.LayerNorm.weight"), w("embeddings.LayerNorm.bias"), eps)
            hidden = (1 - mask)[:, None, None, :] * -1e9
            for layer in range(layers):
                p = f"encoder.layer.{layer}."

                def linear(t, name):
                    return t @ w(p + name + ".weight").T + w(p + name + ".bias")

                def split(t):
                    return t.view(size, n, heads, per).transpose(1, 2)

                q, k, v = (split(linear(x, "attention.self." + part)) for part in ("query", "key", "value"))
                attention = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(per) + hidden, -1)
                context = (attention @ v).transpose(1, 2).reshape(size, n, dim)
                x = nn.functional.layer_norm(x + linear(context, "attention.output.dense"), (dim,),
                                             w(p + "attention.output.LayerNorm.weight"), w(p + "attention.output.LayerNorm.bias"), eps)
                inner = nn.functional.gelu(linear(x, "intermediate.dense"))
                x = nn.functional.layer_norm(x + linear(inner, "output.dense"), (dim,),
                                             w(p + "output.LayerNorm.weight"), w(p + "output.LayerNorm.bias"), eps)
            mean = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
            return self.out(torch.cat([x[:, 0], mean], -1)).squeeze(-1)

    return Reader, base.vocab


def pieces(pair: dict, vocab: dict) -> tuple[list[int], list[int]]:
    from adjudicator.ask.sentence_encoder import token_ids

    question = token_ids(pair["q"], vocab, QUESTION_PIECES)
    sentence = token_ids(pair["s"], vocab, SENTENCE_PIECES + 1)[1:]
    return question + sentence, [0] * len(question) + [1] * len(sentence)


def tensors(batch: list[tuple[list[int], list[int]]]):
    import torch

    n = max(len(ids) for ids, _ in batch)
    ids = torch.zeros(len(batch), n, dtype=torch.long)
    segments, mask = torch.zeros_like(ids), torch.zeros(len(batch), n)
    for row, (piece_ids, segment_ids) in enumerate(batch):
        ids[row, : len(piece_ids)] = torch.tensor(piece_ids)
        segments[row, : len(segment_ids)] = torch.tensor(segment_ids)
        mask[row, : len(piece_ids)] = 1
    return ids, segments, mask


def train(pairs: list[dict], epochs: int, seed: int = 0):
    import torch
    from torch import nn

    torch.manual_seed(seed)
    rng = random.Random(seed)
    Reader, vocab = cross_encoder()
    model = Reader()
    optimiser = torch.optim.AdamW(model.parameters(), lr=4e-5, weight_decay=0.01)
    examples = [(pieces(p, vocab), float(p["y"] == "yes")) for p in pairs]
    batch = 16
    steps = epochs * math.ceil(len(examples) / batch)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda k: min(1.0, (k + 1) / (0.1 * steps)) * max(0.0, (steps - k) / steps))
    model.train()
    began = time.time()
    for epoch in range(epochs):
        rng.shuffle(examples)
        for start in range(0, len(examples), batch):
            chunk = examples[start: start + batch]
            loss = nn.functional.binary_cross_entropy_with_logits(
                model(*tensors([c[0] for c in chunk])), torch.tensor([c[1] for c in chunk]))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        print(f"  epoch {epoch + 1} of {epochs}: {time.time() - began:.0f} s", flush=True)
    model.eval()
    return model, vocab


def predict(model, vocab, pairs: list[dict]) -> np.ndarray:
    import torch

    out = []
    with torch.no_grad():
        for start in range(0, len(pairs), 32):
            out += torch.sigmoid(model(*tensors([pieces(p, vocab) for p in pairs[start: start + 32]]))).tolist()
    return np.array(out)


def report(name: str, p: np.ndarray, pairs: list[dict]) -> None:
    truth = np.array([pair["y"] == "yes" for pair in pairs])
    said = p > 0.5
    print(f"{name}: {int((said == truth).sum())} of {len(truth)} right ({(said == truth).mean():.1%}); "
          f"the players say yes in {truth.mean():.1%}")
    for least in (0.3, 0.4, 0.45):
        shown = np.abs(p - 0.5) >= least
        print(f"  confidence >= {least}: {int(shown.sum())} shown, {int((shown & (said == truth)).sum())} right")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("experiment", choices=("asked-only", "rounds"))
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args(argv)
    try:
        import torch
    except ImportError:
        print("this probe needs torch: pip install torch==2.13.0", file=sys.stderr)
        return 2
    torch.set_num_threads(2)
    asked, players = asked_pairs(), players_pairs()
    print(f"{len(asked)} asked pairs, {len(players)} players' pairs")
    if args.experiment == "asked-only":
        model, vocab = train(asked, args.epochs)
        report("players, reader trained on the asked questions only", predict(model, vocab, players), players)
        return 0
    rounds = sorted({p["round"] for p in players})
    fold = {r: i % 3 for i, r in enumerate(rounds)}
    p = np.zeros(len(players))
    for f in range(3):
        inside = [i for i, pair in enumerate(players) if fold[pair["round"]] == f]
        model, vocab = train(asked + [pair for pair in players if fold[pair["round"]] != f], args.epochs)
        p[inside] = predict(model, vocab, [players[i] for i in inside])
    report("players, 3 folds by round (asked + the other folds' rounds)", p, players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
