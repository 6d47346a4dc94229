#!/usr/bin/env python3
"""svg-text-bounds.py SVG...: does every text of each SVG stay inside its canvas?

Each <text> is measured the way a DejaVu Sans renderer lays it out, approximately: DejaVu Sans advances (em) of
0.32 for a space, 0.28-0.4 for narrow letters and punctuation, 0.64 for digits, 0.6 for other lower case, 0.75 for
upper case, 0.98 for m and w, slightly over the font's own; ascent 0.76 em, descent 0.24 em; placed by its
text-anchor and rotated by its transform (gnuplot writes translate(x,y) rotate(a) on a group; gridnoc's own
pictures write x, y). A text whose box leaves [0, width] x [0, height] by more than 1 px is reported as
FILE: 'text' leaves the canvas (box x0..x1, y0..y1 in W x H). Exit status 1 if any does."""
import math
import re
import sys
import xml.etree.ElementTree as ET

ASCENT, DESCENT, SLACK = 0.76, 0.24, 1.0


def advance(text):
    em = 0.0
    for ch in text:
        if ch == " ":
            em += 0.32
        elif ch in "iljfrt.,:;'|!()[]{}/-\\\"`":
            em += 0.4
        elif ch.isdigit():
            em += 0.64
        elif ch in "mwMW":
            em += 0.98
        elif ch.isupper():
            em += 0.75
        else:
            em += 0.6
    return em


def number(v, default=0.0):
    try:
        return float(re.sub(r"[a-z%]+$", "", v)) if v is not None else default
    except ValueError:
        return default


def parse_transform(t):
    tx = ty = angle = 0.0
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", t or ""):
        a = [float(x) for x in re.split(r"[ ,]+", args.strip()) if x]
        if name == "translate":
            tx += a[0]
            ty += a[1] if len(a) > 1 else 0.0
        elif name == "rotate":
            angle += a[0]
    return tx, ty, angle


def check(path):
    root = ET.parse(path).getroot()
    width, height = number(root.get("width")), number(root.get("height"))
    problems = []

    def walk(node, inherited):
        ctx = dict(inherited)
        for key in ("font-size", "text-anchor"):
            if node.get(key) is not None:
                ctx[key] = node.get(key)
        tx, ty, angle = parse_transform(node.get("transform"))
        ctx["tx"], ctx["ty"], ctx["angle"] = ctx["tx"] + tx, ctx["ty"] + ty, ctx["angle"] + angle
        style = node.get("style") or ""
        m = re.search(r"font-size:\s*([0-9.]+)", style)
        if m:
            ctx["font-size"] = m.group(1)
        if node.tag.endswith("}text") or node.tag == "text":
            text = "".join(node.itertext())
            if text.strip():
                fs = number(ctx["font-size"], 12.0)
                w = advance(text.rstrip()) * fs
                x = ctx["tx"] + number(node.get("x"))
                y = ctx["ty"] + number(node.get("y"))
                start = {"middle": -w / 2, "end": -w}.get(ctx["text-anchor"], 0.0)
                a = math.radians(ctx["angle"])
                corners = []
                for dx in (start, start + w):
                    for dy in (-ASCENT * fs, DESCENT * fs):
                        # the text's own offsets rotated about its anchor (x, y) (a group's translate is in x, y)
                        corners.append((x + dx * math.cos(a) - dy * math.sin(a), y + dx * math.sin(a) + dy * math.cos(a)))
                x0, x1 = min(c[0] for c in corners), max(c[0] for c in corners)
                y0, y1 = min(c[1] for c in corners), max(c[1] for c in corners)
                if x0 < -SLACK or y0 < -SLACK or x1 > width + SLACK or y1 > height + SLACK:
                    problems.append("%s: '%s' leaves the canvas (box %.0f..%.0f, %.0f..%.0f in %.0f x %.0f)"
                                    % (path, text.strip()[:60], x0, x1, y0, y1, width, height))
            return
        for child in node:
            walk(child, ctx)

    walk(root, {"font-size": "12", "text-anchor": "start", "tx": 0.0, "ty": 0.0, "angle": 0.0})
    return problems


bad = [p for f in sys.argv[1:] for p in check(f)]
print("\n".join(bad)) if bad else None
sys.exit(1 if bad else 0)
