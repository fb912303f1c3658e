// SPDX-License-Identifier: GPL-2.0-only
/*
 * commands.c - the table of the ethercat tool's commands: name, brief
 * description, synopsis, help text and handler.  Names and options are
 * those of IgH's tool so that existing scripts keep working.
 */
#include "commands.h"

#define EC_HELP_SELECT \
	"  --alias    -a <alias>\n" \
	"  --position -p <pos>    Slave selection. See the help of\n" \
	"                         the 'slaves' command.\n"
#define EC_HELP_MASTER \
	"  --master   -m <list>   Master indices: a comma-separated\n" \
	"                         list with ranges, e.g. 1,4,5,7-9.\n" \
	"                         Default: - (all).\n"
#define EC_HELP_JSON \
	"  --json     -j          Output JSON.\n"
#define EC_HELP_SINGLE "This command requires a single slave to be selected.\n\n"
#define EC_HELP_NUMERIC \
	"\nNumerical values can be specified either with decimal (no\n" \
	"prefix), octal (prefix '0') or hexadecimal (prefix '0x') base.\n"
#define EC_HELP_TYPES \
	"Data types for --type: bool, int8, int16, int24, int32, int40,\n" \
	"int48, int56, int64, uint8, uint16, uint24, uint32, uint40,\n" \
	"uint48, uint56, uint64, float, double, string, octet_string,\n" \
	"unicode_string (UTF-16LE on the wire, UTF-8 on the terminal),\n" \
	"sm8, sm16, sm32, sm64 (sign-and-magnitude) and raw (hex bytes\n" \
	"such as \"0x01 0x02\" or \"0102\").\n\n"

