#!/usr/bin/env python3
"""The source's shape, as docs/dev/architecture.md draws it ("Layers", "Rules the code keeps"):

  layers      a folder's code includes only the folders below it (the "Layers" diagram:
              engine/ and io/ nothing, variants/ engine/, search/ and eval/ beside each other,
              match/ never search/, eval/ or book/, io/ only eval/, book/, uci/ and the tools,
              ...); every folder with C code has its place here
  no I/O      the rules core (engine/), the variant table (variants/), the search (search/) and
              the session (session/) neither print nor open files themselves: they report
              through return values and callbacks (the session reads a named file via io/)
  no globals  nothing mutable at file scope in the product or the tools, but the tables listed
              in SET_ONCE (written once at start-up, read-only afterwards) with their reasons
  length      no source file past 800 lines (split it along its concepts)

Usage: check_source.py [ROOT]. Prints one line per finding and "source: N passed, N failed"
(one check per file and rule). Exit status 1 when anything failed.
"""
import os
import re
import sys

# folder -> the folders its code may include (the architecture's layers, bottom up)
LAYERS = {
    "engine": set(),
    "io": set(),  # reading a named file safely: below every layer that opens one
    "variants": {"engine"},
    "eval": {"engine", "variants", "io"},
    "search": {"engine", "eval", "variants"},
    "record": {"engine", "variants"},
    "book": {"engine", "variants", "record", "io"},
    "session": {"engine", "variants", "record", "search", "eval", "book", "io"},
    "uci": {"session", "engine", "variants", "record", "search", "eval", "book", "io"},
    "match": {"engine", "variants", "record"},
    "review": {"engine", "variants", "record", "search", "eval"},
    "tools": {"engine", "variants", "record", "search", "eval", "book", "io", "tests"},
}
NO_IO = ("engine", "variants", "search", "session")
IO_CALL = re.compile(r"\b(printf|fprintf|vfprintf|puts|fputs|putchar|fputc|fopen|fdopen|freopen|fread|fwrite|"
                     r"fgets|getline|getchar|scanf|fscanf|perror|fflush|open|read|write)\s*\(|\b(stdout|stderr|stdin)\b")
# (file, what): I/O the no-I/O folders may do, and why
IO_ALLOWED = {
    ("engine/position.c", "fprintf"): "a debug build's key check names the failed step before it traps (QEC_DEBUG)",
    ("engine/position.c", "stderr"): "the same debug trap",
}
# file -> (names, why): file-scope state that is written once at start-up, before any reader,
# and only read afterwards
SET_ONCE = {
    "engine/bitboard.c": ("BB_PAWN_ATTACKS BB_KNIGHT BB_KING BB_ADJACENT_FILES BB_FORWARD_FILE BB_FRONT_SPAN "
                          "BB_BETWEEN BB_LINE BB_ROOK_MAGIC BB_BISHOP_MAGIC rook_table bishop_table",
                          "attack tables and magics, filled by engine_init"),
    "engine/zobrist.c": ("Z_PIECE Z_CASTLING Z_EP_FILE Z_SIDE Z_LINK Z_PHASE Z_COUNTER",
                         "Zobrist keys, drawn from xxHash by engine_init"),
    "engine/worlds.c": ("TYPE_MASK FULL_SET Z_WORLDS Z_WORLDS_EP Z_WORLDS_SIDE",
                     "Haft Schroedinger's world-set masks and keys, filled by its init"),
    "search/worlds_tree.c": ("LMR", "late move reductions, set once by worlds_tree_init"),
    "search/thread.c": ("tablesOnce", "the pthread_once guard of those inits"),
    "match/main.c": ("interrupted", "the SIGINT flag a signal handler sets (atomic)"),
    "review/main.c": ("interrupted", "qecreview's SIGINT/SIGTERM flag, set by its signal handler"),
}
MAX_LINES = 800
SOURCE_EXT = (".c", ".h")


class Result:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what)


