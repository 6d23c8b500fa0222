#!/usr/bin/env python3
"""Fills the unfinished entries of translations/*.ts from translations/pending/*.tsv.

Run after `cmake --build build/release --target update_translations` (lupdate). Each TSV line is
`Context<TAB>source<TAB>German<TAB>Simplified Chinese`; a backslash-n in a field is a newline. For
a numerus message (%n) the German field may give "singular||plural"; Chinese has one form.
Entries still unfinished afterwards are listed, and the exit status is 1 when any remain.
Usage: tools/translations/apply_pending.py [--check]   (--check: report only, write nothing)
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LANGS = {"de": 2, "zh_CN": 3}


def load_pending():
    table = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "translations", "pending", "*.tsv"))):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                cols = line.split("\t")
                if len(cols) != 4:
                    sys.exit(f"{path}:{n}: expected 4 tab-separated fields, got {len(cols)}")
                cols = [c.replace("\\n", "\n") for c in cols]
                table[(cols[0], cols[1])] = cols
    return table


def fill(ts_path, column, table, write):
    tree = ET.parse(ts_path)
    missing = []
    for ctx in tree.getroot().iter("context"):
        name = ctx.findtext("name")
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            if tr is None or tr.get("type") != "unfinished":
                continue
            source = msg.findtext("source")
            # a TSV row may name the class without its namespace (VerdictView for
            # headroom::ui::VerdictView)
            row = table.get((name, source)) or table.get((name.rsplit("::", 1)[-1], source))
            if row is None:
                missing.append((name, source))
                continue
            text = row[column]
            if msg.get("numerus") == "yes":
                forms = text.split("||")
                nodes = tr.findall("numerusform") or [ET.SubElement(tr, "numerusform")]
                for i, node in enumerate(nodes):
                    node.text = forms[min(i, len(forms) - 1)]
            else:
                tr.text = text
            del tr.attrib["type"]
    if write:
        tree.write(ts_path, encoding="utf-8", xml_declaration=True)
        with open(ts_path, encoding="utf-8") as f:
            body = f.read()
        body = body.replace("<?xml version='1.0' encoding='utf-8'?>",
                            '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>', 1)
        with open(ts_path, "w", encoding="utf-8") as f:
            f.write(body)
    return missing


def main():
    write = "--check" not in sys.argv
    table = load_pending()
    left = 0
    for lang, column in LANGS.items():
        ts = os.path.join(ROOT, "translations", f"headroom_{lang}.ts")
        for name, source in fill(ts, column, table, write):
            left += 1
            print(f"unfinished {lang}: {name}: {source!r}")
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
