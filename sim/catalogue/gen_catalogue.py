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


# CoE details (SII general category byte 5, ETG.2010): SDO 0x01, SDO
# information 0x02, PDO assignment 0x04, PDO configuration 0x08, upload at
# startup 0x10, complete access 0x20.  Beckhoff terminals with fixed PDO
# contents let the master choose among the PDOs (assignment) but not change
# their contents; the simulated drive allows both.
COE_FIXED_MAPPING = 0x27
COE_CONFIGURABLE = 0x2f

# SII/ESI PDO flags (ETG.2010 table 14): mandatory 0x0001, fixed 0x0010
PDO_MANDATORY_FIXED = "0x0011"
PDO_FIXED = "0x0010"


def module_profile(profile):
    """CoE 0x1000 of a Beckhoff terminal: CoE profile 5001 (ETG.5001
    modular device profile) in the low word, the module profile in the
    high word (300 analog input, 400 analog output, 510 encoder...)."""
    return "0x%08x" % (profile << 16 | 5001)


def sync_parameter(index, name, mode, modes, min_cycle):
    """0x1C32/0x1C33 (ETG.1020 synchronisation): sync mode and cycle time
    are written by the master in PREOP; the rest is read-only."""
    def e(sub, n, t, acc, v, **kw):
        d = {"subindex": sub, "name": n, "type": t, "access": acc,
             "value": v}
        d.update(kw)
        return d
    return {"index": index, "name": name, "object": "RECORD",
            "max_subindex": 32, "entries": [
                e(1, "Sync mode", "UINT16", "rw_preop", mode),
                e(2, "Cycle time", "UINT32", "rw_preop", 1000000,
                  min=0, max=4294967295),
                e(3, "Shift time", "UINT32", "ro", 0),
                e(4, "Sync modes supported", "UINT16", "ro", modes),
                e(5, "Minimum cycle time", "UINT32", "ro", min_cycle),
                e(6, "Calc and copy time", "UINT32", "ro", 0),
                e(8, "Command", "UINT16", "rw", 0),
                e(9, "Delay time", "UINT32", "ro", 0),
                e(11, "SM event missed counter", "UINT16", "ro", 0),
                e(12, "Cycle exceeded counter", "UINT16", "ro", 0),
                e(32, "Sync error", "BOOL", "ro", False)]}


def standard_objects(outputs, inputs, min_cycle, dc=False):
    """Objects every Beckhoff CoE terminal has besides identity and PDOs:
    0x1011 restore default parameters, 0x10F0 backup parameter handling,
    0x1C32/0x1C33 SM output/input parameter (only for the SMs it uses)."""
    modes = "0x0007" if dc else "0x0003"
    objs = [{"index": "0x1011", "name": "Restore default parameters",
             "object": "ARRAY", "type": "UINT32", "access": "rw",
             "count": 1, "value": [0], "names": ["SubIndex 001"]},
            {"index": "0x10F0", "name": "Backup parameter handling",
             "object": "RECORD", "entries": [
                 {"subindex": 1, "name": "Checksum", "type": "UINT32",
                  "access": "ro", "value": 0}]}]
    if outputs:
        objs.append(sync_parameter("0x1C32", "SM output parameter", 1,
                                   modes, min_cycle))
    if inputs:
        # 0x22: synchronous with the SM2 event when there are outputs,
        # else 0x01: with the SM3 event (ETG.1020)
        objs.append(sync_parameter("0x1C33", "SM input parameter",
                                   "0x0022" if outputs else 1, modes,
                                   min_cycle))
    return objs


def digital_in(num, n, rev, desc, ma):
    pdos = [{"index": h(0x1A00 + i), "sm": 0, "name": "Channel %d" % (i + 1),
             "flags": "0x0011",
             "entries": [{"index": h(0x6000 + 0x10 * i), "sub": 1,
                          "bits": 1, "type": "BOOL", "name": "Input"}]}
            for i in range(n)]
    return {"name": "EL%d %s" % (num, desc), "group": "DigIn",
            "order": "EL%d" % num, "ebus_current": ma,
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1200(),
            "sms": [{"start": "0x1000", "size": (n + 7) // 8,
                     "control": "0x00", "type": "inputs"}],
            "pdos": pdos}


def digital_out(num, n, rev, desc, ma, diag=False):
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
            "order": "EL%d" % num, "ebus_current": ma,
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1200(),
            "sms": sms,
            "pdos": pdos}


def analog_in(num, rev, desc, ma):
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
    objs += standard_objects(False, True, 100000)
    return {"name": "EL%d %s" % (num, desc), "group": "AnaIn",
            "order": "EL%d" % num, "ebus_current": ma,
            "device_type": module_profile(300),
            "hw_version": "00", "sw_version": "01",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1100(),
            "mailbox": {"protocols": ["CoE"],
                        "coe_details": COE_FIXED_MAPPING},
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 0, "control": "0x24",
                 "enable": 0, "type": "outputs"},
                {"start": "0x1180", "size": 6, "control": "0x20",
                 "type": "inputs"}],
            "pdos": pdos, "objects": objs}