def strip_c(text):
    """The code without comments, string and character literals, and preprocessor lines (kept
    as blank lines, so line numbers hold)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    lines = "".join(out).split("\n")
    kept, cont = [], False
    for line in lines:
        directive = cont or line.lstrip().startswith("#")
        cont = directive and line.rstrip().endswith("\\")
        kept.append("" if directive else line)
    return "\n".join(kept)


def top_level_statements(code):
    """(text, line) of each statement at file scope. A function's body ends its statement at
    its '{'; a brace initializer (after '=') and a struct, union or enum body stay in theirs,
    as "{...}", so "typedef struct {...} Name" and "static T x[] = {...}" are one statement."""
    stmts, head, depth, line, start = [], [], 0, 1, 1
    for c in code:
        if c == "\n":
            line += 1
        if depth == 0:
            if c == ";":
                stmts.append(("".join(head).strip(), start))
                head = []
            elif c == "{":
                text = "".join(head)
                if "=" in text or re.search(r"\b(struct|union|enum)\b[\s\w]*$", text):
                    head.append(" {...} ")
                else:  # a function's body
                    stmts.append((text.strip() + " {", start))
                    head = []
                depth = 1
            elif head or not c.isspace():
                if not head:
                    start = line
                head.append(c)
        else:
            depth += (c == "{") - (c == "}")
    return stmts


def mutable_names(stmt):
    """The names a file-scope statement defines as mutable variables (none for functions,
    prototypes, types and extern declarations)."""
    s = re.sub(r"\s+", " ", stmt).strip()
    if not s or s.endswith("{") or re.match(r"(typedef|extern)\b", s):
        return []
    if re.match(r"(struct|enum|union)\b[\s\w]*\{\.\.\.\}\s*$", s):
        return []  # a type's definition, no object
    decl = s.split("=", 1)[0]
    if "(" in decl and not re.search(r"\(\s*\*", decl):
        return []  # a prototype (or a macro invocation such as TRAIN_SAMPLES(...))
    if re.search(r"\bstatic_assert\b|_Static_assert", decl):
        return []
    pointer = re.search(r"\(\s*\*\s*(const\s+)?(\w+)", decl)
    if pointer:  # a function pointer: "static void (*hook)(int)"; "(*const hook)" is fixed
        return [] if pointer.group(1) else [pointer.group(2)]
    # one declaration may define several names, each with its own initializer and stars:
    # "static int a = 1, *b;". Commas inside parentheses or brackets are not separators.
    parts, depth, cur = [], 0, ""
    for c in s:
        depth += (c in "([") - (c in ")]")
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    parts.append(cur)
    parts = [p.split("=", 1)[0] for p in parts]
    base = parts[0]
    m = re.search(r"(\w+)\s*(\[[^\]]*\]\s*)*$", base)
    specifiers = base[:m.start()] if m else base  # "static const char *" of the first name
    specifiers = specifiers[: specifiers.find("*")] if "*" in specifiers else specifiers
    type_const = bool(re.search(r"\bconst\b", specifiers))
    names = []
    for k, part in enumerate(parts):
        m = re.search(r"(\w+)\s*(\[[^\]]*\]\s*)*$", part)
        if not m:
            continue
        own = part[len(specifiers):] if k == 0 else part  # this name's stars and qualifiers
        stars = own.rfind("*")
        const = bool(re.search(r"\bconst\b", own[stars:])) if stars >= 0 else type_const
        if not const:
            names.append(m.group(1))
    return names


def source_files(root, folder):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
        dirnames[:] = [d for d in dirnames if d not in ("vendor", "node_modules", "build")]
        for f in sorted(filenames):
            if f.endswith(SOURCE_EXT):
                yield os.path.relpath(os.path.join(dirpath, f), root)


def check_layers(root, res):
    code_folders = set()
    for entry in sorted(os.listdir(root)):
        if entry in ("build", "tests", "web", ".git") or not os.path.isdir(os.path.join(root, entry)):
            continue
        if any(source_files(root, entry)):
            code_folders.add(entry)
    for folder in sorted(code_folders):
        res.check(folder in LAYERS, f"{folder}/ holds C code but has no place in the layers (tests/source/check_source.py)")
    for folder, allowed in LAYERS.items():
        for path in source_files(root, folder):
            text = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
            bad = []
            for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
                target = os.path.normpath(os.path.join(os.path.dirname(path), inc))
                top = target.split(os.sep)[0]
                if top != folder and top not in allowed:
                    bad.append(f'"{inc}" ({top}/)')
            res.check(not bad, f"{path} includes above its layer: {', '.join(bad)}")


def check_no_io(root, res):
    for folder in NO_IO:
        for path in source_files(root, folder):
            code = strip_c(open(os.path.join(root, path), encoding="utf-8", errors="replace").read())
            found = []
            for k, line in enumerate(code.split("\n"), 1):
                for m in IO_CALL.finditer(line):
                    what = m.group(1) or m.group(2)
                    if (path, what) not in IO_ALLOWED:
                        found.append(f"{what} (line {k})")
            res.check(not found, f"{path} does I/O in a layer that must not: {', '.join(found)}")


def check_globals(root, res):
    for folder in LAYERS:
        for path in source_files(root, folder):
            if not path.endswith(".c"):
                continue
            code = strip_c(open(os.path.join(root, path), encoding="utf-8", errors="replace").read())
            found = []
            for stmt, line in top_level_statements(code):
                for name in mutable_names(stmt):
                    if name not in SET_ONCE.get(path, ("", ""))[0].split():
                        found.append(f"{name} (line {line})")
            res.check(not found, f"{path} has mutable file-scope state: {', '.join(found)} "
                                 "(own it in a struct the caller passes, or list a set-once table in SET_ONCE)")
    for path, (names, why) in SET_ONCE.items():
        full = os.path.join(root, path)
        text = open(full).read() if os.path.exists(full) else ""
        for name in names.split():
            res.check(bool(re.search(r"\b%s\b" % name, text)), f"SET_ONCE lists {path}: {name}, which is not there any more")


def check_length(root, res):
    for folder in list(LAYERS) + ["tests"]:
        for path in source_files(root, folder):
            n = sum(1 for _ in open(os.path.join(root, path), encoding="utf-8", errors="replace"))
            res.check(n <= MAX_LINES, f"{path} has {n} lines (more than {MAX_LINES}: split it along its concepts)")


def code_files(root, folder):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, folder)):
        dirnames[:] = [d for d in dirnames if d not in ("vendor", "node_modules", "build", "seeds")]
        for f in sorted(filenames):
            if f.endswith((".c", ".h", ".py", ".sh", ".mjs", ".js", ".mk")):
                yield os.path.relpath(os.path.join(dirpath, f), root)


MD_REF = re.compile(r"\b([A-Za-z0-9_./-]*?)([A-Za-z0-9_-]+\.md)\b")


def check_doc_refs(root, res):
    """A page a source file names (`protocol.md`, `docs/players/rules-tether.md`) is one the
    repository has: a comment must not send a reader to a page that was renamed or never came
    with the product. Outside sources are named with their repository (a folder we do not have)."""
    pages = set()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("node_modules", "build", ".git")]
        pages.update(f for f in filenames if f.endswith(".md"))
    for folder in ("engine", "variants", "search", "eval", "session", "uci", "match", "book", "record", "review", "io",
                   "tools", "tests", "bench", "web"):
        for path in code_files(root, folder):
            if path.startswith("tests/source/"):  # its own breaches, made up on purpose
                continue
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
            for n, line in enumerate(lines, 1):
                for prefix, name in MD_REF.findall(line):
                    outside = "Sources:" in line or (prefix and not os.path.isdir(os.path.join(root, prefix.strip("./")))
                                                     and not prefix.startswith(("docs/", "../", "./")))
                    res.check(name in pages or outside, f"{path}:{n} names {prefix}{name}, which the repository does not have")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    res = Result()
    check_layers(root, res)
    check_no_io(root, res)
    check_globals(root, res)
    check_length(root, res)
    check_doc_refs(root, res)
    print(f"source: {res.passed} passed, {res.failed} failed")
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
