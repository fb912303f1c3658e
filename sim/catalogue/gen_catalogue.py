#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Writes catalogue.json, the device models of the virtual segment, as data.
# Identities are Beckhoff's (vendor 0x00000002, product code = terminal
# number << 16 | 0x3052 for EL, | 0x2c52 for EK); PDO layouts follow the
# terminals' documentation.  ECSIM-SERVO is a simulated CiA 402 drive with a
# made-up vendor id.  Run: python3 sim/catalogue/gen_catalogue.py > sim/catalogue/catalogue.json
import json

BECKHOFF = "0x00000002"
# ESC features 0x0008: DC (receive times, system time) with 64-bit width,
# low jitter and enhanced link detection; without a "dc" key the model has
# no SYNC signals and no DC category in its SII
DC_FEATURES = "0x003c"


# Devices whose firmware is updated over FoE in BOOT, with the bootstrap
# mailbox of SII words 0x0014-0x0017 (larger than the standard one)
FOE_MAILBOX = {"protocols": ["CoE", "FoE"],
               "bootstrap": {"out": {"start": "0x1000", "size": 512},
                             "in": {"start": "0x1200", "size": 512}}}


def h(v, w=4):
    return "0x%0*x" % (w, v)


def et1200(read8=False):
    return {"type": "0x12", "revision": 0, "build": 1, "fmmus": 3, "sms": 4,
            "ram_kb": 1, "ports": ["EBUS", "EBUS"], "eeprom_kbit": 16,
            "read8": read8, "features": DC_FEATURES}


def et1100():
    return {"type": "0x11", "revision": 0, "build": 3, "fmmus": 8, "sms": 8,
            "ram_kb": 8, "ports": ["EBUS", "EBUS"], "eeprom_kbit": 32,
            "read8": True, "features": DC_FEATURES}


MBX_SMS = [
    {"start": "0x1000", "size": 128, "control": "0x26", "type": "mbx_out"},
    {"start": "0x1080", "size": 128, "control": "0x22", "type": "mbx_in"},
]


def digital_in(num, n, rev, desc):
    pdos = [{"index": h(0x1A00 + i), "sm": 0, "name": "Channel %d" % (i + 1),
             "flags": "0x0011",
             "entries": [{"index": h(0x6000 + 0x10 * i), "sub": 1,
                          "bits": 1, "type": "BOOL", "name": "Input"}]}
            for i in range(n)]
    return {"name": "EL%d %s" % (num, desc), "group": "DigIn",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1200(),
            "sms": [{"start": "0x1000", "size": (n + 7) // 8,
                     "control": "0x00", "type": "inputs"}],
            "pdos": pdos}


def digital_out(num, n, rev, desc, diag=False):
    pdos = [{"index": h(0x1600 + i), "sm": 0, "name": "Channel %d" % (i + 1),
             "flags": "0x0011",
             "entries": [{"index": h(0x7000 + 0x10 * i), "sub": 1,
                          "bits": 1, "type": "BOOL", "name": "Output"}]}
            for i in range(n)]
    sms = [{"start": "0x0f00", "size": 1, "control": "0x44",
            "type": "outputs"}]
    if diag:
        sms.append({"start": "0x1000", "size": 1, "control": "0x00",
                    "type": "inputs"})
        pdos += [{"index": h(0x1A00 + i), "sm": 1,
                  "name": "Channel %d" % (i + 1), "flags": "0x0011",
                  "entries": [{"index": h(0x6000 + 0x10 * i), "sub": 1,
                               "bits": 1, "type": "BOOL",
                               "name": "Overtemperature"}]}
                 for i in range(n)]
    return {"name": "EL%d %s" % (num, desc), "group": "DigOut",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1200(),
            "sms": sms,
            "pdos": pdos}


def analog_in(num, rev, desc):
    objs = [{"index": h(0x3101 + c), "name": "Inputs Ch.%d" % (c + 1),
             "object": "RECORD", "entries": [
                 {"subindex": 1, "name": "Status", "type": "UINT8",
                  "access": "ro", "pdo": "tx", "value": 0},
                 {"subindex": 2, "name": "Value", "type": "INT16",
                  "access": "ro", "pdo": "tx", "value": 0}]}
            for c in range(2)]
    pdos = [{"index": h(0x1A00 + c), "sm": 3,
             "name": "TxPDO-Map Ch.%d" % (c + 1), "flags": "0x0011",
             "entries": [{"index": h(0x3101 + c), "sub": 1, "bits": 8,
                          "type": "UINT8", "name": "Status"},
                         {"index": h(0x3101 + c), "sub": 2, "bits": 16,
                          "type": "INT16", "name": "Value"}]}
            for c in range(2)]
    return {"name": "EL%d %s" % (num, desc), "group": "AnaIn",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1100(),
            "mailbox": {"protocols": ["CoE"]},
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 0, "control": "0x24",
                 "enable": 0, "type": "outputs"},
                {"start": "0x1180", "size": 6, "control": "0x20",
                 "type": "inputs"}],
            "pdos": pdos, "objects": objs}