def analog_out(num, rev, desc, ma):
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
    objs += standard_objects(True, False, 100000)
    return {"name": "EL%d %s" % (num, desc), "group": "AnaOut",
            "order": "EL%d" % num, "ebus_current": ma,
            "device_type": module_profile(400),
            "hw_version": "00", "sw_version": "01",
            "vendor": BECKHOFF, "product": h(num << 16 | 0x3052, 8),
            "revision": h(rev, 8), "esc": et1100(),
            "mailbox": {"protocols": ["CoE"],
                        "coe_details": COE_FIXED_MAPPING},
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 4, "control": "0x24",
                 "type": "outputs"},
                {"start": "0x1180", "size": 0, "control": "0x20",
                 "enable": 0, "type": "inputs"}],
            "pdos": pdos, "objects": objs}


ENC_STATUS_BITS = ["Latch C valid", "Latch extern valid", "Set counter done",
                   "Counter underflow", "Counter overflow",
                   "Status of input status", "Open circuit",
                   "Extrapolation stall", "Status of input A",
                   "Status of input B", "Status of input C",
                   "Status of input gate", "Status of extern latch",
                   "Sync error", "TxPDO State", "TxPDO Toggle"]
ENC_CONTROL_BITS = ["Enable latch C", "Enable latch extern on positive edge",
                    "Set counter", "Enable latch extern on negative edge"]


