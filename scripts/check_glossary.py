#!/usr/bin/env python3
"""Checks that each translation says one thing with one word (docs/i18n.md "Glossary"):

  1. SPLIT: one source string (with one disambiguation comment) has one translation in every
     context that shows it: "Worst rank" is not "Knappster Rang" on the dashboard and
     "Ungünstigster Rang" in Compare;
  2. TERM: no translation uses a variant that translations/glossary.tsv rules out for its
     language: "Micro-Batch" where the German glossary says "Mikro-Batch", "Samples" where it
     says "Beispiele", an English word left in the text.

glossary.tsv: one row per term, `language<TAB>English term<TAB>preferred<TAB>ruled-out
regex<TAB>note`; `#` lines and blank lines are skipped. The regex is Python's, matched
case-sensitively against every finished translation of that language (both plural forms of a
numerus message).

Usage: check_glossary.py [--root DIR]   (default: the repository this script is in; the .ts
files are DIR/translations/headroom_<language>.ts)
Exit: 0 clean; 1 a rule is broken (each break on stderr: the language, the rule, the source
and the translations); 2 usage or an unreadable file.
Cost: one parse of each .ts file and one regex search per translation and glossary row.
"""

import argparse
import collections
import pathlib
import re
import sys
import xml.etree.ElementTree as ET


def translations(ts: pathlib.Path) -> list[tuple[str, str, str, list[str]]]:
    """(context, source, comment, [translation forms]) of every finished message."""
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            forms = [f.text or "" for f in tr.iter("numerusform")] or [tr.text or ""]
            out.append((name, msg.findtext("source") or "", msg.findtext("comment") or "",
                        forms))
    return out


def glossary(path: pathlib.Path) -> list[tuple[str, str, str, re.Pattern]]:
    """(language, English term, preferred, ruled-out pattern) rows of glossary.tsv."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 4:
            raise ValueError(f"{path}:{n}: expected at least 4 tab-separated fields")
        rows.append((cols[0], cols[1], cols[2], re.compile(cols[3])))
    return rows


def breaks_of(lang: str, msgs, rows) -> list[str]:
    out = []
    by_source = collections.defaultdict(dict)
    for ctx, source, comment, forms in msgs:
        by_source[(source, comment)].setdefault(tuple(forms), ctx)
    for (source, _), seen in sorted(by_source.items()):
        if len(seen) > 1:
            shown = "; ".join(f"{ctx}: {' || '.join(f)!r}" for f, ctx in seen.items())
            out.append(f"SPLIT {lang} {source!r} is translated {len(seen)} ways: {shown}")
    for rlang, term, preferred, pattern in rows:
        if rlang != lang:
            continue
        for ctx, source, _, forms in msgs:
            for form in forms:
                m = pattern.search(form)
                if m:
                    out.append(f"TERM {lang} {ctx}: {source!r} says {m.group(0)!r} in "
                               f"{form!r} (glossary: {term} = {preferred})")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=pathlib.Path,
                    default=pathlib.Path(__file__).resolve().parent.parent)
    args = ap.parse_args()
    tdir = args.root.resolve() / "translations"
    try:
        rows = glossary(tdir / "glossary.tsv")
        files = sorted(tdir.glob("headroom_*.ts"))
        if not files:
            raise ValueError(f"no headroom_*.ts under {tdir}")
        breaks, count = [], 0
        for ts in files:
            lang = ts.stem.removeprefix("headroom_")
            msgs = translations(ts)
            count += len(msgs)
            breaks += breaks_of(lang, msgs, rows)
    except (OSError, ValueError, ET.ParseError, re.error) as e:
        print(f"check_glossary: {e}", file=sys.stderr)
        return 2
    for b in breaks:
        print(b, file=sys.stderr)
    print(f"check_glossary: {len(files)} languages, {count} translations, {len(rows)} glossary "
          f"rows, {len(breaks)} breaks")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main())