def analog_out(num, rev, desc):
    objs = [{"index": h(0x3001 + c), "name": "Outputs Ch.%d" % (c + 1),
             "object": "RECORD", "entries": [
                 {"subindex": 1, "name": "Output", "type": "INT16",
                  "access": "rw", "pdo": "rx", "value": 0}]}
            for c in range(2)]
    pdos = [{"index": h(0x1600 + c), "sm": 2,
             "name": "RxPDO-Map Ch.%d" % (c + 1), "flags": "0x0011",
             "entries": [{"index": h(0x3001 + c), "sub": 1, "bits": 16,
                          "type": "INT16", "name": "Output"}]}
            for c in range(2)]
    return {"name": "EL%d %s" % (num, desc), "group": "AnaOut",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1100(),
            "mailbox": {"protocols": ["CoE"]},
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 4, "control": "0x24",
                 "type": "outputs"},
                {"start": "0x1180", "size": 0, "control": "0x20",
                 "enable": 0, "type": "inputs"}],
            "pdos": pdos, "objects": objs}


def encoder():
    objs = [{"index": "0x7000", "name": "Outputs", "object": "RECORD",
             "entries": [
                 {"subindex": 1, "name": "Ctrl", "type": "UINT8",
                  "access": "rw", "pdo": "rx", "value": 0},
                 {"subindex": 2, "name": "Value", "type": "UINT16",
                  "access": "rw", "pdo": "rx", "value": 0}]},
            {"index": "0x6000", "name": "Inputs", "object": "RECORD",
             "entries": [
                 {"subindex": 1, "name": "Status", "type": "UINT8",
                  "access": "ro", "pdo": "tx", "value": 0},
                 {"subindex": 2, "name": "Value", "type": "UINT16",
                  "access": "ro", "pdo": "tx", "value": 0},
                 {"subindex": 3, "name": "Latch", "type": "UINT16",
                  "access": "ro", "pdo": "tx", "value": 0}]}]
    pdos = [{"index": "0x1600", "sm": 2, "name": "RxPDO-Map Outputs",
             "flags": "0x0011", "entries": [
                 {"index": "0x7000", "sub": 1, "bits": 8, "type": "UINT8",
                  "name": "Ctrl"},
                 {"index": "0x7000", "sub": 2, "bits": 16, "type": "UINT16",
                  "name": "Value"}]},
            {"index": "0x1A00", "sm": 3, "name": "TxPDO-Map Inputs",
             "flags": "0x0011", "entries": [
                 {"index": "0x6000", "sub": 1, "bits": 8, "type": "UINT8",
                  "name": "Status"},
                 {"index": "0x6000", "sub": 2, "bits": 16, "type": "UINT16",
                  "name": "Value"},
                 {"index": "0x6000", "sub": 3, "bits": 16, "type": "UINT16",
                  "name": "Latch"}]}]
    return {"name": "EL5101 Incremental Encoder Interface", "group": "Measuring",
            "vendor": BECKHOFF, "product": h(5101 << 16 | 0x3052, 8),
            "revision": "0x03fe0000", "esc": et1100(),
            "mailbox": FOE_MAILBOX,
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 3, "control": "0x24",
                 "type": "outputs"},
                {"start": "0x1180", "size": 5, "control": "0x20",
                 "type": "inputs"}],
            "pdos": pdos, "objects": objs}


SERVO_OD = [
    ("0x6040", "Controlword", "UINT16", "rw", "rx", 0),
    ("0x6041", "Statusword", "UINT16", "ro", "tx", "0x0240"),
    ("0x6060", "Modes of operation", "INT8", "rw", "rx", 8),
    ("0x6061", "Modes of operation display", "INT8", "ro", "tx", 8),
    ("0x6064", "Position actual value", "INT32", "ro", "tx", 0),
    ("0x606C", "Velocity actual value", "INT32", "ro", "tx", 0),
    ("0x6071", "Target torque", "INT16", "rw", "rx", 0),
    ("0x6077", "Torque actual value", "INT16", "ro", "tx", 0),
    ("0x607A", "Target position", "INT32", "rw", "rx", 0),
    ("0x60FF", "Target velocity", "INT32", "rw", "rx", 0),
]