def encoder():
    """EL5101 revision 0x03fe0000 (1022): the default assignment is
    "Standard 16 Bit (MDP 511)": 0x1602 ENC Control compact (4 bytes) on
    SM2 and 0x1A03 ENC Status compact (6 bytes) on SM3; the legacy 0x1600
    and 0x1A00/0x1A02 PDOs of older revisions can be assigned instead."""
    def var(sub, n, t, acc, pdo):
        return {"subindex": sub, "name": n, "type": t, "access": acc,
                "pdo": pdo, "value": 0}
    objs = [{"index": "0x6000", "name": "Inputs", "object": "RECORD",
             "entries": [var(1, "Status", "UINT8", "ro", "tx"),
                         var(2, "Value", "UINT16", "ro", "tx"),
                         var(3, "Latch", "UINT16", "ro", "tx"),
                         var(4, "Frequency", "UINT32", "ro", "tx"),
                         var(5, "Period", "UINT16", "ro", "tx"),
                         var(6, "Window", "UINT16", "ro", "tx")]},
            {"index": "0x6010", "name": "ENC Inputs", "object": "RECORD",
             "entries": [var(i + 1, n, "BOOL", "ro", "tx")
                         for i, n in enumerate(ENC_STATUS_BITS)] +
             [var(0x11, "Counter value", "UINT16", "ro", "tx"),
              var(0x12, "Latch value", "UINT16", "ro", "tx")]},
            {"index": "0x7000", "name": "Outputs", "object": "RECORD",
             "entries": [var(1, "Ctrl", "UINT8", "rw", "rx"),
                         var(2, "Value", "UINT16", "rw", "rx")]},
            {"index": "0x7010", "name": "ENC Outputs", "object": "RECORD",
             "entries": [var(i + 1, n, "BOOL", "rw", "rx")
                         for i, n in enumerate(ENC_CONTROL_BITS)] +
             [var(0x11, "Set counter value", "UINT16", "rw", "rx")]}]
    objs += standard_objects(True, True, 100000)

    def e(i, s, b, t, n):
        d = {"index": i, "sub": s, "bits": b, "type": t}
        if n:
            d["name"] = n
        return d
    status = [e("0x6010", i + 1, 1, "BOOL", n)
              for i, n in enumerate(ENC_STATUS_BITS)]
    control = [e("0x7010", i + 1, 1, "BOOL", n)
               for i, n in enumerate(ENC_CONTROL_BITS)]
    pdos = [{"index": "0x1600", "sm": -1, "name": "Outputs",
             "flags": PDO_FIXED, "entries": [
                 e("0x7000", 1, 8, "UINT8", "Ctrl"),
                 e("0x7000", 2, 16, "UINT16", "Value")]},
            {"index": "0x1602", "sm": 2, "name": "ENC Control compact",
             "flags": PDO_FIXED, "entries": control + [
                 e("0x0000", 0, 12, None, None),
                 e("0x7010", 0x11, 16, "UINT16", "Set counter value")]},
            {"index": "0x1A00", "sm": -1, "name": "Inputs",
             "flags": PDO_FIXED, "entries": [
                 e("0x6000", 1, 8, "UINT8", "Status"),
                 e("0x6000", 2, 16, "UINT16", "Value"),
                 e("0x6000", 3, 16, "UINT16", "Latch")]},
            {"index": "0x1A02", "sm": -1, "name": "Inputs",
             "flags": PDO_FIXED, "entries": [
                 e("0x6000", 4, 32, "UINT32", "Frequency"),
                 e("0x6000", 5, 16, "UINT16", "Period"),
                 e("0x6000", 6, 16, "UINT16", "Window")]},
            {"index": "0x1A03", "sm": 3, "name": "ENC Status compact",
             "flags": PDO_FIXED, "entries": status + [
                 e("0x6010", 0x11, 16, "UINT16", "Counter value"),
                 e("0x6010", 0x12, 16, "UINT16", "Latch value")]}]
    for p in pdos:
        for x in p["entries"]:
            if x["type"] is None:
                del x["type"]
    return {"name": "EL5101 1Ch. Inc. Encoder 5V", "group": "Measuring",
            "order": "EL5101", "ebus_current": 130,
            "device_type": module_profile(510),
            "hw_version": "00", "sw_version": "01",
            "vendor": BECKHOFF, "product": h(5101 << 16 | 0x3052, 8),
            "revision": "0x03fe0000", "esc": et1100(),
            "mailbox": dict(FOE_MAILBOX, coe_details=COE_FIXED_MAPPING),
            "sms": MBX_SMS + [
                {"start": "0x1100", "size": 4, "control": "0x24",
                 "type": "outputs"},
                {"start": "0x1180", "size": 6, "control": "0x20",
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
    objs += standard_objects(True, True, 125000, dc=True)

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
            "mailbox": dict(FOE_MAILBOX, coe_details=COE_CONFIGURABLE),
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
            "revision": "0x00010000", "esc": et1100(),
            "mailbox": {"protocols": ["VoE"]}, "sms": MBX_SMS}


def eoe_device():
    # an EL6601-like EoE device (switch port), with a larger mailbox: a
    # full Ethernet frame goes in four fragments
    return {"name": "ECSIM-EOE simulated EoE device (EL6601-like)",
            "order": "ECSIM-EOE", "group": "Other",
            "vendor": "0x0ec51d00", "product": "0x00000e0e",
            "revision": "0x00010000", "esc": et1100(),
            "mailbox": {"protocols": ["EoE"]},
            "sms": [{"start": "0x1000", "size": 512, "control": "0x26",
                     "type": "mbx_out"},
                    {"start": "0x1200", "size": 512, "control": "0x22",
                     "type": "mbx_in"}]}


models = {
    "EK1100": {"name": "EK1100 EtherCAT Coupler (2A E-Bus)",
               "group": "SystemBk", "order": "EK1100", "vendor": BECKHOFF,
               "product": "0x044c2c52", "revision": "0x00120000",
               "ebus_current": -2000,
               # no PDI, device emulation: the ESC answers AL requests
               "pdi_control": "0x0100",
               "esc": dict(et1100(), ports=["MII", "EBUS", "MII"])},
    # 2-port junction: E-Bus in (port 0) and on (port 1), RJ45 X1 on
    # port 3 and X2 on port 2 (processing order 0, 3, 1, 2), for branched
    # topologies (doc/SPECNOTES.md)
    "EK1122": {"name": "EK1122 2 port EtherCAT junction",
               "group": "SystemBk", "vendor": BECKHOFF,
               "product": "0x04622c52", "revision": "0x00110000",
               "ebus_current": 220,
               "pdi_control": "0x0100",
               "esc": dict(et1100(),
                           ports=["EBUS", "EBUS", "MII", "MII"])},
}
# E-bus current: "current consumption E-bus, typ." of the data sheets, in mA
for num, n, desc, ma in [(1002, 2, "2Ch. Dig. Input 24V, 3ms", 90),
                         (1004, 4, "4Ch. Dig. Input 24V, 3ms", 90),
                         (1008, 8, "8Ch. Dig. Input 24V, 3ms", 90),
                         (1014, 4, "4Ch. Dig. Input 24V, 10us", 90),
                         (1018, 8, "8Ch. Dig. Input 24V, 10us", 90)]:
    models["EL%d" % num] = digital_in(num, n, 0x00100000, desc, ma)
for num, n, desc, ma in [(2002, 2, "2Ch. Dig. Output 24V, 0.5A", 100),
                         (2004, 4, "4Ch. Dig. Output 24V, 0.5A", 100),
                         (2008, 8, "8Ch. Dig. Output 24V, 0.5A", 110)]:
    models["EL%d" % num] = digital_out(num, n, 0x00100000, desc, ma)
models["EL2032"] = digital_out(2032, 2, 0x00100000,
                               "2Ch. Dig. Output 24V, 2A, Diagnostic", 130,
                               diag=True)
for num, desc in [(3102, "2Ch. Ana. Input +/-10V, DIFF"),
                  (3152, "2Ch. Ana. Input 0-20mA"),
                  (3162, "2Ch. Ana. Input 0-10V")]:
    models["EL%d" % num] = analog_in(num, 0x00140000, desc, 130)
for num, desc, ma in [(4102, "2Ch. Ana. Output 0-10V, 16bit", 190),
                      (4132, "2Ch. Ana. Output +/-10V, 16bit", 210)]:
    models["EL%d" % num] = analog_out(num, 0x00130000, desc, ma)
models["EL5101"] = encoder()
models["ECSIM-SERVO"] = servo()
models["ECSIM-SOE"] = soe_drive()
models["ECSIM-VOE"] = voe_echo()
models["ECSIM-EOE"] = eoe_device()

print(json.dumps({"comment": "generated by gen_catalogue.py; see sim/README.md",
                  "models": models}, indent=1))
