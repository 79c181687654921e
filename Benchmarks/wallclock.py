"""Reads `perf script -F tid,time,ip,sym,dso` (demangled) on standard input and prints where the
samples of a layout's window went: by library, then by function (the sample's own frame).

The window ends at the last sample whose stack is in the layout (LayoutManager.ensureLayout or a
shaping worker) and lasts the layout's measured time (the argument, seconds): samples of HarfBuzz
and the C libraries carry no stack back to the layout (no frame pointers), so the window, not the
stack, decides what belongs to the layout. Used by Benchmarks/wallclock.sh."""
import collections
import re
import sys


def samples(lines):
    current = None
    for line in lines:
        if not line.strip():
            if current:
                yield current
            current = None
            continue
        head = re.match(r"\s*(\d+)\s+(\d+\.\d+):\s*$", line)
        if head:
            current = (float(head.group(2)), [])
            continue
        frame = re.match(r"\s+[0-9a-f]+ (.*) \((.*)\)$", line)
        if frame and current is not None:
            name = re.sub(r"\+0x[0-9a-f]+$", "", frame.group(1))
            current[1].append((name, frame.group(2).split("/")[-1]))
    if current:
        yield current


def main():
    seconds = float(sys.argv[1])
    everything = list(samples(sys.stdin))
    in_layout = [t for t, stack in everything
                 if any("ensureLayout" in name or "startShaping" in name for name, _ in stack)]
    if not in_layout:
        sys.exit("wallclock: no sample in the layout")
    end = max(in_layout)
    window = [stack for t, stack in everything if end - seconds <= t <= end]
    total = len(window)
    print(f"{total} samples in the layout's last {seconds:.3f} s")
    libraries = collections.Counter(stack[0][1] if stack else "?" for stack in window)
    print("by library:")
    for name, count in libraries.most_common(10):
        print(f"  {100 * count / total:5.1f} %  {name}")
    functions = collections.Counter(stack[0][0][:110] if stack else "?" for stack in window)
    print("by function (own time):")
    for name, count in functions.most_common(25):
        print(f"  {100 * count / total:5.1f} %  {name}")


if __name__ == "__main__":
    main()