def servo():
    objs = [{"index": i, "name": n, "type": t, "access": a, "pdo": p,
             "value": v} for (i, n, t, a, p, v) in SERVO_OD]
    objs += [{"index": "0x6502", "name": "Supported drive modes",
              "type": "UINT32", "access": "ro", "value": "0x00000385"},
             {"index": "0x6080", "name": "Max motor speed", "type": "UINT32",
              "access": "rw", "value": 6000}]

    def e(i, b, n):
        return {"index": i, "sub": 0, "bits": b, "name": n}
    pdos = [
        {"index": "0x1600", "sm": 2, "name": "RxPDO 1", "entries": [
            e("0x6040", 16, "Controlword"), e("0x607A", 32, "Target position"),
            e("0x60FF", 32, "Target velocity"), e("0x6071", 16, "Target torque"),
            e("0x6060", 8, "Modes of operation"), e("0x0000", 8, None)]},
        {"index": "0x1601", "sm": -1, "name": "RxPDO 2 (CSP)", "entries": [
            e("0x6040", 16, "Controlword"),
            e("0x607A", 32, "Target position")]},
        {"index": "0x1A00", "sm": 3, "name": "TxPDO 1", "entries": [
            e("0x6041", 16, "Statusword"), e("0x6064", 32, "Position actual value"),
            e("0x606C", 32, "Velocity actual value"),
            e("0x6077", 16, "Torque actual value"),
            e("0x6061", 8, "Modes of operation display"), e("0x0000", 8, None)]},
        {"index": "0x1A01", "sm": -1, "name": "TxPDO 2 (CSP)", "entries": [
            e("0x6041", 16, "Statusword"),
            e("0x6064", 32, "Position actual value")]},
    ]
    for p in pdos:
        for x in p["entries"]:
            if x["name"] is None:
                del x["name"]
    return {"name": "ECSIM-SERVO simulated CiA 402 servo drive",
            "order": "ECSIM-SERVO", "group": "Drive",
            "vendor": "0x0ec51d00", "product": "0x00000402",
            "revision": "0x00010000", "device_type": "0x00020192",
            "hw_version": "1.0", "sw_version": "ecsim",
            "esc": dict(et1100(), features="0x01fc"),
            "dc": {"assign_activate": "0x0300"},
            "mailbox": FOE_MAILBOX,
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 14, "control": "0x64",
                 "type": "outputs"},
                {"start": "0x1180", "size": 14, "control": "0x20",
                 "type": "inputs"}],
            "pdos": pdos, "objects": objs, "behaviour": "cia402"}


# The IDN dictionary of the simulated SERCOS-profile drive: identification,
# cycle times, AT/MDT configuration, the cyclic values and a few parameters
SOE_IDNS = [
    ("S-0-0001", "NC cycle time (TNcyc)", "uint16", "us", 125, 65000,
     "rw_preop", 1000),
    ("S-0-0002", "Communication cycle time (tScyc)", "uint16", "us", 125,
     65000, "rw_preop", 1000),
    ("S-0-0011", "Class 1 diagnostic", "uint16", None, None, None, "r", 0),
    ("S-0-0016", "Configuration list of AT", "idn_list", None, None, None,
     "rw_preop", ["S-0-0135", "S-0-0051"]),
    ("S-0-0024", "Configuration list of MDT", "idn_list", None, None, None,
     "rw_preop", ["S-0-0134", "S-0-0047"]),
    ("S-0-0030", "Manufacturer version", "text", None, None, None, "r",
     "ECSIM SoE drive 1.0"),
    ("S-0-0036", "Velocity command value", "int32", "rpm", None, None, "rw",
     0),
    ("S-0-0040", "Velocity feedback value 1", "int32", "rpm", None, None,
     "r", 0),
    ("S-0-0047", "Position command value", "int32", "deg", None, None, "rw",
     0),
    ("S-0-0051", "Position feedback value 1", "int32", "deg", None, None,
     "r", 0),
    ("S-0-0134", "Master control word", "uint16", None, None, None, "rw", 0),
    ("S-0-0135", "Drive status word", "uint16", None, None, None, "r", 0),
    ("S-0-0140", "Controller type", "text", None, None, None, "r",
     "ECSIM-SOE"),
    ("S-0-0142", "Application type", "text", None, None, None, "rw",
     "simulated servo axis"),
    ("S-0-0187", "List of configurable data in the AT", "idn_list", None,
     None, None, "r", ["S-0-0040", "S-0-0051", "S-0-0135"]),
    ("S-0-0188", "List of configurable data in the MDT", "idn_list", None,
     None, None, "r", ["S-0-0036", "S-0-0047", "S-0-0134"]),
    ("P-0-0001", "Following error window", "uint32", "deg", 0, 1000, "rw",
     42),
    ("P-0-0002", "Brake delay", "uint16", "ms", 0, 500, "rw_preop", 100),
]


