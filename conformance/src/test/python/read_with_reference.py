"""Reads Vortex files with the reference implementation and writes their rows as JSON Lines in
the conventions of gen_corpus.py (the same conventions `jvx export` uses).

    python read_with_reference.py IN.vortex OUT.jsonl [IN2.vortex OUT2.jsonl ...]

For each pair it prints one line: `ok IN ROWS` or `error IN MESSAGE`; the exit status is 0
when every file was read.
"""
import sys
import traceback

import vortex

import gen_corpus


def main(args: list) -> int:
    status = 0
    for src, dst in zip(args[0::2], args[1::2]):
        try:
            table = vortex.open(src).to_arrow()
            if hasattr(table, "read_all"):
                table = table.read_all()
            lines = gen_corpus.expected_lines(table)
            with open(dst, "w", encoding="utf-8") as fh:
                for line in lines:
                    fh.write(line)
                    fh.write("\n")
            print(f"ok {src} {len(lines)}", flush=True)
        except Exception as e:  # report and continue with the next file
            status = 1
            msg = (str(e).splitlines() or [type(e).__name__])[0]
            print(f"error {src} {type(e).__name__}: {msg}", flush=True)
            traceback.print_exc(file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
