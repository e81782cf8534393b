"""GtkHUD's gettext chores, for scripts/update-po and scripts/check-po.

    po_tools.py marks               every pgettext(context, message) call in Sources, one per line
    po_tools.py pack OUT LANG=MO... the catalogs GtkHUD embeds (Resources/gtkhud-catalogs.bin)
    po_tools.py unpack BIN DIR      writes DIR/LANG.mo for every catalog in BIN
    po_tools.py check-po POT PO...  each PO has exactly POT's messages, all translated, none fuzzy
    po_tools.py same-pot A B        A and B hold the same messages and translator comments
    po_tools.py unmarked            user-visible text in Sources not going through gettext

xgettext reads the Swift sources as C (it has no Swift parser): GtkHUD marks
its words only with plain `pgettext("context", "message")` calls of string
literals, which C and Swift spell alike, and `marks` (a scanner that knows
Swift) is compared with what xgettext extracted, so nothing is lost silently.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYERS = ["Sources/HUDCore", "Sources/HUDWidgets", "Sources/GtkHUD"]


def swift_files():
    for layer in LAYERS:
        yield from sorted((ROOT / layer).rglob("*.swift"))


def tokens(text):
    """(kind, value, line) for Swift string literals and identifiers/punctuation, comments dropped."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i)
            j = n if j < 0 else j + 2
            line += text.count("\n", i, j)
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            yield ("string", text[i + 3:j - 3], line)
            line += text.count("\n", i, j)
            i = j
        elif c == '"':
            j = string_end(text, i)
            yield ("string", text[i + 1:j - 1], line)
            line += text.count("\n", i, j)
            i = j
        elif c.isalnum() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            yield ("word", text[i:j], line)
            i = j
        elif c.isspace():
            i += 1
        else:
            yield ("punct", c, line)
            i += 1


def string_end(text, i):
    """Index just past the single-line string literal opening at i, interpolations and all."""
    j, n = i + 1, len(text)
    while j < n:
        if text[j] == "\\" and text.startswith("(", j + 1):
            j, depth = j + 2, 1
            while j < n and depth:
                if text[j] == '"':
                    j = string_end(text, j)
                    continue
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            continue
        if text[j] == "\\":
            j += 2
            continue
        if text[j] in '"\n':
            return j + 1
        j += 1
    return n


def unescape(literal):
    return (literal.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t")
            .replace("\\u{4}", "\x04").replace("\\\\", "\\"))


def marks():
    """(file, line, context, message) of every pgettext("...", "...") call."""
    found = []
    for path in swift_files():
        toks = list(tokens(path.read_text()))
        for k, tok in enumerate(toks):
            if tok[:2] != ("word", "pgettext") or k + 5 >= len(toks) or toks[k + 1][1] != "(":
                continue
            args = toks[k + 2:k + 6]
            if [a[0] for a in args] == ["string", "punct", "string", "punct"] and args[1][1] == "," and args[3][1] == ")":
                found.append((path.relative_to(ROOT), tok[2], unescape(args[0][1]), unescape(args[2][1])))
            elif toks[k - 1][1] not in ("func", "by", ":") and toks[k + 2][0] != "punct":
                sys.exit(f"{path.relative_to(ROOT)}:{tok[2]}: pgettext needs two plain string literals")
    return found


# ---- .po files ----