def soe_drive():
    idns = []
    for (idn, n, t, u, lo, hi, a, v) in SOE_IDNS:
        d = {"idn": idn, "name": n, "type": t, "access": a, "value": v}
        if u:
            d["unit"] = u
        if lo is not None:
            d["min"] = lo
            d["max"] = hi
        idns.append(d)

    def e(i, b, n):
        return {"index": i, "sub": 0, "bits": b, "name": n}
    pdos = [
        {"index": "0x1600", "sm": 2, "name": "MDT", "entries": [
            e("0x0086", 16, "Master control word"),
            e("0x002F", 32, "Position command value")]},
        {"index": "0x1A00", "sm": 3, "name": "AT", "entries": [
            e("0x0087", 16, "Drive status word"),
            e("0x0033", 32, "Position feedback value 1")]}]
    return {"name": "ECSIM-SOE simulated SERCOS-profile drive",
            "order": "ECSIM-SOE", "group": "Drive",
            "vendor": "0x0ec51d00", "product": "0x00000503",
            "revision": "0x00010000", "hw_version": "1.0",
            "sw_version": "ecsim", "esc": et1100(),
            "mailbox": {"protocols": ["SoE", "FoE"],
                        "bootstrap": FOE_MAILBOX["bootstrap"]},
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 6, "control": "0x64",
                 "type": "outputs"},
                {"start": "0x1180", "size": 6, "control": "0x20",
                 "type": "inputs"}],
            "pdos": pdos, "idns": idns}


def voe_echo():
    # answers every VoE message with the same header and data
    return {"name": "ECSIM-VOE simulated vendor-specific echo",
            "order": "ECSIM-VOE", "group": "Other",
            "vendor": "0x0ec51d00", "product": "0x00000f0e",
            "revision": "0x00010000", "esc": et1200(),
            "mailbox": {"protocols": ["VoE"]}, "sms": MBX_SMS}


models = {
    "EK1100": {"name": "EK1100 EtherCAT Coupler (2A E-Bus)",
               "group": "SystemBk", "vendor": BECKHOFF,
               "product": "0x044c2c52", "revision": "0x00120000",
               "ebus_current": -2000,
               # no PDI, device emulation: the ESC answers AL requests
               "pdi_control": "0x0100",
               "esc": dict(et1100(), ports=["MII", "EBUS", "MII"])},
}
for num, n, desc in [(1002, 2, "2Ch. Dig. Input 24V, 3ms"),
                     (1004, 4, "4Ch. Dig. Input 24V, 3ms"),
                     (1008, 8, "8Ch. Dig. Input 24V, 3ms"),
                     (1014, 4, "4Ch. Dig. Input 24V, 10us"),
                     (1018, 8, "8Ch. Dig. Input 24V, 10us")]:
    models["EL%d" % num] = digital_in(num, n, 0x00100000, desc)
for num, n, desc in [(2002, 2, "2Ch. Dig. Output 24V, 0.5A"),
                     (2004, 4, "4Ch. Dig. Output 24V, 0.5A"),
                     (2008, 8, "8Ch. Dig. Output 24V, 0.5A")]:
    models["EL%d" % num] = digital_out(num, n, 0x00100000, desc)
models["EL2032"] = digital_out(2032, 2, 0x00100000,
                               "2Ch. Dig. Output 24V, 2A, Diagnostic",
                               diag=True)
for num, desc in [(3102, "2Ch. Ana. Input +/-10V, DIFF"),
                  (3152, "2Ch. Ana. Input 0-20mA"),
                  (3162, "2Ch. Ana. Input 0-10V")]:
    models["EL%d" % num] = analog_in(num, 0x00140000, desc)
for num, desc in [(4102, "2Ch. Ana. Output 0-10V, 16bit"),
                  (4132, "2Ch. Ana. Output +/-10V, 16bit")]:
    models["EL%d" % num] = analog_out(num, 0x00130000, desc)
models["EL5101"] = encoder()
models["ECSIM-SERVO"] = servo()
models["ECSIM-SOE"] = soe_drive()
models["ECSIM-VOE"] = voe_echo()

print(json.dumps({"comment": "generated by gen_catalogue.py; see sim/README.md",
                  "models": models}, indent=1))