const struct ec_cmd ec_commands[] = {
	{ "alias", "Write alias addresses.", "[OPTIONS] <ALIAS>",
	  "Arguments:\n"
	  "  ALIAS must be an unsigned 16 bit number. Zero means\n"
	  "        removing an alias address.\n\n"
	  "The alias is written to SII word 4 and the SII checksum\n"
	  "(word 7) is recalculated. If multiple slaves are selected,\n"
	  "the --force option is required.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --force    -f          Acknowledge writing aliases of\n"
	  "                         multiple slaves.\n" EC_HELP_NUMERIC,
	  ec_cmd_alias, 0 },
	{ "capture", "Capture the frames of the running master as pcapng.",
	  "[OPTIONS]",
	  "Every frame the master sends and receives, on each device\n"
	  "(main and backup), with the time it left or arrived in\n"
	  "nanoseconds, as pcapng: an interface per device, the direction\n"
	  "of each frame, frames the capture lost (a reader too slow for\n"
	  "the ring) as a drop count on the next frame, and at the end the\n"
	  "master's own frame counters over the capture as interface\n"
	  "statistics. It needs no rebuild and does not disturb the\n"
	  "application's cycle. A summary goes to stderr (not with\n"
	  "--quiet). Example:\n\n"
	  "  ethercat capture -w - | wireshark -k -i -\n\n"
	  "With --recorder, the flight recorder's snapshots: the frames\n"
	  "before and shortly after each of the last events (a working\n"
	  "counter drop, a lost frame, an AL error or a slave leaving OP,\n"
	  "a slave gone, a ring break, a DC sync deviation), listed, or\n"
	  "with -w written as pcapng with the event as a comment on the\n"
	  "frame that showed it.\n\n"
	  "Command-specific options:\n"
	  "  --write    -w <file>   Write pcapng to <file>, - for stdout.\n"
	  "  --count    <n>         Stop after <n> frames.\n"
	  "  --duration <s>         Stop after <s> seconds (e.g. 2.5).\n"
	  "                         Otherwise until SIGINT or SIGTERM.\n"
	  "  --recorder             The flight recorder's snapshots.\n"
	  "  --quiet    -q          No summary.\n"
	  EC_HELP_MASTER,
	  ec_cmd_capture, EC_CMD_CAPTURE | EC_CMD_NO_JSON | EC_CMD_PLAIN },
	{ "config", "Show slave configurations.", "[OPTIONS]",
	  "Without the --verbose option, slave configurations are\n"
	  "output one-per-line. Example:\n\n"
	  "1001:0  0x0000003b/0x02010000  3  OP\n"
	  "|       |                      |  |\n"
	  "|       |                      |  \\- Application-layer\n"
	  "|       |                      |     state of the attached\n"
	  "|       |                      |     slave, or '-', if no\n"
	  "|       |                      |     slave is attached.\n"
	  "|       |                      \\- Absolute decimal ring\n"
	  "|       |                         position of the attached\n"
	  "|       |                         slave, or '-' if none\n"
	  "|       |                         attached.\n"
	  "|       \\- Expected vendor ID and product code (both\n"
	  "|          hexadecimal).\n"
	  "\\- Alias address and relative position (both decimal).\n\n"
	  "With the --verbose option given, the configured PDOs and\n"
	  "SDOs are output in addition. --json outputs all details.\n\n"
	  "Configuration selection:\n"
	  "  Slave configurations can be selected with\n"
	  "  the --alias and --position parameters as follows:\n\n"
	  "  1) If neither the --alias nor the --position option\n"
	  "     is given, all slave configurations are displayed.\n"
	  "  2) If only the --position option is given, an alias\n"
	  "     of zero is assumed (see 4)).\n"
	  "  3) If only the --alias option is given, all slave\n"
	  "     configurations with the given alias address\n"
	  "     are displayed.\n"
	  "  4) If both the --alias and the --position option are\n"
	  "     given, the selection can match a single\n"
	  "     configuration, that is displayed, if it exists.\n"
	  "  Both options also take lists such as 1,4,7-9.\n\n"
	  "Command-specific options:\n"
	  "  --alias    -a <alias>  Configuration alias (see above).\n"
	  "  --position -p <pos>    Relative position (see above).\n"
	  "  --verbose  -v          Show detailed configurations.\n"
	  EC_HELP_MASTER EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_config, 0 },
	{ "crc", "CRC error register diagnosis.", "[reset]",
	  "CRC - CRC Error Counter                0x300, 0x302, 0x304, 0x306\n"
	  "PHY - Physical Interface Error Counter 0x301, 0x303, 0x305, 0x307\n"
	  "FWD - Forwarded RX Error Counter       0x308, 0x309, 0x30a, 0x30b\n"
	  "NXT - Next slave\n\n"
	  "With the 'reset' argument, the counters of all slaves are\n"
	  "cleared.\n\nCommand-specific options:\n" EC_HELP_JSON,
	  ec_cmd_crc, 0 },
	{ "cstruct", "Generate slave PDO information in C language.",
	  "[OPTIONS]",
	  "The output C code can be used directly with the\n"
	  "ecrt_slave_config_pdos() function of the application\n"
	  "interface. It describes the sync managers, PDOs and PDO\n"
	  "entries the slave has now (from the SII or read over CoE).\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT EC_HELP_MASTER
	  EC_HELP_NUMERIC,
	  ec_cmd_cstruct, EC_CMD_NO_JSON },
	{ "data", "Output binary domain process data.", "[OPTIONS]",
	  "Data of multiple domains are concatenated.\n\n"
	  "With --json, the participating slave configurations/FMMUs\n"
	  "of each domain are output with their process data in hex\n"
	  "instead of the raw concatenated bytes.\n\n"
	  "Command-specific options:\n"
	  "  --domain   -d <list>   Domain indices, e.g. 0 or 0,2-3.\n"
	  "                         Default: - (all).\n"
	  EC_HELP_MASTER EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_data, 0 },
	{ "debug", "Set the master's debug level.", "<LEVEL>",
	  "Debug messages are printed to the kernel log.\n\n"
	  "Arguments:\n"
	  "  LEVEL can have one of the following values:\n"
	  "        0 for no debugging output,\n"
	  "        1 for some debug messages, or\n"
	  "        2 for printing all frame contents (use with caution!).\n"
	  "\nCommand-specific options:\n" EC_HELP_MASTER EC_HELP_NUMERIC,
	  ec_cmd_debug, 0 },
	{ "diag", "Output slave(s) ESC error registers.", "[OPTIONS]",
	  "One line per slave as 'slaves' prints it, with the ESC error\n"
	  "counters that are not zero before the name:\n\n"
	  "  E_IFC   0x300/2/4/6  Invalid Frame Counter\n"
	  "  E_REC   0x301/3/5/7  RX Error counter\n"
	  "  E_FREC  0x308-0x30b  Forwarded RX Error Counter\n"
	  "  E_PUEC  0x30c        ECAT Processing Unit Error Counter\n"
	  "  E_PDIEC 0x30d        PDI Error Counter\n"
	  "  E_LLC   0x310-0x313  Lost Link Counter\n\n"
	  "or 'ESC no errors.'. Ports that do not exist (register\n"
	  "0x0007) are not looked at. With --verbose, a line per counter\n"
	  "follows with the count of each port (P[n]: count).\n\n"
	  "With --reset, the counters are cleared right after they are\n"
	  "read; the listing shows what they were. Errors that happen\n"
	  "between the read and the clear are not shown.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --reset    -r          Resets all error registers in ESC.\n"
	  "  --verbose  -v          Verbose output error ESC registers of\n"
	  "                         selected slave(s).\n"
	  EC_HELP_MASTER EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_diag, EC_CMD_RESET },
	{ "domains", "Show configured domains.", "[OPTIONS]",
	  "Without the --verbose option, the domains are displayed\n"
	  "one-per-line. Example:\n\n"
	  "Domain0: LogBaseAddr 0x00000000, Size   6, WorkingCounter 0/1\n\n"
	  "The domain's base address for the logical datagram\n"
	  "(LRD/LWR/LRW) is displayed followed by the domain's\n"
	  "process data size in byte. The last values are the current\n"
	  "datagram working counter sum and the expected working\n"
	  "counter sum. If the values are equal, all PDOs were\n"
	  "exchanged during the last cycle.\n\n"
	  "If the --verbose option is given, the participating slave\n"
	  "configurations/FMMUs and the current process data are\n"
	  "additionally displayed:\n\n"
	  "Domain1: LogBaseAddr 0x00000006, Size   6, WorkingCounter 0/1\n"
	  "  SlaveConfig 1001:0, SM3 ( Input), LogAddr 0x00000006, Size 6\n"
	  "    00 00 00 00 00 00\n\n"
	  "The process data are displayed as hexadecimal bytes.\n"
	  "--json outputs the FMMUs and process data (hex) as well.\n\n"
	  "Command-specific options:\n"
	  "  --domain   -d <list>   Domain indices, e.g. 0 or 0,2-3.\n"
	  "                         Default: - (all).\n"
	  "  --verbose  -v          Show FMMUs and process data\n"
	  "                         in addition.\n"
	  EC_HELP_MASTER EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_domains, 0 },
	{ "download", "Write an SDO entry to a slave.",
	  "[OPTIONS] <INDEX> <SUBINDEX> <VALUE>\n"
	  "ethercat download [OPTIONS] <INDEX> <VALUE>",
	  EC_HELP_SINGLE
	  "The data type of the SDO entry is taken from the SDO\n"
	  "dictionary by default. It can be overridden with the\n"
	  "--type option. If the slave does not support the SDO\n"
	  "information service or the SDO is not in the dictionary,\n"
	  "the --type option is mandatory.\n\n"
	  "The second call (without <SUBINDEX>) uses the complete\n"
	  "access method.\n\n" EC_HELP_TYPES
	  "Arguments:\n"
	  "  INDEX    is the SDO index and must be an unsigned\n"
	  "           16 bit number.\n"
	  "  SUBINDEX is the SDO entry subindex and must be an\n"
	  "           unsigned 8 bit number.\n"
	  "  VALUE    is the value to download and must correspond\n"
	  "           to the SDO entry datatype (see above). Use\n"
	  "           '-' to read from standard input.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --type     -t <type>   SDO entry data type (see above).\n"
	  "  --gateway <host[:port]> Go through the mailbox gateway\n"
	  "                         (ethercat-mbg, ETG.8200) at host\n"
	  "                         (port 34980 = 0x88A4 by default)\n"
	  "                         instead of the local master; -p\n"
	  "                         is the ring position.\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_download, EC_CMD_GATEWAY },
	{ "eoe", "Display Ethernet over EtherCAT statistics.", "[OPTIONS]",
	  "Lists the master's EoE interfaces (one per EoE slave): name,\n"
	  "slave position, whether the interface is up, link (the\n"
	  "slave is in PREOP or higher), frames, rates in bytes per\n"
	  "second, the transmit queue and dropped frames.\n\n"
	  "Command-specific options:\n" EC_HELP_MASTER EC_HELP_JSON
	  EC_HELP_NUMERIC,
	  ec_cmd_eoe, 0 },
	{ "foe_read", "Read a file from a slave via FoE.",
	  "[OPTIONS] <SOURCEFILE>",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  SOURCEFILE is the name of the source file on the slave.\n\n"
	  "Command-specific options:\n"
	  "  --output-file -o <file> Local target filename. If '-'\n"
	  "                         (default), data are written to\n"
	  "                         stdout.\n"
	  "  --password <pw>        FoE password (32 bit, default 0).\n"
	  EC_HELP_SELECT
	  "  --verbose  -v          Report the size on stderr.\n"
	  "  --gateway <host[:port]> Go through the mailbox gateway\n"
	  "                         (ethercat-mbg, ETG.8200) at host\n"
	  "                         (port 34980 = 0x88A4 by default)\n"
	  "                         instead of the local master; -p\n"
	  "                         is the ring position.\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_foe_read, EC_CMD_NO_JSON | EC_CMD_OWN_OUTPUT |
	  EC_CMD_GATEWAY },
	{ "foe_write", "Store a file on a slave via FoE.",
	  "[OPTIONS] <FILENAME>",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  FILENAME can either be a path to a file, or '-'. In\n"
	  "           the latter case, data are read from stdin and\n"
	  "           the --output-file option has to be specified.\n\n"
	  "Firmware is written in BOOT: 'ethercat states -p N BOOT',\n"
	  "'ethercat foe_write -p N firmware.efw', 'ethercat states\n"
	  "-p N INIT'; the master then scans the slave again.\n\n"
	  "Command-specific options:\n"
	  "  --output-file -o <file> Target filename on the slave.\n"
	  "                         If the FILENAME argument is '-',\n"
	  "                         this is mandatory. Otherwise, the\n"
	  "                         basename() of FILENAME is used by\n"
	  "                         default.\n"
	  "  --password <pw>        FoE password (32 bit, default 0).\n"
	  EC_HELP_SELECT
	  "  --verbose  -v          Report the size on stderr.\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_foe_write, EC_CMD_NO_JSON | EC_CMD_OWN_OUTPUT },
	{ "graph", "Output the bus topology as a graph.", "[OPTIONS] [INFO]",
	  "The bus is output in DOT language (see\n"
	  "http://www.graphviz.org/doc/info/lang.html), which can\n"
	  "be processed with the tools from the Graphviz\n"
	  "package. Example:\n\n"
	  "  ethercat graph | dot -Tsvg > bus.svg\n\n"
	  "Additional information at edges and nodes is selected via\n"
	  "the first argument:\n"
	  "  DC  - DC timing\n"
	  "  CRC - CRC error register information\n\n"
	  "Slaves are filled by AL state (green OP, yellow SAFEOP, blue\n"
	  "PREOP, grey INIT/BOOT, purple error); a cable with RX errors\n"
	  "or lost links in the last 10 s is drawn thick and red.\n\n"
	  "Command-specific options:\n"
	  "  --svg                   Render through Graphviz's 'dot'\n"
	  "                          (when installed) and output SVG.\n\n"
	  "With --json, nodes and edges are output as JSON.\n",
	  ec_cmd_graph, EC_CMD_SVG },
	{ "help", "Show the help of a command.", "[COMMAND]",
	  "Same as 'ethercat COMMAND --help'.\n", ec_cmd_help,
	  EC_CMD_PLAIN },
	{ "ip", "Set EoE IP parameters.", "[OPTIONS] <ARGS>",
	  EC_HELP_SINGLE
	  "IP parameters are given as argument pairs:\n\n"
	  "  addr <IPv4>[/prefix]  IP address (and the subnet mask\n"
	  "                        as a decimal prefix length)\n"
	  "  link <MAC>            Link-layer address (separated by\n"
	  "                        colons or hyphens)\n"
	  "  default <IPv4>        Default gateway\n"
	  "  dns <IPv4>            DNS server\n"
	  "  name <hostname>       Host name (up to 32 characters)\n\n"
	  "Example: ethercat ip -p 6 addr 169.254.20.1/16\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT EC_HELP_NUMERIC,
	  ec_cmd_ip, EC_CMD_NO_JSON },
	{ "master", "Show master and Ethernet device information.",
	  "[OPTIONS]",
	  "Command-specific options:\n" EC_HELP_MASTER EC_HELP_JSON
	  EC_HELP_NUMERIC,
	  ec_cmd_master, 0 },
	{ "metrics", "Output the master's figures for Prometheus.",
	  "[OPTIONS]",
	  "Prints the Prometheus text format (0.0.4; OpenMetrics parsers\n"
	  "read it too), every metric with HELP and TYPE: frames sent,\n"
	  "received and lost, unmatched and skipped datagrams, per domain\n"
	  "the working counter, its state and changes, per slave the AL\n"
	  "state and error, per port the ESC error counters the master\n"
	  "keeps (invalid frames, RX errors, forwarded RX errors, lost\n"
	  "links) with their rates over 10 s, 1 min and since start, the\n"
	  "unhealthy cables, each DC slave's sync deviation (0x092C) and\n"
	  "the redundant ring's state.\n\n"
	  "Command-specific options:\n"
	  "  --textfile FILE         Write FILE for node_exporter's\n"
	  "                          textfile collector (FILE.tmp, then\n"
	  "                          renamed: atomic) and again every\n"
	  "                          --interval seconds until killed.\n"
	  "  --interval SECONDS      Default: 10.\n" EC_HELP_MASTER,
	  ec_cmd_metrics, EC_CMD_NO_JSON | EC_CMD_PLAIN | EC_CMD_TEXTFILE },
	{ "pdos", "List Sync managers, PDO assignment and mapping.",
	  "[OPTIONS]",
	  "The information is displayed in three layers, which are\n"
	  "indented accordingly:\n\n"
	  "1) Sync managers - Contains the sync manager information\n"
	  "   from the SII: Index, physical start address, default\n"
	  "   size, control register and enable word. Example:\n\n"
	  "   SM3: PhysAddr 0x1100, DefaultSize    0, ControlRegister 0x20, Enable 1\n\n"
	  "2) Assigned PDOs - PDO direction, hexadecimal index and\n"
	  "   the PDO name, if available. Note that a 'Tx' and 'Rx'\n"
	  "   are seen from the slave's point of view. Example:\n\n"
	  "   TxPDO 0x1a00 \"Channel1\"\n\n"
	  "3) Mapped PDO entries - PDO entry index and subindex (both\n"
	  "   hexadecimal), the length in bit and the description, if\n"
	  "   available. Example:\n\n"
	  "   PDO entry 0x3101:01,  8 bit, \"Status\"\n\n"
	  "Note, that the displayed PDO assignment and PDO mapping\n"
	  "information can either originate from the SII or from the\n"
	  "CoE communication area.\n\n"
	  "The \"etherlab\" skin outputs a template configuration\n"
	  "for EtherLab's generic EtherCAT slave block.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --quiet    -q          Only output sync managers and PDOs.\n"
	  "  --skin     -s <skin>   Choose output skin. Possible values are\n"
	  "                         \"default\" and \"etherlab\" (not with\n"
	  "                         --json).\n"
	  EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_pdos, EC_CMD_SKIN },
	{ "reg_read", "Output a slave's register contents.",
	  "[OPTIONS] <ADDRESS> [SIZE]",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  ADDRESS is the register address. Must\n"
	  "          be an unsigned 16 bit number.\n"
	  "  SIZE    is the number of bytes to read, 1 to 65536.\n"
	  "          ADDRESS plus SIZE may not exceed 64 KiB; more\n"
	  "          than 1024 bytes are read with several requests.\n"
	  "          The size is ignored (and can be omitted), if a\n"
	  "          selected data type implies a size.\n\n" EC_HELP_TYPES
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --type     -t <type>   Data type (see above).\n"
	  EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_reg_read, 0 },
	{ "reg_write", "Write data to a slave's registers.",
	  "[OPTIONS] <ADDRESS> <DATA>",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  ADDRESS is the register address to write to.\n"
	  "  DATA    depends on whether a datatype was specified\n"
	  "          with the --type option: If not, DATA must be\n"
	  "          either a path to a file with data to write,\n"
	  "          or '-', which means, that data are read from\n"
	  "          stdin. If a datatype was specified, DATA is\n"
	  "          interpreted respective to the given type.\n\n"
	  EC_HELP_TYPES
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --type      -t <type>  Data type (see above).\n"
	  "  --emergency -e         Send as emergency request (addressed\n"
	  "                         by the ring position given with -p).\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_reg_write, 0 },
	{ "rescan", "Rescan the bus.", "[OPTIONS]",
	  "Command-specific options:\n" EC_HELP_MASTER EC_HELP_NUMERIC,
	  ec_cmd_rescan, 0 },
	{ "sdos", "List SDO dictionaries.", "[OPTIONS]",
	  "SDO dictionary information is displayed in two layers,\n"
	  "which are indented accordingly:\n\n"
	  "1) SDOs - Hexadecimal SDO index and the name. Example:\n\n"
	  "   SDO 0x1018, \"Identity object\"\n\n"
	  "2) SDO entries - SDO index and SDO entry subindex (both\n"
	  "   hexadecimal) followed by the access rights (see\n"
	  "   below), the data type, the length in bit, and the\n"
	  "   description. Example:\n\n"
	  "   0x1018:01, rwrwrw, uint32, 32 bit, \"Vendor id\"\n\n"
	  "The access rights are specified for the AL states PREOP,\n"
	  "SAFEOP and OP. An 'r' means, that the entry is readable\n"
	  "in the corresponding state, an 'w' means writable,\n"
	  "respectively. If a right is not granted, a dash '-' is\n"
	  "shown.\n\n"
	  "If the --quiet option is given, only the SDOs are output.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --quiet    -q          Only output SDOs (without the\n"
	  "                         SDO entries).\n" EC_HELP_JSON
	  "  --gateway <host[:port]> Ask the slave at -p for its\n"
	  "                         dictionary through the mailbox\n"
	  "                         gateway (SDO information).\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_sdos, EC_CMD_GATEWAY },
	{ "sii_read", "Output a slave's SII contents.", "[OPTIONS]",
	  EC_HELP_SINGLE
	  "Without the --verbose option, binary SII contents are\n"
	  "output.\n\n"
	  "With the --verbose option given, a textual representation\n"
	  "of the data is output, that is separated by SII category\n"
	  "names, with strings, sync managers and PDOs decoded.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --verbose  -v          Output textual data with\n"
	  "                         category names.\n"
	  "  --json     -j          Output JSON (the image in hex).\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_sii_read, 0 },
	{ "sii_write", "Write SII contents to a slave.",
	  "[OPTIONS] <FILENAME>",
	  EC_HELP_SINGLE
	  "The file contents are checked for validity and integrity\n"
	  "(length, header checksum, category list). These checks\n"
	  "can be overridden with the --force option.\n\n"
	  "Arguments:\n"
	  "  FILENAME must be a path to a file that contains a\n"
	  "           positive number of words. If it is '-',\n"
	  "           data are read from stdin.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --force    -f          Override validity checks.\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_sii_write, 0 },
	{ "slaves", "Display slaves on the bus.", "[OPTIONS]",
	  "If the --verbose option is not given, the slaves are\n"
	  "displayed one-per-line. Example:\n\n"
	  "1  5555:0  PREOP  +  EL3162 2C. Ana. Input 0-10V\n"
	  "|  |    |  |      |  |\n"
	  "|  |    |  |      |  \\- Name from the SII if available,\n"
	  "|  |    |  |      |     otherwise vendor ID and product\n"
	  "|  |    |  |      |     code (both hexadecimal).\n"
	  "|  |    |  |      \\- Error flag. '+' means no error,\n"
	  "|  |    |  |         'E' means that scan or\n"
	  "|  |    |  |         configuration failed.\n"
	  "|  |    |  \\- Current application-layer state.\n"
	  "|  |    \\- Decimal relative position to the last\n"
	  "|  |       slave with an alias address set.\n"
	  "|  \\- Decimal alias address of this slave (if set),\n"
	  "|     otherwise of the last slave with an alias set,\n"
	  "|     or zero, if no alias was encountered up to this\n"
	  "|     position.\n"
	  "\\- Absolute ring position in the bus.\n\n"
	  "If the --verbose option is given, a detailed (multi-line)\n"
	  "description is output for each slave.\n\n"
	  "Slave selection:\n"
	  "  Slaves for this and other commands can be selected with\n"
	  "  the --alias and --position parameters as follows:\n\n"
	  "  1) If neither the --alias nor the --position option\n"
	  "     is given, all slaves are selected.\n"
	  "  2) If only the --position option is given, it is\n"
	  "     interpreted as an absolute ring position and\n"
	  "     a slave with this position is matched.\n"
	  "  3) If only the --alias option is given, all slaves\n"
	  "     with the given alias address and subsequent\n"
	  "     slaves before a slave with a different alias\n"
	  "     address match (use -p0 if only the slaves\n"
	  "     with the given alias are desired, see 4)).\n"
	  "  4) If both the --alias and the --position option are\n"
	  "     given, the latter is interpreted as relative\n"
	  "     position behind any slave with the given alias.\n\n"
	  "Command-specific options:\n"
	  "  --alias    -a <alias>  Slave alias (see above).\n"
	  "  --position -p <pos>    Slave position (see above).\n"
	  "  --verbose  -v          Show detailed slave information.\n"
	  EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_slaves, 0 },
	{ "soe_read", "Read an SoE IDN.", "[OPTIONS] <IDN>",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  IDN is the IDN: S-x-yyyy (standard), P-x-yyyy (product\n"
	  "      specific; x the parameter set 0-7, yyyy 0-4095) or a\n"
	  "      16 bit number.\n\n"
	  "Without --type, the IDN's attribute read from the drive\n"
	  "gives the length and the display format (unsigned, signed,\n"
	  "hexadecimal, text, IDN, lists of them).\n\n" EC_HELP_TYPES
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --drive    -y <num>    Drive number (0-7, default 0).\n"
	  "  --type     -t <type>   Data type (see above).\n"
	  "  --gateway <host[:port]> Read through the mailbox gateway\n"
	  "                         (ethercat-mbg) from the drive at -p.\n"
	  EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_soe_read, EC_CMD_GATEWAY },
	{ "soe_write", "Write an SoE IDN.", "[OPTIONS] <IDN> <VALUE>",
	  EC_HELP_SINGLE
	  "Arguments:\n"
	  "  IDN   is the IDN (see soe_read).\n"
	  "  VALUE is the value to write: a number, a text, or a\n"
	  "        list of numbers or IDNs separated by spaces or\n"
	  "        commas, as the IDN's attribute says; with --type,\n"
	  "        a value of that type (see above).\n\n" EC_HELP_TYPES
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --drive    -y <num>    Drive number (0-7, default 0).\n"
	  "  --type     -t <type>   Data type (see above).\n"
	  EC_HELP_NUMERIC,
	  ec_cmd_soe_write, 0 },
	{ "states", "Request application-layer states.",
	  "[OPTIONS] <STATE>",
	  "Arguments:\n"
	  "  STATE can be 'INIT', 'PREOP', 'BOOT', 'SAFEOP', or 'OP'.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT EC_HELP_NUMERIC,
	  ec_cmd_states, 0 },
	{ "upload", "Read an SDO entry from a slave.",
	  "[OPTIONS] <INDEX> <SUBINDEX>",
	  EC_HELP_SINGLE
	  "The data type of the SDO entry is taken from the SDO\n"
	  "dictionary by default. It can be overridden with the\n"
	  "--type option. If the slave does not support the SDO\n"
	  "information service or the SDO is not in the dictionary,\n"
	  "the --type option is mandatory.\n\n" EC_HELP_TYPES
	  "Arguments:\n"
	  "  INDEX    is the SDO index and must be an unsigned\n"
	  "           16 bit number.\n"
	  "  SUBINDEX is the SDO entry subindex and must be an\n"
	  "           unsigned 8 bit number.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT
	  "  --type     -t <type>   SDO entry data type (see above).\n"
	  "  --gateway <host[:port]> Go through the mailbox gateway\n"
	  "                         (ethercat-mbg, ETG.8200) at host\n"
	  "                         (port 34980 = 0x88A4 by default)\n"
	  "                         instead of the local master; -p\n"
	  "                         is the ring position.\n"
	  EC_HELP_JSON EC_HELP_NUMERIC,
	  ec_cmd_upload, EC_CMD_GATEWAY },
	{ "version", "Show version information.", "[OPTIONS]",
	  "Shows the tool's version and ioctl ABI version, and the\n"
	  "ioctl ABI version the ec_master module speaks.\n",
	  ec_cmd_version, 0 },
	{ "xml", "Generate slave information XML.", "[OPTIONS]",
	  "Note that the PDO information can either originate\n"
	  "from the SII or from the CoE communication area. For\n"
	  "slaves, that support configuring PDO assignment and\n"
	  "mapping, the output depends on the last configuration.\n\n"
	  "Command-specific options:\n" EC_HELP_SELECT EC_HELP_NUMERIC,
	  ec_cmd_xml, EC_CMD_NO_JSON },
};

const size_t ec_command_count = sizeof(ec_commands) / sizeof(ec_commands[0]);