def parse_po(path):
    """{(context, message): {"str": translation, "fuzzy": bool, "comments": [...]}} and the header."""
    entries, current, last = {}, None, None
    header = ""

    def finish():
        nonlocal current, header
        if current and "id" in current:
            key = (current.get("ctxt"), current["id"])
            if key == (None, ""):
                header = current.get("str", "")
            elif not current.get("obsolete"):
                entries[key] = current
        current = None

    for raw in pathlib.Path(path).read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            finish()
            continue
        if current is None:
            current = {"fuzzy": False, "comments": []}
        if line.startswith("#~"):
            current["obsolete"] = True
            continue
        if line.startswith("#,"):
            current["fuzzy"] = current["fuzzy"] or "fuzzy" in line
            continue
        if line.startswith("#."):
            current["comments"].append(line[2:].strip())
            continue
        if line.startswith("#"):
            continue
        m = re.match(r'(msgctxt|msgid|msgstr(?:\[0\])?)\s+"(.*)"$', line)
        if m:
            last = {"msgctxt": "ctxt", "msgid": "id"}.get(m.group(1), "str")
            current[last] = po_unquote(m.group(2))
        elif line.startswith('"') and last:
            current[last] += po_unquote(line[1:-1])
    return entries, header


def po_unquote(text):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def check_po(pot, pos):
    expected, _ = parse_po(pot)
    problems = []
    for po in pos:
        entries, header = parse_po(po)
        name = pathlib.Path(po).name
        for key in expected.keys() - entries.keys():
            problems.append(f"{name}: missing {key} (run scripts/update-po, then translate)")
        for key in entries.keys() - expected.keys():
            problems.append(f"{name}: {key} is no longer in gtkhud.pot (run scripts/update-po)")
        for key, entry in entries.items():
            if key in expected and entry["fuzzy"]:
                problems.append(f"{name}: {key} is fuzzy: check the translation and remove the flag")
            if key in expected and not entry.get("str"):
                problems.append(f"{name}: {key} is not translated")
        if "Plural-Forms:" not in header or "charset=UTF-8" not in header:
            problems.append(f"{name}: the header needs Plural-Forms and charset=UTF-8")
    return problems


def same_pot(a, b):
    left, _ = parse_po(a)
    right, _ = parse_po(b)
    problems = [f"{key} is in the sources, not in {pathlib.Path(b).name}" for key in left.keys() - right.keys()]
    problems += [f"{key} is in {pathlib.Path(b).name}, no longer in the sources" for key in right.keys() - left.keys()]
    problems += [f"{key}: translator comment changed" for key in left.keys() & right.keys()
                 if left[key]["comments"] != right[key]["comments"]]
    return problems


# ---- embedded catalogs ----

def pack(out, pairs):
    data = bytearray()
    for pair in pairs:
        language, mo = pair.split("=", 1)
        blob = pathlib.Path(mo).read_bytes()
        data += f"{language}\n{len(blob)}\n".encode() + blob
    pathlib.Path(out).write_bytes(bytes(data))


def unpack(path, out):
    data = pathlib.Path(path).read_bytes()
    i = 0
    while i < len(data):
        end = data.index(b"\n", i)
        language = data[i:end].decode()
        end2 = data.index(b"\n", end + 1)
        count = int(data[end + 1:end2])
        pathlib.Path(out, language + ".mo").write_bytes(data[end2 + 1:end2 + 1 + count])
        print(language)
        i = end2 + 1 + count


# ---- text that reaches the user without gettext ----

# Calls and labels whose string arguments are for developers (diagnostics, GObject
# and CSS names, API names in messages), never shown or spoken to the user.
DEVELOPER_CALLS = {"report", "gtkhud_log_message", "fatalError", "precondition", "preconditionFailure",
                   "assert", "assertionFailure", "print", "available"}
DEVELOPER_LABELS = {"source", "caller", "typeName", "cssName", "css", "blurb", "message", "identifier",
                    "node", "declarations", "kind", "cssClass", "mechanism", "consequence"}
