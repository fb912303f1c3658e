#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host side checks of tests/vm/t_link_health.sh.

  health_check.py prom FILE              every family has HELP and TYPE
  health_check.py fault FILE             the fault at slave 3 port 0 shows
  health_check.py after FILE STOPFILE    the rate is 0, the total kept
  health_check.py png SVG PNG RED        the picture's colours (RED: 0/1)

The metrics are parsed with prometheus_client (python3-prometheus-client,
scripts/deps); the PNG is decoded here (zlib, the five PNG filters).
"""
import re
import struct
import sys
import zlib

from prometheus_client.parser import text_string_to_metric_families


def fail(msg):
    print("health_check: " + msg)
    sys.exit(1)


def families(path):
    with open(path) as f:
        text = f.read()
    fams = list(text_string_to_metric_families(text))
    if not fams:
        fail("%s: no metrics" % path)
    for fam in fams:
        if not fam.documentation:
            fail("%s: %s has no HELP" % (path, fam.name))
        if fam.type not in ("counter", "gauge"):
            fail("%s: %s has no TYPE (%s)" % (path, fam.name, fam.type))
    # every sample line's name has its own TYPE line in the text
    for line in text.splitlines():
        if line.startswith("#") or not line:
            continue
        name = re.split(r"[{ ]", line, 1)[0]
        if ("# TYPE %s " % name) not in text or \
           ("# HELP %s " % name) not in text:
            fail("%s: sample %s without HELP/TYPE lines" % (path, name))
    return fams


def samples(fams, name):
    out = []
    for fam in fams:
        for s in fam.samples:
            if s.name == name:
                out.append(s)
    return out


def value(fams, name, **labels):
    for s in samples(fams, name):
        if all(s.labels.get(k) == v for k, v in labels.items()):
            return s.value
    fail("no sample %s%s" % (name, labels))


def check_fault(path):
    fams = families(path)
    rate = value(fams, "ethercat_port_error_rate", slave="3", port="0",
                 window="10s")
    share = value(fams, "ethercat_port_error_ratio", slave="3", port="0")
    total = value(fams, "ethercat_port_rx_errors_total", slave="3",
                  port="0")
    print("fault: rate %.3f/s, share %.4f, total %d" % (rate, share, total))
    if rate <= 0 or total <= 0:
        fail("no RX errors at slave 3 port 0")
    if not 0.002 <= share <= 0.05:
        fail("share %.4f of the frames is not about 1 %%" % share)
    bad = samples(fams, "ethercat_link_unhealthy")
    if len(bad) != 1 or bad[0].labels["slave"] != "3" or \
       bad[0].labels["port"] != "0":
        fail("unhealthy cables: %s" % [s.labels for s in bad])
    for s in samples(fams, "ethercat_port_error_rate"):
        if s.value and (s.labels["slave"], s.labels["port"]) != ("3", "0"):
            fail("errors at another port: %s" % s.labels)
    if value(fams, "ethercat_links_unhealthy", master="0") != 1:
        fail("ethercat_links_unhealthy is not 1")


def check_after(path, stop):
    fams = families(path)
    kept = value(families(stop), "ethercat_port_rx_errors_total",
                 slave="3", port="0")
    total = value(fams, "ethercat_port_rx_errors_total", slave="3",
                  port="0")
    rate = value(fams, "ethercat_port_error_rate", slave="3", port="0",
                 window="10s")
    since = value(fams, "ethercat_port_error_rate", slave="3", port="0",
                  window="start")
    print("after: rate %.3f/s, since start %.4f/s, total %d (at the stop %d)"
          % (rate, since, total, kept))
    if rate != 0:
        fail("the 10 s rate did not fall to 0")
    if total != kept or total <= 0:
        fail("the total changed after the fault stopped")
    if since <= 0:
        fail("the rate since start is 0")
    if samples(fams, "ethercat_link_unhealthy"):
        fail("a cable is still unhealthy")


def png_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, inter = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6) or inter:
        fail("%s: PNG kind %d/%d/%d not decoded here" % (path, depth, ctype,
                                                       inter))
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    pixels = []
    i = 0
    for _ in range(h):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 0xff
            elif ftype == 2:
                line[x] = (line[x] + b) & 0xff
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xff
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pr) & 0xff
        for x in range(0, stride, bpp):
            if bpp == 4 and line[x + 3] < 200:
                continue
            pixels.append((line[x], line[x + 1], line[x + 2]))
        prev = line
    return pixels


def near(p, rgb, tol=24):
    return all(abs(a - b) <= tol for a, b in zip(p, rgb))


def check_png(svg, png, red):
    colours = {"op": (0x33, 0xcc, 0x33), "preop": (0x66, 0xaa, 0xff),
               "red": (0xff, 0x00, 0x00), "error": (0xcc, 0x66, 0xff)}
    pixels = png_pixels(png)
    count = {k: sum(1 for p in pixels if near(p, c))
             for k, c in colours.items()}
    print("png %s: %s of %d pixels" % (png, count, len(pixels)))
    if count["op"] < 2000:
        fail("the slaves in OP are not green in the picture")
    if count["error"]:
        fail("a slave is drawn in the error colour")
    if red and count["red"] < 100:
        fail("the unhealthy cable is not red in the picture")
    if not red and count["red"]:
        fail("red in the picture of a healthy segment")
    with open(svg) as f:
        text = f.read()
    edge = re.search(r"<title>slave2&#45;&#45;slave3</title>.*?<path[^>]*"
                     r"stroke=\"([^\"]*)\"", text, re.S)
    if not edge:
        fail("no edge slave2--slave3 in the SVG")
    if (edge.group(1) == "#ff0000") != bool(red):
        fail("edge slave2--slave3 is drawn %s" % edge.group(1))
    others = re.findall(r"stroke=\"#ff0000\"", text)
    if red and len(others) != 1:
        fail("%d red strokes in the SVG, not one" % len(others))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "prom":
        families(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "fault":
        check_fault(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "after":
        check_after(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "png":
        check_png(sys.argv[2], sys.argv[3], sys.argv[4] == "1")
    else:
        fail("usage: see the head of the file")


main()