# Files whose text is for developers only, with the reason.
DEVELOPER_FILES = {
    "Sources/GtkHUD/HUD/HUDError.swift": "errors thrown to the app's code, described for its developer",
    "Sources/GtkHUD/Banner/BannerActionTarget.swift": "why an action could not be activated, for Diagnostics",
    "Sources/HUDCore/Shared/Diagnostics.swift": "the diagnostics channel itself",
    "Sources/GtkHUD/Hosting/OverlayHost+Resolve.swift": "why a context could not be resolved, reported to the app's developer",
    "Sources/HUDCore/Banner/BannerAnchorPlacement.swift": "why banners left their anchor, reported under BannerCenter.anchor",
    "Sources/HUDCore/Shared/AppWindowChoice.swift": "why none of an app's windows could take a message, reported to the app's developer",
    "Sources/GtkHUD/Hosting/GtkApplicationConvertible.swift": "why no GtkApplication could be found, reported to the app's developer",
}
# Texts for developers in files that also have user-visible text: (file, start of the text) and why.
DEVELOPER_TEXTS = {
    ("Sources/HUDCore/Banner/BannerContent.swift", "a banner needs"): "BannerContentError's description, for the app's developer",
    ("Sources/HUDCore/Banner/BannerContent.swift", "(whitespace-only"): "the same description, continued",
    ("Sources/GtkHUD/Banner/NotificationBanner+Run.swift", "The work runs without"): "the end of a diagnostic (the consequence)",
}
# Calls that put text on screen or into the accessibility tree.
USER_SINKS = {"gtk_widget_set_tooltip_text", "gtk_widget_set_tooltip_markup", "gtk_button_set_label",
              "gtk_label_set_text", "gtk_label_set_label", "gtk_label_set_markup", "gtk_button_new_with_label",
              "setLabel", "setDescription", "announce", "setButton", "gtk_window_set_title"}


def looks_like_words(text):
    """Capitalised words or a phrase: "Cancel", "Tap to dismiss"; not identifiers, CSS or formats."""
    plain = re.sub(r"\\\(.*?\)", "", text)
    if re.fullmatch(r"[A-Z][a-z]+", plain):
        return True
    return bool(re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", plain)) and not re.search(r"[:;{}]\s*$|px|rgba", plain)


def unmarked():
    problems = []
    for path in swift_files():
        relative = str(path.relative_to(ROOT))
        if relative in DEVELOPER_FILES:
            continue
        toks = list(tokens(path.read_text()))
        stack = []  # per open parenthesis: (call name, developer?)
        for k, (kind, value, line) in enumerate(toks):
            if kind == "punct" and value in "([":
                callee = toks[k - 1][1] if k and toks[k - 1][0] == "word" else ""
                inherited = bool(stack and stack[-1][1])
                stack.append((callee, inherited or callee in DEVELOPER_CALLS))
                continue
            if kind == "punct" and value in ")]":
                if stack:
                    stack.pop()
                continue
            if kind != "string":
                continue
            label = toks[k - 2][1] if k >= 2 and toks[k - 1][1] == ":" and toks[k - 2][0] == "word" else ""
            in_developer_call = bool(stack and stack[-1][1])
            in_pgettext = bool(stack and stack[-1][0] == "pgettext")
            in_sink = any(callee in USER_SINKS for callee, _ in stack)
            developer_text = any(relative == file and value.startswith(start) for file, start in DEVELOPER_TEXTS)
            if in_pgettext or in_developer_call or label in DEVELOPER_LABELS or developer_text:
                continue
            if (in_sink and re.search(r"[A-Za-z]", value)) or looks_like_words(value):
                problems.append(f"{relative}:{line}: \"{value}\" reaches the user without gettext: "
                                "add it to HUDCore's HUDStrings (pgettext), or say why it is for developers "
                                "in scripts/lib/po_tools.py")
    return problems


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "marks":
        for path, line, context, message in marks():
            print(f"{path}:{line}\t{context!r}\t{message!r}")
        return 0
    if command == "marks-count":
        print(len({(c, m) for _, _, c, m in marks()}))
        return 0
    if command == "pack":
        pack(args[0], args[1:])
        return 0
    if command == "unpack":
        unpack(args[0], args[1])
        return 0
    problems = {"check-po": lambda: check_po(args[0], args[1:]), "same-pot": lambda: same_pot(*args),
                "unmarked": unmarked}[command]()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
